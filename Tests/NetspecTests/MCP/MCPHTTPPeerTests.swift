import Foundation
import NetspecTestSupport
import Testing

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
