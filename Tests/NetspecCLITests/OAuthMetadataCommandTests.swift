import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// OpenAPI 3.2's `oauth2MetadataUrl` from the command line: `netspec call` gets a client
/// credentials token and `netspec auth login --device` logs in with flows discovered from a
/// real HTTPS server on 127.0.0.1 (RFC 8414; trusted with `--cacert`), `netspec auth login` runs
/// a discovered authorization code flow with PKCE whose token the next `netspec call` sends, an
/// `http:` metadata URL to another host is refused with its place in the document, and a loopback
/// `http` one is read without `--insecure`, as a loopback `openIdConnectUrl` is.
@Suite struct OAuthMetadataCommandTests {
    static func document(base: String, metadata: String) throws -> String {
        try CLI.temporarySpec("""
            openapi: 3.2.0
            info: {title: Items, version: "1"}
            servers: [{url: "\(base)"}]
            components:
              securitySchemes:
                oauth:
                  type: oauth2
                  oauth2MetadataUrl: \(metadata)
                  flows: {}
            security: [{oauth: ["items:read"]}]
            paths:
              /api/items: {get: {operationId: listItems, responses: {"200": {description: the items}}}}
            """, name: "items.yaml")
    }

    @Test func callAndLoginDiscoverTheFlowsOverTLS() async throws {
        let pki = try await TestPKI.make()
        let log = Recorder<String>()
        let server = try await TestServer.start(tlsContext: try pki.serverContext(), TestHandlers.oauthMetadataServer(log: log))
        defer { Task { try? await server.shutdown() } }
        // Relative to the server, as the document writes it.
        let document = try Self.document(base: server.baseURL, metadata: "/.well-known/oauth-authorization-server")
        let described = try await CLI.run(["describe", document, "listItems"])
        #expect(described.stdout.contains("the token of a login (OAuth 2 authorization server metadata (discovered from /.well-known/oauth-authorization-server) flow for items:read, client ${OAUTH_CLIENT_ID})"), "\(described.stdout)")
        let call = try await CLI.run(
            ["call", document, "listItems", "--cacert", pki.path("ca.pem")], environment: ["OAUTH_CLIENT_ID": "netspec", "OAUTH_CLIENT_SECRET": "s3cret"]
        )
        #expect(call.status == 0, "\(call.stderr)")
        #expect(call.stdout == #"{"authorization":"Bearer t-discovered"}"# + "\n")
        // A login keeps its tokens in a file (one kept in memory only is refused).
        let tokens = URL(fileURLWithPath: document).deletingLastPathComponent().path + "/tokens.json"
        let login = try await CLI.run(
            ["auth", "login", document, "--device", "--no-browser", "--cacert", pki.path("ca.pem")], environment: ["OAUTH_CLIENT_ID": "netspec-cli", "NETSPEC_TOKEN_FILE": tokens]
        )
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.hasPrefix("logged in with OAuth 2 scheme 'oauth' (device_code): scopes items:read"), "\(login.stdout)")
        #expect(login.stderr.contains("ABCD-EFGH") && login.stderr.contains(server.baseURL + "/verify"), "\(login.stderr)")
        #expect(log.all == [
            "GET /.well-known/oauth-authorization-server",
            "POST /token grant_type=client_credentials&scope=items%3Aread",
            "GET /api/items",
            "GET /.well-known/oauth-authorization-server",
            "POST /device scope=items%3Aread&client_id=netspec-cli",
            "POST /token grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=d-1&client_id=netspec-cli",
        ])
    }

    /// `http:` to a host that is not loopback is refused before any request, with or without
    /// `--insecure`, in the words an `openIdConnectUrl`'s refusal has: exit 78.
    @Test func anHTTPMetadataURLIsRefusedWithItsPlace() async throws {
        let url = "http://auth.invalid/.well-known/oauth-authorization-server"
        let document = try Self.document(base: "http://127.0.0.1:9", metadata: url)
        let environment = ["OAUTH_CLIENT_ID": "netspec", "OAUTH_CLIENT_SECRET": "s3cret"]
        for flags in [[], ["--insecure"]] {
            let refused = try await CLI.run(["call", document, "listItems"] + flags, environment: environment)
            #expect(refused.status == 78)
            #expect(refused.stdout == "")
            #expect(refused.stderr == "error: endpoint 'listItems': OAuth 2 scheme 'oauth': its oauth2MetadataUrl (\(document):8:26) \(url) is not read:"
                + " it is http to a host that is not loopback: only https is used, or http to 127.0.0.0/8, [::1] or localhost\n")
        }
    }

    /// A loopback `http` metadata URL that redirects to plain `http` on another host: the
    /// redirect is not followed (nothing but the metadata URL is requested), exit 78, naming the
    /// field, its place, the URL and where it leads.
    @Test func aMetadataRedirectToPlainHTTPElsewhereIsRefused() async throws {
        let log = Recorder<String>()
        let target = "http://auth.invalid/.well-known/oauth-authorization-server"
        let server = try await TestServer.start { request, writer in
            log.record("\(request.method) \(request.path)")
            try await writer.respond(status: 302, headers: [("Location", target)], body: "")
        }
        defer { Task { try? await server.shutdown() } }
        let url = server.baseURL + "/.well-known/oauth-authorization-server"
        let document = try Self.document(base: server.baseURL, metadata: url)
        let refused = try await CLI.run(["call", document, "listItems"], environment: ["OAUTH_CLIENT_ID": "netspec", "OAUTH_CLIENT_SECRET": "s3cret"])
        #expect(refused.status == 78)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "error: endpoint 'listItems': OAuth 2 scheme 'oauth': its oauth2MetadataUrl (\(document):8:26) \(url) is not read:"
            + " it redirects to \(target), which is not followed:"
            + " it is http to a host that is not loopback: only https is used, or http to 127.0.0.0/8, [::1] or localhost\n")
        #expect(log.all == ["GET /.well-known/oauth-authorization-server"])
    }

    /// A document whose scheme has only `oauth2MetadataUrl`, the metadata advertising the
    /// authorization code flow alone: `netspec auth login` runs it with PKCE (the test plays the
    /// browser with curl, following the redirect to the loopback), the tokens land in the token
    /// file, and the next `netspec call`, another process, sends the access token. The server
    /// saw exactly the metadata read, the authorization request and the code exchange, whose
    /// `code_verifier` hashes to the `code_challenge` (S256, computed by openssl).
    @Test func aLoginThroughADiscoveredAuthorizationCodeFlow() async throws {
        let pki = try await TestPKI.make()
        let log = Recorder<String>()
        let server = try await TestServer.start(tlsContext: try pki.serverContext(), TestHandlers.oauthAuthorizationCodeServer(log: log))
        defer { Task { try? await server.shutdown() } }
        let document = try Self.document(base: server.baseURL, metadata: "\(server.baseURL)/.well-known/oauth-authorization-server")
        let tokenFile = URL(fileURLWithPath: document).deletingLastPathComponent().path + "/tokens.json"
        let environment = ["NETSPEC_TOKEN_FILE": tokenFile, "OAUTH_CLIENT_ID": "netspec-cli"]
        let login = try CLIProcess(["auth", "login", document, "--no-browser", "--wait", "120", "--cacert", pki.path("ca.pem")], environment: environment)
        let printed = await login.waitForErrors(containing: "\n  http", timeout: .seconds(60))
        guard printed, let url = login.stderr.split(separator: "\n").first(where: { $0.hasPrefix("  http") }).map({ String($0.dropFirst(2)) }) else {
            login.terminate()
            Issue.record("no URL printed: \(login.stderr)")
            return
        }
        // The browser: the authorization server's redirect, followed to the loopback.
        let browser = try await ChildProcess.curl(["-L", "--cacert", pki.path("ca.pem"), url])
        #expect(browser.stdout.contains("this window can be closed"), "\(browser.stdout)")
        let result = await login.wait()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "logged in with OAuth 2 scheme 'oauth' (authorization_code): scopes items:read, expires in 3600 s, refreshable; kept in \(tokenFile)\n")

        // The authorization request: its query as netspec made it, PKCE S256.
        let prefix = server.baseURL + "/authorize?"
        #expect(url.hasPrefix(prefix), "\(url)")
        let query = String(url.dropFirst(prefix.count))
        let items = query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        #expect(items.map { $0[0] } == ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"])
        let value = { (name: String) in items.first { $0[0] == name }?.last ?? "" }
        let redirect = value("redirect_uri")
        #expect(redirect.wholeMatch(of: /http%3A%2F%2F127\.0\.0\.1%3A[0-9]+%2Fcallback/) != nil, "\(redirect)")
        #expect(value("state").wholeMatch(of: /[A-Za-z0-9_-]{22}/) != nil && value("code_challenge").wholeMatch(of: /[A-Za-z0-9_-]{43}/) != nil, "\(query)")
        let exchange = log.all.first { $0.hasPrefix("POST /token ") } ?? ""
        let verifier = exchange.split(separator: "&").first { $0.hasPrefix("code_verifier=") }.map { String($0.dropFirst("code_verifier=".count)) } ?? ""
        #expect(try await Self.s256(verifier) == value("code_challenge"), "\(exchange)")

        // The tokens are in the file, under the key the calls read; the next process sends the access token.
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tokenFile))) as? [String: String]
        #expect(stored?["Items \(server.baseURL) OAUTH"] == "t-code", "\(String(describing: stored))")
        let call = try await CLI.run(["call", document, "listItems", "--cacert", pki.path("ca.pem")], environment: environment)
        #expect(call.status == 0, "\(call.stderr)")
        #expect(call.stdout == #"{"authorization":"Bearer t-code"}"# + "\n")
        #expect(log.all == [
            "GET /.well-known/oauth-authorization-server",
            "GET /authorize?response_type=code&client_id=netspec-cli&redirect_uri=\(redirect)&scope=items%3Aread&state=\(value("state"))"
                + "&code_challenge=\(value("code_challenge"))&code_challenge_method=S256",
            "POST /token grant_type=authorization_code&code=c-1&redirect_uri=\(redirect)&code_verifier=\(verifier)&client_id=netspec-cli",
            "GET /api/items",
        ])
    }

    /// RFC 7636's S256 of a verifier, by openssl: base64url of its SHA-256, without padding.
    static func s256(_ verifier: String) async throws -> String {
        let script = #"printf %s "$1" | openssl dgst -sha256 -binary | openssl base64 -A | tr '+/' '-_' | tr -d '='"#
        return try await ChildProcess.run("/bin/sh", ["-c", script, "s256", verifier]).stdout
    }

    /// A loopback `http` metadata URL, as a loopback `openIdConnectUrl`, without `--insecure`
    /// (it needed it before), a whole run: the metadata is read, its issuer checked
    /// (`http://127.0.0.1:PORT`, the one the URL was made from; one naming another is refused),
    /// a client credentials token fetched at its token endpoint and the call sent with it.
    @Test func aLoopbackHTTPMetadataURLIsReadWithoutInsecure() async throws {
        let log = Recorder<String>()
        let server = try await TestServer.start(TestHandlers.oauthMetadataServer(log: log, scheme: "http"))
        defer { Task { try? await server.shutdown() } }
        let environment = ["OAUTH_CLIENT_ID": "netspec", "OAUTH_CLIENT_SECRET": "s3cret"]
        let url = "\(server.baseURL)/.well-known/oauth-authorization-server"
        #expect(url.hasPrefix("http://127.0.0.1:"))
        let document = try Self.document(base: server.baseURL, metadata: url)
        let call = try await CLI.run(["call", document, "listItems"], environment: environment)
        #expect(call.status == 0, "\(call.stderr)")
        #expect(call.stdout == #"{"authorization":"Bearer t-discovered"}"# + "\n")
        #expect(log.all == [
            "GET /.well-known/oauth-authorization-server",
            "POST /token grant_type=client_credentials&scope=items%3Aread",
            "GET /api/items",
        ])
        let wrong = try Self.document(base: server.baseURL, metadata: url + "/wrong")
        let refused = try await CLI.run(["call", wrong, "listItems"], environment: environment)
        #expect(refused.status == 78)
        #expect(refused.stderr == "error: endpoint 'listItems': OAuth 2 scheme 'oauth': the authorization server's metadata at \(url)/wrong names the issuer"
            + " \(server.baseURL)/other, not \(server.baseURL)/wrong, the issuer its URL was made from, so it is not used (RFC 8414 §3.3)\n")
        #expect(log.all.count == 4)
    }
}
