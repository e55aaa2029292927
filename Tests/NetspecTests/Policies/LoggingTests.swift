import Foundation
import Logging
import NetspecTestServer
import Testing
import Netspec
import NetspecTestSupport

/// Logging through swift-log: one line per call, headers and bodies at debug, secrets hidden.
@Suite struct LoggingTests {
    static let spec = """
        netspec: 1
        service: Test
        auth: { apiKey: { in: query, name: api_key, value: "${KEY}" } }
        headers:
          X-Session: "${SESSION}"
          Cookie: a=b
        endpoints:
          login:
            POST: /login/{id}
            params:
              id: Int
              user: String
              password: { type: String, secret: true }
              otp: { in: header, name: X-Otp, secret: true }
              token: { in: query, secret: true }
        """

    @Test func oneInfoLinePerCall() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"ok":true}"#)) { server in
            let handler = CapturingLogHandler(level: .info)
            let api = try makeService(
                Self.spec, server: server, variables: ["KEY": "k3y", "SESSION": "s3ss"],
                options: .init(logging: .init(logger: handler.logger()), usesEnvironment: false)
            )
            _ = try await api.login(id: 7, user: "ada", password: "pw", otp: "123456", token: "tok")
            let lines = handler.messages.map(\.text)
            #expect(lines.count == 1)
            let line = try #require(lines.first)
            // The line is written outermost, before auth adds the API key to the URL.
            #expect(line.hasPrefix("POST \(server.baseURL)/login/7?token=<redacted> → 200 OK in "))
            #expect(line.hasSuffix(" ms"))
        }
    }

    @Test func debugShowsHeadersAndBodiesWithSecretsHidden() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"ok":true}"#, headers: [("Set-Cookie", "id=secret")])) { server in
            let handler = CapturingLogHandler(level: .debug)
            let api = try makeService(
                Self.spec, server: server, variables: ["KEY": "k3y", "SESSION": "s3ss"],
                options: .init(logging: .init(logger: handler.logger()), usesEnvironment: false)
            )
            _ = try await api.login(id: 7, user: "ada", password: "pw", otp: "123456", token: "tok")
            let all = handler.messages.map(\.text).joined(separator: "\n")
            for secret in ["k3y", "s3ss", "pw\"", "123456", "tok&", "a=b", "id=secret"] {
                #expect(!all.contains(secret), "log shows \(secret)")
            }
            #expect(all.contains("request POST \(server.baseURL)/login/7?token=<redacted>&api_key=<redacted>\n"))
            #expect(all.contains("> X-Session: <redacted>"))
            // A cookie that is not an ordinary cookie parameter of the endpoint: its value hidden.
            #expect(all.contains("> Cookie: a=<redacted>"))
            #expect(all.contains("> X-Otp: <redacted>"))
            #expect(all.contains(#"{"user":"ada","password":"<redacted>"}"#))
            #expect(all.contains("< Set-Cookie: <redacted>"))
            #expect(all.contains(#"{"ok":true}"#))
        }
    }

    /// Each endpoint keeps its own redactor across calls: what one hides, another may show.
    @Test func eachEndpointHidesItsOwnSecretsOnEveryCall() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"ok":true}"#)) { server in
            let handler = CapturingLogHandler(level: .info)
            let spec = """
                netspec: 1
                service: Test
                endpoints:
                  hidden: { GET: /a, params: { token: { in: query, secret: true } } }
                  shown: { GET: /b, params: { token: { in: query } } }
                """
            let api = try makeService(spec, server: server, options: .init(logging: .init(logger: handler.logger()), usesEnvironment: false))
            for _ in 0..<2 {
                _ = try await api.hidden(token: "t1")
                _ = try await api.shown(token: "t2")
            }
            let lines = handler.messages.map(\.text)
            #expect(lines.count == 4)
            for (index, line) in lines.enumerated() {
                let expected = index % 2 == 0 ? "GET \(server.baseURL)/a?token=<redacted> → 200 OK in " : "GET \(server.baseURL)/b?token=t2 → 200 OK in "
                #expect(line.hasPrefix(expected), "\(line)")
            }
        }
    }

    @Test func failuresAreLoggedInOneLine() async throws {
        let reserved = try ReservedPort()
        let port = reserved.port
        defer { withExtendedLifetime(reserved) {} }
        let handler = CapturingLogHandler(level: .info)
        let spec = try Spec(yaml: "netspec: 1\nservice: T\nendpoints:\n  ping: { GET: /ping }\n")
        let api = Service(spec: spec, provider: Provider(baseURL: "http://127.0.0.1:\(port)", options: .init(logging: .init(logger: handler.logger()))))
        await #expect(throws: CallError.self) { try await api.ping() }
        let lines = handler.messages.map(\.text)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("GET http://127.0.0.1:\(port)/ping failed after ") == true)
        #expect(lines.first?.hasSuffix("cannot connect to 127.0.0.1:\(port): connection refused") == true)
    }

    @Test func redactorHidesQueryValuesByDecodedName() {
        let redactor = Redactor(queryNames: ["api key"])
        #expect(redactor.url("https://x/y?api%20key=1&b=2&api+key=3") == "https://x/y?api%20key=<redacted>&b=2&api+key=<redacted>")
        #expect(redactor.value(ofHeader: "PROXY-AUTHORIZATION", "x") == "<redacted>")
        #expect(redactor.value(ofHeader: "Accept", "x") == "x")
    }
}
