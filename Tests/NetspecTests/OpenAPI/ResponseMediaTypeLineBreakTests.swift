import Testing

import NetspecModel

/// A response's media type is the `Content-Type` the mock answers with, and its declared
/// `headers` are fields of that answer: an OpenAPI response `content` key or a Swagger 2.0
/// `produces` entry holding a line break (`"application/xml\r\nX-Acc: 2"`) loaded, and
/// `netspec mock` answered `Content-Type: application/xml  x-acc: 2` (the line break made
/// spaces); a header name holding a space, ':' or a line break was dropped from the answer
/// without a word. Each is a document error at the character, in the words of a request body's
/// media type (RequestMediaTypeLineBreakTests), by the same reporting function.
@Suite struct ResponseMediaTypeLineBreakTests {
    static func openAPI(
        version: String = "3.1.0", mediaType: String = "application/xml", header: String = "X-Rate-Limit",
        value: String = #"{ schema: { type: string }, example: "5" }"#
    ) -> String {
        """
        openapi: \(version)
        info: { title: t, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /raw:
            get:
              operationId: raw
              responses:
                "200":
                  description: ok
                  headers:
                    \(header): \(value)
                  content:
                    \(mediaType):
                      example: "<a/>"
        """
    }

    static func swagger(
        document: String = "[application/json]", operation: String = "[text/plain]", header: String = "X-Rate-Limit",
        value: String = #"{ type: string, x-example: "5" }"#
    ) -> String {
        """
        swagger: "2.0"
        info: { title: t, version: "1" }
        host: api.example.com
        schemes: [https]
        produces: \(document)
        paths:
          /raw:
            get:
              operationId: raw
              produces: \(operation)
              responses:
                "200":
                  description: ok
                  schema: { type: string }
                  headers:
                    \(header): \(value)
          /other:
            get:
              operationId: other
              responses: { "200": { description: ok, schema: { type: string } } }
        """
    }

    static func message(_ yaml: String, file: String) -> String? {
        let error = #expect(throws: SpecError.self) { try Spec(yaml: yaml, file: file) }
        return error?.description
    }

