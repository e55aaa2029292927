import Foundation
import NetspecTestSupport
import Testing

import Netspec
import NetspecMCP

/// An operation larger than an answer (``MCPServer/Options/answerBytes``): its schemas are
/// summarised below their top levels, each summary naming the part that `describe_operation`'s
/// `part`, or `netspec://operations/NAME#POINTER`, gives whole; a summary admits every value the
/// schema does; the command line's operation names are taken wherever an operation is named.
@Suite struct MCPSummaryTests {
    /// `Thing` refers to `Big` (40 properties) twice: as a `oneOf` member and under `not`.
    static let yaml: String = {
        let properties = (1...40).map { "        a\($0): { type: string, description: \"Letter \($0) of the big one.\" }" }.joined(separator: "\n")
        return """
            openapi: 3.0.3
            info: { title: Things, version: "1" }
            servers: [{ url: "https://example.com" }]
            paths:
              /things:
                post:
                  operationId: add.thing
                  summary: Adds a thing
                  description: "\(String(repeating: "Words about things. ", count: 80))"
                  requestBody:
                    content: { application/json: { schema: { $ref: "#/components/schemas/Thing" } } }
                  responses:
                    "200":
                      description: ok
                      content: { application/json: { schema: { $ref: "#/components/schemas/Thing" } } }
            components:
              schemas:
                Thing:
                  type: object
                  required: [name]
                  properties:
                    name: { type: string, description: "The thing's name." }
                    kind:
                      oneOf:
                        - $ref: "#/components/schemas/Big"
                        - { type: string }
                    other:
                      not: { $ref: "#/components/schemas/Big" }
                Big:
                  type: object
                  description: A big one. With many words.
                  properties:
            \(properties)
            """
    }()

    static func server(answerBytes: Int, mode: MCPServer.Options.ToolMode = .dynamic) throws -> MCPServer {
        var options = MCPServer.Options()
        options.answerBytes = answerBytes
        options.toolMode = mode
        let service = Service(spec: try Spec(yaml: yaml, file: "things.yaml"), provider: Provider(options: .init(mocks: .enabled, usesEnvironment: false)))
        return MCPServer(service: service, options: options)
    }

    static func call(_ server: MCPServer, _ tool: String, _ arguments: String) async throws -> JSONValue? {
        let line = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#))
        return try JSONValue(parsing: Array(line.utf8))["result"]
    }

