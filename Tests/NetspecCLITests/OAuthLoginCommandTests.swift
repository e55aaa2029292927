import Foundation
import NetspecTestSupport
import Testing

/// `netspec auth login|status|logout` and calls that use the login's tokens, against Authlib's
/// authorization server (Tests/Peers/oauth_server.py): the authorization code flow with PKCE and
/// a loopback redirect (the test plays the browser with curl), the device flow (the test approves
/// the code), refresh tokens, and the failures — a forged `state`, a code bound to another PKCE
/// challenge, a refused refresh token, an expired device code.
@Suite(.serialized, .enabled(if: Peers.python != nil, "needs the peers venv (Tests/Peers/setup.sh); see the printed reason"))
struct OAuthLoginCommandTests {
    /// A running authorization server and a document whose `oauth` scheme has the login flows.
    struct Server {
        let peer: PeerProcess
        let base: String
        let document: String
        let environment: [String: String]

        static func start() async throws -> Server {
            let peer = try await ChildProcess.blocking { Result { try PeerProcess.start(python: Peers.python!, script: "oauth_server.py") } }.get()
            guard let base = peer.baseURL else {
                peer.stop()
                Issue.record("oauth_server.py printed \(peer.readyLine)")
                throw CancellationError()
            }
            let document = try CLI.temporarySpec("""
                openapi: 3.1.0
                info: {title: Items, version: "1"}
                servers: [{url: "\(base)"}]
                components:
                  securitySchemes:
                    oauth:
                      type: oauth2
                      flows:
                        authorizationCode: {authorizationUrl: /oauth/authorize, tokenUrl: /oauth/token, scopes: {"items:read": read}}
                        deviceAuthorization: {deviceAuthorizationUrl: /oauth/device, tokenUrl: /oauth/token, scopes: {"items:read": read}}
                        implicit: {authorizationUrl: /oauth/authorize, scopes: {}}
                paths:
                  /api/items:
                    get:
                      operationId: listItems
                      security: [{oauth: ["items:read"]}]
                      responses: {"200": {description: the items}}
                """, name: "items.openapi.yaml")
            let tokens = URL(fileURLWithPath: document).deletingLastPathComponent().path + "/tokens.json"
            return Server(peer: peer, base: base, document: document, environment: ["NETSPEC_TOKEN_FILE": tokens, "OAUTH_CLIENT_ID": "netspec-cli"])
        }

        func curl(_ arguments: [String]) async throws -> String {
            try await ChildProcess.curl(arguments).stdout
        }

        func stats() async throws -> String { try await curl([base + "/stats"]) }
    }

    /// Starts `netspec auth login DOC ARGS` and returns it with the URL it printed. It waits 120 s for
    /// the login: a full run on two cores has taken more than 30 s between the URL and the test's curl.
    static func startLogin(_ server: Server, _ arguments: [String] = []) async throws -> (CLIProcess, String) {
        let login = try CLIProcess(["auth", "login", server.document, "--no-browser", "--wait", "120"] + arguments, environment: server.environment)
        let printed = await login.waitForErrors(containing: "\n  http", timeout: .seconds(60))
        let line = login.stderr.split(separator: "\n").first { $0.hasPrefix("  http") }.map { String($0.dropFirst(2)) }
        guard printed, let line else {
            login.terminate()
            Issue.record("no URL printed: \(login.stderr)")
            throw CancellationError()
        }
        return (login, line)
    }

