import NetspecTestSupport
import Testing

import Netspec

/// The engine against the `jsonpath-rfc9535` package (Python, pinned in Tests/Peers/requirements.txt)
/// on 4,000 queries that Tests/Peers/jsonpath_cases.py draws from the RFC's grammar with a fixed
/// seed, a quarter of them broken: both must agree on which are valid, and on every node (its
/// normalized path and value, in order) the valid ones select in three documents.
/// The package's defects the script avoids are listed there; what it accepts that RFC 9535's grammar
/// refuses is listed here, each case counted apart and checked to be refused by the engine.
@Suite(.enabled(if: Peers.python != nil, "needs the Python peers (Tests/Peers/setup.sh); see the printed reason"))
struct JSONPathDifferentialTests {
    /// Queries the package accepts and RFC 9535 does not, by what gives them away.
    static let packageLeniencies: [(reason: String, matches: @Sendable (String) -> Bool)] = [
        ("a trailing comma in a function's arguments (§2.4: function-expr has none)", { $0.contains(",)") || $0.contains(", )") }),
        ("a number right after a slice's bound, `3:-3-1` (§2.3.4.1: a bound is one int)", { $0.contains(/[0-9]-[0-9]/) }),
    ]

    @Test func agreesWithJSONPathRFC9535() async throws {
        let output = try JSONValue(parsing: try await DrawnCases.bytes(of: "jsonpath_cases"))
        let documents = output["documents"]?.array ?? []
        let cases = output["cases"]?.array ?? []
        var disagreements: [String] = []
        var checked = 0
        var lenient = 0
        for test in cases {
            guard let text = test["query"]?.string, let index = test["document"]?.int, documents.indices.contains(index),
                let valid = test["valid"]?.bool else { continue }
            checked += 1
            let query: JSONPath
            do {
                query = try JSONPath(text)
            } catch {
                if valid {
                    if Self.packageLeniencies.contains(where: { $0.matches(text) }) {
                        lenient += 1
                    } else {
                        disagreements.append("\(text): refused (\(error)), the package accepts it")
                    }
                }
                continue
            }
            guard valid else {
                disagreements.append("\(text): accepted, the package refuses it")
                continue
            }
            let ours = query.locate(in: documents[index]).map { JSONValue.array([.string($0.path.description), $0.value]) }
            let theirs = test["nodes"]?.array ?? []
            if ours != theirs {
                disagreements.append("\(text) over document \(index): selects \(ours), the package \(theirs)")
            }
        }
        print("Differential test against jsonpath-rfc9535 1.0.1: \(checked) cases, \(disagreements.count) disagreements, \(lenient) the package accepts against the RFC, \(output["dropped"] ?? 0) dropped (the package failed)")
        for disagreement in disagreements.prefix(20) { Issue.record(Comment(rawValue: disagreement)) }
        #expect(disagreements.isEmpty)
        #expect(checked == cases.count)
        #expect(checked >= 4000)
    }
}
