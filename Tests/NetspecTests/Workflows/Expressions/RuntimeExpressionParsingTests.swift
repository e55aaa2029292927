import Testing

import NetspecWorkflows

/// Runtime expressions read by the Arazzo ABNF: what each names, and the exact error, with its
/// column, for each way to get one wrong.
@Suite struct RuntimeExpressionParsingTests {
    typealias Reference = RuntimeExpression.Reference

    static let valid: [(String, Reference)] = [
        ("$url", .url),
        ("$method", .method),
        ("$statusCode", .statusCode),
        ("$self", .self),
        ("$request.header.accept", .request(.header("accept"))),
        ("$request.header.X-Rate-Limit", .request(.header("X-Rate-Limit"))),
        ("$request.query.page size", .request(.query("page size"))),
        ("$request.path.id", .request(.path("id"))),
        ("$request.body", .request(.body(pointer: nil))),
        ("$request.body#/user/uuid", .request(.body(pointer: ["user", "uuid"]))),
        ("$response.body#", .response(.body(pointer: []))),
        ("$response.body#/a~1b/~0c/0", .response(.body(pointer: ["a/b", "~c", "0"]))),
        ("$response.header.Location", .response(.header("Location"))),
        ("$inputs.username", .inputs(name: "username", pointer: nil)),
        ("$inputs.user.name", .inputs(name: "user.name", pointer: nil)),
        ("$inputs.pet#/tags/0", .inputs(name: "pet", pointer: ["tags", "0"])),
        ("$outputs.bar", .outputs(name: "bar", pointer: nil)),
        ("$steps.login.outputs.token", .stepOutput(step: "login", name: "token", pointer: nil)),
        ("$steps.find-pet.outputs.pets#/0/id", .stepOutput(step: "find-pet", name: "pets", pointer: ["0", "id"])),
        ("$workflows.foo.inputs.username", .workflow(id: "foo", field: .inputs, name: "username", pointer: nil)),
        ("$workflows.foo.outputs.mapped#/name", .workflow(id: "foo", field: .outputs, name: "mapped", pointer: ["name"])),
        ("$sourceDescriptions.petstore.url", .sourceDescription(name: "petstore", reference: "url")),
        ("$sourceDescriptions.auth-api.Token", .sourceDescription(name: "auth-api", reference: "Token")),
        ("$components.parameters.page_size", .component(kind: .parameters, name: "page_size")),
        ("$components.inputs.store.id", .component(kind: .inputs, name: "store.id")),
        ("$components.successActions.done", .component(kind: .successActions, name: "done")),
        ("$components.failureActions.retry", .component(kind: .failureActions, name: "retry")),
    ]

    @Test(arguments: valid)
    func reads(_ text: String, _ reference: Reference) throws {
        let expression = try RuntimeExpression(text)
        #expect(expression.reference == reference)
        #expect(expression.text == text)
    }

