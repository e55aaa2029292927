import Testing

import Netspec
import NetspecWorkflows

/// What evaluating a step's expressions and criteria costs, printed (never asserted: timing under a
/// shared CI machine is no pass/fail signal). The runner's target is a whole step ≤ 1.1× a plain
/// `Service.call`, which on loopback is ~100 µs; this measures the expressions' share.
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
        // Per step: two parameters, a header template, three criteria, two outputs.
        let parameters = try ["$inputs.petId", "Bearer {$steps.login.outputs.token}", "$request.path.petId"].map { try ExpressionTemplate($0) }
        let criteria = [
            try Criterion(condition: "$statusCode == 200 && $response.body#/status == 'OK'"),
            try Criterion(condition: "^2\\d{2}$", context: "$statusCode", type: "regex"),
            try Criterion(condition: "$.pets[?@.status == 'available']", context: "$response.body", type: "jsonpath"),
        ]
        let outputs = try ["$response.body#/pets/3/name", "$response.body#/total"].map { try RuntimeExpression($0) }
        let steps = 2_000
        let clock = ContinuousClock()
        var passed = 0
        let elapsed = try clock.measure {
            for _ in 0..<steps {
                context.request = .init(path: ["petId": 7])
                _ = try parameters.map { try $0.evaluate(in: context) }
                context.statusCode = 200
                context.response = .init(headers: [.contentType: "application/json"], body: .json(Self.responseBody))
                passed += criteria.filter { $0.evaluate(in: context).passed }.count
                _ = try outputs.map { try $0.evaluate(in: context) }
            }
        }
        #expect(passed == 3 * steps)
        let microseconds = Double(elapsed.components.attoseconds / 1_000_000_000_000 + elapsed.components.seconds * 1_000_000) / Double(steps)
        print("ExpressionCostTests: \(steps) steps, \(microseconds) µs per step (3 parameters, 3 criteria, 2 outputs over a \(Self.responseBody.description.utf8.count)-byte JSON body)")
    }
}
