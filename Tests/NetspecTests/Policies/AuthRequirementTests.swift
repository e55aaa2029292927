import Foundation
import NIOConcurrencyHelpers
import NetspecTestServer
import NetspecTestSupport
import Testing
@testable import Netspec
@testable import NetspecModel
@testable import NetspecMCP

/// A Security Requirement Object naming several schemes needs them all together (OpenAPI 3.0.3
/// §4.7.30): the call sends every scheme of the alternative it uses, each from its own variable
/// (or token grant), and the request on the wire carries them all; two that would write the same
/// place cannot be sent and say so where the document says it.
@Suite struct AuthRequirementTests {
    /// Prism's harness cases AC-24 (two API keys, header and query) and AC-26 (OAuth 2 and basic,
    /// both in `Authorization`) in one document, with the header key and a bearer token together.
    static func document(_ base: String) -> String {
        """
        openapi: 3.0.3
        info: {title: Together, version: "1"}
        servers: [{url: "\(base)"}]
        components:
          securitySchemes:
            ApiKeyOne: {type: apiKey, in: header, name: X-API-Key}
            ApiKeyTwo: {type: apiKey, in: query, name: apiKey}
            session: {type: apiKey, in: cookie, name: sid}
            bearer: {type: http, scheme: bearer}
            BasicAuth: {type: http, scheme: basic}
            OAuth2:
              type: oauth2
              flows: {clientCredentials: {tokenUrl: /token, scopes: {read: read, write: write}}}
        security:
          - ApiKeyOne: []
            bearer: []
        paths:
          /todos:
            get:
              operationId: keyAndBearer
              responses: {"200": {description: ok}}
          /keys:
            get:
              operationId: twoKeys
              security: [{ApiKeyOne: [], ApiKeyTwo: []}]
              responses: {"200": {description: ok}}
          /three:
            get:
              operationId: basicQueryCookie
              security: [{BasicAuth: [], ApiKeyTwo: [], session: []}]
              responses: {"200": {description: ok}}
          /grant:
            get:
              operationId: grantAndKey
              security: [{OAuth2: [read, write], ApiKeyOne: []}]
              responses: {"200": {description: ok}}
          /clash:
            get:
              operationId: clash
              security: [{OAuth2: [read], BasicAuth: []}, {ApiKeyTwo: []}]
              responses: {"200": {description: ok}}
          /never:
            get:
              operationId: never
              security: [{bearer: [], BasicAuth: []}]
              responses: {"200": {description: ok}}
        """
    }

    static let variables = ["API_KEY_ONE": "k1", "API_KEY_TWO": "k 2", "BEARER": "t0k3n", "SESSION": "s1", "BASIC_AUTH_USER": "ada", "BASIC_AUTH_PASSWORD": "pw"]