    @Test func aLargeOperationIsSummarisedBelowItsTopLevelsAndEachPartCanBeAskedFor() async throws {
        let server = try Self.server(answerBytes: 8_000)
        let line = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"describe_operation","arguments":{"name":"add_thing"}}}"#))
        #expect(line.utf8.count <= 8_000)
        let described = try #require(try JSONValue(parsing: Array(line.utf8))["result"]?["structuredContent"])
        #expect(described["parts"] == #"[Shortened to keep one answer under 8000 bytes: a [summarised …; part POINTER] or [cut; part POINTER] mark stands for what is there; describe_operation with {"name": "add_thing", "part": POINTER} gives that part whole.]"#)
        // The top level whole, `Big` a summary under `$defs` (its type kept, its part named); the
        // `oneOf` with a summarised member is `anyOf`, and `not` of a summary is left out (both
        // would refuse more than the schema does).
        let big: JSONValue = [
            "type": "object",
            "description": "A big one. [summarised: 40 properties (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, …); part /inputSchema/$defs/Big]",
        ]
        #expect(described["inputSchema"] == [
            "type": "object",
            "properties": [
                "name": ["type": "string", "description": "The thing's name."],
                "kind": ["anyOf": [["$ref": "#/$defs/Big"], ["type": "string"]]],
                "other": [:],
            ],
            "required": ["name"],
            "$defs": ["Big": big],
        ])
        #expect(described["outputSchema"]?["$defs"]?["Thing"]?["properties"]?["kind"] == ["anyOf": [["$ref": "#/$defs/Big"], ["type": "string"]]])

        // The part a summary names, whole, with the definitions it refers to.
        let part = try #require(await Self.call(server, "describe_operation", #"{"name":"add_thing","part":"/inputSchema/$defs/Big"}"#)?["structuredContent"])
        #expect(part["name"] == "add_thing")
        #expect(part["part"] == "/inputSchema/$defs/Big")
        #expect(part["value"]?["description"] == "A big one. With many words.")
        #expect(part["value"]?["properties"]?.object?.count == 40)
        #expect(part["value"]?["properties"]?["a40"] == ["type": "string", "description": "Letter 40 of the big one."])
        #expect(part["parts"] == nil)
        let kind = try #require(await Self.call(server, "describe_operation", #"{"name":"add.thing","part":"/inputSchema/properties/kind"}"#)?["structuredContent"])
        #expect(kind["value"] == ["oneOf": [["$ref": "#/$defs/Big"], ["type": "string"]], "$defs": ["Big": part["value"] ?? nil]])

        // The same part as a resource, by tool name or by the command line's name.
        for uri in ["netspec://operations/add_thing#/inputSchema/$defs/Big", "netspec://operations/add.thing#/inputSchema/%24defs/Big"] {
            let read = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"\#(uri)"}}"#))
            let contents = try #require(try JSONValue(parsing: Array(read.utf8))["result"]?["contents"]?[0])
            #expect(contents["uri"] == "netspec://operations/add_thing#/inputSchema/$defs/Big")
            #expect(contents["mimeType"] == "application/json")
            #expect(try JSONValue(parsing: Array((contents["text"]?.string ?? "").utf8))["value"] == part["value"])
        }
    }

    /// Smaller still, the schemas are summaries at their roots (keeping `type: object`) and the
    /// description is cut; `/description` gives it whole.
    @Test func theRootsAndTheDescriptionAreSummariesLast() async throws {
        let server = try Self.server(answerBytes: 4_000)
        let described = try #require(await Self.call(server, "describe_operation", #"{"name":"add_thing"}"#)?["structuredContent"])
        #expect(described["inputSchema"] == ["type": "object", "description": "[summarised: 3 properties (name, kind, other); part /inputSchema]"])
        #expect(described["outputSchema"] == ["type": "object", "description": "[summarised: the schema Thing; part /outputSchema]"])
        #expect(described["description"]?.string?.hasSuffix(" Words about things. Words… [cut; part /description]") == true)
        let whole = try #require(await Self.call(server, "describe_operation", #"{"name":"add_thing","part":"/description"}"#)?["structuredContent"])
        #expect(whole["value"] == .string("Adds a thing\n\n" + String(repeating: "Words about things. ", count: 80)))
    }

    @Test(arguments: [
        ("/outputSchema/properties/nope", "'add_thing' has no part /outputSchema/properties/nope; its parts are /description, /inputSchema, /outputSchema and what is in them, as a [summarised …] or [cut …] mark names them (e.g. /inputSchema/properties/NAME)"),
        ("inputSchema", "the part 'inputSchema' of 'add_thing' is not a JSON pointer to a part (one begins with '/'); its parts are /description, /inputSchema, /outputSchema and what is in them, as a [summarised …] or [cut …] mark names them (e.g. /inputSchema/properties/NAME)"),
    ])
    func aPartThatIsNotThereIsAnErrorThatSaysWhichAre(_ pointer: String, _ message: String) async throws {
        let result = try await Self.call(try Self.server(answerBytes: 4_000), "describe_operation", #"{"name":"add_thing","part":"\#(pointer)"}"#)
        #expect(result == ["content": [["type": "text", "text": .string(message)]], "isError": true])
    }

    /// A tool of `tools/list` is fitted the same way, and says where its parts are: the resource.
    @Test func aToolIsSummarisedAndPointsToItsResource() async throws {
        let server = try Self.server(answerBytes: 3_000, mode: .all)
        let line = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#))
        #expect(line.utf8.count <= 3_000)
        let tool = try #require(try JSONValue(parsing: Array(line.utf8))["result"]?["tools"]?[0])
        #expect(tool["description"]?.string?.hasSuffix("\n\n[Shortened to keep one answer under 3000 bytes: a [summarised …; part POINTER] or [cut; part POINTER] mark stands for what is there; the resource netspec://operations/add_thing#POINTER gives that part whole.]") == true)
        #expect(tool["inputSchema"]?["$defs"]?["Big"]?["description"]?.string?.hasSuffix("; part /inputSchema/$defs/Big]") == true)
    }
}
