import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

@testable import Netspec
@testable import NetspecModel

/// The OAuth flows as the readers take them: `deviceAuthorization` read (and not warned about)
/// whatever the OpenAPI version, and every URL of the flows read checked where it is written —
/// no fragment (RFC 6749 §3.1, §3.2), http or https or a relative path, no credentials. One that
/// cannot be used is a warning, the document is used, and what needs that URL fails naming it.
@Suite struct OAuthFlowURLTests {
    static func openAPI(_ version: String, authorizationURL: String = "/authorize") -> String {
        """
        openapi: \(version)
        info: {title: Items, version: "1"}
        servers: [{url: "http://127.0.0.1:1"}]
        components:
          securitySchemes:
            oauth:
              type: oauth2
              flows:
                authorizationCode: {authorizationUrl: "\(authorizationURL)", tokenUrl: /token, scopes: {}}
                deviceAuthorization: {deviceAuthorizationUrl: /device, tokenUrl: /token, scopes: {}}
        security: [{oauth: []}]
        paths: {/items: {get: {operationId: listItems, responses: {"200": {description: ok}}}}}
        """
    }

    /// 3.0 and 3.1 documents read the device flow, as `auth login --device` uses it: no warning
    /// says it is not read (one did, for `deviceAuthorization` and `deviceAuthorizationUrl`).
    @Test(arguments: ["3.0.3", "3.1.0", "3.2.0"])
    func theDeviceFlowIsReadWithoutAWarningInEveryVersion(version: String) throws {
        let spec = try Spec(yaml: Self.openAPI(version), file: "items.yaml")
        #expect(spec.warnings.map(\.description) == [])
        #expect(spec.endpoint(named: "listItems")?.auth?.grant?.device == .init(start: "/device", token: "/token"))
    }

    /// An unknown key of a flow is still said in 3.0, with the device flow's key as the one meant.
    @Test func anUnknownFlowKeyIsStillWarnedAbout() throws {
        let spec = try Spec(yaml: Self.openAPI("3.0.3").replacing("deviceAuthorizationUrl: /device", with: "deviceAuthorizationUrl: /device, deviceAuthorizationURL: /d"), file: "items.yaml")
        #expect(spec.warnings.map(\.description) == ["items.yaml:10:64: warning: 'oauth': 'deviceAuthorizationURL' is not a key of an OAuth Flow object, so it is not read (did you mean 'deviceAuthorizationUrl'?)"])
    }

    static let key = "the authorizationCode flow's 'authorizationUrl'"

    /// A URL that cannot be used is a warning at its place (a fragment made the login URL
    /// `…/authorize#frag?response_type=code…`, whose query never reached the server), not an error
    /// that made the whole document unusable: the grant keeps it as written, with what a use of it
    /// says.
    @Test(arguments: [
        ("http://127.0.0.1:1/authorize#tenant", "'#' (character 29) starts a fragment, which the URL of an OAuth 2 endpoint cannot have (RFC 6749 §3.1, §3.2)"),
        ("/authorize#x", "'#' (character 11) starts a fragment, which the URL of an OAuth 2 endpoint cannot have (RFC 6749 §3.1, §3.2)"),
        ("ftp://127.0.0.1:1/authorize", "its scheme is 'ftp': it must be an http:// or https:// URL, or a path relative to the base URL"),
        ("mailto:a@b", "its scheme is 'mailto': it must be an http:// or https:// URL, or a path relative to the base URL"),
        ("https://user:pw@auth.example/authorize", "it holds credentials (before '@'), which netspec does not send from a URL: give them in an Authorization header or by the spec's auth"),
        ("https://{tenant}.auth.example/authorize", "'{' (character 9) cannot be in a host"),
        ("https://auth.example:99999/authorize", "port 99999 (character 22) is out of range (1 to 65535)"),
        ("HTTPS://auth.example/a%zz", "'%' (character 23) must start an escape such as %25 (a '%' itself)"),
    ])
    func aFlowURLThatCannotBeUsedIsAWarningAtItsPlace(url: String, problem: String) throws {
        let spec = try Spec(yaml: Self.openAPI("3.1.0", authorizationURL: url), file: "items.yaml")
        #expect(spec.warnings.map(\.description) == ["items.yaml:9:47: warning: security scheme 'oauth': \(Self.key) is not a URL netspec can use: " + problem])
        let grant = spec.endpoint(named: "listItems")?.auth?.grant
        #expect(grant?.authorizationCode == .init(start: url, token: "/token"))
        #expect(grant?.unusable(.authorizationCodeStart)?.description == "\(Self.key) (items.yaml:9:47) is not a URL netspec can use: " + problem)
        #expect(grant?.unusable(.authorizationCodeToken) == nil)
        #expect(grant?.unusable(.deviceStart) == nil)
    }

