import NetspecTestServer
import NetspecTestSupport
import Testing

@testable import Netspec
import NetspecModel

/// What an OpenID Connect discovery document (`openIdConnectUrl`) and RFC 8414 metadata
/// (`oauth2MetadataUrl`) give is checked before it is used (``OAuthDiscoveredDocument``): the
/// `issuer` must be the one the URL was made from, and each endpoint URL absolute and `https`, or
/// `http` to a loopback host. Against a real server on 127.0.0.1 that records every request: a
/// refused document sends nothing after it — no client secret to the token endpoint it names.
@Suite struct OAuthDiscoveryTests {
    /// An OpenID Connect provider and an API in one, over `http`: each of `documents` (by path;
    /// `BASE` in it is this server's `http://` origin, from `Host`), `POST /token` (the access
    /// token `t-1`), `GET /api/items` (`{"authorization": …}` with the header it was sent). Each
    /// request is recorded as `METHOD /path body`.
    static func server(log: Recorder<String>, documents: [String: String]) -> TestHandler {
        { request, writer in
            let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            log.record("\(request.method) \(request.path)" + (body.isEmpty ? "" : " " + body))
            let base = "http://" + (request.header("Host") ?? "")
            let json: String? = switch request.path {
            case "/token": #"{"access_token":"t-1","token_type":"Bearer","expires_in":3600}"#
            case "/api/items": #"{"authorization":"\#(request.header("Authorization") ?? "")"}"#
            default: documents[request.path].map { $0.replacing("BASE", with: base) }
            }
            try await writer.respond(status: json == nil ? 404 : 200, headers: [("Content-Type", "application/json")], body: json ?? "{}")
        }
    }

    /// A document whose `oidc` scheme is discovered from `url`.
    static func service(discovery url: String, base: String) throws -> Service {
        let document = """
            openapi: 3.1.0
            info: {title: Items, version: "1"}
            components:
              securitySchemes:
                oidc: {type: openIdConnect, openIdConnectUrl: "\(url)"}
            security: [{oidc: ["items:read"]}]
            paths:
              /api/items: {get: {operationId: listItems, responses: {"200": {description: the items}}}}
            """
        return Service(spec: try Spec(yaml: document, file: "items.yaml"), provider: Provider(
            baseURL: base, variables: ["OIDC_CLIENT_ID": "netspec", "OIDC_CLIENT_SECRET": "s3cret"],
            options: .init(usesEnvironment: false), tokenStore: TokenStore()
        ))
    }

    /// A discovery document with the client credentials grant.
    static func document(issuer: String? = "BASE", token: String = "BASE/token", more: String = "") -> String {
        (issuer.map { #"{"issuer":"\#($0)","# } ?? "{")
            + #""token_endpoint":"\#(token)","grant_types_supported":["client_credentials"]\#(more)}"#
    }

    static let wellKnown = "/.well-known/openid-configuration"

    @Test func theEndpointsOfADocumentOfItsIssuerAreUsed() async throws {
        let log = Recorder<String>()
        let server = try await TestServer.start(Self.server(log: log, documents: [
            "/good" + Self.wellKnown: Self.document(issuer: "BASE/good"),
            // OpenID Connect Discovery §4.1: a terminating '/' of the issuer is removed before the well-known path.
            "/slash" + Self.wellKnown: Self.document(issuer: "BASE/slash/"),
        ]))
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        for tenant in ["/good", "/slash"] {
            let seen = log.all.count
            let service = try Self.service(discovery: tenant + Self.wellKnown, base: base)
            #expect(try await service.call("listItems").value == ["authorization": "Bearer t-1"])
            #expect(log.all.dropFirst(seen) == [
                "GET \(tenant)\(Self.wellKnown)", "POST /token grant_type=client_credentials&scope=items%3Aread", "GET /api/items",
            ])
        }
    }

