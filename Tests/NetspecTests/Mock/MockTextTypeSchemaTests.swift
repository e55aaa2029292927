import Testing
import Netspec
import NetspecTestSupport

/// A response whose only body is a schema in a `text/*` type other than `text/plain` — Gitea's
/// `POST /markdown` (Swagger 2.0, `produces: [text/html]`, `schema: {type: string}`), a CSV
/// export, a Markdown page — is answered with a body made from the schema, written as
/// `text/plain`'s is (a string as its text, a number as its digits), where the mock answered
/// 501 "has no mock". A value a text type cannot hold (an object) is still no mock, and an
/// event stream is still answered item by item.
@Suite struct MockTextTypeSchemaTests {
    static let openAPI = """
        openapi: 3.1.0
        info: {title: Text, version: "1"}
        paths:
          /page:
            get:
              responses:
                "200": {description: ok, content: {text/html: {schema: {type: string, example: "<p>hi</p>"}}}}
          /count.csv:
            get:
              responses:
                "200": {description: ok, content: {"text/csv; charset=utf-8": {schema: {type: integer, minimum: 3}}}}
          /readme:
            get:
              responses:
                "200": {description: ok, content: {text/markdown: {schema: {type: string}}}}
          /object-html:
            get:
              responses:
                "200": {description: ok, content: {text/html: {schema: {type: object, properties: {a: {type: string}}}}}}
          /ticks:
            get:
              responses:
                "200": {description: ok, content: {text/event-stream: {schema: {type: object, required: [n], properties: {n: {type: integer, const: 1}}}}}}
        """

    static let swagger = """
        swagger: "2.0"
        info: {title: Gitea-like, version: "1"}
        produces: [application/json]
        consumes: [application/json]
        paths:
          /markdown:
            post:
              operationId: renderMarkdown
              produces: [text/html]
              parameters: [{name: body, in: body, schema: {type: object, properties: {Text: {type: string}}}}]
              responses:
                "200": {description: rendered, schema: {type: string}}
                "422": {description: invalid}
        """

    @Test(arguments: [
        ("/page", "text/html", "<p>hi</p>"),
        ("/count.csv", "text/csv", "3"),
        ("/readme", "text/markdown", "string"),
    ] as [(String, String, String)])
    func aTextTypesSchemaMakesItsBody(_ path: String, contentType: String, body: String) async throws {
        try await MockServerTests.withMockServer(of: try Spec(yaml: Self.openAPI, file: "text.yaml"), .init(port: 0)) { base, _ in
            try await #expect(MockPrismDefectsTests.answer([base + path]) == "HTTP/1.1 200 OK\nContent-Type: \(contentType)\n\n\(body)")
        }
    }

    @Test func anObjectInATextTypeIsStillNoMockAndAnEventStreamStillStreams() async throws {
        try await MockServerTests.withMockServer(of: try Spec(yaml: Self.openAPI, file: "text.yaml"), .init(port: 0)) { base, _ in
            try await #expect(MockPrismDefectsTests.answer([base + "/object-html"]).hasPrefix("HTTP/1.1 501 Not Implemented\n"))
            let events = try await MockPrismDefectsTests.answer([base + "/ticks"])
            #expect(events.hasPrefix("HTTP/1.1 200 OK\nContent-Type: text/event-stream\n"))
            #expect(events.components(separatedBy: #"data: {"n":1}"#).count == 4, "\(events)")
        }
    }

    @Test func aSwaggerOperationThatProducesHTMLAnswersFromItsSchema() async throws {
        try await MockServerTests.withMockServer(of: try Spec(yaml: Self.swagger, file: "gitea-like.yaml"), .init(port: 0)) { base, _ in
            try await #expect(
                MockPrismDefectsTests.answer(["-X", "POST", "-H", "Content-Type: application/json", "-d", ##"{"Text":"# hi"}"##, base + "/markdown"])
                    == "HTTP/1.1 200 OK\nContent-Type: text/html\n\nstring")
        }
    }
}
