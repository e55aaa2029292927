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

/// `netspec validate --schemas` compiles every schema the operations use: each problem of one that
/// never could be compiled is an error at its place (exit 65), said once however many schemas reach it.
@Suite struct ValidateSchemaCompileErrorTests {
    /// An OpenAPI 3.0 document with one operation whose `where` is `schema`.
    static func document(_ schema: String, where place: String = "parameter") -> String {
        let operation = switch place {
        case "parameter": """
                  parameters:
                    - {name: q, in: query, schema: \(schema)}
                  responses:
                    "200": {description: ok}
            """
        case "body": """
                  requestBody:
                    content:
                      application/json:
                        schema: \(schema)
                  responses:
                    "200": {description: ok}
            """
        default: """
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: \(schema)
            """
        }
        return """
            openapi: 3.0.3
            info: {title: V, version: "1"}
            servers: [{url: http://127.0.0.1:9}]
            paths:
              /a:
                post:
                  operationId: op
            \(operation)
            components:
              schemas:
                Pet: {type: object, properties: {id: {type: integer}}}
            """
    }

    @Test(arguments: [
        ("pattern", document("{type: string, pattern: '(['}"), [
            "api.yaml:9:55: error: endpoint 'op': parameter 'q': its schema cannot be compiled: '([' is not a regular expression this engine can run (expected custom character class members)",
        ]),
        ("ref", document("{type: array, items: {$ref: '#/components/schemas/Nope'}}", where: "response"), [
            "api.yaml:13:45: error: endpoint 'op': the response (200, application/json)'s schema cannot be compiled: cannot resolve 'api.yaml#/components/schemas/Nope': no value at that pointer",
        ]),
        ("uniqueItems", document("{type: array, uniqueItems: \"yes\"}", where: "body"), [
            "api.yaml:11:35: error: endpoint 'op': the request body's schema cannot be compiled: uniqueItems must be a boolean",
        ]),
        ("format", document("{type: string, format: 5}"), [
            "api.yaml:9:55: error: endpoint 'op': parameter 'q': its schema cannot be compiled: format must be a string",
        ]),
    ])
    func eachKindIsAnErrorAtItsPlace(_ kind: String, _ yaml: String, _ expected: [String]) async throws {
        let path = try CLI.temporarySpec(yaml, name: "api.yaml")
        let folder = (path as NSString).deletingLastPathComponent + "/"
        let result = try await CLI.run(["validate", "--schemas", path])
        #expect(result.stdout == "", "\(kind)")
        #expect(result.stderr.replacingOccurrences(of: folder, with: "") == expected.map { $0 + "\n" }.joined(), "\(kind)")
        #expect(result.status == 65, "\(kind)")
    }

