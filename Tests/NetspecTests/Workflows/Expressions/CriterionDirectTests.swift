import Testing

import Netspec
@testable import NetspecWorkflows

/// The criteria the runner checks by direct reads (Criterion+Direct.swift): which shapes have a
/// direct check, and that a step's report of each criterion — passed, actual, message — is the
/// general evaluation's in every context, whether the direct check decided or handed over.
@Suite struct CriterionDirectTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let condition: String
        var context: String?
        var type: String?
        /// Whether the criterion has a direct check.
        let direct: Bool
        var testDescription: String { condition + (context.map { " on \($0)" } ?? "") }
    }

    static let cases: [Case] = [
        Case(condition: "$statusCode == 201", direct: true),
        Case(condition: "$statusCode == 200", direct: true),
        Case(condition: "$statusCode >= 200", direct: true),
        Case(condition: "$statusCode == 201 && $response.body#/status == 'available'", direct: true),
        Case(condition: "$statusCode == 201 && $response.body#/status == 'sold'", direct: true),
        Case(condition: "$response.body#/price == 12.5", direct: true),
        Case(condition: "$response.body#/data != 'x'", direct: true),
        Case(condition: "$response.body#/nothing != 'x'", direct: true),
        Case(condition: "$request.body#/name == 'rex'", direct: true),
        Case(condition: "$response.body == null", direct: true),
        Case(condition: "$statusCode == 201 || false", direct: false),
        Case(condition: "201 == $statusCode", direct: false),
        Case(condition: "$response.body.status == 'available'", direct: false),
        Case(condition: "$response.header.Location == '/pets/7'", direct: false),
        Case(condition: #"^2\d{2}$"#, context: "$statusCode", type: "regex", direct: true),
        Case(condition: "^200$", context: "$statusCode", type: "regex", direct: true),
        Case(condition: "VAIL", context: "$response.body#/status", type: "regex", direct: true),
        Case(condition: "^12", context: "$response.body#/price", type: "regex", direct: true),
        Case(condition: "^{$inputs.username}$", context: "$request.body#/name", type: "regex", direct: false),
        Case(condition: "$.pets[?@.id > 1]", context: "$response.body", type: "jsonpath", direct: true),
        Case(condition: "$[?@.id > 1]", context: "$response.body#/pets", type: "jsonpath", direct: true),
        Case(condition: "$.pets[{$inputs.username}]", context: "$response.body", type: "jsonpath", direct: false),
    ]

    /// The fixture's context; one whose response is a 404 with a text body; one with no response.
    static let contexts: [ExpressionContext] = {
        var text = ExpressionFixtures.context
        text.statusCode = 404
        text.response = .init(body: .text("<ok/>", mediaType: "application/xml"))
        var unanswered = ExpressionFixtures.context
        unanswered.statusCode = nil
        unanswered.response = nil
        return [ExpressionFixtures.context, text, unanswered]
    }()

    static func compiled(_ test: Case) -> CompiledCriterion {
        let written = ArazzoCriterion(
            context: test.context.map { Located($0, line: 3, column: 18) }, condition: Located(test.condition, line: 3, column: 40), type: test.type ?? "simple", version: nil
        )
        return CompiledCriterion(written, file: "flows.arazzo.yaml")
    }

    @Test(arguments: cases)
    func hasADirectCheckForItsShape(_ test: Case) {
        #expect((Self.compiled(test).direct != nil) == test.direct)
    }

    @Test(arguments: cases)
    func reportsWhatTheGeneralEvaluationFinds(_ test: Case) throws {
        let compiled = Self.compiled(test)
        let criterion = try #require(compiled.criterion)
        for (index, context) in Self.contexts.enumerated() {
            let general = criterion.evaluate(in: context)
            let report = compiled.evaluate(in: context)
            #expect(report.passed == general.passed, "context \(index)")
            #expect(report.actual == general.actual, "context \(index)")
            #expect(report.message == general.description, "context \(index)")
            #expect(report.location == "flows.arazzo.yaml:3:40")
            if let actual = compiled.direct?.passingActual(in: context) {
                #expect(general.passed && general.actual == actual, "context \(index): the direct check passed what the general evaluation does not")
            }
        }
    }

    /// Each direct shape decides a passing criterion on its own in the fixture's context: it hands
    /// over to the general evaluation only what it cannot read (an absent member that `!=` passes).
    @Test func decidesThePassingShapesItself() throws {
        let passing = Self.cases.filter { Self.compiled($0).criterion!.evaluate(in: ExpressionFixtures.context).passed }
        let decided = passing.filter { Self.compiled($0).direct?.passingActual(in: ExpressionFixtures.context) != nil }.map(\.condition)
        #expect(decided == [
            "$statusCode == 201", "$statusCode >= 200", "$statusCode == 201 && $response.body#/status == 'available'", "$response.body#/price == 12.5",
            "$response.body#/data != 'x'", "$request.body#/name == 'rex'", #"^2\d{2}$"#, "VAIL", "^12", "$.pets[?@.id > 1]", "$[?@.id > 1]",
        ])
        #expect(passing.filter { !$0.direct }.map(\.condition) == ["$statusCode == 201 || false", "201 == $statusCode", "$response.body.status == 'available'", "$response.header.Location == '/pets/7'"])
    }
}
