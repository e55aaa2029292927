import NetspecTestServer
import NetspecTestSupport
import Testing
@testable import Netspec
@testable import NetspecModel
@testable import NetspecMCP

/// An operation whose `security` lists several alternatives (any one suffices, OpenAPI 3.0.3
/// §4.7.30) is sent with the first one Netspec can send — unless its credentials are not set and
/// it cannot get them itself while a later one's all are: then that one. Gitea lists `BasicAuth`
/// first and `AuthorizationHeaderToken` after it; a user with a token set only that.
@Suite struct AuthAlternativeTests {
    static func document(_ base: String) -> String {
        """
        openapi: 3.0.3
        info: {title: Alternatives, version: "1"}
        servers: [{url: "\(base)"}]
        components:
          securitySchemes:
            BasicAuth: {type: http, scheme: basic}
            HeaderToken: {type: apiKey, in: header, name: Authorization}
            Key: {type: apiKey, in: header, name: X-Key}
            Session: {type: apiKey, in: cookie, name: sid}
            Clash: {type: http, scheme: bearer}
            Certificate: {type: mutualTLS}
            OAuth2:
              type: oauth2
              flows: {clientCredentials: {tokenUrl: /token, scopes: {read: read}}}
        security:
          - BasicAuth: []
          - {Clash: [], HeaderToken: []}
          - HeaderToken: []
          - {Key: [], Session: []}
          - Certificate: []
        paths:
          /repos:
            get:
              operationId: repos
              responses: {"200": {description: ok}}
          /granted:
            get:
              operationId: granted
              security: [{OAuth2: [read]}, {HeaderToken: []}]
              responses: {"200": {description: ok}}
        """
    }

    static let everything = ["BASIC_AUTH_USER": "ada", "BASIC_AUTH_PASSWORD": "pw", "HEADER_TOKEN": "token abc", "KEY": "k1", "SESSION": "s1"]

    @Test func theModelKeepsEveryAlternativeThatCanBeSentInOrder() throws {
        let spec = try Spec(yaml: Self.document("http://127.0.0.1:9"), file: "alternatives.yaml")
        let auth = try #require(spec.endpoint(named: "repos")?.auth)
        #expect(auth.scheme == .basic(user: try Template(parsing: "${BASIC_AUTH_USER}"), password: try Template(parsing: "${BASIC_AUTH_PASSWORD}")))
        // The clash (two schemes in `Authorization`) is not kept, nor warned about: an earlier one is sent.
        #expect(auth.alternatives.map { $0.policies.map(\.secretNames) } == [[["Authorization"]], [["X-Key"], ["sid"]], [[]]])
        #expect(spec.warnings.isEmpty)
    }

