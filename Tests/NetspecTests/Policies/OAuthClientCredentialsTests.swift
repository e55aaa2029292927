import Foundation
import NetspecTestServer
import Testing
@testable import Netspec
import NetspecModel
import NetspecTestSupport

/// OAuth 2's client credentials grant read from a document's `flows.clientCredentials`, against
/// an authorization server whose protocol logic is Authlib's (Tests/Peers/oauth_server.py): the
/// token obtained once with the operation's scopes, reused by later calls and by a second
/// provider through the token store, obtained again after a 401, and the failures said with the
/// scheme and the token URL.
@Suite(.serialized, .enabled(if: FastAPIPeer.python != nil, "needs the peers venv (Tests/Peers/setup.sh); see the printed reason"))
struct OAuthClientCredentialsTests {
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
                clientCredentials:
                  tokenUrl: /oauth/token
                  scopes: {"items:read": read items, "items:write": change items}
        security: [{oauth: ["items:read"]}]
        paths:
          /api/items:
            get:
              operationId: listItems
              responses: {"200": {description: the items}}
        """
    }

    static let client = ["OAUTH_CLIENT_ID": "netspec", "OAUTH_CLIENT_SECRET": "s3cret"]

    static func withServer(_ body: (String) async throws -> Void) async throws {
        let server = try await ChildProcess.blocking { Result { try FastAPIPeer.start(script: "oauth_server.py") } }.get()
        defer { server.stop() }
        try await body(server.baseURL)
    }

    static func stats(_ base: String) async throws -> JSONValue {
        let result = try await ChildProcess.curl([base + "/stats"])
        return try JSONValue(parsing: Array(result.stdout.utf8))
    }

    static func service(_ base: String, variables: [String: String] = client, store: TokenStore = TokenStore()) throws -> Service {
        Service(
            spec: try Spec(yaml: document(base), file: "items.yaml"),
            provider: Provider(variables: variables, options: .init(usesEnvironment: false), tokenStore: store)
        )
    }

    @Test func theTokenIsObtainedOnceReusedAndObtainedAgainAfterA401() async throws {
        try await Self.withServer { base in
            let scratch = try ScratchDirectory()
            let store = TokenStore(file: scratch.path + "/tokens.json")
            let api = try Self.service(base, store: store)
            #expect(try await api.call("listItems").value == [["id": 1, "name": "kettle"]])
            #expect(try await api.call("listItems").value == [["id": 1, "name": "kettle"]])
            // One token, with the operation's scope.
            #expect(try await Self.stats(base) == ["scopes": ["items:read"], "tokens": 1, "grants": ["client_credentials"]])
            // A second provider (a second process) finds the stored token: no token request.
            let second = try Self.service(base, variables: [:], store: TokenStore(file: scratch.path + "/tokens.json"))
            #expect(try await second.call("listItems").value == [["id": 1, "name": "kettle"]])
            #expect(try await Self.stats(base)["tokens"] == 1)
            // Revoked: the call's 401 gets a new token and the call is answered.
            _ = try await ChildProcess.curl(["-X", "POST", base + "/admin/revoke"])
            #expect(try await api.call("listItems").value == [["id": 1, "name": "kettle"]])
            #expect(try await Self.stats(base)["tokens"] == 2)
        }
    }

    @Test func aTokenGivenIsUsedAsItIs() async throws {
        try await Self.withServer { base in
            let api = try Self.service(base, variables: ["OAUTH": "not-a-token"])
            // Not obtained (it is given), and the server's 401 comes back: no client to ask with.
            await #expect(throws: CallError.self) { try await api.call("listItems") }
            #expect(try await Self.stats(base)["tokens"] == 0)
        }
    }

    @Test func failuresNameTheSchemeAndTheTokenURL() async throws {
        try await Self.withServer { base in
            let wrong = try Self.service(base, variables: ["OAUTH_CLIENT_ID": "netspec", "OAUTH_CLIENT_SECRET": "wrong"])
            let refused = await #expect(throws: CallError.self) { try await wrong.call("listItems") }
            #expect(refused?.description == "endpoint 'listItems': OAuth 2 scheme 'oauth': the token endpoint \(base)/oauth/token refused the client credentials grant with 401: invalid_client (The client cannot authenticate with methods: ['client_secret_basic'])")
            guard case let .configuration(error)? = refused else { Issue.record("not a configuration error: \(String(describing: refused))"); return }
            #expect(error.reason == .authorization)
            #expect(refused?.description.contains("wrong") == false)

            let noClient = try Self.service(base, variables: [:])
            let unset = await #expect(throws: CallError.self) { try await noClient.call("listItems") }
            #expect(unset?.description == "endpoint 'listItems': variable 'OAUTH_CLIENT_ID' is not set (used in the client credentials of OAuth 2 scheme 'oauth'); set it with Provider(variables:) or in the environment")
            #expect(try await Self.stats(base)["tokens"] == 0)
        }
    }

    /// The document's client credentials flow becomes a grant, with each operation's scopes.
    @Test func theGrantAndItsScopesComeFromTheDocument() throws {
        let spec = try Spec(yaml: Self.document("http://127.0.0.1:1"), file: "items.yaml")
        let grant = spec.endpoint(named: "listItems")?.auth?.grant
        #expect(grant == AuthPolicy.Grant(clientCredentialsURL: "/oauth/token", scopes: ["items:read"], variable: "OAUTH", scheme: "oauth"))
        #expect(OAuthTokenEndpoint.resolve(grant!.clientCredentialsURL!, service: Service(spec: spec), options: CallOptions()) == "http://127.0.0.1:1/oauth/token")
    }
}