    /// Without `--schemas`, validate checks the document's structure and references only (the
    /// check BENCHMARKS.md holds to 2.5× a YAML scan): the same document is `ok`, exit 0.
    @Test func withoutSchemasTheSchemasAreNotCompiled() async throws {
        let path = try CLI.temporarySpec(Self.document("{type: string, pattern: '(['}"), name: "api.yaml")
        let result = try await CLI.run(["validate", path])
        #expect(result.stdout == path + ": ok (1 endpoint)\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// A schema with several problems has each said; a component that two operations (and the
    /// body's field parameters) reach is said once, for the first; a Swagger 2.0 document's too;
    /// the schemas that compile say nothing, and a document whose schemas all compile is `ok`.
    @Test func everyProblemOnceAndTheOthersOk() async throws {
        let path = try CLI.temporarySpec("""
            openapi: 3.0.3
            info: {title: V, version: "1"}
            servers: [{url: http://127.0.0.1:9}]
            paths:
              /a:
                post:
                  operationId: first
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            a: {type: string, pattern: 'a{2,1}'}
                            b: {$ref: '#/components/schemas/Shared'}
                            c: {type: array, minItems: -1}
                  responses:
                    "200": {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Shared'}}}}
              /b:
                get:
                  operationId: second
                  responses:
                    "200": {description: ok, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Shared'}}}}}
              /c:
                get:
                  operationId: fine
                  parameters:
                    - {name: q, in: query, schema: {type: string, pattern: '^[a-z]+$'}}
                  responses:
                    "200": {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Fine'}}}}
            components:
              schemas:
                Shared:
                  type: object
                  required: name
                  properties:
                    next: {$ref: '#/components/schemas/Missing'}
                Fine: {type: object, properties: {id: {type: integer}}}
            """, name: "many.yaml")
        let folder = (path as NSString).deletingLastPathComponent + "/"
        let result = try await CLI.run(["validate", "--schemas", path])
        #expect(result.stdout == "")
        #expect(result.stderr.replacingOccurrences(of: folder, with: "") == """
            many.yaml:14:35: error: endpoint 'first': the request body's schema cannot be compiled: 'a{2,1}' is not a regular expression this engine can run (numbers out of order in {} quantifier at character 2)
            many.yaml:16:34: error: endpoint 'first': the request body's schema cannot be compiled: minItems must be a non-negative integer
            many.yaml:35:7: error: endpoint 'first': the request body's schema cannot be compiled: required must be an array of strings
            many.yaml:37:16: error: endpoint 'first': the request body's schema cannot be compiled: cannot resolve 'many.yaml#/components/schemas/Missing': no value at that pointer

            """)
        #expect(result.status == 65)
    }

    @Test func aSwaggerDocumentsSchemasToo() async throws {
        let path = try CLI.temporarySpec("""
            swagger: "2.0"
            info: {title: S, version: "1"}
            host: 127.0.0.1:9
            paths:
              /a:
                get:
                  operationId: list
                  parameters:
                    - {name: q, in: query, type: string, pattern: '(['}
                  responses:
                    "200": {description: ok, schema: {type: array, items: {type: string, minLength: "x"}}}
            """, name: "swagger.yaml")
        let folder = (path as NSString).deletingLastPathComponent + "/"
        let result = try await CLI.run(["validate", "--schemas", path])
        #expect(result.stderr.replacingOccurrences(of: folder, with: "") == """
            swagger.yaml:9:46: error: endpoint 'list': parameter 'q': its schema cannot be compiled: '([' is not a regular expression this engine can run (expected custom character class members)
            swagger.yaml:11:78: error: endpoint 'list': the response (200, application/json)'s schema cannot be compiled: minLength must be a non-negative integer

            """)
        #expect(result.status == 65)
        let fine = try CLI.temporarySpec(ValidateSchemaCompileErrorTests.document("{type: string, pattern: '^a+$'}"), name: "fine.yaml")
        let ok = try await CLI.run(["validate", "--schemas", fine])
        #expect(ok.stdout == fine + ": ok (1 endpoint)\n")
        #expect(ok.stderr == "")
        #expect(ok.status == 0)
    }

    /// The example of docs/cli.md's `netspec validate` section, as it is printed there.
    @Test func theDocumentedExample() async throws {
        let path = try CLI.temporarySpec("""
            openapi: 3.0.3
            info: {title: Pets, version: "1"}
            servers: [{url: https://pets.example.com}]
            paths:
              /pets:
                get:
                  operationId: search
                  parameters:
                    - {name: q, in: query, schema: {type: string, pattern: '(['}}
                  responses:
                    "200": {description: ok}
              /pets/{id}:
                get:
                  operationId: getPet
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: integer}}
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {type: array, items: {$ref: '#/components/schemas/Nope'}}
            """, name: "api.yaml")
        let folder = (path as NSString).deletingLastPathComponent + "/"
        let result = try await CLI.run(["validate", "--schemas", path])
        #expect(result.stdout == "")
        #expect(result.stderr.replacingOccurrences(of: folder, with: "") == """
            api.yaml:9:55: error: endpoint 'search': parameter 'q': its schema cannot be compiled: '([' is not a regular expression this engine can run (expected custom character class members)
            api.yaml:22:45: error: endpoint 'getPet': the response (200, application/json)'s schema cannot be compiled: cannot resolve 'api.yaml#/components/schemas/Nope': no value at that pointer

            """)
        #expect(result.status == 65)
    }

    /// The repository's excerpt of Jupyter Server's document leaves out the `KernelSpecFile`
    /// definition its `KernelSpec` refers to (the mock's tests use it as a response schema that
    /// cannot be compiled, ResponseSchemaGenerationTests): validate says so, where the `$ref` is.
    /// The whole document (Fixtures/real) has it and validates (SchemaCompileRealDocumentTests).
    @Test func theJupyterExcerptLacksKernelSpecFile() async throws {
        let folder = "Tests/NetspecTests/Fixtures/swagger/"
        let result = try await CLI.run(["validate", "--schemas", folder + "jupyter-api.yaml"])
        #expect(result.stdout == "")
        #expect(result.stderr.replacingOccurrences(of: CLI.root + "/", with: "") == """
            \(folder)jupyter-api.yaml:497:9: error: endpoint 'getApiKernelspecs': the response (200, application/json)'s schema cannot be compiled: cannot resolve '\(folder)jupyter-api.yaml#/definitions/KernelSpecFile': no value at that pointer

            """)
        #expect(result.status == 65)
    }
}
