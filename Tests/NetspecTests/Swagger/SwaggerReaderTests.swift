import Foundation
import Testing

import Netspec
import NetspecModel
import NetspecTestSupport

/// Swagger 2.0 documents read straight into endpoints: the base URL from `host`, `basePath` and
/// `schemes`, every `collectionFormat`, forms, multipart with files, bodies, security definitions,
/// `$ref`s into `definitions`/`parameters`/`responses`, examples as mocks, and problems at
/// file:line:column.
@Suite struct SwaggerReaderTests {
    static let jupyter = TestPaths.root + "/Tests/NetspecTests/Fixtures/swagger/jupyter-api.yaml"

    /// A small document covering what the reader reads.
    static let document = """
        swagger: "2.0"
        info: { title: Shop, version: "1" }
        host: shop.example.com:8443
        basePath: /v2/
        schemes: [http, https]
        consumes: [application/json]
        produces: [application/json]
        securityDefinitions:
          basicAuth: { type: basic }
          api_key: { type: apiKey, in: header, name: X-API-Key }
          oauth: { type: oauth2, flow: implicit, authorizationUrl: "https://example.com/auth", scopes: {} }
        parameters:
          limit: { name: limit, in: query, type: integer, default: 20 }
        responses:
          NotFound: { description: none, examples: { application/json: { error: not found } } }
        definitions:
          Pet:
            type: object
            required: [name]
            properties:
              name: { type: string }
              tag: { type: string, enum: [dog, cat] }
        paths:
          /pets:
            get:
              operationId: listPets
              parameters:
                - $ref: "#/parameters/limit"
                - { name: csv, in: query, type: array, items: { type: string } }
                - { name: ssv, in: query, type: array, items: { type: string }, collectionFormat: ssv }
                - { name: tsv, in: query, type: array, items: { type: string }, collectionFormat: tsv }
                - { name: pipes, in: query, type: array, items: { type: string }, collectionFormat: pipes }
                - { name: multi, in: query, type: array, items: { type: integer }, collectionFormat: multi }
                - { name: X-Trace, in: header, type: array, items: { type: string } }
              responses:
                200:
                  description: pets
                  schema: { type: array, items: { $ref: "#/definitions/Pet" } }
                  examples: { application/json: [{ name: Rex }] }
                404: { $ref: "#/responses/NotFound" }
            post:
              operationId: createPet
              security: [{ api_key: [] }]
              parameters:
                - { name: pet, in: body, required: true, schema: { $ref: "#/definitions/Pet" } }
              responses: { 201: { description: created } }
          /pets/{pet-id}:
            parameters:
              - { name: pet-id, in: path, required: true, type: integer }
            put:
              operationId: replacePet
              security: [{ oauth: [] }]
              parameters:
                - { name: pet, in: body, schema: { type: array, items: { type: string } } }
              responses: { 200: { description: ok } }
            patch:
              operationId: renamePet
              security: [{ basicAuth: [] }]
              consumes: [application/x-www-form-urlencoded]
              parameters:
                - { name: name, in: formData, type: string, required: true }
                - { name: tags, in: formData, type: array, items: { type: string }, collectionFormat: pipes }
              responses: { 200: { description: ok } }
          /pets/{pet-id}/photo:
            post:
              operationId: uploadPhoto
              consumes: [multipart/form-data]
              parameters:
                - { name: pet-id, in: path, required: true, type: integer }
                - { name: file, in: formData, type: file, required: true }
                - { name: caption, in: formData, type: string }
              responses: { 200: { description: ok } }
          /pets/{pet-id}/notes:
            put:
              operationId: putNotes
              consumes: [text/plain]
              parameters:
                - { name: pet-id, in: path, required: true, type: integer }
                - { name: notes, in: body, required: true, schema: { type: string } }
              produces: [text/event-stream]
              responses: { 200: { description: events } }
        """

    static func api(_ yaml: String = document, variables: [String: String] = [:]) throws -> Service {
        Service(spec: try Spec(yaml: yaml, file: "shop.yaml"), provider: Provider(variables: variables, options: .init(usesEnvironment: false)))
    }

