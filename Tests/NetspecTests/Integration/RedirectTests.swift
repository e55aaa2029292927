import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

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
            #expect(error?.description == "more than 2 redirects: \(server.url("/b")) redirects again, to \(server.url("/c"))")
        }
    }

    @Test func redirectLoopIsDetected() async throws {
        try await withTestServer(TestHandlers.redirectLoop) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).call("fetch", ["q": "x"]) }
            #expect(error?.transport?.kind == .redirect)
            let url = server.url("/old?q=x")
            #expect(error?.description == "redirect loop: \(url) redirects to \(url), which was requested before")
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

    // MARK: - Followed by Netspec, hop by hop

    static let authorizedYAML = """
        netspec: 1
        service: S
        headers:
          Authorization: Bearer ${TOKEN}
          Cookie: session=s1
        endpoints:
          upload:
            POST: /old
            encoding: multipart
            params:
              file: Data
              note: String
        """

    /// The `Authorization` and `Cookie` values a request arrived with.
    static func credentials(_ echo: Echo) -> [String] {
        echo.headers.filter { ["authorization", "cookie"].contains($0[0].lowercased()) }.map { "\($0[0]): \($0[1])" }
    }

    @Test(arguments: [false, true])
    func credentialsFollowOnlyWithinTheOrigin(crossOrigin: Bool) async throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.write(Array("file body".utf8), to: "f.txt")
        try await withTestServer(TestHandlers.echo) { other in
            let target = crossOrigin ? other.url("/new") : "/new"
            let handler = TestHandlers.router(["/old": TestHandlers.redirect(to: target, status: 307), "/new": TestHandlers.echo])
            try await withTestServer(handler) { server in
                let api = try makeService(Self.authorizedYAML, server: server, variables: ["TOKEN": "t0k"])
                let response = try await api.call("upload", ["file": .file(URL(fileURLWithPath: file)), "note": "n"])
                let echo = try Echo(response)
                #expect(echo.method == "POST")
                #expect(echo.bodyText?.contains("file body") == true)
                #expect(echo.bodyText?.contains("name=\"note\"\r\n\r\nn\r\n") == true)
                #expect(Self.credentials(echo) == (crossOrigin ? [] : ["Authorization: Bearer t0k", "Cookie: session=s1"]))
                #expect(server.requestCount == (crossOrigin ? 1 : 2))
                #expect(other.requestCount == (crossOrigin ? 1 : 0))
            }
        }
    }

    @Test(arguments: [
        ("ftp://127.0.0.1/x", "Netspec follows http and https URLs only, not ftp"),
        ("file:///etc/passwd", "Netspec follows http and https URLs only, not file"),
        ("http://[::1", "it is not a valid URL"),
        ("http://127.0.0.1:70000/x", "port 70000 is out of range (1 to 65535)"),
        ("http://localhost:99999/x", "port 99999 is out of range (1 to 65535)"),
        ("http://[::1]:65536/", "port 65536 is out of range (1 to 65535)"),
    ])
    func aRedirectThatCannotBeFollowedIsAnErrorNamingTheLocation(location: String, why: String) async throws {
        try await withTestServer(TestHandlers.redirect(to: location, status: 302)) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).call("fetch", ["q": "x"]) }
            #expect(error?.transport?.kind == .redirect)
            #expect(error?.description == "cannot follow the 302 redirect from \(server.url("/old?q=x")) to '\(location)': \(why)")
            #expect(server.requestCount == 1)
        }
    }

    /// Records each request and response head a wire interceptor sees.
    struct HopRecorder: Interceptor {
        let seen: Recorder<String>

        func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
            seen.record("> \(request.method) \(request.url)")
            let response = try await next(request)
            seen.record("< \(response.status) \(response.headerFields[.location] ?? "")")
            return response
        }
    }

    @Test func everyHopRunsThroughTheWireInterceptors() async throws {
        let handler = TestHandlers.router([
            "/old": TestHandlers.redirect(to: "/hop"),
            "/hop": TestHandlers.redirect(to: "/new", status: 308),
            "/new": TestHandlers.json(body: "{}"),
        ])
        try await withTestServer(handler) { server in
            let seen = Recorder<String>()
            _ = try await makeService(Self.yaml, server: server, wireInterceptors: [HopRecorder(seen: seen)]).call("create", ["name": "n"])
            #expect(seen.all == [
                "> POST \(server.url("/old"))", "< 302 /hop",
                "> GET \(server.url("/hop"))", "< 308 /new",
                "> GET \(server.url("/new"))", "< 200 ",
            ])
        }
    }

    @Test func aStreamFollowsRedirectsToo() async throws {
        let yaml = "netspec: 1\nservice: S\nendpoints:\n  events:\n    GET: /old\n    stream: sse\n"
        let handler = TestHandlers.router([
            "/old": TestHandlers.redirect(to: "/events", status: 307),
            "/events": TestHandlers.sse(events: ["data: a\n\n", "data: b\n\n"], pauses: .milliseconds(1)),
        ])
        try await withTestServer(handler) { server in
            let response = try await makeService(yaml, server: server).events("events")
            var data: [String] = []
            for try await event in response { data.append(event.data) }
            #expect(data == ["a", "b"])
        }
    }
}
