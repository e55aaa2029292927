import Foundation
import Netspec
import NetspecModel
import Testing

/// The JSONPath Compliance Test Suite (jsonpath-standard/jsonpath-compliance-test-suite, BSD-2,
/// `Fixtures/jsonpath/NOTICE`): every case, run by the engine. A valid selector must select the
/// values the suite gives with the normalized paths it gives (any one of its orders, where member
/// order leaves the result open); an invalid one must be refused.
@Suite struct JSONPathComplianceTests {
    struct Case: Sendable {
        let name: String
        let selector: String
        let document: JSONValue?
        /// The possible results, each as the values and their paths; empty for an invalid selector.
        let results: [(values: [JSONValue], paths: [String])]
        var isInvalid: Bool { document == nil }
    }

    /// Cases the engine does not pass, each with its reason. Kept honest by a test that they do fail.
    static let knownDifferences: [String: String] = [:]

    static let cases: [Case] = {
        let path = TestPaths.root + "/Tests/NetspecTests/Fixtures/jsonpath/cts.json"
        guard let data = FileManager.default.contents(atPath: path), let suite = try? JSONValue(parsing: data) else { return [] }
        return (suite["tests"]?.array ?? []).compactMap { test in
            guard let name = test["name"]?.string, let selector = test["selector"]?.string else { return nil }
            if test["invalid_selector"]?.bool == true { return Case(name: name, selector: selector, document: nil, results: []) }
            let strings = { (value: JSONValue?) in value?.array?.compactMap(\.string) ?? [] }
            let results: [(values: [JSONValue], paths: [String])]
            if let values = test["result"]?.array {
                results = [(values, strings(test["result_paths"]))]
            } else {
                let paths = test["results_paths"]?.array ?? []
                results = (test["results"]?.array ?? []).enumerated().map { ($1.array ?? [], strings(paths.indices.contains($0) ? paths[$0] : nil)) }
            }
            return Case(name: name, selector: selector, document: test["document"] ?? .null, results: results)
        }
    }()

    /// What went wrong with a case, or `nil` when the engine does what the suite says.
    static func failure(of test: Case) -> String? {
        let query: JSONPath
        do {
            query = try JSONPath(test.selector)
        } catch {
            return test.isInvalid ? nil : "refused a valid selector: \(error)"
        }
        guard let document = test.document else { return "accepted an invalid selector" }
        let located = query.locate(in: document)
        let values = located.map(\.value)
        let paths = located.map(\.path.description)
        // The early-stopping existence check a workflow's `jsonpath` criterion makes agrees with the nodelist.
        if query.selectsAny(in: document) != !located.isEmpty { return "selectsAny is \(!located.isEmpty ? "false" : "true") for \(located.count) nodes" }
        if test.results.contains(where: { $0.values == values && $0.paths == paths }) { return nil }
        return "selected \(values.map { String(decoding: $0.serialized(), as: UTF8.self) }) at \(paths)"
    }

    @Test func theSuiteIsThere() {
        #expect(Self.cases.count == 703)
        #expect(Self.cases.filter(\.isInvalid).count == 247)
    }

    @Test(arguments: cases.filter { knownDifferences[$0.name] == nil })
    func conformsTo(_ test: Case) {
        #expect(Self.failure(of: test) == nil, "\(test.name): \(test.selector)")
    }

    @Test func theKnownDifferencesAreFewAndReal() {
        #expect(Double(Self.knownDifferences.count) <= Double(Self.cases.count) * 0.01)
        for test in Self.cases where Self.knownDifferences[test.name] != nil {
            #expect(Self.failure(of: test) != nil, "\(test.name) passes now: remove it from knownDifferences")
        }
    }
}

extension JSONPathComplianceTests.Case: CustomTestStringConvertible {
    var testDescription: String { name }
}
