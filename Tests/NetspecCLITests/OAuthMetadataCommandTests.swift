import NetspecTestServer
import NetspecTestSupport
import Testing

/// OpenAPI 3.2's `oauth2MetadataUrl` from the command line: `netspec call` gets a client
/// credentials token and `netspec auth login --device` logs in with flows discovered from a
/// real HTTPS server on 127.0.0.1 (RFC 8414; trusted with `--cacert`), and an `http:` metadata
/// URL is refused with its place in the document.
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
        let login = try await CLI.run(["auth", "login", document, "--device", "--no-browser", "--cacert", pki.path("ca.pem")], environment: ["OAUTH_CLIENT_ID": "netspec-cli"])
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

    /// `http:` is refused before any request; on a loopback host `--insecure` lets it through
    /// (here to a port where nothing listens, so the read fails instead).
    @Test func anHTTPMetadataURLIsRefusedWithItsPlace() async throws {
        let url = "http://127.0.0.1:9/.well-known/oauth-authorization-server"
        let document = try Self.document(base: "http://127.0.0.1:9", metadata: url)
        let environment = ["OAUTH_CLIENT_ID": "netspec", "OAUTH_CLIENT_SECRET": "s3cret"]
        let refused = try await CLI.run(["call", document, "listItems"], environment: environment)
        #expect(refused.status == 78)
        #expect(refused.stderr == "error: endpoint 'listItems': OAuth 2 scheme 'oauth': its oauth2MetadataUrl (\(document):8:26) is \(url), not https:"
            + " the metadata is fetched over TLS only (RFC 8414 §3); a loopback test server over http is read only with TLS verification off (--insecure)\n")
        let insecure = try await CLI.run(["call", document, "listItems", "--insecure"], environment: environment)
        #expect(insecure.stderr.hasPrefix("error: endpoint 'listItems': OAuth 2 scheme 'oauth': the authorization server's metadata (its oauth2MetadataUrl (\(document):8:26)) cannot be read: "), "\(insecure.stderr)")
    }
}
