import Foundation
import NetspecTestSupport
import Testing

/// Several `netspec call` processes sharing one token file renew an expired login at the same
/// time against Authlib's authorization server (Tests/Peers/oauth_server.py), which rotates refresh
/// tokens: one refresh wins, and the others, refused the spent refresh token, use the token it
/// stored instead of forgetting the login.
@Suite(.enabled(if: Peers.python != nil, "needs the peers venv (Tests/Peers/setup.sh); see the printed reason"))
struct OAuthConcurrentRefreshTests {
    @Test func concurrentCallsRefusedARotatedRefreshTokenKeepTheLogin() async throws {
        let server = try await OAuthLoginCommandTests.Server.start()
        defer { server.peer.stop() }
        let (login, url) = try await OAuthLoginCommandTests.startLogin(server)
        let redirect = try await OAuthLoginCommandTests.authorizationRedirect(server, url)
        _ = try await server.curl([redirect])
        let result = await login.wait()
        try #require(result.status == 0, "\(result.stderr)")

        // The access token is revoked: 4 calls at once each get a 401 and renew.
        _ = try await server.curl(["-X", "POST", server.base + "/admin/revoke"])
        let calls = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
            for _ in 0..<4 {
                group.addTask { try await CLI.run(["call", server.document, "listItems", "--raw"], environment: server.environment) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for call in calls {
            // A call refused the spent refresh token before the winner stored the new one may say to log in; no other failure.
            #expect(call.status == 0 || call.status == 77, "\(call.status) \(call.stderr)")
        }
        #expect(calls.filter { $0.status == 0 }.count >= 2, "\(calls.map { "\($0.status) \($0.stderr)" })")
        // The login is kept: later calls use the token the winning refresh stored.
        for _ in 0..<2 {
            let later = try await CLI.run(["call", server.document, "listItems", "--raw"], environment: server.environment)
            #expect(later.status == 0, "\(later.stderr)")
            #expect(later.stdout == #"[{"id":1,"name":"kettle"}]"# + "\n")
        }
        let status = try await CLI.run(["auth", "status"], environment: server.environment)
        #expect(status.stdout.hasPrefix("Items \(server.base) OAUTH: authorization_code, scopes items:read, "), "\(status.stdout)")
    }

    /// Six services getting client credentials tokens at once, one process each, with one token
    /// file: all six are kept (each process changes the file under its lock).
    @Test func concurrentProcessesKeepEveryTokenTheyStore() async throws {
        let peer = try await ChildProcess.blocking { Result { try PeerProcess.start(python: Peers.python!, script: "oauth_server.py") } }.get()
        defer { peer.stop() }
        let base = try #require(peer.baseURL, "oauth_server.py printed \(peer.readyLine)")
        var documents: [String] = []
        for index in 0..<6 {
            documents.append(try OAuthCommandTests.clientCredentialsDocument(base: base, title: "Items\(index)"))
        }
        let tokens = URL(fileURLWithPath: documents[0]).deletingLastPathComponent().path + "/tokens.json"
        let environment = ["NETSPEC_TOKEN_FILE": tokens, "OAUTH_CLIENT_ID": "netspec", "OAUTH_CLIENT_SECRET": "s3cret"]
        let calls = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
            for document in documents {
                group.addTask { try await CLI.run(["call", document, "listItems", "--raw"], environment: environment) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for call in calls { #expect(call.status == 0, "\(call.stderr)") }
        let status = try await CLI.run(["auth", "status"], environment: environment)
        #expect(status.stdout.split(separator: "\n").count == 6, "\(status.stdout)")
    }
}
