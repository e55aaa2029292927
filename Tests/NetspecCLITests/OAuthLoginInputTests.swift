import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec auth login`'s own input and output, against an authorization server on 127.0.0.1:
/// `--scopes` split as RFC 6749 §3.3 writes scopes; the server's text printed with its control
/// characters written out; and a login with nowhere to keep its tokens refused.
@Suite struct OAuthLoginInputTests {
    /// A document with an authorization code and a device flow at `base`.
    static func document(_ base: String) throws -> String {
        try CLI.temporarySpec("""
            openapi: 3.1.0
            info: {title: Items, version: "1"}
            servers: [{url: "\(base)"}]
            components:
              securitySchemes:
                oauth:
                  type: oauth2
                  flows:
                    authorizationCode: {authorizationUrl: /authorize, tokenUrl: /token, scopes: {"items:read": read}}
                    deviceAuthorization: {deviceAuthorizationUrl: /device, tokenUrl: /token, scopes: {"items:read": read}}
            paths:
              /api/items:
                get:
                  operationId: listItems
                  security: [{oauth: ["items:read"]}]
                  responses: {"200": {description: the items}}
            """, name: "items.openapi.yaml")
    }

    /// An authorization server: `/device` answers `device` (JSON), `/token` answers `token`
    /// (with its status); each request is recorded as `METHOD PATH BODY`.
    static func server(device: String, token: String, tokenStatus: Int = 200, log: Recorder<String>) -> TestHandler {
        { request, writer in
            let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            log.record("\(request.method) \(request.path) \(body)")
            let (status, json) = request.path == "/device" ? (200, device) : (tokenStatus, token)
            try await writer.respond(status: status, headers: [("Content-Type", "application/json")], body: json)
        }
    }

    static func environment(_ document: String) -> [String: String] {
        ["NETSPEC_TOKEN_FILE": URL(fileURLWithPath: document).deletingLastPathComponent().path + "/tokens.json", "OAUTH_CLIENT_ID": "netspec-cli"]
    }

    static let device = #"{"device_code":"d-1","user_code":"ABCD-EFGH","verification_uri":"http://127.0.0.1:1/verify","interval":1}"#
    static let token = #"{"access_token":"t-1","token_type":"Bearer","expires_in":3600}"#

    /// Scopes are separated by commas or spaces, and sent space-separated: `'openid profile'` is
    /// two scopes (it was sent as `openidprofile`).
    @Test(arguments: [
        ("openid profile", "openid+profile"),
        ("openid,profile", "openid+profile"),
        ("openid, profile  email", "openid+profile+email"),
        ("items:read", "items%3Aread"),
    ])
    func scopesAreSeparatedByCommasOrSpaces(scopes: String, sent: String) async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(device: Self.device, token: Self.token, log: log)) { server in
            let document = try Self.document(server.baseURL)
            let login = try await CLI.run(["auth", "login", document, "--device", "--scopes", scopes], environment: Self.environment(document))
            #expect(login.status == 0, "\(login.stderr)")
            #expect(log.all.first == "POST /device scope=\(sent)&client_id=netspec-cli")
        }
    }

    /// A scope RFC 6749 §3.3 does not allow (`"`, `\`, a control or non-ASCII character), or none
    /// at all, is refused naming the option before anything is sent (`x"y` was sent as it was).
    @Test(arguments: [
        (#"a,x"y"#, #"Error: --scopes: 'x"y' is not a scope: it holds '"', which RFC 6749 §3.3 does not allow (a scope is printable ASCII other than '"' and '\')"#),
        (#"a\b"#, #"Error: --scopes: 'a\b' is not a scope: it holds '\', which RFC 6749 §3.3 does not allow (a scope is printable ASCII other than '"' and '\')"#),
        ("caf\u{E9}", "Error: --scopes: 'caf\u{E9}' is not a scope: it holds the non-ASCII character '\u{E9}', which RFC 6749 §3.3 does not allow (a scope is printable ASCII other than '\"' and '\\')"),
        ("a\u{1B}[2J", #"Error: --scopes: 'a\u{1B}[2J' is not a scope: it holds the control character \u{1B}, which RFC 6749 §3.3 does not allow (a scope is printable ASCII other than '"' and '\')"#),
        (" , ", "Error: --scopes names no scope: give them separated by commas or spaces (--scopes 'openid,profile'), or leave the option out for those the document's operations ask"),
    ])
    func aScopeRFC6749DoesNotAllowIsRefused(scopes: String, message: String) async throws {
        let document = try Self.document("http://127.0.0.1:9")
        let login = try await CLI.run(["auth", "login", document, "--device", "--scopes", scopes], environment: Self.environment(document))
        #expect(login.status == 64)
        #expect(login.stderr.hasPrefix(message + "\nUsage: netspec auth login "), "\(login.stderr)")
    }

    /// The device flow's code and URL are the server's text: a control character in them is
    /// written out (`\u{1B}`), never sent to the terminal, in the prompt and in the scopes granted.
    @Test func theDevicePromptShowsTheServersTextWithoutItsControlCharacters() async throws {
        let device = #"{"device_code":"d-1","user_code":"U\u001b[31mRED","verification_uri":"http://x/\u001b]0;pwned\u0007","interval":1}"#
        let token = #"{"access_token":"t-1","token_type":"Bearer","scope":"items:read\u001b[2J"}"#
        try await withTestServer(Self.server(device: device, token: token, log: Recorder())) { server in
            let document = try Self.document(server.baseURL)
            let environment = Self.environment(document)
            let login = try await CLI.run(["auth", "login", document, "--device", "--no-browser"], environment: environment)
            #expect(login.status == 0, "\(login.stderr)")
            #expect(login.stderr == #"""
                To log in, open http://x/\u{1B}]0;pwned\u{7} and enter the code U\u{1B}[31mRED:
                  http://x/\u{1B}]0;pwned\u{7}
                waiting for the login (up to 300 s)…

                """#)
            #expect(login.stdout == #"logged in with OAuth 2 scheme 'oauth' (device_code): scopes items:read\u{1B}[2J; kept in "# + environment["NETSPEC_TOKEN_FILE"]! + "\n")
        }
    }

    /// `auth status` prints the scope stored, which is the server's text: its control characters
    /// written out, CR and LF too (they were printed as they came, escape sequences and all).
    @Test func authStatusShowsTheStoredScopeWithoutItsControlCharacters() async throws {
        let token = #"{"access_token":"t-1","token_type":"Bearer","scope":"items:read\u001b[2J\r\nerror: x"}"#
        try await withTestServer(Self.server(device: Self.device, token: token, log: Recorder())) { server in
            let document = try Self.document(server.baseURL)
            let environment = Self.environment(document)
            let login = try await CLI.run(["auth", "login", document, "--device", "--no-browser"], environment: environment)
            #expect(login.status == 0, "\(login.stderr)")
            let status = try await CLI.run(["auth", "status"], environment: environment)
            #expect(status.status == 0)
            #expect(status.stdout == #"Items \#(server.baseURL) OAUTH: device_code, scopes items:read\u{1B}[2J\u{D}\u{A}error: x"# + "\n")
        }
    }

    /// The token endpoint's `error` and `error_description` in a refusal: written out, CR and LF too.
    @Test func aTokenEndpointsRefusalShowsItsTextWithoutItsControlCharacters() async throws {
        let refusal = #"{"error":"access_denied\u001b[2J","error_description":"no\u001b]0;pwned\u0007\rerror: all fine\nx"}"#
        try await withTestServer(Self.server(device: Self.device, token: refusal, tokenStatus: 400, log: Recorder())) { server in
            let document = try Self.document(server.baseURL)
            let failed = try await CLI.run(["auth", "login", document, "--device", "--no-browser"], environment: Self.environment(document))
            #expect(failed.status == 78)
            #expect(failed.stderr.split(separator: "\n").last == #"error: OAuth 2 scheme 'oauth': the token endpoint \#(server.baseURL)/token refused the device code with 400: access_denied\u{1B}[2J (no\u{1B}]0;pwned\u{7}\u{D}error: all fine\u{A}x)"#, "\(failed.stderr)")
        }
    }

    /// The loopback redirect's `error` and `error_description` (anyone can send them to the
    /// loopback with the state the URL shows): written out in the error.
    @Test func theRedirectsErrorShowsItsTextWithoutItsControlCharacters() async throws {
        let document = try Self.document("http://127.0.0.1:9")
        let login = try CLIProcess(["auth", "login", document, "--no-browser", "--wait", "120"], environment: Self.environment(document))
        #expect(await login.waitForErrors(containing: "\n  http", timeout: .seconds(60)))
        let url = try #require(login.stderr.split(separator: "\n").first { $0.hasPrefix("  http") }.flatMap { URLComponents(string: String($0.dropFirst(2))) })
        let redirect = try #require(url.queryItems?.first { $0.name == "redirect_uri" }?.value)
        let state = try #require(url.queryItems?.first { $0.name == "state" }?.value)
        _ = try await ChildProcess.curl(["-s", redirect + "?error=access_denied%1B%5B2J&error_description=%1B%5D0%3Bpwned%07%0Dok&state=" + state])
        let result = await login.wait()
        #expect(result.status == 78)
        #expect(result.stderr.hasSuffix(#"error: OAuth 2 scheme 'oauth': the authorization server refused the login: access_denied\u{1B}[2J (\u{1B}]0;pwned\u{7}\u{D}ok)"# + "\n"), "\(result.stderr)")
    }

    /// With `NETSPEC_TOKEN_FILE` empty the tokens are kept in memory, and would end with the
    /// login: it is refused before anything is sent (it said it logged in, and the next call asked
    /// for a login).
    @Test func aLoginWithNowhereToKeepItsTokensIsRefused() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(device: Self.device, token: Self.token, log: log)) { server in
            let document = try Self.document(server.baseURL)
            let login = try await CLI.run(["auth", "login", document, "--device"], environment: ["NETSPEC_TOKEN_FILE": "", "OAUTH_CLIENT_ID": "netspec-cli"])
            #expect(login.status == 78)
            #expect(login.stderr == "error: NETSPEC_TOKEN_FILE is empty, which keeps tokens in memory only: a login's tokens would be lost when netspec exits. Set NETSPEC_TOKEN_FILE to the file to keep them in (or unset it for ~/.local/state/netspec/tokens.json)\n")
            #expect(login.stdout.isEmpty)
            #expect(log.all.isEmpty)
        }
    }
}
