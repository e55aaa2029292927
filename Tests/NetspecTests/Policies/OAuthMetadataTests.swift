import NetspecTestServer
import NetspecTestSupport
import Testing

@testable import Netspec
import NetspecModel

/// OpenAPI 3.2's `oauth2MetadataUrl` (Security Scheme Object; RFC 8414): the flows come from the
/// authorization server's metadata, read over TLS from a real HTTPS server on 127.0.0.1 (trusted
/// through a CA file made by openssl); the document's flows win; an `issuer` that is not the URL's
/// and an `http:` URL to a host that is not loopback are refused, naming the scheme and where the
/// URL is written.
@Suite struct OAuthMetadataTests {
    /// A 3.2 document whose `oauth` scheme has `oauth2MetadataUrl: URL` and the flows given.
    static func document(metadata: String, flows: String = "{}", scope: String = "items:read") -> String {
        """
        openapi: 3.2.0
        info: {title: Items, version: "1"}
        components:
          securitySchemes:
            oauth:
              type: oauth2
              oauth2MetadataUrl: \(metadata)
              flows: \(flows)
        security: [{oauth: ["\(scope)"]}]
        paths:
          /api/items: {get: {operationId: listItems, responses: {"200": {description: the items}}}}
        """
    }

    static func service(_ document: String, base: String, caFile: String) throws -> Service {
        Service(spec: try Spec(yaml: document, file: "items.yaml"), provider: Provider(
            baseURL: base, variables: ["OAUTH_CLIENT_ID": "netspec", "OAUTH_CLIENT_SECRET": "s3cret"],
            options: .init(tls: .init(caFile: caFile), usesEnvironment: false), tokenStore: TokenStore()
        ))
    }

    @Test func theFlowsAreDiscoveredOverTLSAndTheDocumentsWin() async throws {
        let pki = try await TestPKI.make()
        let log = Recorder<String>()
        let server = try await TestServer.start(tlsContext: try pki.serverContext(), TestHandlers.oauthMetadataServer(log: log))
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        let metadata = "\(base)/.well-known/oauth-authorization-server"
        // Client credentials, discovered: the metadata once, then the token endpoint it names.
        let discovered = try Self.service(Self.document(metadata: metadata), base: base, caFile: pki.path("ca.pem"))
        #expect(try await discovered.call("listItems").value == ["authorization": "Bearer t-discovered"])
        #expect(log.all == [
            "GET /.well-known/oauth-authorization-server",
            "POST /token grant_type=client_credentials&scope=items%3Aread",
            "GET /api/items",
        ])
        // The document's own client credentials flow wins over the discovered one (the metadata is kept for the process).
        var seen = log.all.count
        let written = try Self.service(
            Self.document(metadata: metadata, flows: "{clientCredentials: {tokenUrl: /written-token, scopes: {}}}"), base: base, caFile: pki.path("ca.pem")
        )
        #expect(try await written.call("listItems").value == ["authorization": "Bearer t-written"])
        #expect(log.all.dropFirst(seen) == ["POST /written-token grant_type=client_credentials&scope=items%3Aread", "GET /api/items"])
        // A login: the device flow from the metadata's device_authorization_endpoint.
        seen = log.all.count
        let prompts = Recorder<String>()
        let login = try await discovered.logIn(device: true) { message, url in prompts.record("\(message) \(url)") }
        #expect(login.flow == "device_code")
        #expect(prompts.all.first?.hasSuffix(" \(base)/verify") == true)
        #expect(log.all.dropFirst(seen) == [
            "POST /device scope=items%3Aread",
            "POST /token grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=d-1",
        ])
    }

    @Test func aWrongIssuerAndAnHTTPURLAreRefused() async throws {
        let pki = try await TestPKI.make()
        let log = Recorder<String>()
        let server = try await TestServer.start(tlsContext: try pki.serverContext(), TestHandlers.oauthMetadataServer(log: log))
        defer { Task { try? await server.shutdown() } }
        let base = server.baseURL
        let wrong = try Self.service(Self.document(metadata: "\(base)/.well-known/oauth-authorization-server/wrong"), base: base, caFile: pki.path("ca.pem"))
        let issuer = await #expect(throws: CallError.self) { try await wrong.call("listItems") }
        #expect(issuer?.description == "endpoint 'listItems': OAuth 2 scheme 'oauth': the authorization server's metadata at \(base)/.well-known/oauth-authorization-server/wrong"
            + " names the issuer \(base)/other, not \(base)/wrong, the issuer its URL was made from, so it is not used (RFC 8414 §3.3)")
        // http to a host that is not loopback, as an openIdConnectUrl (OAuthDiscoveryTests).
        let url = "http://auth.example.com/.well-known/oauth-authorization-server"
        let plain = try Self.service(Self.document(metadata: url), base: base, caFile: pki.path("ca.pem"))
        let error = await #expect(throws: CallError.self) { try await plain.call("listItems") }
        #expect(error?.description == "endpoint 'listItems': OAuth 2 scheme 'oauth': its oauth2MetadataUrl (items.yaml:7:26) \(url) is not read: \(OAuthDiscoveryTests.notLoopback)")
        #expect(log.all == ["GET /.well-known/oauth-authorization-server/wrong"])
        // A scope the server refuses: its metadata's scopes_supported are named.
        let scoped = try Self.service(Self.document(metadata: "\(base)/.well-known/oauth-authorization-server", scope: "items:write"), base: base, caFile: pki.path("ca.pem"))
        let scopeError = await #expect(throws: CallError.self) { try await scoped.call("listItems") }
        #expect(scopeError?.description == "endpoint 'listItems': OAuth 2 scheme 'oauth': the token endpoint \(base)/token refused the client credentials grant with 400: invalid_scope (its metadata lists the scopes items:read)")
    }

    /// The reader keeps the URL and its place; one that is not a URL is an error there.
    @Test func theURLIsReadWithItsPlace() throws {
        let spec = try Spec(yaml: Self.document(metadata: "/.well-known/oauth-authorization-server"), file: "items.yaml")
        let grant = try #require(spec.endpoints.first?.auth?.grant)
        #expect(grant.metadataURL == "/.well-known/oauth-authorization-server")
        #expect(grant.metadataPosition == "items.yaml:7:26")
        #expect(grant.canLogIn && grant.clientCredentialsURL == nil)
        #expect(spec.warnings.map(\.description) == [])
        let error = #expect(throws: SpecError.self) { try Spec(yaml: Self.document(metadata: "[a]"), file: "items.yaml") }
        #expect(error?.description == "items.yaml:7:26: error: security scheme 'oauth': 'oauth2MetadataUrl' must be the URL of the authorization server's metadata, found a list (OpenAPI 3.2.0, Security Scheme Object)")
    }

    /// The issuer a metadata URL is made from (RFC 8414 §3.1, §5).
    @Test(arguments: [
        ("https://a.example/.well-known/oauth-authorization-server", "https://a.example"),
        ("https://a.example/.well-known/oauth-authorization-server/tenant/1", "https://a.example/tenant/1"),
        ("https://a.example/tenant/.well-known/openid-configuration", "https://a.example/tenant"),
        ("https://a.example/.well-known/oauth-authorization-serverx", nil),
        ("https://a.example/metadata.json", nil),
    ] as [(String, String?)])
    func theIssuerOfAMetadataURL(url: String, issuer: String?) {
        #expect(OAuthMetadata.issuer(of: url) == issuer)
    }
}

