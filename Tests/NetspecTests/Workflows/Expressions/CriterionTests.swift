import HTTPTypes
import Testing

import Netspec
import NetspecWorkflows

/// Criterion Objects of each type against ExpressionFixtures' context: whether they pass and the
/// exact message a failed one gives the runner.
@Suite struct CriterionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let condition: String
        var context: String?
        var type: String?
        var version: String?
        /// The result's description: "… passed" or "… failed: why".
        let message: String
        var testDescription: String { condition }
    }

    /// The fixture's response body as a report shows it: compact JSON cut at 120 characters.
    static let body = #"{"id":7,"name":"Rex","status":"AVAILABLE","price":"12.50","data":null,"ok":true,"pets":[{"id":1,"name":"Ada"},{"id":2,"…"#

    static let cases: [Case] = [
        Case(condition: "$statusCode == 201", message: "criterion `$statusCode == 201` passed"),
        Case(condition: "$statusCode == 200", message: "criterion `$statusCode == 200` failed: actual 201"),
        Case(condition: "$statusCode == 200 && $response.body#/data != null",
             message: "criterion `$statusCode == 200 && $response.body#/data != null` failed: actual $statusCode = 201, $response.body#/data = null"),
        Case(condition: "$response.body.status == 'sold'", type: "simple", message: "criterion `$response.body.status == 'sold'` failed: actual \"AVAILABLE\""),
        Case(condition: "1 == 2", message: "criterion `1 == 2` failed"),
        Case(condition: "$statusCode == 201", context: "$response.body", type: "simple", message: "criterion `$statusCode == 201` passed"),
        // regex: a search in the context's value as text.
        Case(condition: #"^2\d{2}$"#, context: "$statusCode", type: "regex", message: #"criterion `^2\d{2}$` (regex on $statusCode) passed"#),
        Case(condition: "^200$", context: "$statusCode", type: "regex", message: "criterion `^200$` (regex on $statusCode) failed: the pattern is not found in it; actual 201"),
        Case(condition: "VAIL", context: "$response.body.status", type: "regex", message: "criterion `VAIL` (regex on $response.body.status) passed"),
        Case(condition: "^{$inputs.username}$", context: "$request.body#/name", type: "regex",
             message: "criterion `^{$inputs.username}$` (regex on $request.body#/name) failed: the pattern is not found in it; actual \"Rex\""),
        Case(condition: "^R{$request.path.petId}?ex$", context: "$request.body#/name", type: "regex", message: "criterion `^R{$request.path.petId}?ex$` (regex on $request.body#/name) passed"),
        Case(condition: "x", context: "$response.body#/data", type: "regex", message: "criterion `x` (regex on $response.body#/data) failed: the context is null; actual null"),
        Case(condition: "x", context: "$response.body#/nothing", type: "regex", message: "criterion `x` (regex on $response.body#/nothing) failed: the context is null; actual null"),
        // jsonpath: passes when the nodelist is not empty.
        Case(condition: "$.pets[?@.id > 1]", context: "$response.body", type: "jsonpath", message: "criterion `$.pets[?@.id > 1]` (jsonpath on $response.body) passed"),
        Case(condition: "$[?count(@.pets) > 0]", context: "$response.body", type: "jsonpath", message: "criterion `$[?count(@.pets) > 0]` (jsonpath on $response.body) failed: the nodelist is empty; actual " + body),
        Case(condition: "$[?@.name == '{$request.body#/name}']", context: "$response.body.pets", type: "jsonpath",
             message: "criterion `$[?@.name == '{$request.body#/name}']` (jsonpath on $response.body.pets) failed: the nodelist is empty; actual [{\"id\":1,\"name\":\"Ada\"},{\"id\":2,\"name\":\"Bo\"}]"),
        Case(condition: "$.pets[?(@.name == 'Bo')]", context: "$response.body", type: "jsonpath", version: "draft-goessner-dispatch-jsonpath-00",
             message: "criterion `$.pets[?(@.name == 'Bo')]` (jsonpath on $response.body) passed"),
        Case(condition: "$.pets[{$inputs.username}]", context: "$response.body", type: "jsonpath",
             message: "criterion `$.pets[{$inputs.username}]` (jsonpath on $response.body) failed: the condition with its expressions written in, '$.pets[ada]', is not valid: column 8: expected a selector: a quoted name, '*', an index, a slice or '?' and a filter; actual " + body),
    ]

    @Test(arguments: cases)
    func evaluates(_ test: Case) throws {
        let criterion = try Criterion(condition: test.condition, context: test.context, type: test.type, version: test.version)
        let result = criterion.evaluate(in: ExpressionFixtures.context)
        #expect(result.description == test.message)
        #expect(result.passed == test.message.hasSuffix("passed"))
    }

    @Test func theActualValueAndTheCondition() throws {
        var context = ExpressionFixtures.context
        context.statusCode = 404
        let result = try Criterion(condition: "$statusCode == 200").evaluate(in: context)
        #expect(!result.passed)
        #expect(result.actual == 404)
        #expect(result.condition == "$statusCode == 200")
        #expect(result.description == "criterion `$statusCode == 200` failed: actual 404")
    }

    @Test func jsonPathOnATextBodyFails() throws {
        var context = ExpressionContext()
        context.response = .init(body: .text("plain", mediaType: "text/plain"))
        let result = try Criterion(condition: "$", context: "$response.body", type: "jsonpath").evaluate(in: context)
        #expect(result.description == "criterion `$` (jsonpath on $response.body) failed: the body is text/plain, not JSON; actual \"plain\"")
    }

    @Test func aPointerIntoAnXMLBodyFailsWithTheReason() throws {
        var context = ExpressionContext()
        context.response = .init(body: .text("<a/>", mediaType: "application/xml"))
        let result = try Criterion(condition: "$response.body#/id == 1").evaluate(in: context)
        #expect(result.description == "criterion `$response.body#/id == 1` failed: $response.body#/id: the response body is application/xml, not JSON; a JSON pointer cannot read it")
    }

    static let refused: [(condition: String, context: String?, type: String?, version: String?, message: String)] = [
        ("x", "$statusCode", "regexp", nil, "unknown criterion type 'regexp': expected simple, regex, jsonpath or xpath"),
        ("$.a", "$response.body", "jsonpath", "rfc9535-bis", "unknown jsonpath version 'rfc9535-bis': expected rfc9535, draft-goessner-dispatch-jsonpath-00"),
        ("/a", "$response.body", "xpath", "xpath-40", "unknown xpath version 'xpath-40': expected xpath-31, xpath-30, xpath-20, xpath-10"),
        ("^a$", "$statusCode", "regex", "pcre", "a regex criterion has no version; the version names a jsonpath or xpath dialect"),
        ("$.a", nil, "jsonpath", nil, "a jsonpath criterion needs a 'context', such as $response.body"),
        ("$.a", "response.body", "jsonpath", nil, "context: column 1: a context is a runtime expression, such as $response.body"),
        ("$.a", "$response.body x", "jsonpath", nil, "context: column 16: unexpected 'x' after the context '$response.body'"),
        ("$.a[", "$response.body", "jsonpath", nil, "condition: column 5: expected a selector and ']'"),
        ("(", "$statusCode", "regex", nil, "condition: column 1: '(' is not a regular expression this engine can run (expected ')')"),
        ("count(/a", "$response.body", "xpath", nil, "condition: column 9: expected ',' or ')' in the arguments of 'count()'"),
        ("$statusCode === 200", nil, nil, nil, "condition: column 15: expected a value (a runtime expression, 'a string', a number, true, false, null or '(') but found '='"),
        ("$statusCode == 200", "statusCode", "simple", nil, "context: column 1: a context is a runtime expression, such as $response.body"),
        ("$statusCode == {$inputs.code}", nil, nil, nil, "condition: column 16: a simple condition writes runtime expressions without braces: $inputs.code, not {$inputs.code}"),
        ("^{$steps.x}$", "$statusCode", "regex", nil, "condition: column 11: expected '.outputs.' after the step id 'x'"),
    ]

    @Test(arguments: refused)
    func refuses(_ test: (condition: String, context: String?, type: String?, version: String?, message: String)) {
        do {
            _ = try Criterion(condition: test.condition, context: test.context, type: test.type, version: test.version)
            Issue.record("'\(test.condition)' was read")
        } catch {
            #expect(error.description == test.message)
        }
    }

    /// The failures docs/workflows.md shows, from the contexts it describes.
    @Test func theDocumentedMessages() throws {
        var context = ExpressionContext()
        context.statusCode = 201
        context.response = .init(body: .json(["pets": []]))
        #expect(try Criterion(condition: "$.pets[*]", context: "$response.body", type: "jsonpath").evaluate(in: context).description
            == #"criterion `$.pets[*]` (jsonpath on $response.body) failed: the nodelist is empty; actual {"pets":[]}"#)
        context.response = .init(body: .init(bytes: Array("<root><pets/></root>".utf8), mediaType: "text/xml"))
        #expect(try Criterion(condition: "count(/root/pets/pet) > 0", context: "$response.body", type: "xpath").evaluate(in: context).description
            == #"criterion `count(/root/pets/pet) > 0` (xpath on $response.body) failed: it is false; actual "<root><pets/></root>""#)
        context.response = .init(body: .json(["store": ["book": [["price": 8], ["price": 12]]]]))
        let goessner = try Criterion(condition: "$..book[?(@.price < 10)]", context: "$response.body", type: "jsonpath", version: "draft-goessner-dispatch-jsonpath-00")
        #expect(goessner.evaluate(in: context).passed)
        #expect(throws: CriterionError.self) {
            try Criterion(condition: "$..book[(@.length-1)]", context: "$response.body", type: "jsonpath", version: "draft-goessner-dispatch-jsonpath-00")
        }
        context.response = .init(headers: [HTTPField.Name("X-Remaining")!: "12"])
        #expect(try Criterion(condition: "$response.header.X-Remaining > 10").evaluate(in: context).passed)
    }

    @Test func everyVersionTheSpecificationListsIsRead() throws {
        for version in ["xpath-10", "xpath-20", "xpath-30", "xpath-31"] {
            let criterion = try Criterion(condition: "/a", context: "$response.body", type: "xpath", version: version)
            #expect(criterion.version == version)
        }
        for version in ["rfc9535", "draft-goessner-dispatch-jsonpath-00"] {
            #expect(try Criterion(condition: "$.a", context: "$response.body", type: "jsonpath", version: version).kind == .jsonpath)
        }
    }
}