    @Test func aDocumentOfAnotherIssuerOrOfNoneIsRefused() async throws {
        let log = Recorder<String>()
        let server = try await TestServer.start(Self.server(log: log, documents: [
            "/mixup" + Self.wellKnown: Self.document(issuer: "https://attacker.example"),
            "/other" + Self.wellKnown: Self.document(issuer: "BASE/mixup"),
            "/none" + Self.wellKnown: Self.document(issuer: nil),
        ]))
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        let rule = "the issuer its URL was made from, so it is not used (OpenID Connect Discovery 1.0 §4.3)"
        for (tenant, problem) in [
            ("/mixup", "names the issuer https://attacker.example, not \(base)/mixup, \(rule)"),
            ("/other", "names the issuer \(base)/mixup, not \(base)/other, \(rule)"),
            ("/none", "has no issuer (OpenID Connect Discovery 1.0 §3)"),
        ] {
            let service = try Self.service(discovery: tenant + Self.wellKnown, base: base)
            let error = await #expect(throws: CallError.self) { try await service.call("listItems") }
            #expect(error?.description == "endpoint 'listItems': OAuth 2 scheme 'oidc': the OpenID Connect discovery document \(base)\(tenant)\(Self.wellKnown) \(problem)")
        }
        // Nothing but the documents was asked: the client secret went nowhere.
        #expect(log.all == ["/mixup", "/other", "/none"].map { "GET \($0)\(Self.wellKnown)" })
    }

    static let notLoopback = "it is http to a host that is not loopback: only https is used, or http to 127.0.0.0/8, [::1] or localhost"
    static let relative = "it is not an absolute URL (a URL a discovery document gives is not resolved against any other)"

