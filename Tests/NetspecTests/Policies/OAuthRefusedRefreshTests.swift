import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

@testable import Netspec
import NetspecModel

/// A stored login whose access token is answered 401 and whose refresh token the token endpoint
/// refuses (400 invalid_grant), on a scheme that also has a client credentials flow: the first
/// call already does what docs/oauth.md says — it gets a token by client credentials when its
/// client has a secret, and otherwise says to log in (77 on the command line); a client
/// credentials grant refused is said (78). It printed the API's 401 (exit 4), and only the next
/// call, with nothing stored, said what was wrong.
@Suite struct OAuthRefusedRefreshTests {
    /// The API answers `Bearer t-cc` only; the token endpoint refuses every refresh token, and
    /// answers a client credentials grant with `t-cc` when the client's secret is `s3cret`.
    static func server(log: Recorder<String>) -> TestHandler {
        { request, writer in
            let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            log.record("\(request.method) \(request.path)" + (body.isEmpty ? "" : " " + body))
            let headers = [("Content-Type", "application/json")]
            switch request.path {
            case "/token" where body.contains("grant_type=refresh_token"):
                try await writer.respond(status: 400, headers: headers, body: #"{"error":"invalid_grant"}"#)
            case "/token" where request.header("Authorization") == "Basic " + Data("c:s3cret".utf8).base64EncodedString():
                try await writer.respond(status: 200, headers: headers, body: #"{"access_token":"t-cc","token_type":"Bearer","expires_in":3600}"#)
            case "/token":
                try await writer.respond(status: 401, headers: headers, body: #"{"error":"invalid_client"}"#)
            case "/api/items" where request.header("Authorization") == "Bearer t-cc":
                try await writer.respond(status: 200, headers: headers, body: #"[{"id":1}]"#)
            default:
                try await writer.respond(status: 401, headers: headers, body: #"{"message":"the token is revoked"}"#)
            }
        }
    }

    /// A service whose `oauth` scheme has the authorization code and client credentials flows,
    /// with a login stored: access token `t-old`, refresh token `r-old`.
    static func service(_ base: String, variables: [String: String]) throws -> Service {
        let spec = try Spec(yaml: """
            openapi: 3.1.0
            info: {title: Items, version: "1"}
            servers: [{url: "\(base)"}]
            components:
              securitySchemes:
                oauth:
                  type: oauth2
                  flows:
                    authorizationCode: {authorizationUrl: /authorize, tokenUrl: /token, scopes: {}}
                    clientCredentials: {tokenUrl: /token, scopes: {}}
            security: [{oauth: []}]
            paths:
              /api/items: {get: {operationId: listItems, responses: {"200": {description: the items}}}}
            """, file: "items.yaml")
        let store = TokenStore()
        let record = OAuthTokenRecord(refreshToken: "r-old", expiresAt: nil, scope: nil, flow: "authorization_code")
        try store.setToken("t-old", for: "Items \(base) OAUTH")
        try store.setToken(record.json, for: "Items \(base) OAUTH#oauth")
        return Service(spec: spec, provider: Provider(variables: variables, options: .init(usesEnvironment: false), tokenStore: store))
    }

    @Test func withTheClientSecretTheFirstCallGetsATokenByClientCredentials() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(log: log)) { server in
            let api = try Self.service(server.baseURL, variables: ["OAUTH_CLIENT_ID": "c", "OAUTH_CLIENT_SECRET": "s3cret"])
            #expect(try await api.call("listItems").value == [["id": 1]])
            #expect(log.all == [
                "GET /api/items", "POST /token grant_type=refresh_token&refresh_token=r-old", "POST /token grant_type=client_credentials", "GET /api/items",
            ])
        }
    }

    @Test func withoutTheClientSecretTheFirstCallSaysToLogIn() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(log: log)) { server in
            let api = try Self.service(server.baseURL, variables: ["OAUTH_CLIENT_ID": "c"])
            let first = await #expect(throws: CallError.self) { try await api.call("listItems") }
            let message = "endpoint 'listItems': OAuth 2 scheme 'oauth' needs a login (the token endpoint \(server.baseURL)/token refused the stored refresh token "
                + "with 400: invalid_grant; its client credentials need ${OAUTH_CLIENT_SECRET}, which is not set): run netspec auth login items.yaml --scheme oauth "
                + #"(in Swift, Service.logIn(scheme: "oauth"))"#
            #expect(first?.description == message)
            guard case let .configuration(problem)? = first else { Issue.record("not a configuration error: \(String(describing: first))"); return }
            #expect(problem.reason == .loginRequired)
            // The refused login is forgotten: the next call, its token answered 401 again, finds nothing stored and says so.
            let next = await #expect(throws: CallError.self) { try await api.call("listItems") }
            #expect(next?.description == "endpoint 'listItems': OAuth 2 scheme 'oauth' needs a login (no token is stored for it; its client credentials need "
                + #"${OAUTH_CLIENT_SECRET}, which is not set): run netspec auth login items.yaml --scheme oauth (in Swift, Service.logIn(scheme: "oauth"))"#)
            #expect(log.all == ["GET /api/items", "POST /token grant_type=refresh_token&refresh_token=r-old&client_id=c", "GET /api/items"])
        }
    }

    @Test func aRefusedClientCredentialsGrantIsSaidNotThe401() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(log: log)) { server in
            let api = try Self.service(server.baseURL, variables: ["OAUTH_CLIENT_ID": "c", "OAUTH_CLIENT_SECRET": "wr0ng"])
            let first = await #expect(throws: CallError.self) { try await api.call("listItems") }
            #expect(first?.description == "endpoint 'listItems': OAuth 2 scheme 'oauth': the token endpoint \(server.baseURL)/token refused the client credentials grant with 401: invalid_client")
            guard case let .configuration(problem)? = first else { Issue.record("not a configuration error: \(String(describing: first))"); return }
            #expect(problem.reason == .authorization)
        }
    }
}