    @Test func operationsBecomeEndpoints() throws {
        let spec = try Spec(yaml: Self.document, file: "shop.yaml")
        #expect(spec.service == "Shop")
        #expect(spec.baseURL?.text == "https://shop.example.com:8443/v2")
        #expect(spec.warnings.map(\.description) == [])
        #expect(spec.endpoints.map { "\($0.name) \($0.method.rawValue) \($0.path) \($0.encoding)" } == [
            "listPets GET /pets json",
            "createPet POST /pets json",
            "replacePet PUT /pets/{petId} json",
            "renamePet PATCH /pets/{petId} form",
            "uploadPhoto POST /pets/{petId}/photo multipart",
            "putNotes PUT /pets/{petId}/notes json",
        ])
        #expect(spec.endpoint(named: "listPets")?.parameters.map { "\($0.name)|\($0.location)|\($0.type)" } == [
            "limit|query|Int?", "csv|query|[String]?", "ssv|query|[String]?", "tsv|query|[String]?", "pipes|query|[String]?",
            "multi|query|[Int]?", "X-Trace|header|[String]?",
        ])
        #expect(spec.endpoint(named: "createPet")?.parameters.map { "\($0.name)|\($0.location)|\($0.type)|\($0.allowedValues ?? [])" } == [
            "name|field|String|[]", #"tag|field|String?|["dog", "cat"]"#,
        ])
        #expect(spec.endpoint(named: "uploadPhoto")?.parameters.map { "\($0.name)|\($0.alias ?? "-")|\($0.location)|\($0.type)" } == [
            "pet-id|petId|path|Int", "file|-|part|Data", "caption|-|part|String?",
        ])
        #expect(spec.endpoint(named: "putNotes")?.stream == .sse)
        #expect(spec.endpoint(named: "listPets")?.auth == nil)
        #expect(spec.endpoint(named: "createPet")?.auth?.scheme == .apiKey(location: .header, name: "X-API-Key", value: try Template(parsing: "${API_KEY}")))
        #expect(spec.endpoint(named: "replacePet")?.auth?.scheme == .bearer(token: try Template(parsing: "${OAUTH}")))
        #expect(spec.endpoint(named: "renamePet")?.auth?.scheme
            == .basic(user: try Template(parsing: "${BASIC_AUTH_USER}"), password: try Template(parsing: "${BASIC_AUTH_PASSWORD}")))
    }

    /// Each collectionFormat, a header array, a body object, a whole body, a form and raw text;
    /// `limit`'s default (20) is the server's, sent only when given.
    static let requests: [(String, [String: Argument], String, String)] = [
        ("listPets", ["csv": ["a", "b"]], "https://shop.example.com:8443/v2/pets?csv=a,b", ""),
        ("listPets", ["ssv": ["a", "b"]], "https://shop.example.com:8443/v2/pets?ssv=a%20b", ""),
        ("listPets", ["tsv": ["a", "b"]], "https://shop.example.com:8443/v2/pets?tsv=a%09b", ""),
        ("listPets", ["pipes": ["a", "b"]], "https://shop.example.com:8443/v2/pets?pipes=a%7Cb", ""),
        ("listPets", ["multi": [1, 2], "limit": 5], "https://shop.example.com:8443/v2/pets?limit=5&multi=1&multi=2", ""),
        ("createPet", ["name": "Rex", "tag": "dog"], "https://shop.example.com:8443/v2/pets", #"{"name":"Rex","tag":"dog"}"#),
        ("replacePet", ["petId": 3, "_": ["a", "b"]], "https://shop.example.com:8443/v2/pets/3", #"["a","b"]"#),
        ("renamePet", ["pet-id": 3, "name": "Max", "tags": ["x", "y"]], "https://shop.example.com:8443/v2/pets/3", "name=Max&tags=x%7Cy"),
        ("putNotes", ["petId": 3, "_": "good dog"], "https://shop.example.com:8443/v2/pets/3/notes", "good dog"),
    ]

    @Test(arguments: requests)
    func requestsGoWhereTheDocumentSays(endpoint: String, arguments: [String: Argument], url: String, body: String) throws {
        let variables = ["API_KEY": "k", "OAUTH": "t", "BASIC_AUTH_USER": "u", "BASIC_AUTH_PASSWORD": "p"]
        let request = try Self.api(variables: variables).prepare(endpoint, arguments)
        #expect(request.url == url)
        #expect(request.body == (body.isEmpty ? .empty : .bytes(Array(body.utf8))))
    }

    @Test func headersCredentialsAndParts() throws {
        let api = try Self.api(variables: ["API_KEY": "k", "BASIC_AUTH_USER": "u", "BASIC_AUTH_PASSWORD": "p"])
        #expect(try api.prepare("listPets", ["X-Trace": ["a", "b"]]).headerFields[.init("X-Trace")!] == "a,b")
        #expect(try api.prepare("putNotes", ["petId": 1, "_": "x"]).headerFields[.contentType] == "text/plain")
        #expect(try api.prepare("renamePet", ["petId": 1, "name": "n"]).headerFields[.contentType] == "application/x-www-form-urlencoded")
        let upload = try api.prepare("uploadPhoto", ["petId": 1, "file": .data(Data([1, 2])), "caption": "c"])
        guard case let .multipart(body) = upload.body else { Issue.record("not multipart: \(upload.body)"); return }
        #expect(body.parts.map(\.name) == ["file", "caption"])
    }

    /// Swagger's `x-nullable: true` (OpenAPI 3.0's `nullable`) lets a required field be `null`:
    /// it was refused as "nil given, but the parameter is not optional" (Docker's document has 223).
    @Test func xNullableLetsARequiredFieldBeNull() throws {
        let document = """
            swagger: "2.0"
            info: {title: S, version: "1"}
            host: s.example.com
            paths:
              /a:
                post:
                  operationId: a
                  consumes: [application/json]
                  parameters:
                    - in: body
                      name: body
                      schema:
                        type: object
                        required: [n, m]
                        properties:
                          n: {type: string, x-nullable: true, maxLength: 2}
                          m: {type: string}
                  responses: {"200": {description: ok}}
            """
        let api = Service(spec: try Spec(yaml: document), provider: Provider(options: .init(usesEnvironment: false)))
        let request = try api.prepare("a", ["n": .value(.null), "m": "x"])
        #expect(request.body == .bytes(Array(#"{"n":null,"m":"x"}"#.utf8)))
        let error = #expect(throws: CallError.self) { try api.prepare("a", ["n": "x", "m": .value(.null)]) }
        #expect(error?.description.contains("parameter 'm'") == true)
    }

    @Test func examplesAreMocks() async throws {
        let api = Service(spec: try Spec(yaml: Self.document), provider: Provider(options: .init(mocks: .enabled, usesEnvironment: false)))
        let spec = api.spec
        #expect(spec.endpoint(named: "listPets")?.mock.map { String(decoding: $0.body, as: UTF8.self) } == #"[{"name":"Rex"}]"#)
        #expect(spec.endpoint(named: "listPets")?.mocks.dropFirst().map { "\($0.status) \(String(decoding: $0.body, as: UTF8.self))" } == [#"404 {"error":"not found"}"#])
        #expect(try await api.call("listPets").value == [["name": "Rex"]])
    }

    @Test(arguments: [
        ("swagger: \"3.0\"\npaths: {}\n", "<spec>:1:10: error: unsupported Swagger version '3.0' (this Netspec reads 2.0)"),
        ("swagger: \"2.0\"\ninfo: {title: t, version: \"1\"}\npaths: 7\n", "<spec>:3:8: error: 'paths' must be a mapping of paths to path items, found a scalar"),
        ("swagger: \"2.0\"\nparameters:\n  a: { name: a, in: query, type: integer }\npaths:\n  /a:\n    get:\n      parameters:\n        - $ref: '#/parameters/b'\n      responses: {}\n",
         "<spec>:8:17: error: '$ref: #/parameters/b' points to nothing in this document"),
        ("swagger: \"2.0\"\npaths:\n  /a:\n    post:\n      parameters:\n        - { name: a, in: body, schema: {} }\n        - { name: b, in: formData, type: string }\n      responses: {}\n",
         "<spec>:7:11: error: operation 'postA': parameter 'b': 'in: formData' and 'in: body' ('a') cannot be used together"),
        ("swagger: \"2.0\"\npaths:\n  /a:\n    get:\n      parameters:\n        - { name: a, in: query, type: array, items: { type: string }, collectionFormat: commas }\n      responses: {}\n",
         "<spec>:6:89: error: operation 'getA': parameter 'a': collectionFormat 'commas' is not one of csv, ssv, tsv, pipes and multi"),
        ("swagger: \"2.0\"\npaths:\n  /a:\n    get:\n      parameters:\n        - { name: a, in: cookie, type: string }\n      responses: {}\n",
         "<spec>:6:26: error: operation 'getA': parameter 'a': 'in: cookie' is not a Swagger 2.0 location (path, query, header, formData or body)"),
        ("swagger: \"2.0\"\nsecurityDefinitions:\n  k: { type: apiKey, in: cookie, name: k }\npaths: {}\n",
         "<spec>:3:3: error: security definition 'k': an apiKey is 'in: header' or 'in: query', not 'cookie'"),
        ("swagger: \"2.0\"\npaths:\n  /a:\n    get:\n      parameters:\n        - { name: f, in: query, type: file }\n      responses: {}\n",
         "<spec>:6:39: error: operation 'getA': parameter 'f': 'type: file' is allowed only 'in: formData'"),
    ])
    func problemsArePositioned(document: String, message: String) {
        let error = #expect(throws: SpecError.self) { try Spec(yaml: document) }
        #expect(error?.description == message)
    }

    @Test func whatIsNotReadIsAWarning() throws {
        let spec = try Spec(yaml: """
            swagger: "2.0"
            protocol: https
            paths:
              /a:
                trace: { responses: {} }
                get:
                  parameters:
                    - { name: ids, in: path, required: true, type: array, items: { type: string }, collectionFormat: pipes }
                  responses: {}
                post:
                  deprecated: false
                  summary: s
                  requestBody: {}
                  parameters:
                    - { name: tags, in: header, type: array, items: { type: string }, collectionFormat: ssv }
                  responses: {}
            """)
        #expect(spec.warnings.map(\.description) == [
            "<spec>:2:1: warning: 'protocol' is not a Swagger 2.0 key; it is not read",
            "<spec>:5:5: warning: path '/a': 'trace' is not a Swagger 2.0 key; it is not read",
            "<spec>:8:106: warning: operation 'getA': parameter 'ids': collectionFormat 'pipes' is not supported in the path yet; the operation is left out",
            "<spec>:13:7: warning: operation 'postA': 'requestBody' is not a Swagger 2.0 key; it is not read",
            "<spec>:15:93: warning: operation 'postA': parameter 'tags': collectionFormat 'ssv' is not supported in the header yet; it is not sent",
        ])
        #expect(spec.endpoints.map(\.name) == ["postA"])
    }

    /// No host: the base path is relative. A base URL given with only an origin takes the
    /// document's path; one with a path replaces it (`BaseURLSource`'s rule).
    @Test(arguments: [
        ("basePath: /api/v1\n", "http://host:8080", "http://host:8080/api/v1/a"),
        ("basePath: /api/v1\n", "http://host:8080/other/", "http://host:8080/other/a"),
        ("", "http://host:8080/x", "http://host:8080/x/a"),
        ("host: example.com\nbasePath: /api\n", "http://host:8080/x", "http://host:8080/x/a"),
        ("host: example.com\nbasePath: /api\n", "http://host:8080", "http://host:8080/api/a"),
    ])
    func aRelativeBasePathIsResolvedAgainstTheBaseURL(header: String, baseURL: String, url: String) throws {
        let spec = try Spec(yaml: "swagger: \"2.0\"\n" + header + "paths:\n  /a:\n    get: { operationId: a, responses: {} }\n")
        let api = Service(spec: spec, provider: Provider(baseURL: baseURL, options: .init(usesEnvironment: false)))
        #expect(try api.prepare("a").url == url)
        let local = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        #expect(try local.prepare("a", options: CallOptions(baseURL: baseURL)).url == url)
    }

    @Test func jupyterServersDocumentLoads() throws {
        let spec = try Spec.load(path: Self.jupyter)
        #expect(spec.service == "Jupyter Server API")
        #expect(spec.warnings.map(\.description) == [])
        #expect(spec.endpoints.map { "\($0.name) \($0.method.rawValue) \($0.path)" } == [
            "getApi GET /api/",
            "getApiContentsByPath GET /api/contents/{path}",
            "putApiContentsByPath PUT /api/contents/{path}",
            "deleteApiContentsByPath DELETE /api/contents/{path}",
            "getApiSessions GET /api/sessions",
            "postApiSessions POST /api/sessions",
            "getApiKernels GET /api/kernels",
            "postApiKernels POST /api/kernels",
            "getApiKernelsByKernelId GET /api/kernels/{kernel_id}",
            "deleteApiKernelsByKernelId DELETE /api/kernels/{kernel_id}",
            "getApiKernelspecs GET /api/kernelspecs",
            "getApiConfigBySectionName GET /api/config/{section_name}",
            "patchApiConfigBySectionName PATCH /api/config/{section_name}",
            "getApiMe GET /api/me",
            "getApiStatus GET /api/status",
        ])
        #expect(spec.endpoint(named: "putApiContentsByPath")?.parameters.map { "\($0.name)|\($0.location)|\($0.type)" } == [
            "path|path|String", "name|field|String?", "pathField|field|String?", "type|field|String?", "format|field|String?", "content|field|String?",
        ])
        #expect(spec.endpoint(named: "getApiContentsByPath")?.parameters.first { $0.name == "type" }?.allowedValues == ["file", "directory"])
        #expect(spec.endpoint(named: "getApiMe")?.mock.map { try? JSONValue(parsing: $0.body) }??["identity"]?["username"] == "minrk")
    }

    /// The whole document in the jupyter_server wheel, when the peers' venv has it.
    @Test(.enabled(if: JupyterPeer.document != nil, "needs jupyter_server in the peers venv (Tests/Peers/setup.sh)"))
    func theWholeJupyterDocumentLoads() throws {
        let spec = try Spec.load(path: try #require(JupyterPeer.document))
        #expect(spec.warnings.map(\.description) == [])
        #expect(spec.endpoints.count == 31)
    }
}