    static let invalid: [(String, String)] = [
        ("statusCode", "column 1: expected a runtime expression starting with '$'"),
        ("$", "column 1: expected a name after '$': $url, $method, $statusCode, $request., $response., $inputs., $outputs., $steps., $workflows., $sourceDescriptions., $components. or $self"),
        ("$status", "column 1: unknown runtime expression '$status': expected $url, $method, $statusCode, $request., $response., $inputs., $outputs., $steps., $workflows., $sourceDescriptions., $components. or $self"),
        ("$statusCode2", "column 12: unexpected '2' after the expression '$statusCode'"),
        ("$response", "column 10: expected '.' after '$response' but found the end"),
        ("$response.headers.Location", "column 11: expected 'header.', 'query.', 'path.' or 'body' after '$response.'"),
        ("$response.header.", "column 18: expected a header name (an RFC 9110 token) after '$response.header.'"),
        ("$response.header.Content Type", "column 25: unexpected ' ' after the expression '$response.header.Content'"),
        ("$request.query.", "column 16: expected a parameter name after '$request.query.'"),
        ("$response.body#status", "column 16: expected '/' to start a JSON pointer token"),
        ("$response.body#/a~2", "column 18: '~' in a JSON pointer must be followed by '0' (for '~') or '1' (for '/')"),
        ("$response.bodyx", "column 11: expected 'header.', 'query.', 'path.' or 'body' after '$response.'"),
        ("$inputs.", "column 9: expected a name (letters, digits, '.', '-' and '_') after '$inputs.'"),
        ("$inputs.user name", "column 13: unexpected ' ' after the expression '$inputs.user'"),
        ("$steps.login.token", "column 13: expected '.outputs.' after the step id 'login'"),
        ("$steps.retrieveFinalizedPaymentPlan.finalizedPaymentPlan", "column 36: expected '.outputs.' after the step id 'retrieveFinalizedPaymentPlan'"),
        ("$steps..outputs.x", "column 8: expected a name (letters, digits, '-' and '_') after '$steps.'"),
        ("$workflows.foo.steps.x", "column 15: expected '.inputs.' or '.outputs.' after the workflow id 'foo'"),
        ("$sourceDescriptions.petstore", "column 29: expected '.' after the source description name 'petstore' but found the end"),
        ("$components.schemas.Pet", "column 13: expected 'inputs', 'parameters', 'successActions' or 'failureActions' after '$components.'"),
        ("$message.payload#/id", "column 1: '$message' expressions are for AsyncAPI operations, which Netspec does not run"),
    ]

    @Test(arguments: invalid)
    func refuses(_ text: String, _ message: String) {
        #expect(throws: ExpressionParseError.self) { try RuntimeExpression(text) }
        do {
            _ = try RuntimeExpression(text)
        } catch {
            #expect(error.description == message)
        }
    }

    static let templates: [(String, [ExpressionTemplate.Part])] = [
        ("Bearer {$steps.login.outputs.token}", [.text("Bearer "), .embedded(try! RuntimeExpression("$steps.login.outputs.token"))]),
        ("{$sourceDescriptions.petStoreDescription.url}#/paths/~1pet~1findByStatus",
         [.embedded(try! RuntimeExpression("$sourceDescriptions.petStoreDescription.url")), .text("#/paths/~1pet~1findByStatus")]),
        ("https://{$inputs.host}/api/{$steps.create.outputs.id}/status",
         [.text("https://"), .embedded(try! RuntimeExpression("$inputs.host")), .text("/api/"), .embedded(try! RuntimeExpression("$steps.create.outputs.id")), .text("/status")]),
        ("{\"literal\": {1}} ^\\d{2}$", [.text("{\"literal\": {1}} ^\\d{2}$")]),
    ]

    @Test(arguments: templates)
    func readsTemplates(_ text: String, _ parts: [ExpressionTemplate.Part]) throws {
        let template = try ExpressionTemplate(text)
        #expect(template.parts == parts)
        #expect(template.expression == nil)
    }

    @Test func aValueStartingWithDollarIsOneExpression() throws {
        let template = try ExpressionTemplate("$inputs.petId")
        #expect(template.expression == (try RuntimeExpression("$inputs.petId")))
        #expect(template.expressions.map(\.text) == ["$inputs.petId"])
    }

    static let invalidTemplates: [(String, String)] = [
        ("Bearer {$steps.login.outputs.token", "column 8: the embedded expression '{$steps.login.outputs.token' is not closed by '}'"),
        ("id={$inputs.id x}", "column 15: unexpected ' ' after the embedded expression '$inputs.id'; expected '}'"),
        ("a {$steps.x.token} b", "column 12: expected '.outputs.' after the step id 'x'"),
    ]

    @Test(arguments: invalidTemplates)
    func refusesTemplates(_ text: String, _ message: String) {
        do {
            _ = try ExpressionTemplate(text)
            Issue.record("'\(text)' was read")
        } catch {
            #expect(error.description == message)
        }
    }
}
