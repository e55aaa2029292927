@testable import NetspecWorkflows
import Testing

/// `checkExpressions`: the checks at load of a runtime expression — its `$`, its root, a name after
/// a root that needs one, embedded `{$…}` closed, then the ABNF parser's and the condition
/// parser's — and which operands of a string it finds by where the string is written.
@Suite struct ExpressionCheckTests {
    static let cases: [(String, ExpressionForm, [String], [String])] = [
        ("$inputs.petId", .value, ["$inputs.petId"], []),
        ("Bearer {$steps.logIn.outputs.token}", .value, ["$steps.logIn.outputs.token"], []),
        ("{$inputs.a}-{$inputs.b}", .value, ["$inputs.a", "$inputs.b"], []),
        ("plain text {not an expression}", .value, [], []),
        ("Bearer {$inputs.token", .value, [], ["'Bearer {$inputs.token' has a '{$' that is not closed by '}'"]),
        ("$response.body#/0/id", .expression, ["$response.body#/0/id"], []),
        ("$response.header.Location", .expression, ["$response.header.Location"], []),
        ("response.body", .expression, ["response.body"], ["'response.body' is not a runtime expression: it starts with '$' ($inputs.…, $steps.…, $response.body…)"]),
        ("$statusCode == 200 || $statusCode == 201", .condition, ["$statusCode", "$statusCode"], []),
        ("$response.body#/status == 'a $b'", .condition, ["$response.body#/status"], []),
        ("$statusCode.x", .expression, ["$statusCode.x"], ["runtime expression '$statusCode.x': '$statusCode' takes nothing after it"]),
        ("$inputs", .expression, ["$inputs"], ["runtime expression '$inputs': '$inputs' needs a name after it ('$inputs.NAME')"]),
        ("$respons.body", .expression, ["$respons.body"], ["runtime expression '$respons.body': unknown root '$respons' (did you mean '$response'?)"]),
        ("$message.payload", .expression, ["$message.payload"], []),
        // Past the root, the ABNF parser's word, with its column in the expression.
        ("$steps.login.token", .expression, ["$steps.login.token"], ["runtime expression '$steps.login.token': column 13: expected '.outputs.' after the step id 'login'"]),
        // A regex, jsonpath or xpath condition: only `{$…}` is an expression, though it starts with `$`.
        ("$[?@.id == {$inputs.id}]", .embedded, ["$inputs.id"], []),
        ("$.pets[0]", .embedded, [], []),
        ("^{$inputs}$", .embedded, ["$inputs"], ["runtime expression '$inputs': '$inputs' needs a name after it ('$inputs.NAME')"]),
        // An operand with `.name`, `[0]`, `['name']` after it, as the condition evaluates it: its
        // expression is found without them; a malformed one is refused by the same parser.
        ("$response.body.key != null", .condition, ["$response.body"], []),
        ("$response.body.pets[0].id == 1 && $response.body['a b'] == 'x'", .condition, ["$response.body", "$response.body"], []),
        ("$steps.s.outputs.list[0].id == 1", .condition, ["$steps.s.outputs.list"], []),
        ("$response.body[x] == 1", .condition, ["$response.body[x]"], ["runtime expression '$response.body[x]': column 16: '' is not a number"]),
        ("$response.body. == 1", .condition, ["$response.body."], ["runtime expression '$response.body.': column 16: expected a property name after '.'"]),
        // A criterion's context reads them too; an output (a whole expression) does not.
        ("$response.body.key", .context, ["$response.body"], []),
        ("$response.body.key", .expression, ["$response.body.key"], ["runtime expression '$response.body.key': column 15: unexpected '.' after the expression '$response.body'"]),
        ("$statusCode == == 200", .condition, ["$statusCode"], ["condition '$statusCode == == 200': column 16: expected a value (a runtime expression, 'a string', a number, true, false, null or '(') but found '='"]),
    ]

    @Test(arguments: cases)
    func finds(_ text: String, _ form: ExpressionForm, _ expressions: [String], _ problems: [String]) {
        let scan = checkExpressions(Located(text, line: 3, column: 7), form: form, allowsMessage: true)
        #expect(scan.expressions.map(\.value) == expressions)
        #expect(scan.problems.map(\.value) == problems)
        #expect(scan.problems.allSatisfy { $0.line == 3 && $0.column == 7 })
    }

    /// `$message` is Arazzo 1.1's, for AsyncAPI steps: a 1.0 document does not have it.
    @Test func messageIsARootOf1_1Only() {
        let scan = checkExpressions(Located("$message.payload", line: 1, column: 1), form: .expression, allowsMessage: false)
        #expect(scan.problems.map(\.value) == [
            "runtime expression '$message.payload': unknown root '$message' (expected one of $url, $method, $statusCode, $self, $request, $response, $inputs, $outputs, $steps, $workflows, $sourceDescriptions, $components)",
        ])
    }
}