    /// A bearer token and an API key named `Authorization` both go in that one header: the
    /// requirement that needs them together cannot be sent, said where it decides what is sent.
    @Test func anAPIKeyNamedAuthorizationClashesWithABearerToken() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Clash, version: "1"}
            components:
              securitySchemes:
                Clash: {type: http, scheme: bearer}
                HeaderToken: {type: apiKey, in: header, name: authorization}
                Key: {type: apiKey, in: header, name: X-Key}
            paths:
              /a:
                get:
                  operationId: a
                  security: [{Clash: [], HeaderToken: []}, {Key: []}]
                  responses: {"200": {description: ok}}
            """
        let spec = try Spec(yaml: document, file: "clash.yaml")
        #expect(spec.warnings.map(\.description) == [
            "clash.yaml:12:18: warning: operation 'a': security needs 'Clash' and 'HeaderToken' together, but both go in the Authorization header, which holds one of them: that requirement cannot be sent",
        ])
        #expect(spec.endpoint(named: "a")?.auth?.policies.map(\.secretNames) == [["X-Key"]])
    }

    @Test(arguments: [
        // Every credential set: the first alternative, as always.
        (everything, "Authorization: Basic YWRhOnB3"),
        // Only the token: the third alternative (the second cannot be sent).
        (["HEADER_TOKEN": "token abc"], "Authorization: token abc"),
        // The key and the session together: the fourth.
        (["KEY": "k1", "SESSION": "s1"], "X-Key: k1, Cookie: sid=s1"),
        // Half of the basic credentials and the token: the token.
        (["BASIC_AUTH_USER": "ada", "HEADER_TOKEN": "token abc"], "Authorization: token abc"),
    ] as [([String: String], String)])
    func theFirstAlternativeWhoseCredentialsAreSetIsSent(variables: [String: String], sent: String) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.document(server.baseURL), variables: variables)
            let echo = try Echo(try await api.call("repos"))
            let headers = echo.headers.filter { ["x-key", "authorization", "cookie"].contains($0[0].lowercased()) }.map { "\($0[0]): \($0[1])" }
            #expect(headers.joined(separator: ", ") == sent)
        }
    }

    @Test func withNoAlternativeSetTheFirstOnesVariableIsNamed() async throws {
        let api = try makeService(Self.document("http://127.0.0.1:9"), variables: ["KEY": "k1"])
        let error = await #expect(throws: CallError.self) { try await api.call("repos") }
        #expect(error?.description == "endpoint 'repos': variable 'BASIC_AUTH_USER' is not set (used in auth: basic user); set it with Provider(variables:) or in the environment")
    }

    @Test func settingAVariableSwitchesTheNextCall() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.document(server.baseURL), variables: ["HEADER_TOKEN": "token abc"])
            #expect(try Echo(try await api.call("repos")).headers.contains(["Authorization", "token abc"]))
            api.provider.setVariable("BASIC_AUTH_USER", to: "ada")
            api.provider.setVariable("BASIC_AUTH_PASSWORD", to: "pw")
            #expect(try Echo(try await api.call("repos")).headers.contains(["Authorization", "Basic YWRhOnB3"]))
            api.provider.setVariable("BASIC_AUTH_USER", to: nil)
            #expect(try Echo(try await api.call("repos")).headers.contains(["Authorization", "token abc"]))
        }
    }

    /// The alternative is chosen once per call, when the request is prepared: a prepared request
    /// is sent with the credentials its rendering shows, whatever is set before it is sent.
    @Test func aPreparedRequestIsSentWithTheAlternativeChosenWhenPrepared() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.document(server.baseURL), variables: ["HEADER_TOKEN": "token abc"])
            let request = try api.prepare("repos")
            #expect(request.httpMessage.split(separator: "\n").contains("Authorization: ${HEADER_TOKEN}"))
            api.provider.setVariable("BASIC_AUTH_USER", to: "ada")
            api.provider.setVariable("BASIC_AUTH_PASSWORD", to: "pw")
            let sent = try Echo(try await api.send(request)).headers.filter { $0[0].lowercased() == "authorization" }
            #expect(sent == [["Authorization", "token abc"]])
            // A request prepared now is sent with the first alternative.
            let basic = try Echo(try await api.send(try api.prepare("repos"))).headers.filter { $0[0].lowercased() == "authorization" }
            #expect(basic == [["Authorization", "Basic YWRhOnB3"]])
        }
    }

    @Test func aFirstAlternativeThatGetsItsOwnTokenIsKept() throws {
        let api = try makeService(Self.document("http://127.0.0.1:9"), variables: ["HEADER_TOKEN": "token abc"])
        let granted = try #require(api.spec.endpoint(named: "granted"))
        #expect(api.authAlternative(for: granted) == 0)
        #expect(api.authAlternative(for: try #require(api.spec.endpoint(named: "repos"))) == 1)
    }

    /// Whichever alternative is sent, its secrets are hidden: `-v`'s logs and the cache hide
    /// every alternative's key names, a redirect to another origin drops them, the variables
    /// are secrets to a profile, and a login finds a later alternative's grant.
    @Test func everyAlternativesSecretsAreKnown() throws {
        let api = try makeService(Self.document("http://127.0.0.1:9"), variables: [:])
        let repos = try #require(api.spec.endpoint(named: "repos"))
        let redactor = Redactor(spec: api.spec, endpoint: repos, provider: api.provider)
        #expect(redactor.headerNames == ["authorization", "cookie", "set-cookie", "proxy-authorization", "x-key"])
        #expect(api.spec.authVariables == [
            "BASIC_AUTH_USER", "BASIC_AUTH_PASSWORD", "HEADER_TOKEN", "KEY", "SESSION", "OAUTH2", "OAUTH2_CLIENT_ID", "OAUTH2_CLIENT_SECRET",
        ])
        #expect(MCPServer.authDescription(repos)
            == "HTTP basic from ${BASIC_AUTH_USER} and ${BASIC_AUTH_PASSWORD}, or API key in header 'Authorization' from ${HEADER_TOKEN}, or API key in header 'X-Key' from ${KEY} and API key in cookie 'sid' from ${SESSION}, or a TLS client certificate")
        let granted = try #require(api.spec.endpoint(named: "granted"))
        #expect(MCPServer.authDescription(granted).hasSuffix(", or API key in header 'Authorization' from ${HEADER_TOKEN}"))
    }

    @Test func aLoginFindsALaterAlternativesGrant() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Login later, version: "1"}
            servers: [{url: "http://127.0.0.1:9"}]
            components:
              securitySchemes:
                Key: {type: apiKey, in: header, name: X-Key}
                Login:
                  type: oauth2
                  flows: {authorizationCode: {authorizationUrl: /authorize, tokenUrl: /token, scopes: {read: read}}}
            security: [{Key: []}, {Login: [read]}]
            paths:
              /a:
                get:
                  operationId: a
                  responses: {"200": {description: ok}}
            """
        let api = try makeService(document, variables: [:])
        let grant = try api.loginGrant("Login")
        #expect(grant.scheme == "Login")
        #expect(grant.scopes == ["read"])
    }

    @Test func aDryRunShowsTheAlternativeSent() throws {
        let api = try makeService(Self.document("http://127.0.0.1:9"), variables: ["KEY": "k1", "SESSION": "s1"])
        let lines = try api.preview("repos", [:], showingSecrets: true).httpMessage.split(separator: "\n")
        #expect(lines.filter { ["X-Key", "Cookie", "Authorization"].contains($0.split(separator: ":").first ?? "") } == ["X-Key: k1", "Cookie: sid=s1"])
    }
}
