import Foundation
import HTTPTypes
import NetspecTestServer
import NetspecTestSupport
import Testing

@testable import Netspec
import NetspecModel

/// An `openIdConnectUrl`'s redirects are followed as an `oauth2MetadataUrl`'s are, by the same
/// code (``OAuthDiscoveredDocument/read(_:named:service:refused:)``): hop by hop, each hop's URL
/// checked before it is sent (`https`, or `http` to a loopback host), up to the provider's
/// redirect limit. Against real servers on 127.0.0.1 that record every request.
@Suite struct OAuthDiscoveryRedirectTests {
    static let wellKnown = OAuthDiscoveryTests.wellKnown

    /// A document whose `oidc` scheme is discovered from `url`, sent through `transport`.
    static func service(discovery url: String, base: String, options: Provider.Options = .init(usesEnvironment: false),
                        transport: any HTTPTransport = AsyncHTTPClientTransport.shared) throws -> Service {
        let oidc = try OAuthDiscoveryTests.service(discovery: url, base: base)
        return Service(spec: oidc.spec, provider: Provider(
            baseURL: base, variables: ["OIDC_CLIENT_ID": "netspec", "OIDC_CLIENT_SECRET": "s3cret"],
            options: options, transport: transport, tokenStore: TokenStore()
        ))
    }

