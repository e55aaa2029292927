import Testing

import NetspecModel

/// A response header's example is the value `netspec mock` sends in that header: one holding a
/// line break (`example: "5\r\nX-Evil: 1"`) passed `validate`, and the mock sent
/// `X-Rate-Limit: 5  X-Evil: 1` (the line break made spaces). Each value a header gives as its
/// example (OpenAPI `example`, each `examples` value, the schema's value the mock falls back to;
/// Swagger 2.0 `x-example`, `example`, `default`, the first `enum` value) holding a line break,
/// NUL or another control character but tab is a document error at that character, by the check
/// a media type's is (ResponseMediaTypeLineBreakTests); spaces, a tab and non-ASCII text load.
@Suite struct ResponseHeaderExampleLineBreakTests {
    typealias Documents = ResponseMediaTypeLineBreakTests

    @Test(arguments: [
        ("3.1.0", #"{ schema: { type: string }, example: "5\r\nX-Evil: 1" }"#, "its 'example' holds a line break (CR or LF) (character 2)", 66),
        ("3.0.3", #"{ schema: { type: string }, examples: { low: { value: "5\nX-Evil: 1" } } }"#, "its example 'low' holds a line break (CR or LF) (character 2)", 83),
        ("3.2.0", #"{ schema: { type: string }, example: "5\u0000" }"#, "its 'example' holds the control character 0x00 (character 2)", 66),
        ("3.1.0", #"{ schema: { type: string, default: "a\u001Bb" } }"#, "the value its schema gives holds the control character 0x1B (character 2)", 64),
        ("3.1.0", #"{ schema: { type: array, items: { type: string } }, example: [a, "b\rc"] }"#, "its 'example' holds a line break (CR or LF) (character 2)", 94),
    ])
    func anOpenAPIResponseHeaderExampleWithALineBreakIsADocumentError(version: String, value: String, what: String, column: Int) throws {
        #expect(Documents.message(Documents.openAPI(version: version, value: value), file: "oa.yaml") == """
            oa.yaml:12:\(column): error: operation 'raw': response '200': header 'X-Rate-Limit': \(what), which cannot be in a header value (OpenAPI Header Object)
            """)
    }

    @Test(arguments: [
        (#"{ type: string, x-example: "5\r\nX-Evil: 1" }"#, "its 'x-example' holds a line break (CR or LF) (character 2)", 56),
        (#"{ type: string, x-example: "5", default: "6\u0000" }"#, "its 'default' holds the control character 0x00 (character 2)", 70),
        (#"{ type: string, enum: ["\u007F"] }"#, "its first 'enum' value holds the control character 0x7F (character 1)", 51),
    ])
    func aSwaggerResponseHeaderExampleWithALineBreakIsADocumentError(value: String, what: String, column: Int) throws {
        #expect(Documents.message(Documents.swagger(value: value), file: "sw.yaml") == """
            sw.yaml:16:\(column): error: operation 'raw': response '200': header 'X-Rate-Limit': \(what), which cannot be in a header value (Swagger 2.0, Headers Object)
            """)
    }

    /// A header value may hold spaces, a tab and non-ASCII text (obs-text): sent as written.
    @Test func spacesATabAndNonASCIITextLoad() throws {
        let text = "5 per\tminute, é"
        let openAPI = try Spec(yaml: Documents.openAPI(value: #"{ schema: { type: string }, example: "5 per\tminute, é" }"#), file: "oa.yaml")
        #expect(openAPI.endpoint(named: "raw")?.responses.declared.first?.headers.map(\.example) == [text])
        let swagger = try Spec(yaml: Documents.swagger(value: #"{ type: string, x-example: "5 per\tminute, é" }"#), file: "sw.yaml")
        #expect(swagger.endpoint(named: "raw")?.responses.declared.first?.headers.map(\.example) == [text])
    }
}
