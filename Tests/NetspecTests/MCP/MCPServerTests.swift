import Foundation
import NetspecMCP
import Testing

import Netspec

/// `MCPServer` answered frame by frame in-process: tool input schemas from every kind of
/// parameter, and the protocol-version negotiation.
@Suite struct MCPServerTests {
    static let yaml = """
        netspec: 1
        service: Shop
        endpoints:
          search:
            GET: /search
            description: Finds products.
            params:
              q: { type: String, description: "words to find" }
              tags: "[String]?"
              limit: { type: Int, default: 20 }
              since: Date?
              filters: "[String: Int]?"
          upload:
            POST: /files
            encoding: multipart
            params: { file: Data, meta: JSON? }
          price:
            POST: /price
            params: { range: "(low: Double, high: Double)" }
        """

    static func server(_ yaml: String = MCPServerTests.yaml, file: String = "shop.yaml") throws -> MCPServer {
        MCPServer(service: Service(spec: try Spec(yaml: yaml, file: file), provider: Provider(options: .init(mocks: .enabled, usesEnvironment: false))))
    }

    @Test func inputSchemasDescribeEveryParameter() async throws {
        let line = try #require(await Self.server().respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#))
        let tools = try JSONValue(parsing: Array(line.utf8)).value(at: "result.tools")
        #expect(tools?[0]?["inputSchema"] == [
            "type": "object",
            "properties": [
                "q": ["type": "string", "description": "words to find"],
                "tags": ["type": "array", "items": ["type": "string"]],
                "limit": ["type": "integer", "default": 20],
                "since": ["type": "string", "format": "date-time"],
                "filters": ["type": "object", "additionalProperties": ["type": "integer"]],
            ],
            "required": ["q"],
        ])
        #expect(tools?[0]?["description"] == "Finds products.")
        #expect(tools?[0]?["annotations"] == ["readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": true])
        #expect(tools?[0]?["title"] == "Finds products")
        #expect(tools?[1]?["inputSchema"] == [
            "type": "object",
            "properties": ["file": ["type": "string", "contentEncoding": "base64"], "meta": [:]],
            "required": ["file"],
        ])
        #expect(tools?[1]?["annotations"] == ["readOnlyHint": false, "destructiveHint": false, "idempotentHint": false, "openWorldHint": true])
        #expect(tools?[1]?["title"] == "POST /files")
        #expect(tools?[2]?["inputSchema"] == [
            "type": "object",
            "properties": ["range": ["type": "object", "properties": ["low": ["type": "number"], "high": ["type": "number"]]]],
            "required": ["range"],
        ])
    }

    /// An OpenAPI document's enums and array items reach the schema.
    @Test func anOpenAPIDocumentsEnumsReachTheSchema() async throws {
        let document = """
            openapi: 3.1.0
            servers: [{ url: "https://example.com" }]
            paths:
              /issues:
                get:
                  operationId: listIssues
                  summary: Lists issues.
                  parameters:
                    - { name: state, in: query, description: which ones, schema: { type: string, enum: [open, closed] } }
                    - { name: labels, in: query, required: true, schema: { type: array, items: { type: string } } }
            """
        let line = try #require(await Self.server(document, file: "doc.yaml").respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#))
        #expect(try JSONValue(parsing: Array(line.utf8)).value(at: "result.tools.0.inputSchema") == [
            "type": "object",
            "properties": [
                "state": ["type": "string", "description": "which ones", "enum": ["open", "closed"]],
                "labels": ["type": "array", "items": ["type": "string"]],
            ],
            "required": ["labels"],
        ])
    }

    @Test(arguments: [("2025-06-18", "2025-06-18"), ("2025-11-25", "2025-11-25"), ("2024-11-05", "2025-11-25"), ("", "2025-11-25")])
    func theProtocolVersionIsNegotiated(requested: String, answered: String) async throws {
        let line = try #require(await Self.server().respond(
            to: #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(requested)","capabilities":{}}}"#
        ))
        #expect(try JSONValue(parsing: Array(line.utf8)).value(at: "result.protocolVersion") == .string(answered))
    }

    @Test func notificationsAndResponsesGetNoAnswer() async throws {
        let server = try Self.server()
        #expect(await server.respond(to: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == nil)
        #expect(await server.respond(to: #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}"#) == nil)
        #expect(await server.respond(to: #"{"jsonrpc":"2.0","id":9,"result":{}}"#) == nil)
        #expect(await server.respond(to: "   ") == nil)
    }
}
