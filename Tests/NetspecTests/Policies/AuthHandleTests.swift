import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// `api.auth` (issue 52.5): each scheme's credentials set, read and forgotten by the scheme,
/// without its variable's name; logging out forgets a refreshed token as it does an OAuth login's.
@Suite struct AuthHandleTests {
    static let openAPI = """
        openapi: 3.0.3
        info: { title: Shop, version: "1" }
        servers: [{ url: "http://127.0.0.1" }]
        components:
          securitySchemes:
            bearerAuth: { type: http, scheme: bearer }
            partnerKey: { type: apiKey, in: header, name: X-Partner-Key }
            staff: { type: http, scheme: basic }
        security: [{ bearerAuth: [] }]
        paths:
          /me:
            get: { operationId: me, responses: { "200": { description: ok } } }
          /partner:
            get: { operationId: partner, security: [{ partnerKey: [] }], responses: { "200": { description: ok } } }
          /staff:
            get: { operationId: staff, security: [{ staff: [] }], responses: { "200": { description: ok } } }
        """

    @Test func theSchemesOfADocumentByName() throws {
        let api = try makeService(Self.openAPI)
        let schemes = api.auth.schemes
        #expect(schemes.map(\.name) == ["bearerAuth", "partnerKey", "staff"])
        #expect(schemes.map(\.kind) == [.bearer, .apiKey, .basic])
        #expect(schemes.map(\.variables) == [["BEARER_AUTH"], ["PARTNER_KEY"], ["STAFF_USER", "STAFF_PASSWORD"]])
        #expect(schemes.map(\.isRenewed) == [false, false, false])
    }

    @Test func setByTheSchemeThenCalled() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.openAPI, server: server)
            try api.auth.setToken("t0k3n", scheme: "bearerAuth")
            try api.auth.scheme("partnerKey").setToken("k3y")
            try api.auth.scheme("staff").setCredentials(user: "ada", password: "s3cret")
            #expect(try Echo(try await api.me()).header("Authorization") == "Bearer t0k3n")
            #expect(try Echo(try await api.partner()).header("X-Partner-Key") == "k3y")
            #expect(try Echo(try await api.staff()).header("Authorization") == "Basic YWRhOnMzY3JldA==")
            #expect(try api.auth.scheme("bearerAuth").token == "t0k3n")
            #expect(api.provider.variable("BEARER_AUTH") == "t0k3n")
        }
    }

    @Test func loggedOutTheCallSendsNone() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService("netspec: 1\nservice: Test\nauth: { bearer: \"${TOKEN}\" }\nendpoints:\n  me: { GET: /me }\n", server: server)
            try api.auth.setToken("t0k3n")
            #expect(try api.auth.scheme().name == "bearer")
            #expect(try Echo(try await api.me()).header("Authorization") == "Bearer t0k3n")
            #expect(try api.auth.logOut() == true)
            #expect(try api.auth.scheme().token == nil)
            let error = await callError { try await api.me() }
            #expect(error?.description == "endpoint 'me': variable 'TOKEN' is not set (used in auth: bearer); set it with Provider(variables:) or in the environment")
            #expect(server.requestCount == 1)
            #expect(try api.auth.logOut() == false)
        }
    }

    /// A 401 renews the token (stored in the variable and the token store); logging out forgets
    /// both, so the next call has no token and renews again, rather than sending the stored one.
    @Test func refreshedOnA401ThenLoggedOut() async throws {
        let refreshes = Counter()
        try await withTestServer(AuthTests.refreshingHandler(refreshes: refreshes, delay: .zero)) { server in
            let api = try makeService(AuthTests.refreshingSpec, server: server)
            let scheme = try api.auth.scheme()
            #expect(scheme.isRenewed)
            try scheme.setToken("stale")
            #expect(try await api.data().value == ["ok": true])
            #expect(refreshes.value == 1)
            #expect(scheme.token == "fresh")
            let key = try #require(scheme.tokenStoreKey())
            #expect(key == "Test \(server.baseURL) TOKEN")
            #expect(try api.provider.tokenStore.token(for: key) == "fresh")

            #expect(try api.auth.logOut() == true)
            #expect(api.provider.variable("TOKEN") == nil)
            #expect(try api.provider.tokenStore.token(for: key) == nil)
            #expect(scheme.token == nil)
            #expect(try await api.data().value == ["ok": true])
            #expect(refreshes.value == 2)
        }
    }

    @Test(arguments: [
        ("bearrer", "test.yaml has no auth scheme 'bearrer' (did you mean 'bearer'?)"),
        ("oauth", "test.yaml has no auth scheme 'oauth' (its schemes: 'bearer', 'basic')"),
    ])
    func anUnknownSchemeIsNamed(name: String, message: String) throws {
        let api = try makeService("netspec: 1\nservice: Test\nauth: { bearer: \"${TOKEN}\" }\nendpoints:\n  me: { GET: /me }\n  admin:\n    GET: /admin\n    auth: { basic: { user: \"${USER}\", password: \"${PASS}\" } }\n")
        let error = #expect(throws: CallError.self) { try api.auth.scheme(name) }
        guard case let .configuration(problem)? = error else { Issue.record("not a configuration error: \(String(describing: error))"); return }
        #expect(problem.reason == .setup)
        #expect(problem.description == message)
    }

    @Test func whatCannotBeSetSaysHow() throws {
        let api = try makeService("netspec: 1\nservice: Test\nauth: { bearer: \"${TOKEN}\" }\nendpoints:\n  me: { GET: /me }\n  admin:\n    GET: /admin\n    auth: { basic: { user: \"${USER}\", password: \"${PASS}\" } }\n")
        let several = #expect(throws: CallError.self) { try api.auth.setToken("x") }
        #expect(several?.description == #"test.yaml has several auth schemes ('bearer', 'basic'): name one, as in api.auth.scheme("bearer")"#)
        let basic = #expect(throws: CallError.self) { try api.auth.setToken("x", scheme: "basic") }
        #expect(basic?.description == "auth scheme 'basic' has no one token to set: it sends a user and a password: set them with setCredentials(user:password:)")
        let bearer = #expect(throws: CallError.self) { try api.auth.scheme("bearer").setCredentials(user: "a", password: "b") }
        #expect(bearer?.description == "auth scheme 'bearer' is bearer, not basic with one variable for each of user and password: set its token with setToken(_:)")
    }
}
