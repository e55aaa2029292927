import Foundation
import NetspecMCP
import NetspecTestSupport
import Testing

import Netspec

/// The official Python MCP client (pinned in Tests/Peers/requirements.txt) over Streamable HTTP
/// against `MCPHTTPServer`: it initializes, lists, and while a slow call runs it pings and makes
/// another call, both answered first (Tests/Peers/mcp_http_client.py).
@Suite struct MCPHTTPPeerTests {
    static func run(_ url: String, token: String? = nil) async throws -> [String: Any]? {
        guard let python = Peers.python else { return nil }
        let result = try await ChildProcess.run(python, [Peers.root + "/Tests/Peers/mcp_http_client.py", url] + (token.map { [$0] } ?? []))
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    }

    /// DigitalOcean's 657 operations, one tool each (`--tools all`), page after page: the
    /// official client reads every page, every schema in it JSON Schema (it refused the whole
    /// list when a schema held `properties: {$ref: …}` as written).
    @Test func thePythonClientListsEveryToolOfDigitalOceans() async throws {
        guard let python = Peers.python else { return }
        let spec = try await RealDocuments.load("do/specification/DigitalOcean-public.v2.yaml")
        var options = MCPServer.Options()
        options.toolMode = .all
        let mcp = MCPServer(service: Service(spec: spec, provider: Provider(baseURL: "http://127.0.0.1:1", options: .init(usesEnvironment: false))), options: options)
        let server = MCPHTTPServer(server: mcp, options: .init(port: 0))
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task { try await server.run { continuation.yield($0) } }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let result = try await ChildProcess.run(python, [Peers.root + "/Tests/Peers/mcp_list_tools.py", "http://127.0.0.1:\(port)/mcp"])
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        let output = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
        #expect(output?["tools"] as? [String] == mcp.toolNames)
        #expect(mcp.toolNames.count == 657)
        #expect((output?["pages"] as? Int ?? 0) > 1)
    }

    @Test(arguments: [nil, "s3cret"])
    func thePythonClientCallsOverStreamableHTTP(token: String?) async throws {
        try await MCPHTTPServerTests.withServer(token: token, slowDelay: .seconds(4)) { url in
            guard let output = try await Self.run(url, token: token) else { return }
            #expect(output["protocolVersion"] as? String == "2025-11-25")
            #expect(output["server"] as? String == "netspec")
            #expect(output["tools"] as? [String] == ["fast", "slow"])
            #expect(output["order"] as? [String] == ["ping", "fast", "slow"])
            #expect((output["fast"] as? [String: Any])?["texts"] as? [String] == [#"{"n":1}"#])
            #expect((output["fast"] as? [String: Any])?["structured"] as? [String: Int] == ["n": 1])
            #expect((output["slow"] as? [String: Any])?["structured"] as? [String: Int] == ["n": 2])
        }
    }
}
