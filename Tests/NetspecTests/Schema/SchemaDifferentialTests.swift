import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec
import NetspecModel

/// The engine against Python's jsonschema 4.26 (Draft202012Validator) on a few thousand cases
/// that Tests/Peers/schema_cases.py draws from fixed seeds: hand-written and Hypothesis-drawn
/// schemas, valid instances from hypothesis-jsonschema, mutated and arbitrary ones.
@Suite(.enabled(if: Peers.python != nil, "needs the Python peers (Tests/Peers/setup.sh); see the printed reason"))
struct SchemaDifferentialTests {
    @Test func agreesWithPythonJSONSchema() async throws {
        let output = try JSONValue(parsing: try await DrawnCases.bytes(of: "schema_cases"))
        guard case let .array(groups)? = output["groups"] else {
            Issue.record("schema_cases.py printed no groups")
            return
        }
        var checked = 0
        var disagreements: [String] = []
        for group in groups {
            guard let schemaJSON = group["schema"], case let .array(cases)? = group["cases"] else { continue }
            let name = group["name"]?.string ?? ""
            let schema: JSONSchema
            do {
                schema = try SchemaCompiler().compile(schemaJSON)
            } catch {
                disagreements.append("\(name): \(schemaJSON) does not compile: \(error)")
                continue
            }
            for pair in cases {
                guard let instance = pair[0], let expected = pair[1]?.bool else { continue }
                checked += 1
                let fast = schema.isValid(instance)
                let violations = schema.validate(instance)
                if fast != expected || violations.isEmpty != expected {
                    disagreements.append(
                        "\(name): schema \(schemaJSON), instance \(instance): Python says \(expected ? "valid" : "invalid"), "
                            + "isValid \(fast), validate \(violations.map(\.description))")
                }
            }
        }
        print("Differential test against Python jsonschema 4.26: \(checked) cases, \(disagreements.count) disagreements, \(output["dropped"] ?? 0) dropped")
        for disagreement in disagreements { Issue.record(Comment(rawValue: disagreement)) }
        #expect(checked == output["cases"]?.int)
        #expect(checked >= 3000)
    }
}
