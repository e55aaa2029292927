import Testing

import Netspec
import NetspecWorkflows

/// What evaluating a step's expressions and criteria costs, printed per piece (never asserted:
/// timing on a shared CI machine is no pass/fail signal). The runner's target is a whole step
/// ≤ 1.1× a plain `Service.call`; this measures the expressions' share of it.
@Suite struct ExpressionCostTests {
    /// A 2 KB JSON response: 34 pets.
    static let responseBody: JSONValue = .object(JSONObject([
        ("status", "ok"), ("total", 34),
        ("pets", .array((0..<34).map { index in
            ["id": .int(index), "name": .string("pet-\(index)"), "status": index % 2 == 0 ? "available" : "sold", "tags": ["a", "b"]]
        })),
    ]))

    @Test func aTypicalStep() throws {
        #expect(Self.responseBody.description.utf8.count > 2000)
        var context = ExpressionContext()
        context.inputs = ["petId": 7, "token": "abc"]
        context.steps = ["login": ["token": "eyJ.abc"]]
        context.request = .init(path: ["petId": 7])
        context.statusCode = 200
        context.response = .init(headers: [.contentType: "application/json"], body: .json(Self.responseBody))
        // Per step: three parameters, three criteria, two outputs.
        let parameters = try ["$inputs.petId", "Bearer {$steps.login.outputs.token}", "$request.path.petId"].map { try ExpressionTemplate($0) }
        let criteria = [
            try Criterion(condition: "$statusCode == 200 && $response.body#/status == 'OK'"),
            try Criterion(condition: "^2\\d{2}$", context: "$statusCode", type: "regex"),
            try Criterion(condition: "$.pets[?@.status == 'available']", context: "$response.body", type: "jsonpath"),
        ]
        let outputs = try ["$response.body#/pets/3/name", "$response.body#/total"].map { try RuntimeExpression($0) }
        let rounds = 2_000
        var passed = 0
        let pieces: [(String, () throws -> Void)] = [
            ("3 parameters", { _ = try parameters.map { try $0.evaluate(in: context) } }),
            ("simple criterion", { passed += criteria[0].evaluate(in: context).passed ? 1 : 0 }),
            ("regex criterion", { passed += criteria[1].evaluate(in: context).passed ? 1 : 0 }),
            ("jsonpath criterion", { passed += criteria[2].evaluate(in: context).passed ? 1 : 0 }),
            ("2 outputs", { _ = try outputs.map { try $0.evaluate(in: context) } }),
        ]
        var report: [String] = []
        var total = 0.0
        for (name, piece) in pieces {
            let elapsed = try ContinuousClock().measure { for _ in 0..<rounds { try piece() } }
            let microseconds = (Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12) / Double(rounds)
            total += microseconds
            report.append("\(name) \(Self.format(microseconds))")
        }
        #expect(passed == 3 * rounds)
        print("ExpressionCostTests: \(Self.format(total)) µs per step over a \(Self.responseBody.description.utf8.count)-byte JSON body (\(report.joined(separator: ", ")))")
    }

    static func format(_ value: Double) -> String {
        String(Double(Int(value * 10)) / 10)
    }
}
