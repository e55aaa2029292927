import Foundation
import NetspecTestSupport
import Testing

/// `netspec call` of an operation secured by an OAuth 2 client credentials flow, against Authlib's
/// authorization server (Tests/Peers/oauth_server.py): the token obtained by the first process is
/// reused by the second through the token file; `describe` says where the token comes from.
@Suite(.enabled(if: Peers.python != nil, "needs the peers venv (Tests/Peers/setup.sh); see the printed reason"))
struct OAuthCommandTests {
    /// An OpenAPI document, in a fresh folder, whose one operation `listItems` needs a client
    /// credentials token of the OAuth peer at `base`.
    static func clientCredentialsDocument(base: String, title: String = "Items") throws -> String {
        try CLI.temporarySpec("""
            openapi: 3.0.3
            info: {title: \(title), version: "1"}
            servers: [{url: "\(base)"}]
            components:
              securitySchemes:
                oauth:
                  type: oauth2
                  flows: {clientCredentials: {tokenUrl: "\(base)/oauth/token", scopes: {"items:read": read}}}
            paths:
              /api/items:
                get:
                  operationId: listItems
                  security: [{oauth: ["items:read"]}]
                  responses: {"200": {description: the items}}
            """, name: "items.openapi.yaml")
    }

    @Test func aSecondProcessReusesTheTokenTheFirstObtained() async throws {
        let peer = try await ChildProcess.blocking { Result { try PeerProcess.start(python: Peers.python!, script: "oauth_server.py") } }.get()
        defer { peer.stop() }
        let base = try #require(peer.baseURL, "oauth_server.py printed \(peer.readyLine)")
        let document = try Self.clientCredentialsDocument(base: base)
        let tokens = URL(fileURLWithPath: document).deletingLastPathComponent().path + "/tokens.json"
        let environment = ["NETSPEC_TOKEN_FILE": tokens, "OAUTH_CLIENT_ID": "netspec", "OAUTH_CLIENT_SECRET": "s3cret"]
        for _ in 0..<2 {
            let call = try await CLI.run(["call", document, "listItems", "--raw"], environment: environment)
            #expect(call.status == 0, "\(call.stderr)")
            #expect(call.stdout == #"[{"id":1,"name":"kettle"}]"# + "\n")
        }
        let stats = try await ChildProcess.curl([base + "/stats"])
        #expect(stats.stdout.contains(#""tokens":1"#), "\(stats.stdout)")
        // The MCP server gets its own token by the headless grant when none is stored.
        try FileManager.default.removeItem(atPath: tokens)
        let input = [MCPCommandTests.initialize, MCPCommandTests.initialized,
                     #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"listItems","arguments":{}}}"#].joined(separator: "\n") + "\n"
        let mcp = try await CLI.run(["mcp", document], stdin: Array(input.utf8), environment: environment)
        #expect(MCPCommandTests.answer(mcp.stdout.split(separator: "\n").map(String.init), id: "2")
            == #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"[{\"id\":1,\"name\":\"kettle\"}]"}],"isError":false}}"#, "\(mcp.stdout) \(mcp.stderr)")
        let again = try await ChildProcess.curl([base + "/stats"])
        #expect(again.stdout.contains(#""tokens":2"#), "\(again.stdout)")
        // A wrong secret: a configuration error (78) naming the scheme and the token URL, not the secret.
        try? FileManager.default.removeItem(atPath: tokens)
        let refused = try await CLI.run(["call", document, "listItems"], environment: environment.merging(["OAUTH_CLIENT_SECRET": "wr0ng"]) { $1 })
        #expect(refused.status == 78)
        #expect(refused.stderr.contains("OAuth 2 scheme 'oauth': the token endpoint \(base)/oauth/token refused the client credentials grant with 401: invalid_client"))
        #expect(!refused.stderr.contains("wr0ng"))
        let described = try await CLI.run(["describe", document, "listItems"])
        #expect(described.stdout.contains("without ${OAUTH}, OAuth 2 client credentials: a token from \(base)/oauth/token for items:read with ${OAUTH_CLIENT_ID} and ${OAUTH_CLIENT_SECRET}, again on 401"))
    }
}
