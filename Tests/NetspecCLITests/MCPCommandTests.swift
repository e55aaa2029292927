import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec mcp` as a process, spoken to over pipes as an MCP client does: newline-delimited
/// JSON-RPC 2.0 in, responses out, nothing else on standard output.
@Suite struct MCPCommandTests {
    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#
    static let initialized = #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#

    /// Runs `netspec mcp ARGS` with the frames as standard input and returns its output lines.
    static func session(_ arguments: [String], _ frames: [String]) async throws -> (lines: [String], stderr: String, status: Int32) {
        let input = ([initialize, initialized] + frames).joined(separator: "\n") + "\n"
        let result = try await CLI.run(["mcp"] + arguments, stdin: Array(input.utf8))
        return (result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init), result.stderr, result.status)
    }

    /// The answer to the request `id` (JSON text: `2`, `"four"`); requests are answered
    /// concurrently, so in any order.
    static func answer(_ lines: [String], id: String) -> String? {
        lines.first { $0.hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"#) }
    }

    @Test func handshakeListAndCallAMockedTool() async throws {
        let (lines, stderr, status) = try await Self.session(["specs/users.yaml", "--mock"], [
            #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"getUser","arguments":{"id":"johne"}}}"#,
            #"{"jsonrpc":"2.0","id":"four","method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"server/discover"}"#,
        ])
        #expect(status == 0)
        #expect(stderr == "netspec mcp: 5 tools of UsersAPI on stdio\n")
        #expect(lines.count == 5)
        let capabilities = #""capabilities":{"tools":{"listChanged":false},"resources":{"listChanged":false,"subscribe":false},"logging":{}}"#
        #expect(Self.answer(lines, id: "5") == #"{"jsonrpc":"2.0","id":5,"result":{"supportedVersions":["2025-11-25","2025-06-18"],\#(capabilities),"serverInfo":{"name":"netspec","version":"0.1.0","title":"UsersAPI"}}}"#)
        #expect(Self.answer(lines, id: "1") == #"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18",\#(capabilities),"serverInfo":{"name":"netspec","version":"0.1.0","title":"UsersAPI"},"instructions":"A small user directory."}}"#)
        let listed = try #require(Self.answer(lines, id: "2"))
        let list = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: Any]
        let tools = (list?["result"] as? [String: Any])?["tools"] as? [[String: Any]] ?? []
        #expect(tools.map { $0["name"] as? String } == ["getUser", "createUser", "getTodos", "deleteUser", "completions"])
        #expect(listed.contains(#"{"name":"getTodos","title":"GET /users/{username}/todos","description":"GET /users/{username}/todos","inputSchema":{"type":"object","properties":{"username":{"type":"string"},"done":{"type":"boolean"},"limit":{"type":"integer","default":20}},"required":["username"]},"annotations":{"readOnlyHint":true,"destructiveHint":false,"idempotentHint":true,"openWorldHint":true}}"#))
        #expect(Self.answer(lines, id: "3") == #"{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"{\"id\":\"johne\",\"name\":\"John Example\",\"email\":\"john@example.com\",\"active\":true}"}],"isError":false,"structuredContent":{"id":"johne","name":"John Example","email":"john@example.com","active":true}}}"#)
        #expect(Self.answer(lines, id: #""four""#) == #"{"jsonrpc":"2.0","id":"four","result":{}}"#)
    }

    @Test func aCallReachesARealServerWithItsAuth() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let (lines, _, status) = try await Self.session(["specs/users.yaml", "--base-url", server.baseURL, "--var", "TOKEN=secret"], [
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"getUser","arguments":{"id":"ada"}}}"#,
            ])
            #expect(status == 0)
            let echo = try #require(Self.answer(lines, id: "2"))
            #expect(echo.contains(#"\"target\":\"/user?identifier=ada\""#), "\(echo)")
            #expect(echo.contains(#"Bearer secret"#))
        }
    }

    /// `--allow-origin` as for `call`: an operation whose own server is on another origin
    /// (`localhost` against the document's `127.0.0.1`) gets the credentials only when allowed.
    @Test(arguments: [false, true])
    func credentialsGoToAnotherOriginOnlyWithAllowOrigin(allowed: Bool) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let other = server.baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            let spec = try CLI.temporarySpec("""
                openapi: 3.1.0
                info: { title: T, version: "1" }
                servers: [{ url: "\(server.baseURL)" }]
                security: [{ token: [] }]
                components: { securitySchemes: { token: { type: http, scheme: bearer } } }
                paths:
                  /upload:
                    servers: [{ url: "\(other)" }]
                    post: { operationId: upload, responses: { "200": { description: ok } } }
                """)
            let (lines, _, status) = try await Self.session([spec, "--var", "TOKEN=t0ken"] + (allowed ? ["--allow-origin", other] : []), [
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"upload","arguments":{}}}"#,
            ])
            #expect(status == 0)
            let echo = try #require(Self.answer(lines, id: "2"))
            #expect(echo.contains("Bearer t0ken") == allowed, "\(echo)")
        }
    }

    /// An unset variable is a tool error in the command line's words: set with `--var`, as the
    /// server was started, not with Swift's `Provider(variables:)`.
    @Test func anUnsetVariableSaysToSetItWithVar() async throws {
        let spec = try CLI.temporarySpec("netspec: 1\nservice: S\nbaseURL: http://127.0.0.1:9\nendpoints:\n  e:\n    GET: /x\n    headers: { X-Key: \"${NETSPEC_TEST_UNSET}\" }\n")
        let (lines, _, status) = try await Self.session([spec], [#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"e","arguments":{}}}"#])
        #expect(status == 0)
        #expect(Self.answer(lines, id: "2") == #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"endpoint 'e': variable 'NETSPEC_TEST_UNSET' is not set (used in header 'X-Key'); set it with --var NETSPEC_TEST_UNSET=… or in the environment"}],"isError":true}}"#)
    }

    /// Bad arguments and HTTP errors are tool results with `isError`; malformed frames are
    /// JSON-RPC errors, `id: null` when no id can be read; the process answers on after each.
    @Test func problemsAreAnsweredAndTheServerGoesOn() async throws {
        try await withTestServer(TestHandlers.json(status: 404, body: #"{"message":"Not Found"}"#)) { server in
            let (lines, _, status) = try await Self.session(["specs/users.yaml", "--base-url", server.baseURL], [
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"getTodos","arguments":{"limit":"x"}}}"#,
                #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"deleteUser","arguments":{"id":7}}}"#,
                "not json",
                #"[{"jsonrpc":"2.0","id":4,"method":"ping"}]"#,
                #"{"jsonrpc":"2.0","id":5}"#,
                #"{"jsonrpc":"2.0","id":6,"method":"prompts/list"}"#,
                #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"nope"}}"#,
                #"{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}"#,
                #"{"jsonrpc":"2.0","id":8,"method":"ping"}"#,
            ])
            #expect(status == 0)
            // Requests are answered concurrently: the parse error can be written before initialize's answer.
            #expect(Self.answer(lines, id: "1") != nil)
            #expect(lines.filter { !$0.hasPrefix(#"{"jsonrpc":"2.0","id":1,"#) }.sorted() == [
                // Every problem with the arguments, at once.
                #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"endpoint 'getTodos': 2 problems with the arguments:\n  parameter 'username': missing required argument (String)\n  parameter 'limit': expected Int, got the string \"x\""}],"isError":true}}"#,
                #"{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"endpoint 'deleteUser': HTTP 404 Not Found: {\"message\":\"Not Found\"}"}],"isError":true}}"#,
                #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: line 1, column 1: invalid literal, expected 'null'"}}"#,
                #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: batches are not supported (1 messages)"}}"#,
                #"{"jsonrpc":"2.0","id":5,"error":{"code":-32600,"message":"Invalid Request: expected a JSON-RPC 2.0 request with a method"}}"#,
                #"{"jsonrpc":"2.0","id":6,"error":{"code":-32601,"message":"Method not found: prompts/list"}}"#,
                #"{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"Invalid params: unknown tool 'nope'"}}"#,
                #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: the id must be a string or an integer"}}"#,
                #"{"jsonrpc":"2.0","id":8,"result":{}}"#,
            ].sorted())
        }
    }

    @Test(arguments: [
        (["--read-only"], ["getUser", "getTodos"]),
        (["--tools", "getUser,deleteUser"], ["getUser", "deleteUser"]),
        (["--read-only", "--tools", "getUser,deleteUser"], ["getUser"]),
    ])
    func toolsCanBeNarrowed(flags: [String], names: [String]) async throws {
        let (lines, _, _) = try await Self.session(["specs/users.yaml", "--mock"] + flags, [#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#])
        let list = try JSONSerialization.jsonObject(with: Data(try #require(Self.answer(lines, id: "2")).utf8)) as? [String: Any]
        let tools = (list?["result"] as? [String: Any])?["tools"] as? [[String: Any]] ?? []
        #expect(tools.compactMap { $0["name"] as? String } == names)
    }

    @Test func anUnknownToolNameIsAUsageError() async throws {
        let result = try await CLI.run(["mcp", "specs/users.yaml", "--tools", "getUser,nope"])
        #expect(result.status == 64)
        #expect(result.stderr == "error: --tools names 'nope', which is not an endpoint of specs/users.yaml\n")
        #expect(result.stdout == "")
    }

    /// Streams are collected up to `--max-events`, results cut at `--max-result-bytes`, each with a note.
    @Test func limitsAreStated() async throws {
        let (lines, _, _) = try await Self.session(["specs/users.yaml", "--mock", "--max-events", "1", "--max-result-bytes", "20"], [
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"completions","arguments":{"model":"m","messages":[]}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"getUser","arguments":{"id":"johne"}}}"#,
        ])
        #expect(Self.answer(lines, id: "2")?.hasSuffix(#"{"type":"text","text":"[netspec: stopped after 1 event (the limit); cut at 20 bytes of 45 (the limit)]"}],"isError":false}}"#) == true)
        #expect(Self.answer(lines, id: "3") == #"{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"{\"id\":\"johne\",\"name\""},{"type":"text","text":"[netspec: cut at 20 bytes of 77 (the limit)]"}],"isError":false}}"#)
    }
}

/// The official Python MCP client (`mcp`, pinned in Tests/Peers/requirements.txt) against
/// `netspec mcp`: a client none of us wrote.
@Suite(.serialized, .enabled(if: MCPPythonClient.python != nil, "needs the Python peers (Tests/Peers/setup.sh); see the printed reason"))
struct MCPPythonClientTests {
    @Test func thePythonClientListsAndCallsGitHubsMockedTools() async throws {
        let result = try await MCPPythonClient.run(["mcp", "specs/github.yaml", "--mock"], tool: "getUser", arguments: #"{"username":"octocat"}"#)
        #expect(result.status == 0, "\(result.stderr)")
        let output = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(output?["server"] as? String == "netspec")
        #expect(["2025-06-18", "2025-11-25"].contains(output?["protocolVersion"] as? String ?? ""))
        let tools = output?["tools"] as? [String: [String: Any]] ?? [:]
        #expect(tools["getUser"]?["required"] as? [String] == ["username"])
        #expect(tools["getUser"]?["readOnly"] as? Bool == true)
        let call = output?["result"] as? [String: Any]
        #expect(call?["isError"] as? Bool == false)
        #expect((call?["structured"] as? [String: Any])?["login"] as? String == "octocat")
    }

    /// The client checks a structured result against the tool's `outputSchema` (the document's):
    /// an array answer arrives as its `result` member, and the schemas' `$defs` resolve.
    @Test func thePythonClientAcceptsTheDocumentsOutputSchema() async throws {
        try await withTestServer(TestHandlers.json(body: #"[{"id":"ca-1","name":"Tom","species":"cat"}]"#)) { server in
            let result = try await MCPPythonClient.run(
                ["mcp", "specs/shelter.openapi.yaml", "--base-url", server.baseURL], tool: "listAnimals", arguments: #"{"limit":5}"#
            )
            #expect(result.status == 0, "\(result.stderr)")
            let output = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let call = output?["result"] as? [String: Any]
            #expect(call?["isError"] as? Bool == false)
            let structured = call?["structured"] as? [String: Any]
            #expect((structured?["result"] as? [[String: Any]])?.first?["name"] as? String == "Tom")
        }
    }

    @Test func thePythonClientCallsARealServer() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"login":"ada","id":1}"#)) { server in
            let result = try await MCPPythonClient.run(
                ["mcp", "specs/github.yaml", "--base-url", server.baseURL], tool: "getUser", arguments: #"{"username":"ada"}"#
            )
            #expect(result.status == 0, "\(result.stderr)")
            let output = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let call = output?["result"] as? [String: Any]
            #expect(call?["texts"] as? [String] == [#"{"login":"ada","id":1}"#])
        }
    }
}

enum MCPPythonClient {
    /// The venv's python (see `Peers`).
    static var python: String? { Peers.python }

    static func run(_ arguments: [String], tool: String, arguments toolArguments: String) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            python!, [CLI.root + "/Tests/Peers/mcp_client.py", CLI.executable] + arguments + ["--", tool, toolArguments],
            directory: CLI.root, environment: ["NETSPEC_CACHE_DIR": ""]
        )
    }
}