    /// CR LF, a lone LF (in a JSON type) and NUL, each at its character; in 3.2 too, whose rules let it through.
    @Test(arguments: [
        ("3.1.0", #""application/xml\r\nX-Acc: 2""#, "a line break (CR or LF) (character 16)", 29),
        ("3.0.3", #""application/json\nX-Acc: 2""#, "a line break (CR or LF) (character 17)", 30),
        ("3.2.0", #""application/xml\u0000""#, "the control character 0x00 (character 16)", 29),
    ])
    func anOpenAPIResponseMediaTypeWithALineBreakIsADocumentError(version: String, key: String, what: String, column: Int) throws {
        #expect(Self.message(Self.openAPI(version: version, mediaType: key), file: "oa.yaml") == """
            oa.yaml:14:\(column): error: operation 'raw': response '200': the response's media type holds \(what), which cannot be in the response's Content-Type header (OpenAPI Response Object)
            """)
    }

    /// A space, ':' and a line break in a response header's name, at the character.
    @Test(arguments: [
        (#""X-Rate Limit""#, "a space (character 7)", 20),
        (#""X-Acc: 2""#, "':' (character 6)", 19),
        (#""X-A\r\nX-Evil: 1""#, "a line break (CR or LF) (character 4)", 17),
    ])
    func anOpenAPIResponseHeaderNameThatIsNotATokenIsADocumentError(name: String, what: String, column: Int) throws {
        #expect(Self.message(Self.openAPI(header: name), file: "oa.yaml") == """
            oa.yaml:12:\(column): error: operation 'raw': response '200': a header's name holds \(what), which cannot be in a header name, an RFC 9110 token (OpenAPI Response Object)
            """)
    }

    /// 3.2's rules refuse such a name already: it is said once.
    @Test func a32HeaderNameIsRefusedOnce() throws {
        #expect(Self.message(Self.openAPI(version: "3.2.0", header: #""X-Acc: 2""#), file: "oa.yaml") == """
            oa.yaml:12:13: error: operation 'raw': response '200': header name 'X-Acc: 2' is not an RFC 9110 §5.1 token (OpenAPI 3.2.0, Response Object)
            """)
    }

    /// An empty name is no token (one character or more): nameBreak finds no character in it.
    @Test func anEmptyResponseHeaderNameIsADocumentError() throws {
        #expect(Self.message(Self.openAPI(header: #""""#), file: "oa.yaml") == """
            oa.yaml:12:13: error: operation 'raw': response '200': a header's name is empty, which cannot be a header name, an RFC 9110 token (one character or more) (OpenAPI Response Object)
            """)
        #expect(Self.message(Self.swagger(header: #""""#), file: "sw.yaml") == """
            sw.yaml:16:13: error: operation 'raw': response '200': a header's name is empty, which cannot be a header name, an RFC 9110 token (one character or more) (Swagger 2.0, Headers Object)
            """)
    }

    /// 3.2's error quotes the name with its control characters escaped, on one line.
    @Test func a32HeaderNameWithALineBreakIsQuotedEscaped() throws {
        #expect(Self.message(Self.openAPI(version: "3.2.0", header: #""X-A\r\nX-Evil: 1""#), file: "oa.yaml") == #"""
            oa.yaml:12:13: error: operation 'raw': response '200': header name 'X-A\u{D}\u{A}X-Evil: 1' is not an RFC 9110 §5.1 token (OpenAPI 3.2.0, Response Object)
            """#)
    }

    /// 3.2's rules name a media type they refuse something in (`media type '…': `) quoting it
    /// with its control characters escaped, on one line, as a header name (a content key, a
    /// `components.mediaTypes` name); the content key's line break is its own error too.
    @Test func a32MediaTypeWithALineBreakIsQuotedEscaped() throws {
        let document = #"""
            openapi: 3.2.0
            info: { title: t, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /raw:
                get:
                  operationId: raw
                  responses:
                    "200":
                      description: ok
                      content:
                        "application/xml\r\nX-Acc: 2":
                          example: "<a/>"
                          examples: { one: { value: "<b/>" } }
            components:
              mediaTypes:
                "xml\u0007\nX":
                  example: "<a/>"
                  examples: { one: { value: "<b/>" } }
            """#
        let rule = "'example' and 'examples' exclude each other; give one (OpenAPI 3.2.0, Working with Examples)"
        #expect(Self.message(document, file: "oa.yaml") == #"""
            oa.yaml:12:29: error: operation 'raw': response '200': the response's media type holds a line break (CR or LF) (character 16), which cannot be in the response's Content-Type header (OpenAPI Response Object)
            oa.yaml:14:15: error: operation 'raw': response '200': media type 'application/xml\u{D}\u{A}X-Acc: 2': \#(rule)
            oa.yaml:19:7: error: media type 'xml\u{7}\u{A}X': \#(rule)
            """#)
    }

    /// The document's `produces` (the default of every operation) and an operation's own.
    @Test func aSwaggerProducesEntryWithALineBreakIsADocumentError() throws {
        let document = Self.swagger(document: #"[application/json, "text/plain\r\nX-Bad: 1"]"#, operation: #"["text/plain\nX-Bad: 2"]"#)
        #expect(Self.message(document, file: "sw.yaml") == """
            sw.yaml:5:41: error: 'produces' entry 2 holds a line break (CR or LF) (character 11), which cannot be in the response's Content-Type header (Swagger 2.0, Mime Types)
            sw.yaml:10:29: error: operation 'raw': 'produces' entry 1 holds a line break (CR or LF) (character 11), which cannot be in the response's Content-Type header (Swagger 2.0, Mime Types)
            """)
    }

    @Test func aSwaggerResponseHeaderNameThatIsNotATokenIsADocumentError() throws {
        #expect(Self.message(Self.swagger(header: #""X-A\r\nX-Evil: 1""#), file: "sw.yaml") == """
            sw.yaml:16:17: error: operation 'raw': response '200': a header's name holds a line break (CR or LF) (character 4), which cannot be in a header name, an RFC 9110 token (Swagger 2.0, Headers Object)
            """)
    }

    /// Media types and names without such a character load as before, parameters kept.
    @Test func plainMediaTypesAndNamesLoad() throws {
        _ = try Spec(yaml: Self.openAPI(mediaType: #""application/xml; charset=utf-8""#, header: "X-Rate_Limit.v2"), file: "oa.yaml")
        _ = try Spec(yaml: Self.openAPI(version: "3.2.0"), file: "oa.yaml")
        _ = try Spec(yaml: Self.swagger(document: #"["text/plain; charset=utf-8"]"#, header: "X-Rate-Limit"), file: "sw.yaml")
    }
}
