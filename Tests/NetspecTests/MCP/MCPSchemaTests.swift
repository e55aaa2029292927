import NetspecMCP
import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// MCP tools carry the document's schemas: `inputSchema` from the parameters' (self-contained,
/// 2020-12, shared ones under `$defs`), `outputSchema` from the success answer's, results with
/// `structuredContent`; `validatesResponses` (`netspec mcp --validate`) checks each answer.
@Suite struct MCPSchemaTests {
    static let shelter = TestPaths.specs + "/shelter.openapi.yaml"

    static func server(baseURL: String = "http://127.0.0.1:9", validates: Bool = false, spec: Spec? = nil) throws -> MCPServer {
        let spec = try spec ?? Spec.load(path: shelter)
        return MCPServer(
            service: Service(spec: spec, provider: Provider(baseURL: baseURL, options: .init(usesEnvironment: false))),
            options: .init(validatesResponses: validates)
        )
    }

    static func tools(_ server: MCPServer) async throws -> [String: JSONValue] {
        let line = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#))
        guard case let .array(tools)? = try JSONValue(parsing: Array(line.utf8)).value(at: "result.tools") else { return [:] }
        return Dictionary(uniqueKeysWithValues: tools.compactMap { tool in tool["name"]?.string.map { ($0, tool) } })
    }

    @Test func theToolsSchemasAreTheDocuments() async throws {
        let tools = try await Self.tools(try Self.server())
        // readOnly `id` is not asked for; writeOnly `secret` is.
        #expect(tools["admitAnimal"]?["inputSchema"] == [
            "type": "object",
            "properties": [
                "name": ["type": "string", "minLength": 1, "maxLength": 40],
                "species": ["type": "string", "enum": ["cat", "dog", "rabbit"]],
                "age": ["type": "integer", "minimum": 0],
                "tags": ["type": "array", "maxItems": 3, "items": ["type": "string", "minLength": 1]],
                "secret": ["type": "string"],
                "weight": ["type": "number", "exclusiveMinimum": 0],
                "ref": ["oneOf": [["type": "integer"], ["type": "string", "pattern": "^[A-Z]+$"]]],
            ],
            "required": ["name", "species", "secret"],
        ])
        // The answer's schema: writeOnly `secret` left out; an object, so the structured content
        // itself, `type: object` beside the `$ref` (MCP wants it at the top).
        #expect(tools["getAnimal"]?["outputSchema"] == [
            "$ref": "#/$defs/Animal",
            "type": "object",
            "$defs": ["Animal": [
                "type": "object", "required": ["id", "name", "species"], "additionalProperties": false,
                "properties": [
                    "id": ["type": "string"],
                    "name": ["type": "string", "minLength": 1, "maxLength": 40],
                    "species": ["type": "string", "enum": ["cat", "dog", "rabbit"]],
                    "age": ["type": "integer", "minimum": 0],
                    "tags": ["type": "array", "maxItems": 3, "items": ["type": "string", "minLength": 1]],
                    "weight": ["type": "number", "exclusiveMinimum": 0],
                    "ref": ["oneOf": [["type": "integer"], ["type": "string", "pattern": "^[A-Z]+$"]]],
                ],
            ]],
        ])
        // An array answer is the `result` member of an object.
        #expect(tools["listAnimals"]?["outputSchema"]?["required"] == ["result"])
        #expect(tools["listAnimals"]?["outputSchema"]?["properties"]?["result"] == ["type": "array", "items": ["$ref": "#/$defs/Animal"]])
        #expect(tools["listAnimals"]?["inputSchema"]?["properties"]?["limit"] == ["type": "integer", "minimum": 1, "maximum": 100, "default": 20])
    }

    /// OpenAPI 3.0's dialect in 2020-12 words, and a recursive component that stays a reference.
    @Test func openAPI30IsTranslatedAndRecursionEnds() async throws {
        let spec = try Spec(yaml: """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            servers: [{ url: "https://example.com" }]
            paths:
              /nodes:
                post:
                  operationId: addNode
                  requestBody:
                    content:
                      application/json:
                        schema: { $ref: "#/components/schemas/Node" }
                  responses: { "204": { description: done } }
            components:
              schemas:
                Node:
                  type: object
                  properties:
                    label: { type: string, nullable: true, example: root }
                    weight: { type: number, minimum: 0, exclusiveMinimum: true }
                    children: { type: array, items: { $ref: "#/components/schemas/Node" } }
            """, file: "tree.yaml")
        let tools = try await Self.tools(try Self.server(spec: spec))
        #expect(tools["addNode"]?["inputSchema"] == [
            "type": "object",
            "properties": [
                "label": ["type": ["string", "null"], "examples": ["root"]],
                "weight": ["type": "number", "exclusiveMinimum": 0],
                "children": ["type": "array", "items": ["$ref": "#/$defs/Node"]],
            ],
            "$defs": ["Node": [
                "type": "object",
                "properties": [
                    "label": ["type": ["string", "null"], "examples": ["root"]],
                    "weight": ["type": "number", "exclusiveMinimum": 0],
                    "children": ["type": "array", "items": ["$ref": "#/$defs/Node"]],
                ],
            ]],
        ])
    }

    @Test func resultsCarryStructuredContent() async throws {
        try await withTestServer(TestHandlers.json(body: #"[{"id":"ca-1","name":"Tom","species":"cat"}]"#)) { http in
            let server = try Self.server(baseURL: http.baseURL)
            let line = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"listAnimals","arguments":{}}}"#))
            #expect(try JSONValue(parsing: Array(line.utf8)).value(at: "result") == [
                "content": [["type": "text", "text": #"[{"id":"ca-1","name":"Tom","species":"cat"}]"#]],
                "isError": false,
                "structuredContent": ["result": [["id": "ca-1", "name": "Tom", "species": "cat"]]],
            ])
        }
    }

    /// An answer that is bytes by its Content-Type (an image) is said in a line, as a byte
    /// stream's is; text (XML) is its text, as it came.
    @Test(arguments: [
        ("image/png", [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF] as [UInt8], #""6 bytes (binary content is not returned)""#),
        ("application/xml", Array("<a>1.10</a>".utf8), "\"<a>1.10</a>\""),
        ("text/plain", Array("1.10".utf8), "\"1.10\""),
    ])
    func bytesAndTextAnswersAreSaid(contentType: String, body: [UInt8], text: String) async throws {
        let handler: TestHandler = { _, writer in try await writer.respond(headers: [("Content-Type", contentType)], body: body) }
        try await withTestServer(handler) { http in
            let spec = try Spec(yaml: "netspec: 1\nservice: Files\nendpoints:\n  getFile:\n    GET: /file\n", file: "files.yaml")
            let server = try Self.server(baseURL: http.baseURL, spec: spec)
            let line = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"getFile","arguments":{}}}"#))
            #expect(try JSONValue(parsing: Array(line.utf8)).value(at: "result") == [
                "content": [["type": "text", "text": .string(text)]],
                "isError": false,
            ])
        }
    }

    @Test func validateMakesADriftingAnswerAnError() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"id":"ca-1","name":"","species":"cat"}"#)) { http in
            let call = #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"getAnimal","arguments":{"id":"ca-1"}}}"#
            let checked = try #require(await Self.server(baseURL: http.baseURL, validates: true).respond(to: call))
            #expect(try JSONValue(parsing: Array(checked.utf8)).value(at: "result") == [
                "content": [
                    ["type": "text", "text": .string("endpoint 'getAnimal': the response (200) breaks the document's schema (1 violation):\n  /name must be at least 1 character long (schema at \(Self.shelter):73:31)")],
                    ["type": "text", "text": #"{"id":"ca-1","name":"","species":"cat"}"#],
                ],
                "isError": true,
            ])
            let unchecked = try #require(await Self.server(baseURL: http.baseURL).respond(to: call))
            #expect(try JSONValue(parsing: Array(unchecked.utf8)).value(at: "result.isError") == false)
        }
    }
}

