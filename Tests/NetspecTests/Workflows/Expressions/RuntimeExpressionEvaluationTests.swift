import Testing

import Netspec
import NetspecWorkflows

/// Runtime expressions evaluated against one context (ExpressionFixtures): each value with its
/// type, and the exact message for each thing that can be missing.
@Suite struct RuntimeExpressionEvaluationTests {
    static let values: [(String, JSONValue)] = [
        ("$url", "http://127.0.0.1:8080/pets/7?status=available"),
        ("$method", "POST"),
        ("$statusCode", 201),
        ("$self", "https://example.com/flows.arazzo.yaml"),
        ("$request.header.authorization", "Bearer s3cret"),
        ("$request.header.CONTENT-TYPE", "application/json"),
        ("$request.query.status", "available"),
        ("$request.query.tags", ["a", "b"]),
        ("$request.path.petId", 7),
        ("$request.body", ["name": "Rex", "tags": ["dog", "good"]]),
        ("$request.body#/tags/1", "good"),
        ("$response.header.location", "/pets/7"),
        ("$response.header.X-Rate-Limit", "10, 20"),
        ("$response.body#/pets/1/name", "Bo"),
        ("$response.body#/a~1b/~0c", "escaped"),
        ("$response.body#/data", nil),
        ("$response.body#", ["id": 7, "name": "Rex", "status": "AVAILABLE", "price": "12.50", "data": nil, "ok": true,
                             "pets": [["id": 1, "name": "Ada"], ["id": 2, "name": "Bo"]], "a/b": ["~c": "escaped"]]),
        ("$inputs.username", "ada"),
        ("$inputs.user#/id", 36),
        ("$inputs.user.name", "dotted"),
        ("$inputs.user.id", 36),
        ("$outputs.bar", "baz"),
        ("$steps.login.outputs.token", "eyJ.abc"),
        ("$steps.login.outputs.session.id", "s-1"),
        ("$steps.find-pet.outputs.pets#/0/id", 11),
        ("$workflows.foo.inputs.username", "bo"),
        ("$workflows.foo.outputs.mapped#/name", "M"),
        ("$sourceDescriptions.petstore.url", "https://example.com/petstore.yaml"),
        ("$sourceDescriptions.petstore.type", "openapi"),
        ("$components.parameters.page", ["name": "page", "in": "query", "value": 1]),
    ]

    @Test(arguments: values)
    func evaluates(_ text: String, _ value: JSONValue) throws {
        #expect(try RuntimeExpression(text).evaluate(in: ExpressionFixtures.context) == value)
    }

    static let missing: [(String, String)] = [
        ("$request.header.Accept", "$request.header.Accept: the request has no header 'Accept'"),
        ("$request.query.page", "$request.query.page: the request has no query parameter 'page'"),
        ("$request.path.id", "$request.path.id: the request has no path parameter 'id'"),
        ("$response.body#/pets/2", "$response.body#/pets/2: nothing at the JSON pointer '/pets/2'"),
        ("$inputs.password", "$inputs.password: the workflow has no input 'password' (it has: threshold, user, user.name, username)"),
        ("$inputs.user.email", "$inputs.user.email: 'user' has no member 'email'"),
        ("$outputs.qux", "$outputs.qux: the workflow has no output 'qux' (it has: bar)"),
        ("$steps.logout.outputs.token", "$steps.logout.outputs.token: step 'logout' has not run"),
        ("$steps.login.outputs.refresh", "$steps.login.outputs.refresh: step 'login' has no output 'refresh' (it has: session, token)"),
        ("$workflows.bar.outputs.x", "$workflows.bar.outputs.x: workflow 'bar' has not run"),
        ("$workflows.foo.inputs.password", "$workflows.foo.inputs.password: workflow 'foo' has no input 'password' (it has: username)"),
        ("$sourceDescriptions.other.url", "$sourceDescriptions.other.url: there is no source description 'other'"),
        ("$sourceDescriptions.petstore.getPetById", "$sourceDescriptions.petstore.getPetById: source description 'petstore' has no operation or field 'getPetById' (it has: name, type, url)"),
        ("$components.failureActions.retry", "$components.failureActions.retry: the components have no failureActions entry 'retry'"),
    ]

    @Test(arguments: missing)
    func namesWhatIsMissing(_ text: String, _ message: String) throws {
        let expression = try RuntimeExpression(text)
        do {
            let value = try expression.evaluate(in: ExpressionFixtures.context)
            Issue.record("\(text) gave \(value)")
        } catch {
            #expect(error.description == message)
            #expect(error.isAbsent)
        }
    }

    @Test func beforeAResponseAndOnBodiesThatAreNotJSON() throws {
        var context = ExpressionContext()
        let cases: [(String, String)] = [
            ("$url", "$url: no request has been sent yet"),
            ("$statusCode", "$statusCode: no response has been received yet"),
            ("$response.header.Location", "$response.header.Location: no response has been received yet"),
            ("$request.body", "$request.body: the request has no body"),
            ("$self", "$self: the document has no '$self' and no URL"),
        ]
        for (text, message) in cases {
            #expect(throws: ExpressionError(expression: text, reason: .absent(String(message.dropFirst(text.count + 2))))) {
                try RuntimeExpression(text).evaluate(in: context)
            }
        }
        context.response = .init(body: .init(bytes: Array("<pet><name>Rex</name></pet>".utf8), mediaType: "application/xml; charset=utf-8"))
        #expect(try RuntimeExpression("$response.body").evaluate(in: context) == "<pet><name>Rex</name></pet>")
        #expect(throws: ExpressionError(expression: "$response.body#/name", reason: .notJSON("the response body is application/xml, not JSON; a JSON pointer cannot read it"))) {
            try RuntimeExpression("$response.body#/name").evaluate(in: context)
        }
        context.response = .init(body: .init(bytes: [0xFF, 0xFE, 0x00], mediaType: "image/png"))
        #expect(throws: ExpressionError(expression: "$response.body", reason: .notJSON("the response body is 3 bytes of image/png, not text"))) {
            try RuntimeExpression("$response.body").evaluate(in: context)
        }
        context.response = .init(body: .init(bytes: Array(#"{"id":3}"#.utf8), mediaType: "application/problem+json"))
        #expect(try RuntimeExpression("$response.body#/id").evaluate(in: context) == 3)
    }

    static let rendered: [(String, JSONValue)] = [
        ("Bearer {$steps.login.outputs.token}", "Bearer eyJ.abc"),
        ("$request.path.petId", 7),
        ("/pets/{$request.path.petId}", "/pets/7"),
        ("{$response.body#/ok}|{$response.body#/data}|{$response.body#/price}", "true|null|12.50"),
        ("tags={$request.query.tags}; user={$inputs.user}", #"tags=["a","b"]; user={"name":"Ada Lovelace","id":36}"#),
        ("{$sourceDescriptions.petstore.url}#/paths/~1pet~1findByStatus", "https://example.com/petstore.yaml#/paths/~1pet~1findByStatus"),
        ("no expressions {here}", "no expressions {here}"),
    ]

    @Test(arguments: rendered)
    func templates(_ text: String, _ value: JSONValue) throws {
        #expect(try ExpressionTemplate(text).evaluate(in: ExpressionFixtures.context) == value)
    }

    @Test func aTemplateNamesItsMissingExpression() throws {
        #expect(throws: ExpressionError(expression: "$steps.login.outputs.refresh", reason: .absent("step 'login' has no output 'refresh' (it has: session, token)"))) {
            try ExpressionTemplate("Bearer {$steps.login.outputs.refresh}").render(in: ExpressionFixtures.context)
        }
    }
}
