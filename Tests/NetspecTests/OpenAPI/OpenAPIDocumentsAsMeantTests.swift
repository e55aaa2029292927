import Foundation
import NetspecMCP
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// Real documents as their authors mean them (issue 31): operations given as `$ref`s
/// (DigitalOcean), unknown keys as warnings, operations that cannot be called as errors, values
/// that may be null (Airflow 3, OpenAI), read-only properties, and the document's words.
@Suite struct OpenAPIDocumentsAsMeantTests {
    /// An excerpt of DigitalOcean's document: each operation is `{$ref: 'resources/…yml'}`.
    static let digitalOcean = TestPaths.root + "/Tests/NetspecTests/Fixtures/digitalocean/DigitalOcean-public.v2.yaml"

    static func service(_ spec: Spec) -> Service {
        Service(spec: spec, provider: Provider(variables: ["BEARER_AUTH": "t"], options: .init(usesEnvironment: false)))
    }

    @Test func operationsGivenAsReferencesAreReadFromTheirFiles() async throws {
        let spec = try Spec.load(path: Self.digitalOcean)
        #expect(spec.warnings.map(\.description) == [])
        #expect(spec.endpoints.map { "\($0.name) \($0.method.rawValue) \($0.path)" } == [
            "sshKeys_list GET /v2/account/keys", "sshKeys_create POST /v2/account/keys", "sshKeys_get GET /v2/account/keys/{ssh_key_identifier}",
        ])
        let create = try #require(spec.endpoint(named: "sshKeys_create"))
        // `id` and `fingerprint` are `readOnly`: the server's to send, not parameters.
        #expect(create.parameters.map { "\($0.name)|\($0.location)|\($0.type)" } == ["public_key|field|String", "name|field|String"])
        #expect(create.summary == "Create a New SSH Key")
        #expect(create.details?.hasPrefix("To add a new SSH public key to your DigitalOcean account, send a POST request to `/v2/account/keys`.") == true)
        #expect(create.tags == ["SSH Keys"])
        #expect(create.parameter(named: "name")?.summary
            == "A human-readable display name for this key, used to easily identify the SSH keys when they are displayed.")
        #expect(spec.endpoint(named: "sshKeys_list")?.parameters.map { "\($0.name)|\($0.location)|\($0.type)" } == ["per_page|query|Int?", "page|query|Int?"])

        let api = Self.service(spec)
        let request = try api.prepare("sshKeys_create", ["name": "laptop", "public_key": "ssh-rsa AAAA"])
        #expect(request.url == "https://api.digitalocean.com/v2/account/keys")
        #expect(request.body == .bytes(Array(#"{"public_key":"ssh-rsa AAAA","name":"laptop"}"#.utf8)))
        #expect(try api.preview("sshKeys_create", ["name": "k", "public_key": "p"], showingSecrets: true).request.headerFields[.authorization] == "Bearer t")
        #expect(try api.prepare("sshKeys_get", ["ssh_key_identifier": 512189]).url == "https://api.digitalocean.com/v2/account/keys/512189")
        // Reading only the operation a call needs gives the same endpoint.
        #expect(try Spec.load(path: Self.digitalOcean, only: "sshKeys_create").endpoint(named: "sshKeys_create") == create)
    }

    /// A file an operation refers to is read relative to the referring file, and its own
    /// relative references relative to itself; its warnings are given in it.
    @Test func aReferencedOperationsWarningsAreInItsOwnFile() async throws {
        let directory = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/ops", withIntermediateDirectories: true)
        try directory.write(Array("""
            operationId: getThing
            summary: Gets a thing.
            parameters: [{ $ref: 'params.yaml#/Id' }]
            respones: {}

            """.utf8), to: "ops/get.yaml")
        try directory.write(Array("Id: { name: id, in: query, schema: { type: integer }, requred: true }\n".utf8), to: "ops/params.yaml")
        let main = try directory.write(Array("""
            openapi: 3.0.3
            servers: [{ url: "https://example.com" }]
            paths:
              /things:
                get: { $ref: 'ops/get.yaml' }

            """.utf8), to: "main.yaml")
        let spec = try Spec.load(path: main)
        #expect(spec.endpoint(named: "getThing")?.parameters.map { "\($0.name)|\($0.type)" } == ["id|Int?"])
        #expect(spec.warnings.map(\.description) == [
            "\(directory.path)/ops/params.yaml:1:55: warning: operation 'getThing': 'requred' is not a key of a Parameter, so it is not read (did you mean 'required'?)",
            "\(directory.path)/ops/get.yaml:4:1: warning: operation 'getThing': 'respones' is not a key of an Operation, so it is not read (did you mean 'responses'?)",
        ])
    }

    @Test(arguments: [
        // Unknown keys of every object read, at the key; `x-` keys are the author's own.
        ("openapi: 3.0.3\ninfo: { title: T, version: '1', x-logo: a, summry: s }\npaths: {}\nwebhook: {}\n", [
            "<spec>:2:44: warning: 'summry' is not a key of an Info object, so it is not read (did you mean 'summary'?)",
            "<spec>:4:1: warning: 'webhook' is not a key of an OpenAPI document, so it is not read (did you mean 'webhooks'?)",
        ]),
        ("openapi: 3.0.3\npaths:\n  /a:\n    summary: A\n    gett: {}\n    get:\n      operationId: a\n      requestBody: { content: { application/json: { schema: { type: object }, exampel: 1 } } }\n      responses: { '2XX': { description: ok, contnt: {} }, oops: {} }\n", [
            "<spec>:5:5: warning: path '/a': 'gett' is not a key of a Path Item, so it is not read (did you mean 'get'?)",
            "<spec>:8:79: warning: operation 'a': 'exampel' is not a key of a Media Type object, so it is not read (did you mean 'example' or 'examples'?)",
            "<spec>:9:46: warning: operation 'a': 'contnt' is not a key of a Response, so it is not read (did you mean 'content'?)",
            "<spec>:9:60: warning: operation 'a': 'oops' is not a key of a Responses object, so it is not read",
        ]),
        // Tags, contact, OAuth flows, response headers and examples too.
        ("openapi: 3.0.3\ninfo: { title: T, version: '1', contact: { mail: a } }\ntags: [{ name: t, descripton: d }]\ncomponents: { securitySchemes: { o: { type: oauth2, flows: { implicit: { authorizationUrl: u, scopes: {}, tokenURL: t } } } } }\npaths:\n  /a:\n    get:\n      operationId: a\n      responses: { '200': { description: ok, headers: { X-A: { schema: { type: string }, requird: true } }, content: { application/json: { examples: { e: { value: 1, sumary: s } } } } } }\n", [
            "<spec>:2:44: warning: 'mail' is not a key of a Contact object, so it is not read (did you mean 'email'?)",
            "<spec>:3:19: warning: 'descripton' is not a key of a Tag, so it is not read (did you mean 'description'?)",
            "<spec>:4:107: warning: 'o': 'tokenURL' is not a key of an OAuth Flow object, so it is not read (did you mean 'tokenUrl'?)",
            "<spec>:9:90: warning: operation 'a': 'requird' is not a key of a Header, so it is not read (did you mean 'required'?)",
            "<spec>:9:167: warning: operation 'a': 'sumary' is not a key of an Example, so it is not read (did you mean 'summary'?)",
        ]),
        // "Cannot be called" only where an operation is.
        ("openapi: 3.0.3\ncomponents: { securitySchemes: { s: { type: http, scheme: digest } } }\nsecurity: [{ s: [] }]\npaths:\n  /a:\n    get: { operationId: a, security: [] }\n  /b:\n    get: { operationId: b }\n", [
            "<spec>:2:34: warning: security scheme 's': 'http' (digest) is not supported yet",
            "<spec>:3:11: warning: the document's 'security': none of the security schemes it accepts is supported",
            "<spec>:8:5: warning: operation 'b': the document's security schemes are not supported; it cannot be called (a mock still answers it)",
        ]),
    ])
    func unknownKeysAreWarnedAboutWhereTheyAre(document: String, warnings: [String]) throws {
        #expect(try Spec(yaml: document).warnings.map(\.description) == warnings)
    }

    @Test(arguments: [
        ("openapi: 3.0.3\npaths:\n  /a:\n    get: {}\n", "<spec>:4:10: error: GET /a: an operation must be a mapping with its 'responses', found an empty mapping, so it cannot be called"),
        ("openapi: 3.0.3\npaths:\n  /a:\n    post: 3\n", "<spec>:4:11: error: POST /a: an operation must be a mapping with its 'responses', found the number 3, so it cannot be called"),
        ("openapi: 3.0.3\npaths: [/a]\n", "<spec>:2:8: error: 'paths' must be a mapping of paths to path items, found a sequence"),
        ("openapi: 3.0.3\npaths:\n  /a:\n    post: { $ref: '#/components/x' }\n", "<spec>:4:19: error: '$ref: #/components/x' points to nothing in this document"),
        ("openapi: 3.0.3\npaths:\n  /a:\n    post:\n      operationId: a\n      requestBody: { required: true }\n",
         "<spec>:6:20: error: operation 'a': the request body is required but has no 'content', so the operation cannot be called"),
    ])
    func anOperationThatCannotBeCalledIsAnError(document: String, message: String) {
        let error = #expect(throws: SpecError.self) { try Spec(yaml: document) }
        #expect(error?.description == message)
    }

    /// OpenAPI 3.1 made an operation's `responses` optional: `get: {}` is an operation (3.0 keeps
    /// its error above), called like any other, answering whatever the server answers.
    @Test func anOpenAPI31OperationWithoutResponsesLoads() throws {
        let spec = try Spec(yaml: "openapi: 3.1.0\nservers: [{ url: 'https://x.example.com' }]\npaths:\n  /a:\n    get: {}\n  /b:\n    post: { operationId: makeB }\n")
        #expect(spec.endpoints.map { "\($0.name) \($0.method) \($0.path)" } == ["getA GET /a", "makeB POST /b"])
        #expect(spec.warnings == [])
        let request = try Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false))).prepare("getA")
        #expect(request.url == "https://x.example.com/a")
        let error = #expect(throws: SpecError.self) { try Spec(yaml: "openapi: 3.1.0\npaths:\n  /a:\n    post: 3\n") }
        #expect(error?.description == "<spec>:4:11: error: POST /a: an operation must be a mapping, found the number 3, so it cannot be called")
    }

    // MARK: - Null

    /// Airflow 3's `logical_date` (`anyOf: [string, null]`, required), OpenAI's `service_tier`
    /// (an enum in an `anyOf` with null), 3.1's `type: [X, "null"]`.
    static let nullable = """
        openapi: 3.1.0
        servers: [{ url: "https://example.com" }]
        paths:
          /dags/{dag_id}/dagRuns:
            post:
              operationId: trigger
              parameters:
                - { name: dag_id, in: path, required: true, schema: { type: string } }
                - { name: since, in: query, schema: { type: [string, "null"] } }
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [logical_date, conf]
                      properties:
                        dag_id: { type: string, readOnly: true }
                        logical_date: { anyOf: [{ type: string, format: date-time }, { type: "null" }], title: Logical Date }
                        conf: { type: object }
                        note: { type: [string, "null"], description: A note. }
                        service_tier: { $ref: "#/components/schemas/ServiceTier" }
        components:
          schemas:
            ServiceTier:
              anyOf:
                - { type: string, description: The processing type., enum: [auto, default, flex], default: auto }
                - { type: "null" }
        """

    @Test func aSchemaThatAdmitsNullTakesNull() async throws {
        let spec = try Spec(yaml: Self.nullable, file: "nullable.yaml")
        #expect(spec.warnings.isEmpty)
        let endpoint = try #require(spec.endpoint(named: "trigger"))
        #expect(endpoint.parameters.map { "\($0.name)|\($0.location)|\($0.type)|\($0.isNullable)" } == [
            "dag_id|path|String|false", "since|query|String?|true", "logical_date|field|String|true", "conf|field|JSON|false",
            "note|field|String?|true", "service_tier|field|String?|true",
        ])
        // The non-null branch keeps its enum and description.
        #expect(endpoint.parameter(named: "service_tier")?.allowedValues == ["auto", "default", "flex"])
        #expect(endpoint.parameter(named: "service_tier")?.summary == "The processing type.")
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let request = try api.prepare("trigger", ["dag_id": "d", "logical_date": .null, "conf": [:], "note": nil, "service_tier": .null, "since": .null])
        #expect(request.url == "https://example.com/dags/d/dagRuns")
        #expect(request.body == .bytes(Array(#"{"logical_date":null,"conf":{},"note":null,"service_tier":null}"#.utf8)))
        let flex = try await api.trigger.prepare(dag_id: "d", logical_date: "2026-01-01T00:00:00Z", conf: ["a": 1], service_tier: "flex")
        #expect(flex.body == .bytes(Array(#"{"logical_date":"2026-01-01T00:00:00Z","conf":{"a":1},"service_tier":"flex"}"#.utf8)))
        for (arguments, message) in [
            (["dag_id": "d", "logical_date": .null, "conf": [:], "service_tier": "bogus"],
             #"endpoint 'trigger': parameter 'service_tier': "bogus" is not one of "auto", "default", "flex""#),
            (["dag_id": "d", "conf": [:]], "endpoint 'trigger': parameter 'logical_date': missing required argument (string)"),
            (["dag_id": .null, "logical_date": .null, "conf": [:]], "endpoint 'trigger': parameter 'dag_id': nil given, but the parameter is not optional (string)"),
        ] as [([String: Argument], String)] {
            let error = #expect(throws: CallError.self) { try api.prepare("trigger", arguments) }
            #expect(error?.description == message)
        }
        // The mock server's check is the client's.
        #expect(api.argumentProblems(endpoint, ["dag_id": "d", "logical_date": .null, "conf": [:], "service_tier": "bogus"]).map(\.description) == [
            #"endpoint 'trigger': parameter 'service_tier': "bogus" is not one of "auto", "default", "flex""#,
        ])
    }

    @Test func nullableIn30IsNullToo() async throws {
        let spec = try Spec(yaml: """
            openapi: 3.0.3
            servers: [{ url: "https://example.com" }]
            paths:
              /runs:
                patch:
                  operationId: patchRun
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          required: [note]
                          properties:
                            note: { type: string, nullable: true, enum: [a, b] }
                            id: { type: string, readOnly: true }
                            secret: { type: string, writeOnly: true }
            """, file: "nullable30.yaml")
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        #expect(spec.endpoint(named: "patchRun")?.parameters.map { "\($0.name)|\($0.type)|\($0.isNullable)" } == ["note|String|true", "secret|String?|false"])
        #expect(try api.prepare("patchRun", ["note": .null]).body == .bytes(Array(#"{"note":null}"#.utf8)))
        let error = #expect(throws: CallError.self) { try api.prepare("patchRun", ["note": "c"]) }
        #expect(error?.description == #"endpoint 'patchRun': parameter 'note': "c" is not one of "a", "b""#)
    }

    @Test func theMCPSchemaAdmitsNullAndKeepsTheEnum() async throws {
        let server = MCPServer(service: Service(spec: try Spec(yaml: Self.nullable, file: "nullable.yaml"), provider: Provider(options: .init(usesEnvironment: false))))
        let line = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#))
        // The document's own schemas, a shared one under `$defs`.
        let input = try JSONValue(parsing: Array(line.utf8)).value(at: "result.tools.0.inputSchema")
        let properties = input?["properties"]
        #expect(properties?["service_tier"] == ["$ref": "#/$defs/ServiceTier", "description": "The processing type."])
        #expect(input?["$defs"] == ["ServiceTier": ["anyOf": [
            ["type": "string", "description": "The processing type.", "enum": ["auto", "default", "flex"], "default": "auto"], ["type": "null"],
        ]]])
        #expect(properties?["logical_date"] == ["anyOf": [["type": "string", "format": "date-time"], ["type": "null"]], "title": "Logical Date"])
        let call = try #require(await server.respond(
            to: #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"trigger","arguments":{"dag_id":"d","logical_date":null,"conf":{},"service_tier":"bogus"}}}"#
        ))
        #expect(try JSONValue(parsing: Array(call.utf8)).value(at: "result") == [
            "content": [["type": "text", "text": #"endpoint 'trigger': parameter 'service_tier': "bogus" is not one of "auto", "default", "flex""#]],
            "isError": true,
        ])
    }

    // MARK: - One value or events

    /// OpenAI's `createChatCompletion`: `application/json` and `text/event-stream` under one 200.
    static let chat = """
        openapi: 3.1.0
        paths:
          /chat/completions:
            post:
              operationId: createChatCompletion
              summary: Creates a model response.
              description: Returns a chat completion object, or a streamed sequence of chunks.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [model]
                      properties: { model: { type: string }, stream: { type: [boolean, "null"] } }
              responses:
                "200":
                  description: OK
                  content:
                    application/json: { schema: { type: object }, example: { id: c1 } }
                    text/event-stream: { schema: { type: string } }
          /empty:
            delete:
              operationId: deleteThing
              responses: { "204": { description: gone } }
        """

    /// Answers with events when they are asked for (`Accept: text/event-stream`) or the body says
    /// `"stream":true`, else with JSON, as OpenAI does.
    static let chatServer: TestHandler = { request, writer in
        var body: [UInt8] = []
        for try await chunk in request.body { body += chunk }
        if request.header("Accept") == "text/event-stream" || String(decoding: body, as: UTF8.self).contains(#""stream":true"#) {
            try await TestHandlers.sse(events: ["data: {\"n\":1}\n\n", "data: {\"n\":2}\n\n"], pauses: .zero)(request, writer)
        } else if request.path == "/empty" {
            try await writer.respond(status: 204, headers: [], body: "")
        } else {
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"id":"c1","accept":"\#(request.header("Accept") ?? "")"}"#)
        }
    }

    @Test func oneStatusWithJSONAndEventsFollowsTheResponse() async throws {
        let spec = try Spec(yaml: Self.chat, file: "chat.yaml")
        let endpoint = try #require(spec.endpoint(named: "createChatCompletion"))
        #expect(endpoint.stream == nil)
        #expect(endpoint.answersValueOrEvents)
        #expect(endpoint.details == "Returns a chat completion object, or a streamed sequence of chunks.")
        try await withTestServer(Self.chatServer) { server in
            let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
            let options = CallOptions(baseURL: server.baseURL)
            // A plain call asks for JSON first and gets a value.
            let value = try await api.call("createChatCompletion", ["model": "m"], options: options)
            #expect(value.value == ["id": "c1", "accept": "application/json, text/event-stream"])
            // The events form asks for events.
            var data: [String] = []
            for try await event in try await api.events("createChatCompletion", ["model": "m"], options: options) { data.append(event.data) }
            #expect(data == [#"{"n":1}"#, #"{"n":2}"#])
            // The server streams because the body asks: a consumer in the endpoint's own form gets events…
            let request = try api.prepare("createChatCompletion", ["model": "m", "stream": true], options: options)
            guard case let .events(events) = try await api.perform(request, options: options) else {
                Issue.record("expected events")
                return
            }
            data = []
            for try await event in events { data.append(event.data) }
            #expect(data == [#"{"n":1}"#, #"{"n":2}"#])
            // …and a call for one value says how to read them.
            let error = await #expect(throws: CallError.self) { try await api.call("createChatCompletion", ["model": "m", "stream": true], options: options) }
            #expect(error?.description == "endpoint 'createChatCompletion': the server answered with an event stream (Content-Type: text/event-stream); call it as api.createChatCompletion.events(…) to read its events")
        }
    }

    @Test func mcpGetsTheValueOrTheEventsAndNothingForA204() async throws {
        try await withTestServer(Self.chatServer) { server in
            let spec = try Spec(yaml: Self.chat.replacingOccurrences(of: "paths:", with: "servers: [{ url: \"\(server.baseURL)\" }]\npaths:"), file: "chat.yaml")
            let mcp = MCPServer(service: Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false))))
            let list = try #require(await mcp.respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#))
            #expect(try JSONValue(parsing: Array(list.utf8)).value(at: "result.tools.0.description")
                == "Creates a model response.\n\nReturns a chat completion object, or a streamed sequence of chunks. (the server may answer with events: they are collected up to a limit)")
            for (arguments, text) in [
                (#"{"model":"m"}"#, #"{"id":"c1","accept":"application/json, text/event-stream"}"#),
                (#"{"model":"m","stream":true}"#, #"[{"n":1},{"n":2}]"#),
            ] {
                let line = try #require(await mcp.respond(
                    to: #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"createChatCompletion","arguments":\#(arguments)}}"#
                ))
                #expect(try JSONValue(parsing: Array(line.utf8)).value(at: "result.content.0.text") == .string(text))
            }
            let empty = try #require(await mcp.respond(to: #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"deleteThing","arguments":{}}}"#))
            #expect(try JSONValue(parsing: Array(empty.utf8)).value(at: "result") == ["content": [], "isError": false])
        }
    }

    // MARK: - MCP tool names

    @Test(arguments: [
        (["listPets", "list.pets", "list pets"], ["listPets", "list_pets", "list_pets_f0bdbee9"]),
        ([String(repeating: "a", count: 70), String(repeating: "a", count: 64)],
         [String(repeating: "a", count: 55) + "_5904740b", String(repeating: "a", count: 64)]),
    ])
    func toolNamesMatchMCPsPatternUniquely(endpoints: [String], tools: [String]) {
        var taken: Set<String> = []
        let names = endpoints.map { MCPServer.toolName(for: $0, taken: &taken) }
        #expect(names == tools)
        #expect(names.allSatisfy { $0.utf8.count <= 64 && $0.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") } })
    }
}
