import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec mcp SPEC --http HOST:PORT`: the MCP server over Streamable HTTP as a process, with a
/// bearer token from `--token-env`, spoken to by curl and by the official Python client.
@Suite struct MCPHTTPCommandTests {
    /// Starts `netspec mcp ARGS --http 127.0.0.1:0` and returns it with the endpoint's URL.
    static func start(_ arguments: [String], environment: [String: String] = [:]) async throws -> (CLIProcess, String) {
        let server = try CLIProcess(["mcp"] + arguments + ["--http", "127.0.0.1:0"], environment: environment)
        let started = await server.waitForErrors(containing: "/mcp\n", timeout: .seconds(90))
        let line = server.stderr.split(separator: "\n").first { $0.hasPrefix("netspec mcp: ") }.map(String.init) ?? ""
        guard started, let url = line.range(of: "http://") else {
            server.terminate()
            _ = await server.wait()
            throw MockCommandTests.StartFailure(stderr: server.stderr)
        }
        return (server, String(line[url.lowerBound...]))
    }

    /// Every 127.0.0.0/8 address is loopback, as for `netspec mock --host`: `--http 127.0.0.2:0`
    /// gives no warning; an address other machines can reach does.
    @Test(arguments: [("127.0.0.2", nil), ("0.0.0.0", "warning: listening on 0.0.0.0, not only loopback: other machines can reach this server")] as [(String, String?)])
    func onlyAHostThatIsNotLoopbackIsWarnedAbout(host: String, warning: String?) async throws {
        let server = try CLIProcess(["mcp", "specs/github.yaml", "--http", host + ":0"])
        #expect(await server.waitForErrors(containing: "/mcp\n", timeout: .seconds(90)))
        server.terminate()
        let result = await server.wait()
        let started = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(started.hasPrefix("netspec mcp: ") && started.contains(" tools of GitHub on http://\(host):") && started.hasSuffix("/mcp"))
        #expect(result.stderr == ([started] + (warning.map { [$0] } ?? []) + [""]).joined(separator: "\n"))
    }

    @Test func servesStreamableHTTPWithATokenUntilSIGTERM() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"login":"ada","id":1}"#)) { upstream in
            let (server, url) = try await Self.start(["specs/github.yaml", "--base-url", upstream.baseURL, "--token-env", "MCP_TOKEN"], environment: ["MCP_TOKEN": "t0ken"])
            #expect(server.stderr.hasPrefix("netspec mcp: ") && server.stderr.contains(" tools of GitHub on http://127.0.0.1:"))
            let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}"#
            let refused = try await ChildProcess.curl(["-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "--data-binary", initialize, url])
            #expect(refused.stdout == "401")
            if let python = Peers.python {
                let client = try await ChildProcess.run(python, [Peers.root + "/Tests/Peers/mcp_http_client.py", url, "t0ken", "--call", "getUser", #"{"username":"ada"}"#])
                #expect(client.status == 0, "\(client.stderr)")
                let output = try JSONSerialization.jsonObject(with: Data(client.stdout.utf8)) as? [String: Any]
                #expect(output?["protocolVersion"] as? String == "2025-11-25")
                let structured = (output?["call"] as? [String: Any])?["structured"] as? [String: Any]
                #expect(structured?["login"] as? String == "ada")
                #expect(structured?["id"] as? Int == 1)
            }
            server.terminate()
            let result = await server.wait()
            #expect(result.status == 0)
        }
    }

    @Test(arguments: [
        (["--http", "nowhere"], "Error: --http 'nowhere' must be HOST:PORT, such as 127.0.0.1:8000"),
        (["--token-env", "T"], "Error: --token-env applies to --http; give it too"),
        (["--http-origin", "http://localhost:3000"], "Error: --http-origin applies to --http; give it too"),
        (["--allow-origin", "uploads.example.net"], "Error: --allow-origin 'uploads.example.net' must be an origin such as https://uploads.example.com"),
        (["--tags", "nope"], "error: --tags names 'nope', which no operation of specs/github.yaml has (it has no tags)"),
        (["--http", ":0", "--http-origin", "localhost:3000"], "Error: --http-origin 'localhost:3000' must be an origin as browsers send it, such as http://localhost:3000"),
    ])
    func badOptionsAreUsageErrors(_ arguments: [String], _ message: String) async throws {
        let result = try await CLI.run(["mcp", "specs/github.yaml"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
    }

    @Test func anUnsetTokenVariableIsAUsageError() async throws {
        let result = try await CLI.run(["mcp", "specs/github.yaml", "--http", "127.0.0.1:0", "--token-env", "NETSPEC_TEST_UNSET_TOKEN"], unsetting: ["NETSPEC_TEST_UNSET_TOKEN"])
        #expect(result.status == 64)
        #expect(result.stderr == "error: --token-env NETSPEC_TEST_UNSET_TOKEN: the variable NETSPEC_TEST_UNSET_TOKEN is not set (or empty)\n")
    }
}
