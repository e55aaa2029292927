import Foundation
import Testing
import Netspec
import NetspecMock
import NetspecTestServer
import NetspecTestSupport

/// The validating proxy (issue 33, item 6) in front of a server that drifts from its document in
/// every way the head and body can: an undeclared status or media type, a missing or invalid
/// header, a body that is not JSON or breaks its schema, a gzip answer, a text answer; what it
/// passes on untouched (redirects, downloads, answers too large to check, event streams as they
/// arrive, HTTPS upstreams); and security checked as a violation. The upstream is a
/// ``TestServer`` that answers exactly the bytes each case needs; curl reads the proxy.
@Suite struct MockProxyUpstreamTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Shop, version: "1"}
        components:
          securitySchemes:
            key: {type: apiKey, in: header, name: X-API-Key}
        paths:
          /items/{id}:
            get:
              operationId: getItem
              parameters:
                - {name: id, in: path, required: true, schema: {type: integer}}
              responses:
                "200":
                  description: ok
                  headers:
                    X-Rate-Limit: {required: true, schema: {type: integer, minimum: 1}}
                    X-Tags: {schema: {type: array, items: {type: string, maxLength: 3}}}
                  content:
                    application/json:
                      schema: {type: object, required: [id], properties: {id: {type: integer}}}
                "404": {description: gone}
          /secure:
            get:
              operationId: secure
              security: [{key: []}]
              responses:
                "200": {description: ok, content: {application/json: {schema: {type: object}}}}
          /report:
            get:
              operationId: report
              responses:
                "200": {description: ok, content: {text/plain: {schema: {type: string, maxLength: 5}}}}
          /download:
            get:
              operationId: download
              responses:
                "200": {description: ok, content: {application/octet-stream: {schema: {type: string, format: binary}}}}
          /big:
            get:
              operationId: big
              responses:
                "200": {description: ok, content: {application/json: {schema: {type: array, items: {type: integer}}}}}
          /events:
            get:
              operationId: events
              responses:
                "200": {description: ok, content: {text/event-stream: {schema: {type: string}}}}
        """

    /// A JSON list of integers longer than the proxies' body limit here (4096 bytes).
    static let bigList = "[" + (0..<1500).map(String.init).joined(separator: ",") + "]"

    static let upstream = TestHandlers.router([
        "GET /items/1": TestHandlers.json(body: #"{"id":1}"#, headers: [("X-Rate-Limit", "10"), ("X-Tags", "a, b")]),
        "GET /items/2": TestHandlers.json(body: #"{"id":"two"}"#, headers: [("X-Rate-Limit", "0"), ("X-Tags", "a,long")]),
        "GET /items/3": TestHandlers.text(status: 500, body: "down"),
        "GET /items/4": { _, writer in try await writer.respond(headers: [("Content-Type", "text/html")], body: "<p>hi</p>") },
        "GET /items/5": TestHandlers.gzip(body: #"{"id":"five"}"#, headers: [("X-Rate-Limit", "1")]),
        "GET /items/6": TestHandlers.json(body: "{oops", headers: [("X-Rate-Limit", "1")]),
        "GET /secure": TestHandlers.json(body: "{}"),
        "GET /report": TestHandlers.text(body: "too long"),
        "/download": { _, writer in
            try await writer.respond(headers: [("Content-Type", "application/octet-stream")], body: [UInt8](repeating: 7, count: 10_000))
        },
        "GET /big": TestHandlers.json(body: bigList),
        "GET /moved": TestHandlers.redirect(to: "/items/1", status: 307),
    ])

    static func withProxy(
        errors: Bool = false, upstream handler: @escaping TestHandler = upstream, _ body: (String, Recorder<String>) async throws -> Void
    ) async throws {
        try await withTestServer(handler) { server in
            let options = MockServer.Options(port: 0, maxBodySize: 4096, proxy: server.baseURL, proxyErrors: errors)
            try await MockServerTests.withMockServer(of: try Spec(yaml: document, file: "shop.yaml"), options) { base, log in
                try await body(base, log)
            }
        }
    }

    /// The answer as `MockPrismDefectsTests.answer` gives it (no `Server`, `Date`, `Content-Length`).
    static func answer(_ arguments: [String]) async throws -> String {
        try await MockPrismDefectsTests.answer(arguments)
    }

    @Test(arguments: [
        // A valid answer passes with no violations header.
        ("/items/1", "HTTP/1.1 200 OK\nContent-Type: application/json\nX-Rate-Limit: 10\nX-Tags: a, b\n\n{\"id\":1}"),
        // Its headers and body broken: each said, with the document's place.
        ("/items/2", """
            HTTP/1.1 200 OK
            Content-Type: application/json
            X-Rate-Limit: 0
            X-Tags: a,long
            Netspec-Violations: [{"location":"response","header":"X-Rate-Limit","pointer":"","message":"must be at least 1","schema":"shop.yaml:16:68"},{"location":"response","header":"X-Tags","pointer":"/1","message":"must be at most 3 characters long","schema":"shop.yaml:17:66"},{"location":"response","pointer":"/id","message":"must be an integer","schema":"shop.yaml:20:72"}]

            {"id":"two"}
            """),
        // A status the document does not declare.
        ("/items/3", """
            HTTP/1.1 500 Internal Server Error
            Content-Type: text/plain; charset=utf-8
            Netspec-Violations: [{"location":"response","message":"the status 500 is not one the document declares (it declares 200, 404)","schema":"shop.yaml:13:9"}]

            down
            """),
        // A media type it does not list, and a required header missing.
        ("/items/4", """
            HTTP/1.1 200 OK
            Content-Type: text/html
            Netspec-Violations: [{"location":"response","message":"the Content-Type 'text/html' is not one the document declares for 200 (application/json)","schema":"shop.yaml:13:9"},{"location":"response","header":"X-Rate-Limit","message":"is missing; the document requires it","schema":"shop.yaml:16:13"}]

            <p>hi</p>
            """),
        // A body that is not JSON.
        ("/items/6", """
            HTTP/1.1 200 OK
            Content-Type: application/json
            X-Rate-Limit: 1
            Netspec-Violations: [{"location":"response","pointer":"","message":"is not JSON: line 1, column 2: expected string key in object, found 'o'","schema":"shop.yaml:20:23"}]

            {oops
            """),
        // A text answer checked as a string.
        ("/report", """
            HTTP/1.1 200 OK
            Content-Type: text/plain; charset=utf-8
            Netspec-Violations: [{"location":"response","pointer":"","message":"must be at most 5 characters long","schema":"shop.yaml:32:80"}]

            too long
            """),
    ])
    func theAnswersHeadAndBodyAreChecked(_ path: String, expected: String) async throws {
        try await Self.withProxy { base, _ in
            let answer = try await Self.answer([base + path])
            #expect(answer == expected, "\(answer)")
        }
    }

    /// The request goes on as the client sent it — method, target, body, its own headers — but
    /// for the fields of its connection with the proxy (`Connection` and those it names,
    /// `Keep-Alive`, `TE`, `Expect`: the proxy has the whole body already).
    @Test func theRequestIsForwardedWithoutItsHopByHopFields() async throws {
        try await Self.withProxy(upstream: TestHandlers.echo) { base, _ in
            let answer = try await ChildProcess.curl([
                "-s", "-X", "PUT", "-H", "Expect: 100-continue", "-H", "Connection: keep-alive, X-Hop", "-H", "X-Hop: 1", "-H", "X-Kept: 2",
                "-H", "Content-Type: text/plain", "--data-binary", "hello", base + "/anything/a%20b?x=1&y",
            ])
            let report = try JSONValue(parsing: Array(answer.stdout.utf8))
            #expect(report["method"] == "PUT")
            #expect(report["target"] == "/anything/a%20b?x=1&y")
            #expect(report["bodyText"] == "hello")
            let names = (report["headers"]?.array ?? []).compactMap { $0.array?.first?.string?.lowercased() }
            #expect(names.contains("x-kept") && names.contains("content-type"), "\(names)")
            #expect(!names.contains("expect") && !names.contains("x-hop") && !names.contains("te"), "\(names)")
        }
    }

    /// An answer with a violation in each of its 120 items: the header lists the first 50 and
    /// says how many more (a header of megabytes would be refused by clients); the log counts all.
    @Test func manyViolationsAreListedUpToALimit() async throws {
        let items = "[" + (0..<120).map { "\"\($0)\"" }.joined(separator: ",") + "]"
        try await Self.withProxy(upstream: TestHandlers.router(["GET /big": TestHandlers.json(body: items)])) { base, log in
            let head = try await ChildProcess.curl(["-s", "-D", "-", "-o", "/dev/null", base + "/big"]).stdout
            let field = try #require(head.split(separator: "\r\n").first { $0.hasPrefix("Netspec-Violations: ") })
            let listed = try JSONValue(parsing: Array(field.dropFirst("Netspec-Violations: ".count).utf8))
            guard case let .array(entries) = listed else { Issue.record("not a list: \(field)"); return }
            #expect(entries.count == 51)
            #expect(entries.first == ["location": "response", "pointer": "/0", "message": "must be an integer", "schema": "shop.yaml:42:93"])
            #expect(entries.last == ["location": "response", "message": "and 70 more violations of the document, not listed here"])
            #expect(log.all.first?.hasPrefix("GET /big 200 big (120 violations of the document: response /0: must be an integer (shop.yaml:42:93); ") == true, "\(log.all)")
            #expect(log.all.first?.hasSuffix("; and 115 more)") == true, "\(log.all)")
        }
    }

    /// A gzip answer is checked decoded and passed on as it came (still gzip, same bytes).
    @Test func anEncodedAnswerIsCheckedDecodedAndPassedOnEncoded() async throws {
        try await Self.withProxy { base, _ in
            let through = try await ChildProcess.curl(["-s", "-D", "-", "-o", "/dev/null", base + "/items/5"])
            let head = through.stdout.replacingOccurrences(of: "\r\n", with: "\n")
            #expect(head.contains("\nContent-Encoding: gzip\n"), "\(head)")
            #expect(head.contains(#"Netspec-Violations: [{"location":"response","pointer":"/id","message":"must be an integer","schema":"shop.yaml:20:72"}]"#), "\(head)")
            let decoded = try await ChildProcess.curl(["-s", "--compressed", base + "/items/5"])
            #expect(decoded.stdout == #"{"id":"five"}"#)
        }
    }

    /// What the proxy does not check passes on as it arrives, its framing kept: a redirect (not
    /// followed), a download, an answer larger than the body limit (said in the log line).
    @Test func whatIsNotCheckedPassesOnUntouched() async throws {
        try await Self.withProxy { base, log in
            try await #expect(Self.answer([base + "/moved"]) == "HTTP/1.1 307 Temporary Redirect\nLocation: /items/1\n\n")
            let download = try await ChildProcess.curl(["-s", "-D", "-", "-o", "/dev/null", "-w", "%{size_download}", base + "/download"])
            #expect(download.stdout.replacingOccurrences(of: "\r\n", with: "\n").contains("\nContent-Length: 10000\n"))
            #expect(download.stdout.hasSuffix("\r\n\r\n10000"))
            let big = try await ChildProcess.curl(["-s", base + "/big"])
            #expect(big.stdout == Self.bigList)
            try await #expect(Self.answer(["-I", base + "/download"]).hasPrefix("HTTP/1.1 200 OK\nContent-Type: application/octet-stream\n"))
            #expect(log.all == [
                "GET /moved 307", "GET /download 200 download",
                "GET /big 200 big (the answer is larger than 4096 bytes: its body was not checked)", "HEAD /download 200 download",
            ])
        }
    }

    /// An answer larger than the limit without a `Content-Length` is found so while it is read:
    /// what was read goes first, then the rest.
    @Test func aChunkedAnswerTooLargeToCheckIsPassedOnWhole() async throws {
        let chunked: TestHandler = { _, writer in
            try await writer.writeHead(status: 200, headers: [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")])
            let bytes = Array(Self.bigList.utf8)
            for start in stride(from: 0, to: bytes.count, by: 1000) { try await writer.writeChunk(Array(bytes[start..<min(start + 1000, bytes.count)])) }
            try await writer.endChunked()
        }
        try await Self.withProxy(upstream: TestHandlers.router(["GET /big": chunked])) { base, log in
            let big = try await ChildProcess.curl(["-s", base + "/big"])
            #expect(big.stdout == Self.bigList)
            #expect(log.all == ["GET /big 200 big (the answer is larger than 4096 bytes: its body was not checked)"])
        }
    }

    /// An event stream is passed on as it arrives: the first event reaches the client while the
    /// upstream still holds the second.
    @Test func anEventStreamIsNotHeld() async throws {
        let (gate, opener) = AsyncStream<Void>.makeStream()
        let stream: TestHandler = { _, writer in
            try await writer.writeHead(status: 200, headers: [("Content-Type", "text/event-stream"), ("Transfer-Encoding", "chunked")])
            try await writer.writeChunk("data: one\n\n")
            for await _ in gate { break }
            try await writer.writeChunk("data: two\n\n")
            try await writer.endChunked()
        }
        try await Self.withProxy(upstream: TestHandlers.router(["GET /events": stream])) { base, _ in
            let api = Service(spec: try Spec(yaml: Self.document, file: "shop.yaml"), provider: Provider(baseURL: base))
            var events = try await api.events("events").makeAsyncIterator()
            #expect(try await events.next()?.data == "one")
            opener.yield()
            #expect(try await events.next()?.data == "two")
            #expect(try await events.next() == nil)
        }
    }

    /// Security is checked as the mock checks it: without the key, a violation (the upstream
    /// decides); with `errors`, the mock's 401.
    @Test func securityIsCheckedAsAViolation() async throws {
        try await Self.withProxy { base, _ in
            let answer = try await Self.answer([base + "/secure"])
            #expect(answer == """
                HTTP/1.1 200 OK
                Content-Type: application/json
                Netspec-Violations: [{"location":"security","message":"the request carries no credential its security accepts: 'key' (an API key in the header X-API-Key)"}]

                {}
                """, "\(answer)")
            try await #expect(Self.answer(["-H", "X-API-Key: k", base + "/secure"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{}")
        }
        try await Self.withProxy(errors: true) { base, _ in
            let answer = try await Self.answer([base + "/secure"])
            #expect(answer.hasPrefix("HTTP/1.1 401 Unauthorized\nContent-Type: application/problem+json\nWWW-Authenticate: ApiKey realm=\"netspec mock\", in=\"header\", name=\"X-API-Key\"\n"), "\(answer)")
        }
    }

    /// With `errors`, an answer whose head alone breaks the document (a status it does not
    /// declare) is a 502 too.
    @Test func errorsTurnAnUndeclaredStatusInto502() async throws {
        try await Self.withProxy(errors: true) { base, _ in
            try await #expect(Self.answer([base + "/items/3"]) == """
                HTTP/1.1 502 Bad Gateway
                Content-Type: application/problem+json
                Netspec-Violations: [{"location":"response","message":"the status 500 is not one the document declares (it declares 200, 404)","schema":"shop.yaml:13:9"}]

                {"type":"about:blank","title":"Bad Gateway","status":502,"detail":"the upstream's answer breaks the document","errors":[{"location":"response","message":"the status 500 is not one the document declares (it declares 200, 404)","schema":"shop.yaml:13:9"}]}
                """)
        }
    }

    /// An HTTPS upstream is reached with the TLS trust given (`--cacert`); without it the 502
    /// says why, naming the host.
    @Test func anHTTPSUpstreamIsReachedWithTheTrustGiven() async throws {
        let pki = try await TestPKI.make()
        let server = try await TestServer.start(tlsContext: try pki.serverContext(), Self.upstream)
        defer { Task { try? await server.shutdown() } }
        let spec = try Spec(yaml: Self.document, file: "shop.yaml")
        let trusted = MockServer.Options(port: 0, proxy: server.baseURL, proxyTransport: TransportOptions(tls: .init(caFile: pki.path("ca.pem"))))
        try await MockServerTests.withMockServer(of: spec, trusted) { base, _ in
            try await #expect(Self.answer([base + "/items/1"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\nX-Rate-Limit: 10\nX-Tags: a, b\n\n{\"id\":1}")
        }
        try await MockServerTests.withMockServer(of: spec, MockServer.Options(port: 0, proxy: server.baseURL)) { base, _ in
            let answer = try await Self.answer([base + "/items/1"])
            #expect(answer.hasPrefix("HTTP/1.1 502 Bad Gateway\nContent-Type: application/problem+json\n"), "\(answer)")
            #expect(answer.contains("could not be reached: ") && answer.contains("127.0.0.1:\(server.port)"), "\(answer)")
        }
        try await server.shutdown()
    }
}
