import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// A document whose schemas cannot be compiled is an invalid spec: a call checked against such a
/// schema fails with 65 naming it and its place (beside its arguments' other problems), `--validate` never passes an answer it could not check,
/// and a text answer is checked as the string it is.
@Suite struct SchemaCompileErrorCommandTests {
    /// A document written to a temporary folder as `name`, and the folder (messages are compared
    /// with it taken out).
    static func document(_ yaml: String, name: String) throws -> (path: String, folder: String) {
        let path = try CLI.temporarySpec(yaml, name: name)
        return (path, (path as NSString).deletingLastPathComponent + "/")
    }

    static let deep = """
        openapi: 3.0.3
        info: {title: U, version: "1"}
        servers: [{url: http://127.0.0.1:9}]
        paths:
          /a:
            post:
              operationId: deep
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        w:
                          type: object
                          properties:
                            p1: {$ref: '#/components/schemas/Nope'}
                            p2: {$ref: 'missing.yaml#/T'}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: array
                        items: {$ref: '#/components/schemas/AlsoNope'}
        """

    static let keywords = """
        openapi: 3.1.0
        info: {title: R, version: "1"}
        servers: [{url: http://127.0.0.1:9/v1}]
        paths:
          /a:
            post:
              operationId: badPattern
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        s: {type: string, pattern: '(['}
              responses:
                "200": {description: ok}
          /b:
            get:
              operationId: badParamPattern
              parameters:
                - {name: q, in: query, schema: {type: string, pattern: 'a{2,1}'}}
              responses:
                "200": {description: ok}
          /c:
            get:
              operationId: badShape
              parameters:
                - {name: q, in: query, schema: {type: string, minLength: "x"}}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {type: object, required: name}
        """

    /// A call checked against a schema that cannot be compiled: 65, the place said, for each
    /// operation of the document; `--no-validate` sends it unchecked.
    @Test(arguments: [
        (["deep", "w:={}"], "error: endpoint 'deep': the request body's schema cannot be compiled: deep.yaml:17:26: cannot resolve 'deep.yaml#/components/schemas/Nope': no value at that pointer; send without checking with --no-validate (CallOptions(requestValidation: .off))"),
        (["badPattern", "s=x"], "error: endpoint 'badPattern': the request body's schema cannot be compiled: api.yaml:14:35: '([' is not a regular expression this engine can run (expected custom character class members); send without checking with --no-validate (CallOptions(requestValidation: .off))"),
        (["badParamPattern", "q=aa"], "error: endpoint 'badParamPattern': parameter 'q': its schema cannot be compiled: api.yaml:21:55: 'a{2,1}' is not a regular expression this engine can run (numbers out of order in {} quantifier at character 2); send without checking with --no-validate (CallOptions(requestValidation: .off))"),
        (["badShape", "q=aa"], "error: endpoint 'badShape': parameter 'q': its schema cannot be compiled: api.yaml:28:55: minLength must be a non-negative integer; send without checking with --no-validate (CallOptions(requestValidation: .off))"),
    ])
    func aCallWhoseSchemaCannotBeCompiledIsAnInvalidSpec(items: [String], expected: String) async throws {
        let (deep, folder) = try Self.document(Self.deep, name: "deep.yaml")
        let keywords = try CLI.temporarySpec(Self.keywords, name: "api.yaml")
        let path = items[0] == "deep" ? deep : keywords
        let result = try await CLI.run(["call", path] + items + ["--dry-run"])
        #expect(result.stdout == "")
        #expect(result.stderr.replacingOccurrences(of: folder, with: "").replacingOccurrences(of: (keywords as NSString).deletingLastPathComponent + "/", with: "") == expected + "\n")
        #expect(result.status == 65)
        let unchecked = try await CLI.run(["call", path] + items + ["--dry-run", "--no-validate"])
        #expect(unchecked.status == 0)
    }

    /// A compile error beside an ordinary argument violation: both are said, and the status is 65.
    @Test func aCompileErrorIsNotHiddenBehindAnArgumentViolation() async throws {
        let (path, folder) = try Self.document("""
            openapi: 3.1.0
            info: {title: R, version: "1"}
            servers: [{url: http://127.0.0.1:9/v1}]
            paths:
              /b:
                get:
                  operationId: mix
                  parameters:
                    - {name: q, in: query, schema: {type: string, pattern: '(['}}
                    - {name: n, in: query, required: true, schema: {type: integer, maximum: 1}}
                  responses:
                    "200": {description: ok}
            """, name: "mix.yaml")
        let result = try await CLI.run(["call", path, "mix", "q=a", "n:=5", "--dry-run"])
        #expect(result.stderr.replacingOccurrences(of: folder, with: "") == """
            error: endpoint 'mix': 2 problems with the arguments:
              parameter 'q': its schema cannot be compiled: mix.yaml:9:55: '([' is not a regular expression this engine can run (expected custom character class members)
              parameter 'n': must be at most 1, got 5 (schema at mix.yaml:10:72)
            send without checking with --no-validate (CallOptions(requestValidation: .off))

            """)
        #expect(result.status == 65)
    }

    /// `--validate` against a real server: a response schema that cannot be compiled is an error
    /// naming its place (65), where the body was printed and the call passed (exit 0).
    @Test func validateWithAResponseSchemaThatCannotBeCompiledSaysSo() async throws {
        let (path, folder) = try Self.document("""
            openapi: 3.1.0
            info: {title: R, version: "1"}
            paths:
              /c:
                get:
                  operationId: badResp
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {type: object, required: name}
            """, name: "resp.yaml")
        try await withTestServer(TestHandlers.json(body: #"{"name":"x"}"#)) { server in
            let result = try await CLI.run(["call", path, "badResp", "--base-url", server.baseURL, "--validate"])
            #expect(result.stdout == "")
            #expect(result.stderr.replacingOccurrences(of: folder, with: "") == "error: endpoint 'badResp': the response (200, application/json): its schema cannot be compiled, so it cannot be checked: resp.yaml:12:38: required must be an array of strings; read it unchecked without --validate (CallOptions(responseValidation: .off))\n")
            #expect(result.status == 65)
            let unchecked = try await CLI.run(["call", path, "badResp", "--base-url", server.baseURL])
            #expect(unchecked.stdout == #"{"name":"x"}"# + "\n")
            #expect(unchecked.status == 0)
        }
    }

    /// `--validate` checks a text answer as the string it is, against its text/plain schema.
    @Test func validateChecksATextAnswer() async throws {
        let (path, folder) = try Self.document("""
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /plain:
                get:
                  operationId: plain
                  responses:
                    "200":
                      description: ok
                      content:
                        text/plain:
                          schema: {type: string, maxLength: 3}
            """, name: "txt.yaml")
        try await withTestServer(TestHandlers.text(body: "hello world\n")) { server in
            let result = try await CLI.run(["call", path, "plain", "--base-url", server.baseURL, "--validate"])
            #expect(result.stdout == "hello world\n")
            #expect(result.stderr.replacingOccurrences(of: folder, with: "") == "warning: response: the value must be at most 3 characters long (schema at txt.yaml:12:38)\n")
            #expect(result.status == 1)
        }
        try await withTestServer(TestHandlers.text(body: "hi")) { server in
            let result = try await CLI.run(["call", path, "plain", "--base-url", server.baseURL, "--validate"])
            #expect(result.stderr == "")
            #expect(result.status == 0)
        }
    }
}
