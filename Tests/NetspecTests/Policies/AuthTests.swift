import Foundation
import HTTPTypes
import NetspecTestServer
import NIOConcurrencyHelpers
import Testing
@testable import Netspec
@testable import NetspecModel
import NetspecTestSupport

/// `auth:` end to end: credentials on the wire, refresh on 401 with single flight, no loops.
@Suite struct AuthTests {
    @Test(arguments: [
        ("auth: { bearer: \"${TOKEN}\" }", "Authorization", "Bearer t0k3n", "/me"),
        ("auth: { basic: { user: \"${USER}\", password: \"${PASS}\" } }", "Authorization", "Basic YWRhOnMzY3JldA==", "/me"),
        ("auth: { apiKey: { in: header, name: X-API-Key, value: \"${KEY}\" } }", "X-API-Key", "k3y", "/me"),
    ])
    func attachesCredentials(auth: String, header: String, expected: String, path: String) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(
                "netspec: 1\nservice: Test\n\(auth)\nendpoints:\n  me: { GET: /me }\n", server: server,
                variables: ["TOKEN": "t0k3n", "USER": "ada", "PASS": "s3cret", "KEY": "k3y"]
            )
            let echo = try Echo(try await api.me())
            #expect(echo.header(header) == expected)
            #expect(echo.target == path)
        }
    }

    @Test func apiKeyInTheQuery() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(
                "netspec: 1\nservice: Test\nauth: { apiKey: { in: query, name: api_key, value: \"${KEY}\" } }\nendpoints:\n  search:\n    GET: /search\n    params: { q: String }\n",
                server: server, variables: ["KEY": "a b&c"]
            )
            let echo = try Echo(try await api.search(q: "x"))
            #expect(echo.target == "/search?q=x&api_key=a%20b%26c")
        }
    }

    /// A credential the call gives itself satisfies the scheme: its variables are not needed (none is
    /// set here), and what the call gave is what is sent, once (issue 31.10; HTTPie's and Restish's rule).
    @Test(arguments: [
        ("auth: { bearer: \"${TOKEN}\" }", [("Authorization", "Bearer mine")], [(String, String)](), "/me", "Authorization", "Bearer mine"),
        ("auth: { basic: { user: \"${USER}\", password: \"${PASS}\" } }", [("Authorization", "Basic bWluZQ==")], [], "/me", "Authorization", "Basic bWluZQ=="),
        ("auth: { apiKey: { in: header, name: X-API-Key, value: \"${KEY}\" } }", [("x-api-key", "mine")], [], "/me", "X-API-Key", "mine"),
        ("auth: { apiKey: { in: cookie, name: sid, value: \"${KEY}\" } }", [("Cookie", "theme=dark; sid=mine")], [], "/me", "Cookie", "theme=dark; sid=mine"),
        ("auth: { apiKey: { in: query, name: api_key, value: \"${KEY}\" } }", [], [("api_key", "mine")], "/me?api_key=mine", "Authorization", nil),
    ] as [(String, [(String, String)], [(String, String)], String, String, String?)])
    func anExplicitCredentialNeedsNoVariable(
        auth: String, headers: [(String, String)], queryItems: [(String, String)], target: String, header: String, expected: String?
    ) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService("netspec: 1\nservice: Test\n\(auth)\nendpoints:\n  me: { GET: /me }\n", server: server)
            let options = CallOptions(headers: headers.map { (name: $0.0, value: $0.1) }, queryItems: queryItems.map { (name: $0.0, value: $0.1) })
            let echo = try Echo(try await api.call("me", options: options))
            #expect(echo.target == target)
            #expect(echo.header(header) == expected)
            // Without it, the unset variable is the error it always was.
            let error = await #expect(throws: CallError.self) { _ = try await api.call("me") }
            #expect(error?.description.contains("is not set") == true, "\(String(describing: error))")
        }
    }

    /// An API key in a cookie joins the call's own `Cookie` header (percent-encoded outside
    /// RFC 6265's octets), and a cookie of that name the call sets itself is kept.
    @Test(arguments: [
        ("", "a b", "sid=a%20b"),
        ("theme=dark", "k", "theme=dark; sid=k"),
        ("sid=mine; theme=dark", "k", "sid=mine; theme=dark"),
    ])
    func apiKeyInACookie(cookie: String, key: String, expected: String) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(
                "netspec: 1\nservice: Test\nauth: { apiKey: { in: cookie, name: sid, value: \"${KEY}\" } }\nendpoints:\n  me:\n    GET: /me\n    headers: { Cookie: \"${COOKIE}\" }\n",
                server: server, variables: ["KEY": key, "COOKIE": cookie]
            )
            let echo = try Echo(try await api.me())
            #expect(echo.header("Cookie") == expected)
        }
    }

    /// Specs check the name when they load; a policy built in code with a bad one must fail the
    /// call, not send it without credentials.
    @Test func anInvalidAPIKeyHeaderNameFailsTheCall() throws {
        func interceptor(_ name: String) throws -> AuthInterceptor {
            AuthInterceptor(policy: AuthPolicy(
                scheme: .apiKey(location: .header, name: name, value: try Template(parsing: "k")), refresh: nil, mark: .start
            ))
        }
        let request = PreparedRequest(endpointName: "me", method: .get, url: "http://127.0.0.1/me", headerFields: [:], body: .empty)
        let error = #expect(throws: CallError.ArgumentError.self) { try interceptor("X Key").apply("k3y", to: request) }
        #expect(error?.description == "endpoint 'me': auth: apiKey header name 'X Key' is not a valid header field name")
        #expect(try interceptor("X-Key").apply("k3y", to: request).headerFields[HTTPField.Name("X-Key")!] == "k3y")
    }

    @Test func anExplicitHeaderIsKeptAndAuthNoneTurnsAuthOff() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(
                "netspec: 1\nservice: Test\nauth: { bearer: \"${TOKEN}\" }\nendpoints:\n  mine:\n    GET: /a\n    headers: { Authorization: Token abc }\n  open:\n    GET: /b\n    auth: none\n",
                server: server, variables: ["TOKEN": "t"]
            )
            #expect(try Echo(try await api.mine()).header("Authorization") == "Token abc")
            #expect(try Echo(try await api.open()).header("Authorization") == nil)
        }
    }

    @Test func anUnsetTokenWithoutRefreshIsAnArgumentError() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService("netspec: 1\nservice: Test\nauth: { bearer: \"${TOKEN}\" }\nendpoints:\n  me: { GET: /me }\n", server: server)
            let error = await #expect(throws: CallError.self) { try await api.me() }
            #expect(error?.description == "endpoint 'me': variable 'TOKEN' is not set (used in auth: bearer); set it with Provider(variables:) or in the environment")
            #expect(server.requestCount == 0)
        }
    }

    static let refreshingSpec = """
        netspec: 1
        service: Test
        auth:
          bearer: "${TOKEN}"
          refresh: { endpoint: refresh, token: access_token }
        endpoints:
          refresh:
            POST: /refresh
            auth: none
          data: { GET: /data }
        """

    /// A handler whose /data accepts only `Bearer fresh`, and whose /refresh hands out `fresh`.
    static func refreshingHandler(refreshes: Counter, refreshStatus: Int = 200, delay: Duration = .milliseconds(50)) -> TestHandler {
        TestHandlers.router([
            "POST /refresh": { _, writer in
                refreshes.add(1)
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
        ])
    }

    @Test func twentyConcurrentCallsHitting401RefreshExactlyOnce() async throws {
        let refreshes = Counter()
        try await withTestServer(Self.refreshingHandler(refreshes: refreshes, delay: .milliseconds(200))) { server in
            let api = try makeService(Self.refreshingSpec, server: server, variables: ["TOKEN": "stale"])
            let results = try await withThrowingTaskGroup(of: JSONValue.self) { group in
                for _ in 0..<20 { group.addTask { try await api.data().value } }
                return try await group.reduce(into: [JSONValue]()) { $0.append($1) }
            }
            #expect(results.count == 20)
            #expect(results.allSatisfy { $0 == ["ok": true] })
            #expect(refreshes.value == 1)
            #expect(api.provider.variable("TOKEN") == "fresh")
        }
    }

    /// Call A and call B both go out with the stale token. A's 401 comes first and A refreshes;
    /// B's 401 is held until the new token is stored. B then only needs to send again with it:
    /// the token it was rejected with is no longer current, so a second refresh would be wasted.
    @Test func a401ThatArrivesAfterAnotherCallsRefreshSendsAgainWithoutRefreshing() async throws {
        let refreshes = Counter()
        let staleArrivals = NIOLockedValueBox(0)
        let service = NIOLockedValueBox<Service?>(nil)
        let handler = TestHandlers.router([
            "POST /refresh": { _, writer in
                refreshes.add(1)
                try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"access_token":"fresh"}"#)
            },
            "GET /data": { request, writer in
                if request.header("Authorization") == "Bearer fresh" {
                    try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"ok":true}"#)
                    return
                }
                let arrival = staleArrivals.withLockedValue { count in
                    count += 1
                    return count
                }
                if arrival == 1 {
                    // A: answered once B has arrived, so B surely went out with the stale token.
                    _ = try await eventually { staleArrivals.withLockedValue { $0 } == 2 }
                } else {
                    // B: answered once A's refresh has stored the new token.
                    _ = try await eventually { service.withLockedValue { $0 }?.provider.variable("TOKEN") == "fresh" }
                }
                try await writer.respond(status: 401, headers: [("Content-Type", "application/json")], body: #"{"error":"expired"}"#)
            },
        ])
        try await withTestServer(handler) { server in
            let api = try makeService(Self.refreshingSpec, server: server, variables: ["TOKEN": "stale"])
            service.withLockedValue { $0 = api }
            async let a = api.data().value
            async let b = api.data().value
            #expect(try await [a, b] == [["ok": true], ["ok": true]])
            #expect(staleArrivals.withLockedValue { $0 } == 2)
            #expect(refreshes.value == 1)
        }
    }

    @Test func aFailedRefreshReturnsTheOriginal401() async throws {
        let refreshes = Counter()
        try await withTestServer(Self.refreshingHandler(refreshes: refreshes, refreshStatus: 500)) { server in
            let api = try makeService(Self.refreshingSpec, server: server, variables: ["TOKEN": "stale"])
            let error = await #expect(throws: CallError.self) { try await api.data() }
            guard case let .status(status)? = error else { Issue.record("expected a status error, got \(String(describing: error))"); return }
            #expect(status.status == 401)
            #expect(status.json == ["error": "expired"])
            #expect(refreshes.value == 1)
            #expect(api.provider.variable("TOKEN") == "stale")
        }
    }

    @Test func a401AfterRefreshIsReturnedNeverALoop() async throws {
        let refreshes = Counter()
        let handler = TestHandlers.router([
            "POST /refresh": { _, writer in
                refreshes.add(1)
                try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"access_token":"still-bad"}"#)
            },
            "GET /data": { _, writer in try await writer.respond(status: 401, body: "no") },
        ])
        try await withTestServer(handler) { server in
            let api = try makeService(Self.refreshingSpec, server: server, variables: ["TOKEN": "stale"])
            let error = await #expect(throws: CallError.self) { try await api.data() }
            guard case let .status(status)? = error else { Issue.record("expected a status error"); return }
            #expect(status.status == 401)
            #expect(refreshes.value == 1)
            #expect(server.requestCount == 3)   // data, refresh, data once more
        }
    }

    /// A call aimed at a staging server (`CallOptions.baseURL`, the CLI's `--base-url`) refreshes
    /// there, with the call's own headers, not at the spec's base URL.
    @Test func theRefreshGoesWhereTheCallGoes() async throws {
        let specRefreshes = Counter()
        let stagingRefreshes = Counter()
        let refreshHeaders = Recorder<String>()
        let staging = TestHandlers.router([
            "POST /refresh": { request, writer in
                stagingRefreshes.add(1)
                refreshHeaders.record(request.header("X-Env") ?? "none")
                try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"access_token":"fresh"}"#)
            },
            "GET /data": { request, writer in
                let ok = request.header("Authorization") == "Bearer fresh"
                try await writer.respond(
                    status: ok ? 200 : 401, headers: [("Content-Type", "application/json")], body: ok ? #"{"on":"staging"}"# : "{}")
            },
        ])
        try await withTestServer(Self.refreshingHandler(refreshes: specRefreshes)) { production in
            try await withTestServer(staging) { stagingServer in
                let api = try makeService(Self.refreshingSpec, server: production, variables: ["TOKEN": "stale"])
                let options = CallOptions(baseURL: stagingServer.baseURL, headers: [("X-Env", "staging")])
                #expect(try await api.call("data", options: options).value == ["on": "staging"])
                #expect(stagingRefreshes.value == 1)
                #expect(specRefreshes.value == 0)
                #expect(refreshHeaders.all == ["staging"])
                #expect(production.requestCount == 0)
            }
        }
    }

    @Test func anUnsetTokenIsFetchedFirstWhenARefreshIsDeclared() async throws {
        let refreshes = Counter()
        try await withTestServer(Self.refreshingHandler(refreshes: refreshes)) { server in
            let api = try makeService(Self.refreshingSpec, server: server)
            #expect(try await api.data().value == ["ok": true])
            #expect(refreshes.value == 1)
            #expect(server.requestCount == 2)
        }
    }
}
