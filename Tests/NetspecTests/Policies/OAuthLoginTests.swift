import Foundation
import NetspecMCP
import NetspecTestServer
import NetspecTestSupport
import Testing

@testable import Netspec
import NetspecModel

/// A user's OAuth 2 login from Swift (`Service.logIn`), against Authlib's authorization server
/// (Tests/Peers/oauth_server.py): the authorization code flow with PKCE, the prompt playing the
/// browser; the calls that then use the token; the flows read from OpenAPI and Swagger; and
/// `netspec mcp`'s answer when a login is needed.
@Suite(.serialized)
struct OAuthLoginTests {
    static func document(_ base: String) -> String {
        """
        openapi: 3.1.0
        info: {title: Items, version: "1"}
        servers: [{url: "\(base)"}]
        components:
          securitySchemes:
            oauth:
              type: oauth2
              flows:
                authorizationCode: {authorizationUrl: /oauth/authorize, tokenUrl: /oauth/token, refreshUrl: /oauth/token, scopes: {"items:read": read}}
                implicit: {authorizationUrl: /oauth/authorize, scopes: {}}
        security: [{oauth: ["items:read"]}]
        paths:
          /api/items:
            get:
              operationId: listItems
              responses: {"200": {description: the items}}
        """
    }

    @Test(.enabled(if: FastAPIPeer.python != nil, "needs the peers venv (Tests/Peers/setup.sh); see the printed reason"))
    func aSwiftProgramLogsInAndCalls() async throws {
        let server = try await ChildProcess.blocking { Result { try FastAPIPeer.start(script: "oauth_server.py") } }.get()
        defer { server.stop() }
        let api = Service(
            spec: try Spec(yaml: Self.document(server.baseURL), file: "items.yaml"),
            provider: Provider(variables: ["OAUTH_CLIENT_ID": "netspec-cli"], options: .init(usesEnvironment: false))
        )
        let login = try await api.logIn(scheme: "oauth") { message, url in
            #expect(message == "Open this URL in a browser to log in")
            // The browser: the authorization server's redirect, followed to the loopback.
            let browser = try? await ChildProcess.curl(["-L", url])
            #expect(browser?.stdout.contains("this window can be closed") == true)
        }
        #expect(login == OAuthLogin(
            scheme: "oauth", flow: "authorization_code", scopes: ["items:read"], expiresIn: 864_000, refreshable: true,
            key: "Items \(server.baseURL) OAUTH"
        ))
        let items = try await api.listItems()
        #expect(items.value == [["id": 1, "name": "kettle"]])
        #expect(try api.logOut(scheme: "oauth") == true)
        #expect(try api.logOut(scheme: "oauth") == false)
    }

    /// Each flow of an OAuth Flows object (and Swagger's), with implicit and password refused.
    @Test func theFlowsComeFromTheDocument() throws {
        let spec = try Spec(yaml: Self.document("http://127.0.0.1:1"), file: "items.yaml")
        let grant = try #require(spec.endpoint(named: "listItems")?.auth?.grant)
        #expect(grant.authorizationCode == .init(start: "/oauth/authorize", token: "/oauth/token"))
        #expect(grant.refreshTokenURL == "/oauth/token")
        #expect(grant.clientCredentialsURL == nil)
        #expect(grant.refused == [AuthPolicy.Grant.implicitRefusal])
        #expect(grant.scopes == ["items:read"])

        let swagger = try Spec(yaml: """
            swagger: "2.0"
            info: {title: Old, version: "1"}
            host: 127.0.0.1:1
            securityDefinitions:
              code: {type: oauth2, flow: accessCode, authorizationUrl: "http://127.0.0.1:1/authorize", tokenUrl: "http://127.0.0.1:1/token", scopes: {}}
            security: [{code: []}]
            paths: {/x: {get: {operationId: x, responses: {"200": {description: ok}}}}}
            """, file: "old.yaml")
        #expect(swagger.endpoint(named: "x")?.auth?.grant?.authorizationCode == .init(start: "http://127.0.0.1:1/authorize", token: "http://127.0.0.1:1/token"))
    }

    /// A login's errors are no call's: they name the scheme or the document, never an endpoint
    /// (they began "endpoint 'login': ", the words of a call's error).
    @Test func aLoginsErrorsNameTheSchemeNotAnEndpoint() async throws {
        func loginError(_ variables: [String: String], scheme: String?) async -> String? {
            let api = Service(
                spec: try! Spec(yaml: Self.document("http://127.0.0.1:1"), file: "items.yaml"),
                provider: Provider(variables: variables, options: .init(usesEnvironment: false))
            )
            do {
                _ = try await api.logIn(scheme: scheme, timeout: .milliseconds(10)) { _, _ in }
                return nil
            } catch {
                return error.description
            }
        }
        #expect(await loginError(["OAUTH_CLIENT_ID": "c"], scheme: "oath") == "items.yaml has no OAuth 2 scheme 'oath' (its schemes that can log in: 'oauth')")
        #expect(await loginError([:], scheme: nil)
            == "variable 'OAUTH_CLIENT_ID' is not set (used in the OAuth 2 client of scheme 'oauth'); set it with Provider(variables:) or in the environment")
        let timedOut = await loginError(["OAUTH_CLIENT_ID": "c"], scheme: "oauth")
        #expect(timedOut?.hasPrefix("OAuth 2 scheme 'oauth': no login came back to http://127.0.0.1:") == true, "\(timedOut ?? "no error")")
        #expect(timedOut?.hasSuffix("/callback within 0 s") == true, "\(timedOut ?? "no error")")
        let api = Service(spec: try Spec(yaml: Self.document("http://127.0.0.1:1"), file: "items.yaml"), provider: Provider(options: .init(usesEnvironment: false)))
        #expect(throws: CallError.self) { try api.logOut(scheme: "oath") }
        do {
            _ = try api.logOut(scheme: "oath")
        } catch {
            // A logout takes a client credentials scheme too: the list is of the OAuth 2 schemes (it
            // said "its schemes that can log in", and a login then said no scheme could).
            #expect(error.description == "items.yaml has no OAuth 2 scheme 'oath' (its OAuth 2 schemes: 'oauth')")
        }
    }

    /// A device login gives up once the wait is over, never before (`--wait 8`, polled every
    /// second, gave up at about 7 s: it stopped when the next poll would come after the end).
    @Test func aDeviceLoginWaitsTheWholeWait() async throws {
        let polls = Counter()
        let handler: TestHandler = { request, writer in
            _ = try await request.collectBody(upTo: 1 << 16)
            let json: String
            switch request.path {
            case "/device": json = #"{"device_code":"d-1","user_code":"ABCD-EFGH","verification_uri":"http://127.0.0.1:1/verify","expires_in":600,"interval":1}"#
            default:
                polls.add(1)
                json = #"{"error":"authorization_pending"}"#
            }
            try await writer.respond(status: request.path == "/device" ? 200 : 400, headers: [("Content-Type", "application/json")], body: json)
        }
        try await withTestServer(handler) { server in
            let api = Service(spec: try Spec(yaml: """
                openapi: 3.2.0
                info: {title: Items, version: "1"}
                servers: [{url: "\(server.baseURL)"}]
                components:
                  securitySchemes:
                    oauth:
                      type: oauth2
                      flows: {deviceAuthorization: {deviceAuthorizationUrl: /device, tokenUrl: /token, scopes: {}}}
                security: [{oauth: []}]
                paths: {/items: {get: {operationId: listItems, responses: {"200": {description: ok}}}}}
                """, file: "items.yaml"), provider: Provider(variables: ["OAUTH_CLIENT_ID": "c"], options: .init(usesEnvironment: false)))
            let clock = ContinuousClock()
            let start = clock.now
            let error = await #expect(throws: CallError.self) { try await api.logIn(timeout: .seconds(3)) { _, _ in } }
            let waited = clock.now - start
            #expect(error?.description == "OAuth 2 scheme 'oauth': no login within 3 s (code ABCD-EFGH)")
            // Not before the 3 s; then at most one more poll (1 s), with a wide margin for a loaded machine.
            #expect(waited >= .seconds(3), "gave up after \(waited)")
            #expect(waited < .seconds(30), "gave up after \(waited)")
            // Polled again rather than slept to the end: unless the machine is so loaded that the
            // first poll's answer came near the deadline (a CI run saw one poll in a 19 s test).
            if waited < .seconds(6) { #expect(polls.value >= 2, "\(polls.value) polls in \(waited)") } else { #expect(polls.value >= 1) }
        }
        // The decision itself: pending at the end is the end, a moment before is not.
        let now = ContinuousClock.now
        #expect(Service.deviceLoginGivesUp(at: now, deadline: now))
        #expect(Service.deviceLoginGivesUp(at: now + .milliseconds(1), deadline: now))
        #expect(!Service.deviceLoginGivesUp(at: now - .milliseconds(1), deadline: now))
    }

    /// `netspec mcp` never prompts: a tool call that needs a login is an error result that says
    /// the command; a call with no stored token makes no request.
    @Test func anMCPCallThatNeedsALoginSaysTheCommand() async throws {
        var options = Provider.Options(usesEnvironment: false)
        options.profile = "staging"
        let service = Service(
            spec: try Spec(yaml: Self.document("http://127.0.0.1:1"), file: "items.yaml"),
            provider: Provider(variables: ["OAUTH_CLIENT_ID": "netspec-cli"], options: options)
        )
        let line = try #require(await MCPServer(service: service).respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"listItems","arguments":{}}}"#))
        #expect(line == #"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"endpoint 'listItems': OAuth 2 scheme 'oauth' needs a login (no token is stored for it): run netspec auth login items.yaml --scheme oauth --profile staging (in Swift, Service.logIn(scheme: \"oauth\"))"}],"isError":true}}"#)
    }
}