    /// Each endpoint URL a document gives, before anything is sent to any.
    @Test(arguments: [
        ("token_endpoint", "http://auth.invalid/token", "'http://auth.invalid/token'", notLoopback),
        ("token_endpoint", "http://127.0.0.1.invalid/token", "'http://127.0.0.1.invalid/token'", notLoopback),
        ("token_endpoint", "/token", "'/token'", relative),
        ("token_endpoint", "token", "'token'", relative),
        ("token_endpoint", "ftp://127.0.0.1/token", "'ftp://127.0.0.1/token'", "it is not an https URL (its scheme is 'ftp')"),
        ("token_endpoint", "https://user:pw@auth.invalid/token", "'https://<redacted>@auth.invalid/token'",
         "it holds credentials (before '@'), which netspec does not send from a URL: give them in an Authorization header or by the spec's auth"),
        ("token_endpoint", "https://auth.invalid/token#f", "'https://auth.invalid/token#f'",
         "'#' (character 27) starts a fragment, which the URL of an OAuth 2 endpoint cannot have (RFC 6749 §3.1, §3.2)"),
        ("authorization_endpoint", "http://auth.invalid/authorize", "'http://auth.invalid/authorize'", notLoopback),
        ("device_authorization_endpoint", "javascript:alert(1)", "'javascript:alert(1)'", "it is not an https URL (its scheme is 'javascript')"),
    ])
    func anEndpointThatIsNotHTTPSOrLoopbackIsRefused(field: String, value: String, shown: String, why: String) async throws {
        let log = Recorder<String>()
        let document = field == "token_endpoint" ? Self.document(token: value) : Self.document(more: #","\#(field)":"\#(value)""#)
        let server = try await TestServer.start(Self.server(log: log, documents: [Self.wellKnown: document]))
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        let service = try Self.service(discovery: Self.wellKnown, base: base)
        let error = await #expect(throws: CallError.self) { try await service.call("listItems") }
        #expect(error?.description == "endpoint 'listItems': OAuth 2 scheme 'oidc': the OpenID Connect discovery document \(base)\(Self.wellKnown) gives the \(field) \(shown), which is not used: \(why)")
        #expect(log.all == ["GET \(Self.wellKnown)"])
    }

    /// A login checks them too: no browser is sent to an authorization endpoint over plain HTTP.
    @Test func aLoginIsRefusedBeforeAnythingIsShown() async throws {
        let log = Recorder<String>()
        let document = Self.document(more: #","authorization_endpoint":"http://auth.invalid/authorize""#)
        let server = try await TestServer.start(Self.server(log: log, documents: [Self.wellKnown: document]))
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        let service = try Self.service(discovery: Self.wellKnown, base: base)
        let prompts = Recorder<String>()
        let error = await #expect(throws: CallError.self) {
            try await service.logIn(timeout: .seconds(2)) { message, url in prompts.record("\(message) \(url)") }
        }
        #expect(error?.description == "OAuth 2 scheme 'oidc': the OpenID Connect discovery document \(base)\(Self.wellKnown) gives the authorization_endpoint 'http://auth.invalid/authorize', which is not used: \(Self.notLoopback)")
        #expect(prompts.all.isEmpty)
        #expect(log.all == ["GET \(Self.wellKnown)"])
    }

    /// The discovery URL itself: https, or http to a loopback host (OpenID Connect Discovery §4: TLS).
    @Test func aDiscoveryURLOverPlainHTTPToAnotherHostIsNotRead() async throws {
        let service = try Self.service(discovery: "http://auth.invalid/.well-known/openid-configuration", base: "http://127.0.0.1:9")
        let error = await #expect(throws: CallError.self) { try await service.call("listItems") }
        #expect(error?.description == "endpoint 'listItems': OAuth 2 scheme 'oidc': its openIdConnectUrl http://auth.invalid/.well-known/openid-configuration is not read: \(Self.notLoopback)")
    }

    /// RFC 8414 metadata (`oauth2MetadataUrl`): the same endpoint rule; a terminating `/` of the
    /// issuer allowed. Its loopback `http` server is read without `--insecure`.
    @Test func theMetadataEndpointsAreCheckedToo() async throws {
        let log = Recorder<String>()
        let wellKnown = "/.well-known/oauth-authorization-server"
        let server = try await TestServer.start(Self.server(log: log, documents: [
            wellKnown + "/relative": Self.document(issuer: "BASE/relative", token: "/token"),
            wellKnown + "/plain": Self.document(issuer: "BASE/plain", token: "http://auth.invalid/token"),
            wellKnown + "/slash": Self.document(issuer: "BASE/slash/"),
        ]))
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        func service(_ url: String) throws -> Service { try Self.metadataService(url, base: base) }
        for (tenant, token, why) in [("/relative", "/token", Self.relative), ("/plain", "http://auth.invalid/token", Self.notLoopback)] {
            let error = await #expect(throws: CallError.self) { try await service(base + wellKnown + tenant).call("listItems") }
            #expect(error?.description == "endpoint 'listItems': OAuth 2 scheme 'oauth': the authorization server's metadata at \(base)\(wellKnown)\(tenant) gives the token_endpoint '\(token)', which is not used: \(why)")
        }
        #expect(log.all == ["GET \(wellKnown)/relative", "GET \(wellKnown)/plain"])
        #expect(try await service(base + wellKnown + "/slash").call("listItems").value == ["authorization": "Bearer t-1"])
        #expect(log.all.dropFirst(2) == ["GET \(wellKnown)/slash", "POST /token grant_type=client_credentials&scope=items%3Aread", "GET /api/items"])
    }

    /// A document whose `oauth` scheme is discovered from RFC 8414 metadata at `url`, TLS
    /// certificates verified (no `--insecure`).
    static func metadataService(_ url: String, base: String) throws -> Service {
        Service(spec: try Spec(yaml: OAuthMetadataTests.document(metadata: url), file: "items.yaml"), provider: Provider(
            baseURL: base, variables: ["OAUTH_CLIENT_ID": "netspec", "OAUTH_CLIENT_SECRET": "s3cret"],
            options: .init(usesEnvironment: false), tokenStore: TokenStore()
        ))
    }

    /// The metadata URL as the discovery URL: `https`, or `http` to a loopback host, which is
    /// read with TLS certificates verified (it needed `--insecure` before); `http` to another
    /// host (or to one that only starts with `127.`) is refused in the discovery URL's words,
    /// before any request.
    @Test func aMetadataURLOverLoopbackHTTPIsReadAsADiscoveryURLIs() async throws {
        let log = Recorder<String>()
        let wellKnown = "/.well-known/oauth-authorization-server"
        let server = try await TestServer.start(Self.server(log: log, documents: [wellKnown + "/tenant": Self.document(issuer: "BASE/tenant")]))
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        #expect(try await Self.metadataService(base + wellKnown + "/tenant", base: base).call("listItems").value == ["authorization": "Bearer t-1"])
        #expect(log.all == ["GET \(wellKnown)/tenant", "POST /token grant_type=client_credentials&scope=items%3Aread", "GET /api/items"])
        for url in ["http://auth.invalid\(wellKnown)", "http://127.0.0.1.invalid\(wellKnown)"] {
            let error = await #expect(throws: CallError.self) { try await Self.metadataService(url, base: base).call("listItems") }
            #expect(error?.description == "endpoint 'listItems': OAuth 2 scheme 'oauth': its oauth2MetadataUrl (items.yaml:7:26) \(url) is not read: \(Self.notLoopback)")
        }
        #expect(log.all.count == 3)
    }

    /// A metadata URL's redirect is followed only to where the URL itself could be: one to
    /// another loopback URL is, one to plain `http` on another host is refused, naming where it
    /// leads, and nothing is sent there nor after it. An openIdConnectUrl's is refused in the same
    /// words (``OAuthDiscoveryRedirectTests``: what it follows).
    @Test func aDiscoveryRedirectToPlainHTTPElsewhereIsNotFollowed() async throws {
        let log = Recorder<String>()
        let wellKnown = "/.well-known/oauth-authorization-server"
        let documents = Self.server(log: log, documents: ["/documents/here": Self.document(issuer: "BASE/here")])
        let server = try await TestServer.start { request, writer in
            let base = "http://" + (request.header("Host") ?? "")
            let redirects = [
                wellKnown + "/here": base + "/documents/here", wellKnown + "/away": "http://auth.invalid\(wellKnown)/away",
                Self.wellKnown: "http://auth.invalid\(Self.wellKnown)",
            ]
            guard let location = redirects[request.path] else { return try await documents(request, writer) }
            log.record("\(request.method) \(request.path)")
            try await writer.respond(status: 302, headers: [("Location", location)], body: "")
        }
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        #expect(try await Self.metadataService(base + wellKnown + "/here", base: base).call("listItems").value == ["authorization": "Bearer t-1"])
        #expect(log.all == ["GET \(wellKnown)/here", "GET /documents/here", "POST /token grant_type=client_credentials&scope=items%3Aread", "GET /api/items"])
        let error = await #expect(throws: CallError.self) { try await Self.metadataService(base + wellKnown + "/away", base: base).call("listItems") }
        #expect(error?.description == "endpoint 'listItems': OAuth 2 scheme 'oauth': its oauth2MetadataUrl (items.yaml:7:26) \(base)\(wellKnown)/away is not read: it redirects to http://auth.invalid\(wellKnown)/away, which is not followed: \(Self.notLoopback)")
        let discovery = await #expect(throws: CallError.self) { try await Self.service(discovery: base + Self.wellKnown, base: base).call("listItems") }
        #expect(discovery?.description == "endpoint 'listItems': OAuth 2 scheme 'oidc': its openIdConnectUrl \(base)\(Self.wellKnown) is not read: it redirects to http://auth.invalid\(Self.wellKnown), which is not followed: \(Self.notLoopback)")
        #expect(log.all.dropFirst(4) == ["GET \(wellKnown)/away", "GET \(Self.wellKnown)"])
    }

    /// What a loopback host is.
    @Test(arguments: [
        ("http://127.0.0.1:8080/token", true), ("http://127.1.2.3/token", true), ("http://LOCALHOST/token", true),
        ("http://[::1]:8080/token", true), ("http://127.0.0.1.invalid/token", false), ("http://127.example/token", false),
        ("http://127.0.0.1@auth.invalid/token", false), ("http://0177.0.0.1/token", false), ("http://127.0.0.01/token", false),
        ("http://128.0.0.1/token", false), ("http://[::2]/token", false), ("http://localhost.invalid/token", false),
    ] as [(String, Bool)])
    func theLoopbackHosts(url: String, loopback: Bool) {
        #expect(OAuthDiscoveredDocument.isLoopback(url) == loopback)
    }
}
