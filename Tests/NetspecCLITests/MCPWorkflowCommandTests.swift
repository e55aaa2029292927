import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec mcp FLOWS.arazzo.yaml`: a tool per workflow (input schema its `inputs`, output schema
/// its `outputs`), run by the runner of `netspec run` with a progress notification per step;
/// `--with-operations` adds the source's operations; a failing step is an error result.
@Suite struct MCPWorkflowCommandTests {
    static func serve(_ arguments: [String], _ frames: [String]) async throws -> (lines: [String], stderr: String) {
        let result = try await CLI.run(["mcp"] + arguments, stdin: Array(frames.joined(separator: "\n").utf8) + [10])
        #expect(result.status == 0, "\(result.stderr)")
        return (result.stdout.split(separator: "\n").map(String.init), result.stderr)
    }

    @Test func eachWorkflowIsAToolThatRunsItsSteps() async throws {
        let path = try RunCommandTests.files()
        let log = Recorder<String>()
        try await withTestServer(RunCommandTests.shop(log)) { server in
            let (lines, stderr) = try await Self.serve([path, "--base-url", server.baseURL], [
                #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"look","arguments":{"petId":1,"user":"ann"},"_meta":{"progressToken":"p"}}}"#,
            ])
            #expect(stderr == "netspec mcp: 1 workflow tool on stdio\n")
            #expect(lines == [
                #"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"look","title":"look","description":"Runs the workflow 'look'.\n\n(An Arazzo workflow: 2 steps, run in order with their success criteria checked.)","inputSchema":{"type":"object","required":["petId"],"properties":{"petId":{"type":"integer"},"user":{"type":"string"}}},"outputSchema":{"type":"object","properties":{"name":{},"token":{}}},"annotations":{"readOnlyHint":false,"openWorldHint":true}}]}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1,"message":"look.login  logIn POST \#(server.baseURL)/login  → 200  2xx  ⇒ next"}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":2,"message":"look.get  getPet GET \#(server.baseURL)/pets/1  → 200  ✓ $statusCode == 200  ⇒ next"}}"#,
                #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"{\"name\":\"Rex\",\"token\":\"abc\"}"}],"isError":false,"structuredContent":{"name":"Rex","token":"abc"}}}"#,
            ])
            #expect(log.all == ["POST /login", "GET /pets/1"])
        }
    }

    @Test func inputsThatDoNotFitAndAFailingStepAreErrorResults() async throws {
        let path = try RunCommandTests.files()
        try await withTestServer(RunCommandTests.shop(Recorder<String>())) { server in
            let (lines, _) = try await Self.serve([path, "--base-url", server.baseURL], [
                #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"look","arguments":{"user":"ann"}}}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"look","arguments":{"petId":2}}}"#,
            ])
            let results = try lines.map { try JSONValue(parsing: Array($0.utf8)) }
            #expect(results.map { $0["result"]?["isError"] } == [true, true])
            let texts = results.compactMap { $0["result"]?["content"]?[0]?["text"]?.string }
            #expect(texts[0].contains("petId"), "\(texts[0])")
            #expect(texts[1].contains("step 'get'") && texts[1].contains("404"), "\(texts[1])")
        }
    }

    @Test func withOperationsTheSourcesOperationsAreToolsToo() async throws {
        let path = try RunCommandTests.files()
        let (lines, stderr) = try await Self.serve([path, "--with-operations", "--mock"], [#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#])
        #expect(stderr == "netspec mcp: 1 workflow tool and 2 tools of Pets on stdio\n")
        let names = try JSONValue(parsing: Array(lines[0].utf8))["result"]?["tools"]?.array?.compactMap { $0["name"]?.string }
        #expect(names == ["look", "logIn", "getPet"])
    }

    /// A workflow named as an operation: the operation's tool keeps its name and the workflow's
    /// tool gets one of its own, said on standard error (there were two tools named `getPet`, and
    /// a call of `getPet` always ran the workflow).
    @Test func aWorkflowNamedAsAnOperationIsAToolOfItsOwnName() async throws {
        let path = try RunCommandTests.files(RunCommandTests.document.replacing("workflowId: look", with: "workflowId: getPet"))
        let (lines, stderr) = try await Self.serve([path, "--with-operations", "--mock"], [
            #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"getPet","arguments":{"petId":1}}}"#,
        ])
        #expect(stderr == "warning: workflow 'getPet' is the tool 'getPet_f1aaa93c': the operation's tool is named 'getPet'\nnetspec mcp: 1 workflow tool and 2 tools of Pets on stdio\n")
        // By id: the two requests are answered as each is done, in either order.
        let answers = try lines.map { try JSONValue(parsing: Array($0.utf8)) }
        let names = answers.first { $0["id"] == 1 }?["result"]?["tools"]?.array?.compactMap { $0["name"]?.string }
        #expect(names == ["getPet_f1aaa93c", "logIn", "getPet"])
        // The operation's answer (its example), not the workflow's outputs.
        #expect(answers.first { $0["id"] == 2 }?["result"]?["structuredContent"] == ["id": 1, "name": "Rex"])
    }

    /// `initialize` names the Arazzo document and says its tools are workflows (it said "Calls
    /// the Pets API: one tool per endpoint.", under the source's title, with no endpoint a tool);
    /// with `--with-operations`, the operations' instructions follow.
    @Test func initializeSaysTheToolsAreWorkflows() async throws {
        let path = try RunCommandTests.files(RunCommandTests.document.replacing("info: { title: Pets, version: \"1\" }", with: "info: { title: Pet flows, summary: Looking pets up., version: \"1\" }"))
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
        let workflows = "Looking pets up.\n\nRuns the Arazzo workflows of Pet flows, one tool each (look): a workflow calls the Pets API step by step, "
            + "checks each step's success criteria and answers its outputs; a step that fails is an error result that names it."
        for (arguments, instructions) in [([String](), workflows), (["--with-operations"], workflows + " The API's operations are tools too.\n\nCalls the Pets API: one tool per endpoint.")] {
            let (lines, _) = try await Self.serve([path, "--mock"] + arguments, [initialize])
            let result = try JSONValue(parsing: Array(lines[0].utf8))["result"]
            #expect(result?["serverInfo"]?["title"] == "Pet flows")
            #expect(result?["instructions"]?.string == instructions)
        }
    }

    @Test func withOperationsOnAnOpenAPIDocumentIsAUsageError() async throws {
        let result = try await CLI.run(["mcp", "specs/users.yaml", "--with-operations"])
        #expect(result.status == 64)
        #expect(result.stderr == "error: --with-operations applies to an Arazzo document; specs/users.yaml's operations are tools already\n")
    }
}
