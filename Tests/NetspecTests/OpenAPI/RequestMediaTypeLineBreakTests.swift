import Testing

@testable import Netspec
import NetspecModel

/// A request body's media type is sent as the request's `Content-Type`: an OpenAPI
/// `requestBody.content` key or a Swagger 2.0 `consumes` entry holding a line break
/// (`"text/plain\r\nX-Bad: 1"`) loaded, and the request went out with `Content-Type: text/plain
/// X-Bad: 1` (the line break made spaces). It is a document error at the character, in the
/// words of an `encoding`'s `contentType` (EncodingContentTypeLineBreakTests), by the same check.
@Suite struct RequestMediaTypeLineBreakTests {
    static func openAPI(_ key: String) -> String {
        """
        openapi: 3.1.0
        info: { title: t, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /raw:
            post:
              operationId: raw
              requestBody:
                content:
                  \(key):
                    schema: { type: string }
              responses: { "200": { description: ok } }
        """
    }

    static func swagger(document: String, operation: String) -> String {
        """
        swagger: "2.0"
        info: { title: t, version: "1" }
        host: api.example.com
        schemes: [https]
        consumes: \(document)
        paths:
          /raw:
            post:
              operationId: raw
              consumes: \(operation)
              parameters:
                - { in: body, name: body, schema: { type: string } }
              responses: { "200": { description: ok } }
          /other:
            post:
              operationId: other
              parameters:
                - { in: body, name: body, schema: { type: string } }
              responses: { "200": { description: ok } }
        """
    }

    /// CR LF, a lone LF (in a JSON type, which a JSON body is sent under) and NUL, each at its character.
    @Test(arguments: [
        (#""text/plain\r\nX-Bad: 1""#, "a line break (CR or LF) (character 11)", 22),
        (#""application/json\nX-Bad: 1""#, "a line break (CR or LF) (character 17)", 28),
        (#""text/plain\u0000""#, "the control character 0x00 (character 11)", 22),
    ])
    func anOpenAPIBodyMediaTypeWithALineBreakIsADocumentError(key: String, what: String, column: Int) throws {
        let error = #expect(throws: SpecError.self) { try Spec(yaml: Self.openAPI(key), file: "oa.yaml") }
        #expect(error?.description == """
            oa.yaml:10:\(column): error: operation 'raw': the request body's media type holds \(what), which cannot be in the request's Content-Type header (OpenAPI Request Body Object)
            """)
    }

    /// The document's `consumes` (the default of every operation) and an operation's own.
    @Test func aSwaggerConsumesEntryWithALineBreakIsADocumentError() throws {
        let document = Self.swagger(document: #"[application/json, "text/plain\r\nX-Bad: 1"]"#, operation: #"["text/plain\nX-Bad: 2"]"#)
        let error = #expect(throws: SpecError.self) { try Spec(yaml: document, file: "sw.yaml") }
        #expect(error?.description == """
            sw.yaml:5:41: error: 'consumes' entry 2 holds a line break (CR or LF) (character 11), which cannot be in the request's Content-Type header (Swagger 2.0, Mime Types)
            sw.yaml:10:29: error: operation 'raw': 'consumes' entry 1 holds a line break (CR or LF) (character 11), which cannot be in the request's Content-Type header (Swagger 2.0, Mime Types)
            """)
    }

    /// A media type without one is sent as written, its parameters kept.
    @Test func aPlainMediaTypeIsSentAsWritten() async throws {
        let provider = Provider(baseURL: "https://api.example.com", options: .init(usesEnvironment: false))
        let openAPI = Service(spec: try Spec(yaml: Self.openAPI(#""text/plain; charset=utf-8""#), file: "oa.yaml"), provider: provider)
        let sent = try openAPI.prepare("raw", ["_": "hi"])
        #expect(sent.headerFields[.contentType] == "text/plain; charset=utf-8")
        let swagger = Service(spec: try Spec(yaml: Self.swagger(document: "[text/csv]", operation: "[text/plain]"), file: "sw.yaml"), provider: provider)
        #expect(try swagger.prepare("raw", ["_": "hi"]).headerFields[.contentType] == "text/plain")
    }
}