/// Netspec's own spec format: `auth: { oauth2: { scheme, flows, scopes } }`, the flows as OpenAPI has them.
@Suite struct OAuth2SpecFormatTests {
    @Test func theFlowsAndScopesAreRead() throws {
        let spec = try Spec(yaml: """
            netspec: 1
            service: Items
            baseURL: http://127.0.0.1:1
            auth:
              oauth2:
                scheme: items
                flows:
                  authorizationCode: { authorizationUrl: /authorize, tokenUrl: /token }
                  clientCredentials: { tokenUrl: /token }
                scopes: ["items:read"]
            endpoints:
              listItems: { GET: /api/items }
            """, file: "items.yaml")
        let auth = try #require(spec.endpoint(named: "listItems")?.auth)
        #expect(auth.scheme == .bearer(token: try Template(parsing: "${ITEMS}")))
        #expect(auth.grant == AuthPolicy.Grant(
            clientCredentialsURL: "/token", authorizationCode: .init(start: "/authorize", token: "/token"), scopes: ["items:read"], variable: "ITEMS", scheme: "items"
        ))
    }

    @Test(arguments: [
        ("flows: { authorizationCode: { authorizeUrl: /a, tokenUrl: /t } }", "s.yaml:8:39: error: endpoint 'e': auth: oauth2: flows: authorizationCode: unknown key 'authorizeUrl'"),
        ("flows: { password: { tokenUrl: /t } }", "s.yaml:8:16: error: endpoint 'e': auth: oauth2: no flow gives a token: give clientCredentials (tokenUrl), authorizationCode (authorizationUrl and tokenUrl) or deviceAuthorization (deviceAuthorizationUrl and tokenUrl); implicit and password are not used (RFC 9700)"),
        ("scopes: [a]", "s.yaml:8:9: error: endpoint 'e': auth: oauth2: needs 'flows', a mapping of clientCredentials, authorizationCode or deviceAuthorization (as in OpenAPI)"),
    ])
    func mistakesArePositioned(_ body: String, _ message: String) {
        let yaml = "netspec: 1\nservice: S\nendpoints:\n  e:\n    GET: /x\n    auth:\n      oauth2:\n        \(body)\n"
        let error = #expect(throws: SpecError.self) { try Spec(yaml: yaml, file: "s.yaml") }
        #expect(error.map { "\($0)" }?.split(separator: "\n").contains { $0 == message } == true, "\(String(describing: error))")
    }
}