    /// A URL that can be used is kept, percent-encoded where RFC 3986 requires (a space was
    /// printed in the login URL as it was).
    @Test(arguments: [
        ("/authorize", "/authorize"),
        ("authorize", "authorize"),
        ("//auth.example/authorize", "//auth.example/authorize"),
        ("https://auth.example/o auth/authorize?x=1", "https://auth.example/o%20auth/authorize?x=1"),
        ("/o auth", "/o%20auth"),
    ])
    func aFlowURLThatCanBeUsedIsKept(url: String, kept: String) throws {
        let spec = try Spec(yaml: Self.openAPI("3.1.0", authorizationURL: url), file: "items.yaml")
        #expect(spec.endpoint(named: "listItems")?.auth?.grant?.authorizationCode == .init(start: kept, token: "/token"))
    }

    /// Netspec YAML's `oauth2:` flows and Swagger 2.0's are checked the same way.
    @Test func netspecAndSwaggerFlowsAreCheckedToo() throws {
        let netspec = try Spec(yaml: """
            netspec: 1
            service: Items
            baseURL: http://127.0.0.1:1
            auth:
              oauth2:
                flows:
                  clientCredentials: {tokenUrl: "https://auth.example/token#x"}
            endpoints:
              listItems:
                GET: /items
            """, file: "items.yaml")
        let fragment = "'#' (character 27) starts a fragment, which the URL of an OAuth 2 endpoint cannot have (RFC 6749 §3.1, §3.2)"
        #expect(netspec.warnings.map(\.description) == ["items.yaml:7:37: warning: auth: oauth2: flows: the clientCredentials flow's 'tokenUrl' is not a URL netspec can use: " + fragment])
        #expect(netspec.endpoint(named: "listItems")?.auth?.grant?.unusable(.clientCredentialsToken)?.description
            == "the clientCredentials flow's 'tokenUrl' (items.yaml:7:37) is not a URL netspec can use: " + fragment)
        let swagger = try Spec(yaml: """
            swagger: "2.0"
            info: {title: Old, version: "1"}
            host: 127.0.0.1:1
            securityDefinitions:
              code: {type: oauth2, flow: accessCode, authorizationUrl: "ftp://127.0.0.1:1/authorize", tokenUrl: "http://127.0.0.1:1/token", scopes: {}}
            security: [{code: []}]
            paths: {/x: {get: {operationId: x, responses: {"200": {description: ok}}}}}
            """, file: "old.yaml")
        let ftp = "its scheme is 'ftp': it must be an http:// or https:// URL, or a path relative to the base URL"
        #expect(swagger.warnings.map(\.description) == ["old.yaml:5:60: warning: security definition 'code': 'authorizationUrl' is not a URL netspec can use: " + ftp])
        let grant = swagger.endpoint(named: "x")?.auth?.grant
        #expect(grant?.authorizationCode == .init(start: "ftp://127.0.0.1:1/authorize", token: "http://127.0.0.1:1/token"))
        #expect(grant?.unusable(.authorizationCodeStart)?.description == "the accessCode flow's 'authorizationUrl' (old.yaml:5:60) is not a URL netspec can use: " + ftp)
    }

    /// A document whose flows' URLs are placeholders (`https://{yourDomain}/…`, as documents
    /// published for many tenants write them), with an operation that needs no token.
    static func placeholders(_ base: String) -> String {
        """
        openapi: 3.1.0
        info: {title: Items, version: "1"}
        servers: [{url: "\(base)"}]
        components:
          securitySchemes:
            oauth:
              type: oauth2
              flows:
                authorizationCode: {authorizationUrl: "https://{yourDomain}/authorize", tokenUrl: /token, refreshUrl: "https://{yourDomain}/refresh", scopes: {}}
                clientCredentials: {tokenUrl: "https://{yourDomain}/token", scopes: {}}
        security: [{oauth: []}]
        paths:
          /items: {get: {operationId: listItems, responses: {"200": {description: ok}}}}
          /health: {get: {operationId: health, security: [], responses: {"200": {description: ok}}}}
        """
    }

    static let host = "'{' (character 9) cannot be in a host"

    /// The document is used: an operation that needs no token is called. What needs a URL that
    /// cannot be used fails before anything is sent, naming the scheme, the key, its place and
    /// why: the client credentials grant, a refresh of a stored login, a login.
    @Test func theUseOfAFlowURLThatCannotBeUsedFailsNamingIt() async throws {
        let log = Recorder<String>()
        try await withTestServer({ request, writer in
            log.record("\(request.method) \(request.path)")
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: "{}")
        }) { server in
            let spec = try Spec(yaml: Self.placeholders(server.baseURL), file: "items.yaml")
            #expect(spec.warnings.count == 3)
            let client = ["OAUTH_CLIENT_ID": "c", "OAUTH_CLIENT_SECRET": "s"]
            let api = Service(spec: spec, provider: Provider(variables: client, options: .init(usesEnvironment: false)))
            #expect(try await api.call("health").value == [:])
            #expect(log.all == ["GET /health"])

            let grant = await #expect(throws: CallError.self) { try await api.call("listItems") }
            #expect(grant?.description == "endpoint 'listItems': OAuth 2 scheme 'oauth': the clientCredentials flow's 'tokenUrl' (items.yaml:10:39) is not a URL netspec can use: " + Self.host)
            guard case let .configuration(problem)? = grant else { Issue.record("not a configuration error: \(String(describing: grant))"); return }
            #expect(problem.reason == .authorization)

            // A stored login whose access token expired: its refresh goes to the refreshUrl written.
            let store = TokenStore()
            try store.setToken("t-old", for: "Items \(server.baseURL) OAUTH")
            try store.setToken(OAuthTokenRecord(refreshToken: "r-old", expiresAt: 1, scope: nil, flow: "authorization_code").json, for: "Items \(server.baseURL) OAUTH#oauth")
            let stored = Service(spec: spec, provider: Provider(variables: client, options: .init(usesEnvironment: false), tokenStore: store))
            let refresh = await #expect(throws: CallError.self) { try await stored.call("listItems") }
            #expect(refresh?.description == "endpoint 'listItems': OAuth 2 scheme 'oauth': the authorizationCode flow's 'refreshUrl' (items.yaml:9:111) is not a URL netspec can use: " + Self.host)

            let login = await #expect(throws: CallError.self) { try await api.logIn(scheme: "oauth") { _, _ in Issue.record("prompted") } }
            #expect(login?.description == "OAuth 2 scheme 'oauth': \(Self.key) (items.yaml:9:47) is not a URL netspec can use: " + Self.host)
            #expect(log.all == ["GET /health"])
        }
    }

    /// Without a refreshUrl, a refresh goes to the flow's token endpoint, which can be used: the
    /// authorization URL that cannot be used is not needed for it.
    @Test func aRefreshNeedsOnlyTheURLItIsSentTo() throws {
        let yaml = Self.placeholders("http://127.0.0.1:1").replacing(#", refreshUrl: "https://{yourDomain}/refresh""#, with: "")
        let grant = try #require(try Spec(yaml: yaml, file: "items.yaml").endpoint(named: "listItems")?.auth?.grant)
        #expect(grant.refreshTokenURL == "/token")
        #expect(grant.unusableRefreshURL == nil)
        #expect(grant.unusable(.authorizationCodeStart) != nil)
    }

    /// The implicit and password flows are never used, so their URLs are not checked.
    @Test func theURLsOfFlowsNeverUsedAreNotChecked() throws {
        let spec = try Spec(yaml: Self.openAPI("3.1.0").replacing("        deviceAuthorization:", with: "        implicit: {authorizationUrl: \"x#y\", scopes: {}}\n        deviceAuthorization:"), file: "items.yaml")
        #expect(spec.warnings.map(\.description) == [])
        #expect(spec.endpoint(named: "listItems")?.auth?.grant?.refused == [AuthPolicy.Grant.implicitRefusal])
    }
}
