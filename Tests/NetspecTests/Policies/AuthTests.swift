import Foundation
import NetspecTestServer
import Testing
@testable import Netspec

/// `auth:` end to end: credentials on the wire, refresh on 401 with single flight, no loops.
@Suite struct AuthTests {
    @Test(arguments: [
        ("auth: { bearer: \"${TOKEN}\" }", "Authorization", "Bearer t0k3n", "/me"),
        ("auth: { basic: { user: \"${USER}\", password: \"${PASS}\" } }", "Authorization", "Basic YWRhOnMzY3JldA==", "/me"),
        ("auth: { apiKey: { in: header, name: X-API-Key, value: \"${KEY}\" } }", "X-API-Key", "k3y", "/me"),
    ])
    func attachesCredentials(auth: String, header: String, expected: String, path: String) async throws {
        let server = try await TestServer.start(TestHandlers.echo)
        defer { Task { try await server.shutdown() } }
        let api = try PolicyTestSupport.service(
            "\(auth)\nendpoints:\n  me: { GET: /me }\n", server: server,
            variables: ["TOKEN": "t0k3n", "USER": "ada", "PASS": "s3cret", "KEY": "k3y"]
        )
        let echo = try PolicyTestSupport.echo(try await api.me())
        #expect(PolicyTestSupport.header(header, in: echo) == expected)
        #expect(echo["target"]?.string == path)
    }

    @Test func apiKeyInTheQuery() async throws {
        let server = try await TestServer.start(TestHandlers.echo)
        defer { Task { try await server.shutdown() } }
        let api = try PolicyTestSupport.service(
            "auth: { apiKey: { in: query, name: api_key, value: \"${KEY}\" } }\nendpoints:\n  search:\n    GET: /search\n    params: { q: String }\n",
            server: server, variables: ["KEY": "a b&c"]
        )
        let echo = try PolicyTestSupport.echo(try await api.search(q: "x"))
        #expect(echo["target"]?.string == "/search?q=x&api_key=a%20b%26c")
    }

    @Test func anExplicitHeaderIsKeptAndAuthNoneTurnsAuthOff() async throws {
        let server = try await TestServer.start(TestHandlers.echo)
        defer { Task { try await server.shutdown() } }
        let api = try PolicyTestSupport.service(
            "auth: { bearer: \"${TOKEN}\" }\nendpoints:\n  mine:\n    GET: /a\n    headers: { Authorization: Token abc }\n  open:\n    GET: /b\n    auth: none\n",
            server: server, variables: ["TOKEN": "t"]
        )
        #expect(PolicyTestSupport.header("Authorization", in: try PolicyTestSupport.echo(try await api.mine())) == "Token abc")
        #expect(PolicyTestSupport.header("Authorization", in: try PolicyTestSupport.echo(try await api.open())) == nil)
    }

    @Test func anUnsetTokenWithoutRefreshIsAnArgumentError() async throws {
        let server = try await TestServer.start(TestHandlers.echo)
        defer { Task { try await server.shutdown() } }
        let api = try PolicyTestSupport.service("auth: { bearer: \"${TOKEN}\" }\nendpoints:\n  me: { GET: /me }\n", server: server)
        let error = await #expect(throws: CallError.self) { try await api.me() }
        #expect(error?.description == "endpoint 'me': variable 'TOKEN' is not set (used in auth: bearer); set it on the provider, with --var TOKEN=…, or in the environment")
        #expect(server.requestCount == 0)
    }

    static let refreshingSpec = """
        auth:
          bearer: "${TOKEN}"
          refresh: { endpoint: refresh, token: access_token }
        endpoints:
          refresh:
            POST: /refresh
            auth: none
          data: { GET: /data }
        """

    /// A server whose /data accepts only `Bearer fresh`, and whose /refresh hands out `fresh`.
    static func refreshingServer(refreshes: Counter, refreshStatus: Int = 200, delay: Duration = .milliseconds(50)) async throws -> TestServer {
        try await TestServer.start(TestHandlers.router([
            "POST /refresh": { _, writer in
                _ = refreshes.increment()
                try await Task.sleep(for: delay)
                if refreshStatus == 200 {
                    try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"access_token":"fresh"}"#)
                } else {
                    try await writer.respond(status: refreshStatus, headers: [("Content-Type", "application/json")], body: #"{"error":"no"}"#)
                }
            },
            "GET /data": { request, writer in
                if request.header("Authorization") == "Bearer fresh" {
                    try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"ok":true}"#)
                } else {
                    try await writer.respond(status: 401, headers: [("Content-Type", "application/json")], body: #"{"error":"expired"}"#)
                }
            },
        ]))
    }

    @Test func twentyConcurrentCallsHitting401RefreshExactlyOnce() async throws {
        let refreshes = Counter()
        let server = try await Self.refreshingServer(refreshes: refreshes, delay: .milliseconds(200))
        defer { Task { try await server.shutdown() } }
        let api = try PolicyTestSupport.service(Self.refreshingSpec, server: server, variables: ["TOKEN": "stale"])
        let results = try await withThrowingTaskGroup(of: JSONValue.self) { group in
            for _ in 0..<20 { group.addTask { try await api.data().value } }
            return try await group.reduce(into: [JSONValue]()) { $0.append($1) }
        }
        #expect(results.count == 20)
        #expect(results.allSatisfy { $0 == ["ok": true] })
        #expect(refreshes.count == 1)
        #expect(api.provider.variable("TOKEN") == "fresh")
    }

    @Test func aFailedRefreshReturnsTheOriginal401() async throws {
        let refreshes = Counter()
        let server = try await Self.refreshingServer(refreshes: refreshes, refreshStatus: 500)
        defer { Task { try await server.shutdown() } }
        let api = try PolicyTestSupport.service(Self.refreshingSpec, server: server, variables: ["TOKEN": "stale"])
        let error = await #expect(throws: CallError.self) { try await api.data() }
        guard case let .status(status)? = error else { Issue.record("expected a status error, got \(String(describing: error))"); return }
        #expect(status.status == 401)
        #expect(status.json == ["error": "expired"])
        #expect(refreshes.count == 1)
        #expect(api.provider.variable("TOKEN") == "stale")
    }

    @Test func a401AfterRefreshIsReturnedNeverALoop() async throws {
        let refreshes = Counter()
        let server = try await TestServer.start(TestHandlers.router([
            "POST /refresh": { _, writer in
                _ = refreshes.increment()
                try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"access_token":"still-bad"}"#)
            },
            "GET /data": { _, writer in try await writer.respond(status: 401, body: "no") },
        ]))
        defer { Task { try await server.shutdown() } }
        let api = try PolicyTestSupport.service(Self.refreshingSpec, server: server, variables: ["TOKEN": "stale"])
        let error = await #expect(throws: CallError.self) { try await api.data() }
        guard case let .status(status)? = error else { Issue.record("expected a status error"); return }
        #expect(status.status == 401)
        #expect(refreshes.count == 1)
        #expect(server.requestCount == 3)   // data, refresh, data once more
    }

    @Test func anUnsetTokenIsFetchedFirstWhenARefreshIsDeclared() async throws {
        let refreshes = Counter()
        let server = try await Self.refreshingServer(refreshes: refreshes)
        defer { Task { try await server.shutdown() } }
        let api = try PolicyTestSupport.service(Self.refreshingSpec, server: server)
        #expect(try await api.data().value == ["ok": true])
        #expect(refreshes.count == 1)
        #expect(server.requestCount == 2)
    }
}
