import Testing

@testable import NetspecModel
import NetspecWorkflows

/// Every runtime expression and criterion in the Arazzo Specification's examples
/// (Fixtures/arazzo/examples-1.0.0, Apache 2.0, see its NOTICE) read by the parsers: all of them
/// parse but one the examples get wrong, which is refused with the reason.
@Suite struct ArazzoExampleExpressionTests {
    static let files = [
        "ExtendedParametersExample.arazzo.yaml", "FAPI-PAR.arazzo.yaml", "LoginAndRetrievePets.arazzo.yaml",
        "bnpl-arazzo.yaml", "oauth.arazzo.yaml", "pet-coupons.arazzo.yaml",
    ]

    struct Found {
        var criteria = 0
        var expressions = 0
        var kinds: [String: Int] = [:]
        var refused: [String] = []
    }

    @Test func everyExpressionAndCriterionParses() throws {
        var found = Found()
        for file in Self.files {
            let path = TestPaths.root + "/Tests/NetspecTests/Fixtures/arazzo/examples-1.0.0/" + file
            let bytes = try FileBytes.contents(ofFile: path, limit: 1 << 20)
            let root = try #require(try YAMLParser.parse(bytes))
            walk(root.jsonValue, file: file, into: &found)
        }
        #expect(found.criteria == 38)
        #expect(found.kinds == ["simple": 34, "jsonpath": 4])
        #expect(found.expressions == 90)
        // BNPL's output `$steps.retrieveFinalizedPaymentPlan.finalizedPaymentPlan` lacks `.outputs.` (§ Runtime Expressions' steps-reference).
        #expect(found.refused == ["bnpl-arazzo.yaml: $steps.retrieveFinalizedPaymentPlan.finalizedPaymentPlan: column 36: expected '.outputs.' after the step id 'retrieveFinalizedPaymentPlan'"])
    }

    private func walk(_ value: JSONValue, file: String, into found: inout Found) {
        switch value {
        case let .object(object):
            if case let .string(condition)? = object["condition"] {
                let type = object["type"]
                let name = type?.string ?? type?["type"]?.string
                found.criteria += 1
                found.kinds[name ?? "simple", default: 0] += 1
                do {
                    _ = try Criterion(condition: condition, context: object["context"]?.string, type: name, version: type?["version"]?.string)
                } catch {
                    found.refused.append("\(file): \(condition): \(error)")
                }
                return
            }
            for (key, member) in zip(object.keys, object.values) where key != "$ref" && key != "description" {
                walk(member, file: file, into: &found)
            }
        case let .array(items):
            for item in items { walk(item, file: file, into: &found) }
        case let .string(text) where text.hasPrefix("$") || text.contains("{$"):
            found.expressions += 1
            do { _ = try ExpressionTemplate(text) } catch { found.refused.append("\(file): \(text): \(error)") }
        default:
            break
        }
    }
}