    /// The browser's part: the authorization server's redirect, and following it to the loopback.
    static func authorizationRedirect(_ server: Server, _ url: String) async throws -> String {
        let headers = try await server.curl(["-o", "/dev/null", "-D", "-", url])
        let location = headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("location:") }.map { String($0.dropFirst("location:".count)).trimmingCharacters(in: .whitespaces) }
        return try #require(location, "no redirect: \(headers)")
    }

    @Test func theAuthorizationCodeFlowLogsInOnceAndTheRefreshTokenRenews() async throws {
        let server = try await Server.start()
        defer { server.peer.stop() }
        let (login, url) = try await Self.startLogin(server)
        #expect(url.hasPrefix(server.base + "/oauth/authorize?response_type=code&client_id=netspec-cli&redirect_uri=http%3A%2F%2F127.0.0.1%3A"))
        #expect(url.contains("%2Fcallback&scope=items%3Aread&state="))
        #expect(url.contains("&code_challenge_method=S256"))
        let redirect = try await Self.authorizationRedirect(server, url)
        #expect(redirect.hasPrefix("http://127.0.0.1:") && redirect.contains("/callback?code="))
        let page = try await server.curl([redirect])
        #expect(page.contains("this window can be closed"))
        let result = await login.wait()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("logged in with OAuth 2 scheme 'oauth' (authorization_code): scopes items:read, expires in 864000 s, refreshable; kept in "))

        // Calls use the stored token, with no token request.
        for _ in 0..<2 {
            let call = try await CLI.run(["call", server.document, "listItems", "--raw"], environment: server.environment)
            #expect(call.status == 0, "\(call.stderr)")
            #expect(call.stdout == #"[{"id":1,"name":"kettle"}]"# + "\n")
        }
        #expect(try await server.stats().contains(#""grants":["authorization_code"]"#))

        let status = try await CLI.run(["auth", "status"], environment: server.environment)
        #expect(status.stdout.hasPrefix("Items \(server.base) OAUTH: authorization_code, scopes items:read, expires in 9 days, refreshable\n"), "\(status.stdout)")
        #expect(!status.stdout.contains("access_token") && status.stdout.split(separator: "\n").count == 1)

        // The access token is revoked: the 401 is answered by the refresh token, once.
        _ = try await server.curl(["-X", "POST", server.base + "/admin/revoke"])
        let renewed = try await CLI.run(["call", server.document, "listItems", "--raw"], environment: server.environment)
        #expect(renewed.status == 0, "\(renewed.stderr)")
        #expect(try await server.stats().contains(#""grants":["authorization_code","refresh_token"]"#))

        // Both revoked: the refresh token is refused, and the call says to log in (77).
        _ = try await server.curl(["-X", "POST", server.base + "/admin/revoke"])
        _ = try await server.curl(["-X", "POST", server.base + "/admin/revoke-refresh"])
        let refused = try await CLI.run(["call", server.document, "listItems"], environment: server.environment)
        #expect(refused.status == 77)
        #expect(refused.stderr == "error: endpoint 'listItems': OAuth 2 scheme 'oauth' needs a login (the token endpoint \(server.base)/oauth/token refused the stored refresh token with 400: invalid_grant): run netspec auth login \(server.document) --scheme oauth (in Swift, Service.logIn(scheme: \"oauth\"))\n")
        // … and so does the next, with nothing stored.
        let none = try await CLI.run(["call", server.document, "listItems"], environment: server.environment)
        #expect(none.status == 77)
        #expect(none.stderr.contains("needs a login (no token is stored for it)"))

        let logout = try await CLI.run(["auth", "logout", server.document], environment: server.environment)
        #expect(logout.stdout == "no stored tokens to remove\n")
    }

    /// A redirect whose `state` is not the one sent is refused: its code is never exchanged.
    @Test func aForgedStateIsRefused() async throws {
        let server = try await Server.start()
        defer { server.peer.stop() }
        let (login, url) = try await Self.startLogin(server)
        let redirect = try await Self.authorizationRedirect(server, url)
        let forged = redirect.replacingOccurrences(of: "state=", with: "state=x")
        _ = try await server.curl([forged])
        let result = await login.wait()
        #expect(result.status == 78)
        #expect(result.stderr.hasSuffix("error: OAuth 2 scheme 'oauth': the redirect's state is not the one sent, so its code is not used (a forged or stale redirect)\n"), "\(result.stderr)")
        #expect(try await server.stats().contains(#""tokens":0"#))
    }

    /// One `tools/call` of `listItems` through `netspec mcp DOC` with the server's environment: the
    /// answer's line.
    static func mcpCall(_ server: Server) async throws -> String {
        let input = [MCPCommandTests.initialize, MCPCommandTests.initialized,
                     #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"listItems","arguments":{}}}"#].joined(separator: "\n") + "\n"
        let result = try await CLI.run(["mcp", server.document], stdin: Array(input.utf8), environment: server.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        return try #require(MCPCommandTests.answer(lines, id: "2"), "\(result.stdout)")
    }

    /// `netspec mcp` never prompts: before a login a call is an `isError` result naming the command
    /// to run; after one (in another process) it sends the stored token, with no token request.
    @Test func theMCPServerUsesTheStoredLoginAndNeverPrompts() async throws {
        let server = try await Server.start()
        defer { server.peer.stop() }
        let before = try await Self.mcpCall(server)
        let escaped = server.document.replacingOccurrences(of: "/", with: "\\/")
        #expect(before.contains(#""isError":true"#), "\(before)")
        #expect(before.contains("needs a login (no token is stored for it): run netspec auth login \(server.document) --scheme oauth") || before.contains("needs a login (no token is stored for it): run netspec auth login \(escaped) --scheme oauth"), "\(before)")
        #expect(try await server.stats().contains(#""grants":[]"#))

        let (login, url) = try await Self.startLogin(server)
        _ = try await server.curl([try await Self.authorizationRedirect(server, url)])
        #expect(await login.wait().status == 0)

        let after = try await Self.mcpCall(server)
        #expect(after == #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"[{\"id\":1,\"name\":\"kettle\"}]"}],"isError":false}}"#, "\(after)")
        #expect(try await server.stats().contains(#""grants":["authorization_code"]"#))
    }

    /// A code bound to another PKCE challenge — an attacker's authorization delivered to this
    /// login's loopback with its `state` (RFC 7636 §1, code injection) — is refused by the token
    /// endpoint, since this login's verifier does not match; the error names the scheme and the
    /// token URL, and nothing is stored.
    @Test func aCodeBoundToAnotherChallengeIsRefused() async throws {
        let server = try await Server.start()
        defer { server.peer.stop() }
        let (login, url) = try await Self.startLogin(server)
        let challenge = try #require(url.split(separator: "&").first { $0.hasPrefix("code_challenge=") })
        // RFC 7636 appendix B's challenge, made from a verifier this login does not hold.
        let attackers = url.replacingOccurrences(of: String(challenge), with: "code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(attackers != url)
        let redirect = try await Self.authorizationRedirect(server, attackers)
        _ = try await server.curl([redirect])
        let result = await login.wait()
        #expect(result.status == 78)
        #expect(result.stderr.hasSuffix("error: OAuth 2 scheme 'oauth': the token endpoint \(server.base)/oauth/token refused the authorization code with 400: invalid_grant (Code challenge failed.)\n"), "\(result.stderr)")
        #expect(try await server.stats().contains(#""tokens":0"#))
        let status = try await CLI.run(["auth", "status"], environment: server.environment)
        #expect(status.stdout == "no stored tokens (\(server.environment["NETSPEC_TOKEN_FILE"]!))\n", "\(status.stdout)")
    }

    /// The device flow: the code is printed, the user approves it, the poll gets the token;
    /// `slow_down` makes the poll wait 5 s more. Then `logout` forgets it.
    @Test func theDeviceFlowLogsInWhenTheCodeIsApproved() async throws {
        let server = try await Server.start()
        defer { server.peer.stop() }
        // The server approves the code once its first poll was told to slow down, as a user
        // would before the next poll 1 + 5 s later. (The test approved it itself once, and a full
        // run's load once delayed that past the next poll: 6 polls instead of 2.)
        _ = try await server.curl(["-X", "POST", server.base + "/admin/device?slow_down=1&approve_after=1"])
        let (login, url) = try await Self.startLogin(server, ["--device"])
        #expect(login.stderr.contains("To log in, open \(server.base)/device and enter the code "))
        let code = try #require(url.split(separator: "user_code=").last.map(String.init))
        let result = await login.wait()
        let polls = try JSONSerialization.jsonObject(with: Data(try await server.curl([server.base + "/device/polls?user_code=" + code]).utf8)) as? [String: Any]
        #expect(polls?["polls"] as? Int == 2)
        #expect((polls?["gaps"] as? [Double])?.first ?? 0 >= 6)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("logged in with OAuth 2 scheme 'oauth' (device_code): scopes items:read, expires in 3600 s, refreshable"))
        let call = try await CLI.run(["call", server.document, "listItems", "--raw"], environment: server.environment)
        #expect(call.status == 0, "\(call.stderr)")
        let logout = try await CLI.run(["auth", "logout", server.document, "--scheme", "oauth"], environment: server.environment)
        #expect(logout.stdout == "logged out: the stored tokens are removed\n")
        let status = try await CLI.run(["auth", "status", server.document], environment: server.environment)
        #expect(status.stdout.hasPrefix("no stored tokens for Items ("))
    }

    /// A confidential client's login: its secret, optional for the login flows, is read from
    /// the environment as every other variable is (it was read from the provider's variables
    /// alone, so the token request went without it and the server refused the client).
    @Test func aLoginSendsTheClientSecretFromTheEnvironment() async throws {
        let server = try await Server.start()
        defer { server.peer.stop() }
        _ = try await server.curl(["-X", "POST", server.base + "/admin/device?approve_after=1"])
        var environment = server.environment
        environment["OAUTH_CLIENT_ID"] = "netspec-app"
        environment["OAUTH_CLIENT_SECRET"] = "app-s3cret"
        let login = try CLIProcess(["auth", "login", server.document, "--device", "--no-browser", "--wait", "120"], environment: environment)
        let result = await login.wait()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("logged in with OAuth 2 scheme 'oauth' (device_code): scopes items:read, expires in 3600 s, refreshable"), "\(result.stdout)")
        let stats = try JSONSerialization.jsonObject(with: Data(try await server.stats().utf8)) as? [String: Any]
        #expect(stats?["grants"] as? [String] == ["urn:ietf:params:oauth:grant-type:device_code"])
    }

    @Test func anExpiredDeviceCodeIsSaid() async throws {
        let server = try await Server.start()
        defer { server.peer.stop() }
        _ = try await server.curl(["-X", "POST", server.base + "/admin/device?expires_in=2"])
        let (login, _) = try await Self.startLogin(server, ["--device"])
        let result = await login.wait()
        #expect(result.status == 78)
        #expect(result.stderr.contains("OAuth 2 scheme 'oauth': the device code "), "\(result.stderr)")
        #expect(result.stderr.contains(" expired before the login was approved (it lived 2 s): log in again\n"))
    }

    /// An `openIdConnect` scheme: the flows come from the discovery document.
    @Test func openIDConnectDiscoveryGivesTheFlows() async throws {
        let server = try await Server.start()
        defer { server.peer.stop() }
        let document = try CLI.temporarySpec("""
            openapi: 3.1.0
            info: {title: Items, version: "1"}
            servers: [{url: "\(server.base)"}]
            components:
              securitySchemes:
                oidc: {type: openIdConnect, openIdConnectUrl: /.well-known/openid-configuration}
            security: [{oidc: ["items:read"]}]
            paths:
              /api/items: {get: {operationId: listItems, responses: {"200": {description: the items}}}}
            """, name: "oidc.openapi.yaml")
        let environment = ["NETSPEC_TOKEN_FILE": server.environment["NETSPEC_TOKEN_FILE"]!, "OIDC_CLIENT_ID": "netspec-cli"]
        let described = try await CLI.run(["describe", document, "listItems"], environment: environment)
        #expect(described.stdout.contains("the token of a login (OAuth 2 OpenID Connect (discovered from /.well-known/openid-configuration) flow for items:read, client ${OIDC_CLIENT_ID}): netspec auth login SPEC --scheme oidc"), "\(described.stdout)")
        let login = try CLIProcess(["auth", "login", document, "--no-browser"], environment: environment)
        #expect(await login.waitForErrors(containing: "\n  http", timeout: .seconds(60)))
        let url = try #require(login.stderr.split(separator: "\n").first { $0.hasPrefix("  http") }.map { String($0.dropFirst(2)) })
        #expect(url.hasPrefix(server.base + "/oauth/authorize?response_type=code&client_id=netspec-cli&"))
        _ = try await server.curl(["-L", url])
        let result = await login.wait()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("logged in with OAuth 2 scheme 'oidc' (authorization_code): scopes items:read"))
        let call = try await CLI.run(["call", document, "listItems", "--raw"], environment: environment)
        #expect(call.stdout == #"[{"id":1,"name":"kettle"}]"# + "\n", "\(call.stderr)")
    }

    @Test func aSchemeThatCannotLogInIsSaid() async throws {
        let document = try CLI.temporarySpec("""
            openapi: 3.0.3
            info: {title: Old, version: "1"}
            components:
              securitySchemes:
                legacy: {type: oauth2, flows: {password: {tokenUrl: /token, scopes: {}}}}
            security: [{legacy: []}]
            paths: {/x: {get: {operationId: x, responses: {"200": {description: ok}}}}}
            """, name: "old.yaml")
        let tokens = URL(fileURLWithPath: document).deletingLastPathComponent().path + "/tokens.json"
        let login = try await CLI.run(["auth", "login", document, "--scheme", "legacy"], environment: ["NETSPEC_TOKEN_FILE": tokens])
        #expect(login.status == 78)
        #expect(login.stderr == "error: OAuth 2 scheme 'legacy' of \(document) cannot log a user in: it declares the password flow, which OAuth 2.0 Security Best Current Practice (RFC 9700 §2.4) forbids: it gives the user's password to the client\n")
        let call = try await CLI.run(["call", document, "x", "--base-url", "http://127.0.0.1:9"])
        #expect(call.status == 78)
        #expect(call.stderr == "error: endpoint 'x': OAuth 2 scheme 'legacy': declares only the password flow, which OAuth 2.0 Security Best Current Practice (RFC 9700 §2.4) forbids: it gives the user's password to the client; a token got elsewhere goes in ${LEGACY}: set it with --var LEGACY=… or in the environment\n")
    }
}