extension MCPSchemaTests {
    static let objects = """
        openapi: 3.1.0
        info: { title: Objects, version: '1' }
        paths:
          /thing:
            get:
              operationId: getThing
              responses:
                '200': { description: ok, content: { application/json: { schema: { type: object, properties: { n: { type: integer } } } } } }
          /maybe:
            get:
              operationId: getMaybe
              responses:
                '200': { description: ok, content: { application/json: { schema: { type: object, properties: { n: { type: integer } } } } } }
                '204': { description: nothing yet }
        """

    /// MCP's structured content is an object that fits the output schema, and a tool with one
    /// always gives it (the official client refuses a result otherwise): an answer that is not the
    /// declared object is an error with the answer as its text (it was given as `structuredContent`
    /// as it was); an operation that also declares a 204 describes its answer as an optional
    /// `result`, and a 204 is `{}` (it had no `structuredContent`).
    @Test(arguments: [
        ("getThing", "[1,2,3]", 200, ["content": [["type": "text", "text": "endpoint 'getThing': the answer is not the object the document's schema describes, so it has no structured content; it is the text below"], ["type": "text", "text": "[1,2,3]"]], "isError": true]),
        ("getThing", #"{"n":1}"#, 200, ["content": [["type": "text", "text": #"{"n":1}"#]], "isError": false, "structuredContent": ["n": 1]]),
        ("getMaybe", #"{"n":1}"#, 200, ["content": [["type": "text", "text": #"{"n":1}"#]], "isError": false, "structuredContent": ["result": ["n": 1]]]),
        ("getMaybe", "", 204, ["content": [], "isError": false, "structuredContent": [:]]),
    ] as [(String, String, Int, JSONValue)])
    func structuredContentIsAnObjectThatFitsTheOutputSchema(_ tool: String, _ body: String, _ status: Int, _ result: JSONValue) async throws {
        let spec = try Spec(yaml: Self.objects, file: "objects.yaml")
        try await withTestServer(status == 204 ? TestHandlers.raw("HTTP/1.1 204 No Content\r\n\r\n") : TestHandlers.json(body: body)) { http in
            let server = try Self.server(baseURL: http.baseURL, spec: spec)
            let line = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"\#(tool)","arguments":{}}}"#))
            #expect(try JSONValue(parsing: Array(line.utf8)).value(at: "result") == result)
        }
        let tools = try await Self.tools(try Self.server(spec: spec))
        #expect(tools["getMaybe"]?["outputSchema"] == ["type": "object", "properties": ["result": ["type": "object", "properties": ["n": ["type": "integer"]]]]])
    }
}
