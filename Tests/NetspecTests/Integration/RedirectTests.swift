import Foundation
import NetspecTestServer
import Testing

@testable import Netspec

/// Redirects are followed up to the provider's limit; 303 turns a POST into a GET, 307 and 308 keep it.
@Suite struct RedirectTests {
    static let yaml = """
        netspec: 1
        service: S
        endpoints:
          create:
            POST: /old
            params:
              name: String
          fetch:
            GET: /old
            params:
              q: String
        """

    struct RedirectCase: Sendable, CustomStringConvertible {
        var status: Int
        var endpoint: String
        var method: String
        var body: String
        var description: String { "\(status) after \(endpoint)" }
    }

    static let cases: [RedirectCase] = [
        RedirectCase(status: 301, endpoint: "fetch", method: "GET", body: ""),
        RedirectCase(status: 302, endpoint: "fetch", method: "GET", body: ""),
        RedirectCase(status: 303, endpoint: "fetch", method: "GET", body: ""),
        RedirectCase(status: 307, endpoint: "fetch", method: "GET", body: ""),
        RedirectCase(status: 308, endpoint: "fetch", method: "GET", body: ""),
        RedirectCase(status: 301, endpoint: "create", method: "GET", body: ""),
        RedirectCase(status: 302, endpoint: "create", method: "GET", body: ""),
        RedirectCase(status: 303, endpoint: "create", method: "GET", body: ""),
        RedirectCase(status: 307, endpoint: "create", method: "POST", body: #"{"name":"n"}"#),
        RedirectCase(status: 308, endpoint: "create", method: "POST", body: #"{"name":"n"}"#),
    ]

    @Test(arguments: cases)
    func redirectIsFollowedToTheNewLocation(_ testCase: RedirectCase) async throws {
        let handler = TestHandlers.router([
            "/old": TestHandlers.redirect(to: "/new?via=\(testCase.status)", status: testCase.status),
            "/new": TestHandlers.echo,
        ])
        try await withTestServer(handler) { server in
            let api = try makeService(Self.yaml, server: server)
            let arguments: [String: Argument] = testCase.endpoint == "create" ? ["name": "n"] : ["q": "x"]
            let response = try await api.call(testCase.endpoint, arguments)
            let echo = try Echo(response)
            #expect(response.status == 200)
            #expect(echo.method == testCase.method)
            #expect(echo.target == "/new?via=\(testCase.status)")
            #expect(echo.bodyText == testCase.body)
            #expect(server.requestCount == 2)
        }
    }

    @Test func absoluteLocationAndChainsWithinTheLimit() async throws {
        let handler = TestHandlers.router([
            "/old": TestHandlers.redirect(to: "/hop1"),
            "/hop1": { request, writer in
                let host = request.header("Host") ?? ""
                try await writer.respond(status: 302, headers: [("Location", "http://\(host)/hop2")])
            },
            "/hop2": TestHandlers.redirect(to: "/final", status: 307),
            "/final": TestHandlers.json(body: #"{"done":true}"#),
        ])
        try await withTestServer(handler) { server in
            let response = try await makeService(Self.yaml, server: server, options: testOptions(maxRedirects: 3)).call("fetch", ["q": "x"])
            #expect(response.value == ["done": true])
            #expect(server.requestCount == 4)
        }
    }

    @Test func tooManyRedirectsIsATransportError() async throws {
        let handler = TestHandlers.router([
            "/old": TestHandlers.redirect(to: "/a"),
            "/a": TestHandlers.redirect(to: "/b"),
            "/b": TestHandlers.redirect(to: "/c"),
            "/c": TestHandlers.json(),
        ])
        try await withTestServer(handler) { server in
            let api = try makeService(Self.yaml, server: server, options: testOptions(maxRedirects: 2))
            let error = await callError { try await api.call("fetch", ["q": "x"]) }
            #expect(error?.transport?.kind == .redirect)
            #expect(error?.description == "more than 2 redirects")
        }
    }

    @Test func redirectLoopIsDetected() async throws {
        try await withTestServer(TestHandlers.redirectLoop) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).call("fetch", ["q": "x"]) }
            #expect(error?.transport?.kind == .redirect)
            #expect(error?.description == "redirect loop detected")
        }
    }

    @Test func withRedirectsOffTheRedirectIsAStatusError() async throws {
        try await withTestServer(TestHandlers.redirect(to: "/new", status: 301)) { server in
            let api = try makeService(Self.yaml, server: server, options: testOptions(maxRedirects: 0))
            let error = await callError { try await api.call("fetch", ["q": "x"]) }
            #expect(error?.status?.status == 301)
            #expect(error?.status?.headerFields[.location] == "/new")
            #expect(server.requestCount == 1)
        }
    }
}