    /// A 302 (relative `Location`) or 307 (absolute) to another loopback path is followed, and
    /// the endpoints of the document found there are used — not those of a decoy document in the
    /// redirect's own body; the issuer is checked against the URL asked for.
    @Test(arguments: [302, 307])
    func aRedirectToAnotherLoopbackPathIsFollowed(status: Int) async throws {
        let log = Recorder<String>()
        let documents = OAuthDiscoveryTests.server(log: log, documents: ["/documents/tenant": OAuthDiscoveryTests.document(issuer: "BASE/tenant")])
        let server = try await TestServer.start { request, writer in
            guard request.path == "/tenant" + Self.wellKnown else { return try await documents(request, writer) }
            log.record("\(request.method) \(request.path)")
            let base = "http://" + (request.header("Host") ?? "")
            let location = status == 302 ? "/documents/tenant" : base + "/documents/tenant"
            let decoy = OAuthDiscoveryTests.document(issuer: base + "/tenant", token: base + "/decoy")
            try await writer.respond(status: status, headers: [("Location", location), ("Content-Type", "application/json")], body: decoy)
        }
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        let service = try Self.service(discovery: base + "/tenant" + Self.wellKnown, base: base)
        #expect(try await service.call("listItems").value == ["authorization": "Bearer t-1"])
        #expect(log.all == [
            "GET /tenant\(Self.wellKnown)", "GET /documents/tenant", "POST /token grant_type=client_credentials&scope=items%3Aread", "GET /api/items",
        ])
    }

    /// `/hops/N/…` redirects to `/hops/N+1/…`, and `/hops/11/…` is the document: 11 redirects
    /// are more than the default limit (10), refused naming the last hop, nothing sent after it;
    /// with the provider's limit at 11 the document is read and used.
    @Test func aRedirectChainOverTheLimitIsRefused() async throws {
        let log = Recorder<String>()
        let documents = OAuthDiscoveryTests.server(log: log, documents: ["/hops/11" + Self.wellKnown: OAuthDiscoveryTests.document(issuer: "BASE/hops/0")])
        let server = try await TestServer.start { request, writer in
            let hop = request.path.dropFirst("/hops/".count).prefix { $0 != "/" }
            guard request.path.hasPrefix("/hops/"), let number = Int(hop), number < 11 else { return try await documents(request, writer) }
            log.record("\(request.method) \(request.path)")
            try await writer.respond(status: 302, headers: [("Location", "/hops/\(number + 1)\(Self.wellKnown)")], body: "")
        }
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        let url = base + "/hops/0" + Self.wellKnown
        let error = await #expect(throws: CallError.self) { try await Self.service(discovery: url, base: base).call("listItems") }
        #expect(error?.description == "endpoint 'listItems': OAuth 2 scheme 'oidc': the OpenID Connect discovery document \(url) cannot be read:"
            + " more than 10 redirects: \(base)/hops/10\(Self.wellKnown) redirects again, to \(base)/hops/11\(Self.wellKnown)")
        #expect(log.all == (0...10).map { "GET /hops/\($0)\(Self.wellKnown)" })
        let eleven = try Self.service(discovery: url, base: base, options: .init(redirects: .follow(limit: 11), usesEnvironment: false))
        #expect(try await eleven.call("listItems").value == ["authorization": "Bearer t-1"])
        let hops: [String] = (0...11).map { "GET /hops/\($0)\(Self.wellKnown)" }
        #expect(Array(log.all.dropFirst(11)) == hops + ["POST /token grant_type=client_credentials&scope=items%3Aread", "GET /api/items"])
    }

    /// A redirect to plain `http` on another host is refused in the words an `oauth2MetadataUrl`'s
    /// refusal has, naming where it leads; the transport is never asked to send anything there.
    @Test func aRedirectToPlainHTTPElsewhereIsNotSent() async throws {
        let log = Recorder<String>()
        let target = "http://auth.invalid/tenant" + Self.wellKnown
        let server = try await TestServer.start { request, writer in
            log.record("\(request.method) \(request.path)")
            try await writer.respond(status: 307, headers: [("Location", target)], body: "")
        }
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        let sent = Recorder<String>()
        let service = try Self.service(discovery: base + Self.wellKnown, base: base, transport: RecordingTransport(urls: sent))
        let error = await #expect(throws: CallError.self) { try await service.call("listItems") }
        #expect(error?.description == "endpoint 'listItems': OAuth 2 scheme 'oidc': its openIdConnectUrl \(base)\(Self.wellKnown) is not read:"
            + " it redirects to \(target), which is not followed: \(OAuthDiscoveryTests.notLoopback)")
        #expect(sent.all == [base + Self.wellKnown])
        #expect(log.all == ["GET \(Self.wellKnown)"])
        guard case let .configuration(problem)? = error else { Issue.record("not a configuration error: \(String(describing: error))"); return }
        #expect(problem.reason == .authorization)
    }

    /// A copy of the discovery document in the provider's HTTP cache is used as the URL it came
    /// from allows: one that a redirect brought from another loopback path is used without asking
    /// the server (its token endpoint then gets the client's secret), one that came from plain
    /// `http` on another host (`Netspec-Retrieved-From`, which the fetch keeps with the answer)
    /// is refused in the words of a redirect refused on the wire, and nothing is sent at all.
    @Test func aCachedCopyFromARefusedURLIsNotUsed() async throws {
        let log = Recorder<String>()
        let server = try await TestServer.start(OAuthDiscoveryTests.server(log: log, documents: [:]))
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        /// A provider whose HTTP cache holds a fresh copy of the document of `tenant`'s discovery
        /// URL (the process keeps a document read per URL: each case has its own), retrieved from `source`.
        func service(tenant: String, cachedFrom source: String) async throws -> Service {
            let body = OAuthDiscoveryTests.document(issuer: "BASE" + tenant).replacing("BASE", with: base)
            let cache = try await Self.cache(holding: body, for: base + tenant + Self.wellKnown, retrievedFrom: source)
            return try Self.service(discovery: base + tenant + Self.wellKnown, base: base, options: .init(cache: cache, usesEnvironment: false))
        }
        let here = try await service(tenant: "/here", cachedFrom: base + "/documents/here")
        #expect(try await here.call("listItems").value == ["authorization": "Bearer t-1"])
        #expect(log.all == ["POST /token grant_type=client_credentials&scope=items%3Aread", "GET /api/items"])
        let target = "http://auth.invalid/away" + Self.wellKnown
        let away = try await service(tenant: "/away", cachedFrom: target)
        let error = await #expect(throws: CallError.self) { try await away.call("listItems") }
        #expect(error?.description == "endpoint 'listItems': OAuth 2 scheme 'oidc': its openIdConnectUrl \(base)/away\(Self.wellKnown) is not read:"
            + " it redirects to \(target), which is not followed: \(OAuthDiscoveryTests.notLoopback)")
        #expect(log.all.count == 2)
        guard case let .configuration(problem)? = error else { Issue.record("not a configuration error: \(String(describing: error))"); return }
        #expect(problem.reason == .authorization)
    }

    /// The same for an `oauth2` scheme's RFC 8414 metadata (OpenAPI 3.2's `oauth2MetadataUrl`),
    /// read by the same code: a cached copy a redirect brought from another loopback path is used
    /// without asking the server; one that came from plain `http` on another host is refused in
    /// the words of the metadata URL's redirect refused on the wire, and nothing is sent at all.
    @Test func aCachedMetadataCopyFromARefusedURLIsNotUsed() async throws {
        let log = Recorder<String>()
        let server = try await TestServer.start(OAuthDiscoveryTests.server(log: log, documents: [:]))
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        let wellKnown = OAuthMetadata.wellKnown
        /// A provider whose HTTP cache holds a fresh copy of the metadata at `tenant`'s URL
        /// (issuer `BASE/tenant`; the process keeps metadata read per URL: each case has its own),
        /// retrieved from `source`.
        func service(tenant: String, cachedFrom source: String) async throws -> Service {
            let url = base + wellKnown + tenant
            let body = OAuthDiscoveryTests.document(issuer: "BASE" + tenant).replacing("BASE", with: base)
            let cache = try await Self.cache(holding: body, for: url, retrievedFrom: source)
            return Service(spec: try Spec(yaml: OAuthMetadataTests.document(metadata: url), file: "items.yaml"), provider: Provider(
                baseURL: base, variables: ["OAUTH_CLIENT_ID": "netspec", "OAUTH_CLIENT_SECRET": "s3cret"],
                options: .init(cache: cache, usesEnvironment: false), tokenStore: TokenStore()
            ))
        }
        let here = try await service(tenant: "/here", cachedFrom: base + "/documents/here")
        #expect(try await here.call("listItems").value == ["authorization": "Bearer t-1"])
        #expect(log.all == ["POST /token grant_type=client_credentials&scope=items%3Aread", "GET /api/items"])
        let target = "http://auth.invalid" + wellKnown + "/away"
        let away = try await service(tenant: "/away", cachedFrom: target)
        let error = await #expect(throws: CallError.self) { try await away.call("listItems") }
        #expect(error?.description == "endpoint 'listItems': OAuth 2 scheme 'oauth': its oauth2MetadataUrl (items.yaml:7:26) \(base)\(wellKnown)/away is not read:"
            + " it redirects to \(target), which is not followed: \(OAuthDiscoveryTests.notLoopback)")
        #expect(log.all.count == 2)
        guard case let .configuration(problem)? = error else { Issue.record("not a configuration error: \(String(describing: error))"); return }
        #expect(problem.reason == .authorization)
    }

    /// An HTTP cache holding a fresh copy of the JSON `body` as the answer to `url`, retrieved from
    /// `source` (`Netspec-Retrieved-From`, which a document's fetch keeps with the answer).
    static func cache(holding body: String, for url: String, retrievedFrom source: String) async throws -> HTTPCache {
        let cache = HTTPCache(policy: .useProtocol)
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.cacheControl] = "max-age=3600"
        fields[Spec.retrievedFrom] = source
        let now = Date()
        let entry = HTTPCache.Entry(
            key: HTTPCache.Key(url: url), status: 200, reasonPhrase: "OK", headerFields: fields, body: Array(body.utf8),
            requestDate: now, responseDate: now, varyValues: [:], redirectedURL: source
        )
        try await cache.store.store(entry, for: entry.key)
        return cache
    }

    /// Sends through the default transport, recording each request's URL first.
    struct RecordingTransport: HTTPTransport {
        let urls: Recorder<String>

        func send(_ request: PreparedRequest, options: TransportOptions) async throws -> TransportResponse {
            urls.record(request.url)
            return try await AsyncHTTPClientTransport.shared.send(request, options: options)
        }
    }
}