    @Test func theModelHoldsEverySchemeOfTheRequirementAndWarnsOnlyOfTheOnesThatCannotBeSent() throws {
        let spec = try Spec(yaml: Self.document("http://127.0.0.1:9"), file: "together.yaml")
        func schemes(_ name: String) -> [String] {
            (spec.endpoint(named: name)?.auth?.policies ?? []).map { policy in
                switch policy.scheme {
                case .bearer: "bearer" + (policy.grant.map { " (\($0.scheme): \($0.scopes.joined(separator: " ")))" } ?? "")
                case .basic: "basic"
                case let .apiKey(location, name, _): "\(location) \(name)"
                case .clientCertificate: "certificate"
                }
            }
        }
        #expect(schemes("keyAndBearer") == ["header X-API-Key", "bearer"])
        #expect(schemes("twoKeys") == ["header X-API-Key", "query apiKey"])
        #expect(schemes("basicQueryCookie") == ["basic", "query apiKey", "cookie sid"])
        #expect(schemes("grantAndKey") == ["bearer (OAuth2: read write)", "header X-API-Key"])
        // Both in Authorization: the next alternative is taken.
        #expect(schemes("clash") == ["query apiKey"])
        #expect(schemes("never") == [])
        // MCP's describe_operation names every variable to set.
        #expect(MCPServer.authDescription(try #require(spec.endpoint(named: "grantAndKey")))
            == "bearer token from ${OAUTH2} (else OAuth 2 client credentials from ${OAUTH2_CLIENT_ID} and ${OAUTH2_CLIENT_SECRET}) and API key in header 'X-API-Key' from ${API_KEY_ONE}")
        #expect(spec.endpoint(named: "never")?.unsupportedAuth == "its security accepts only 'bearer' and 'BasicAuth', which Netspec cannot send")
        #expect(spec.warnings.map(\.description) == [
            "together.yaml:40:18: warning: operation 'clash': security needs 'OAuth2' and 'BasicAuth' together, but both go in the Authorization header, which holds one of them: that requirement cannot be sent",
            "together.yaml:45:17: warning: operation 'never': none of the security requirements it accepts can be sent; it cannot be called (a mock still answers it)",
            "together.yaml:45:18: warning: operation 'never': security needs 'bearer' and 'BasicAuth' together, but both go in the Authorization header, which holds one of them: that requirement cannot be sent",
        ])
    }

    @Test(arguments: [
        ("keyAndBearer", "/todos", [("X-API-Key", "k1"), ("Authorization", "Bearer t0k3n")]),
        ("twoKeys", "/keys?apiKey=k%202", [("X-API-Key", "k1")]),
        ("basicQueryCookie", "/three?apiKey=k%202", [("Authorization", "Basic YWRhOnB3"), ("Cookie", "sid=s1")]),
        ("clash", "/clash?apiKey=k%202", []),
    ] as [(String, String, [(String, String)])])
    func everySchemeOfTheRequirementIsOnTheWire(endpoint: String, target: String, headers: [(String, String)]) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.document(server.baseURL), variables: Self.variables)
            let echo = try Echo(try await api.call(endpoint))
            #expect(echo.target == target)
            let sent = echo.headers.filter { ["x-api-key", "authorization", "cookie"].contains($0[0].lowercased()) }.map { "\($0[0]): \($0[1])" }
            #expect(sent == headers.map { "\($0.0): \($0.1)" })
        }
    }

    /// Prism's harness case AC-25 as it is (Swagger 2.0, two API keys together): both are sent.
    @Test func aSwaggerRequirementSendsEverySchemeToo() async throws {
        let document = """
            swagger: '2.0'
            paths:
              /todos:
                get:
                  responses:
                    200:
                      description: OK
            securityDefinitions:
              ApiKeyOne:
                type: apiKey
                in: header
                name: X-API-Key
              ApiKeyTwo:
                type: apiKey
                in: query
                name: apiKey
            security:
              - ApiKeyOne: []
                ApiKeyTwo: []
            """
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(document, server: server, variables: ["API_KEY_ONE": "xyz987", "API_KEY_TWO": "abc123"])
            #expect(api.spec.warnings.map(\.description) == [])
            let echo = try Echo(try await api.call(try #require(api.spec.endpoints.first?.name)))
            #expect(echo.target == "/todos?apiKey=abc123")
            #expect(echo.header("X-API-Key") == "xyz987")
        }
    }

    /// A scheme whose variable is not set is the error an unset credential always is, naming its
    /// variable; a credential the call gives itself stands for its scheme alone.
    @Test func eachSchemeNeedsItsOwnCredentialOrOneTheCallGives() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.document(server.baseURL), variables: ["API_KEY_ONE": "k1"])
            let error = await callError { try await api.call("twoKeys") }
            #expect(error?.description == "endpoint 'twoKeys': variable 'API_KEY_TWO' is not set (used in auth: apiKey); set it with Provider(variables:) or in the environment")
            let echo = try Echo(try await api.call("twoKeys", options: CallOptions(queryItems: [(name: "apiKey", value: "mine")])))
            #expect(echo.target == "/keys?apiKey=mine")
            #expect(echo.header("X-API-Key") == "k1")
            let bearerMissing = await callError { try await api.call("keyAndBearer") }
            #expect(bearerMissing?.description == "endpoint 'keyAndBearer': variable 'BEARER' is not set (used in auth: bearer); set it with Provider(variables:) or in the environment")
        }
    }

    /// An OAuth 2 scheme's token is obtained with the requirement's scopes and sent with the API
    /// key; a 401 gets a new token and the request goes again with both.
    @Test func anOAuthGrantIsObtainedAndRenewedBesideTheKey() async throws {
        let log = Recorder<String>()
        let tokens = NIOLockedValueBox(0)
        let handler: TestHandler = { request, writer in
            log.record("\(request.method) \(request.target) key=\(request.header("X-API-Key") ?? "-") auth=\(request.header("Authorization") ?? "-")")
            if request.path == "/token" {
                var body: [UInt8] = []
                for try await chunk in request.body { body += chunk }
                log.record("  form: " + String(decoding: body, as: UTF8.self))
                try await writer.respond(headers: [("Content-Type", "application/json")], body: #"{"access_token":"tok\#(tokens.withLockedValue { $0 += 1; return $0 })","token_type":"Bearer"}"#)
            } else if request.header("Authorization") == "Bearer tok1" {
                try await writer.respond(status: 401, body: "expired")
            } else {
                try await TestHandlers.echo(request, writer)
            }
        }
        try await withTestServer(handler) { server in
            let api = try makeService(Self.document(server.baseURL), variables: ["API_KEY_ONE": "k1", "OAUTH2_CLIENT_ID": "c", "OAUTH2_CLIENT_SECRET": "s"])
            let echo = try Echo(try await api.call("grantAndKey"))
            #expect(echo.header("Authorization") == "Bearer tok2")
            #expect(echo.header("X-API-Key") == "k1")
        }
        #expect(log.all == [
            "POST /token key=- auth=Basic Yzpz", "  form: grant_type=client_credentials&scope=read+write",
            "GET /grant key=k1 auth=Bearer tok1",
            "POST /token key=- auth=Basic Yzpz", "  form: grant_type=client_credentials&scope=read+write",
            "GET /grant key=k1 auth=Bearer tok2",
        ])
    }

    /// `--dry-run` and `--curl` show each scheme where it goes as its variable's reference, the
    /// logs and a HAR recording hide each one's secret.
    @Test func everySchemeIsShownAsItsReferenceAndHiddenInRecordings() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let recorder = HARRecorder()
            // Values of 4 characters or more are hidden wherever they appear (the echo's body too).
            let secrets = ["API_KEY_ONE": "key-one-5f2a", "API_KEY_TWO": "key two 9c31", "BEARER": "t0k3n-77c1", "SESSION": "sess-d0e4", "BASIC_AUTH_USER": "ada", "BASIC_AUTH_PASSWORD": "pw-1f3b"]
            let api = try makeService(Self.document(server.baseURL), variables: secrets, wireInterceptors: [recorder])
            let prepared = try api.prepare("basicQueryCookie")
            #expect(prepared.curlCommand == #"curl "\#(server.baseURL)/three?apiKey=${API_KEY_TWO}" -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' -u "${BASIC_AUTH_USER}:${BASIC_AUTH_PASSWORD}" -H "Cookie: sid=${SESSION}" --compressed"#)
            let redactor = api.redactor(for: try api.endpoint(named: "twoKeys"))
            #expect(redactor.headerNames.contains("x-api-key") && redactor.queryNames.contains("apiKey"))
            _ = try await api.call("basicQueryCookie")
            _ = try await api.call("keyAndBearer")
            let text = recorder.archive().description
            for secret in ["key-one-5f2a", "key%20two%209c31", "t0k3n-77c1", "sess-d0e4", "pw-1f3b"] { #expect(!text.contains(secret), "\(secret) in \(text)") }
            let headers = (recorder.archive()["log"]?["entries"]?.array ?? []).flatMap { entry in
                (entry["request"]?["headers"]?.array ?? []).map { "\($0["name"]!.string!): \($0["value"]!.string!)" }
            }.filter { $0.hasPrefix("Authorization") || $0.hasPrefix("Cookie") || $0.hasPrefix("X-API-Key") }
            #expect(headers == [
                "Authorization: [redacted: BasicAuth]", "Cookie: sid=[redacted: session]",
                "X-API-Key: [redacted: ApiKeyOne]", "Authorization: [redacted: bearer]",
            ])
        }
    }
}
