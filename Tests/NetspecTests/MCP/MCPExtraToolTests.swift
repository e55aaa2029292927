import Foundation
import Testing

import Netspec
import NetspecMCP

/// Tools offered beside the operations' (`MCPServer.Options.extraTools`, what `netspec mcp` makes
/// of a workflow document's workflows): listed first, called by name with their progress told
/// ahead of the result, an object result structured, a failure an `isError` result.
@Suite struct MCPExtraToolTests {
    static let greet = MCPTool(
        name: "greet", title: "Greet someone", description: "Says hello, in two steps.",
        inputSchema: ["type": "object", "properties": ["name": ["type": "string"]], "required": ["name"]],
        outputSchema: ["type": "object", "properties": ["greeting": ["type": "string"]]], isReadOnly: true
    ) { arguments, progress in
        guard let name = arguments["name"]?.string else { return .failure("'name' is required") }
        await progress(1, 2, "step 'look' → 200")
        await progress(2, 2, "step 'say' → 200")
        return .value(["greeting": .string("hello \(name)")])
    }

    static func server(tools: Set<String>? = []) throws -> MCPServer {
        var options = MCPServer.Options(tools: tools)
        options.extraTools = [greet]
        return try MCPProtocolTests.server(options: options)
    }

    @Test func theExtraToolsAreListedFirst() async throws {
        let alone = try await Self.server().respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        #expect(alone == #"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"greet","title":"Greet someone","description":"Says hello, in two steps.","inputSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]},"outputSchema":{"type":"object","properties":{"greeting":{"type":"string"}}},"annotations":{"readOnlyHint":true,"openWorldHint":true}}]}}"#)
        let beside = try await Self.server(tools: ["fast"]).respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#) ?? ""
        let names = try JSONValue(parsing: Array(beside.utf8))["result"]?["tools"]?.array?.compactMap { $0["name"]?.string }
        #expect(names == ["greet", "fast"])
    }

    @Test func aCallTellsItsProgressThenItsStructuredResult() async throws {
        try await MCPProtocolTests.withStdio(try Self.server()) { send, next async throws in
            send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"greet","arguments":{"name":"Ada"},"_meta":{"progressToken":"g"}}}"#)
            #expect(try await next(#""progress":1,"#) == #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"g","progress":1,"total":2,"message":"step 'look' → 200"}}"#)
            #expect(try await next(#""progress":2,"#) == #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"g","progress":2,"total":2,"message":"step 'say' → 200"}}"#)
            #expect(try await next(#""id":1,"#) == #"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\"greeting\":\"hello Ada\"}"}],"isError":false,"structuredContent":{"greeting":"hello Ada"}}}"#)
            send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"greet","arguments":{}}}"#)
            #expect(try await next(#""id":2,"#) == #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"'name' is required"}],"isError":true}}"#)
        }
    }
}
