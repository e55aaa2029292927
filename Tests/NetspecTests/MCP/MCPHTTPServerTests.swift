import Foundation
import Netspec
import NetspecMCP
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `MCPHTTPServer`, MCP's Streamable HTTP transport, spoken to with curl: sessions, JSON and
/// event-stream answers, resuming by `Last-Event-ID`, the guards (Origin, bearer token, protocol
/// version), and calls answered concurrently.
@Suite struct MCPHTTPServerTests {
    static let yaml = """
        netspec: 1
        service: Clock
        endpoints:
          fast:
            GET: /fast
          slow:
            GET: /slow
        """

    /// Holds the upstream's `/slow` answer until the test opens it (no timing in the tests).
    final class Gate: Sendable {
        private let stream: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation

        init() { (stream, continuation) = AsyncStream<Void>.makeStream() }

        /// Returns once the gate is open (one waiter).
        func wait() async { for await _ in stream {} }

        func open() { continuation.finish() }
    }

    /// Runs `body` with a Streamable HTTP server on a free port over an upstream whose `/slow`
    /// answers after `slowDelay`, or when `gate` opens; `body` gets the endpoint's URL.
    static func withServer(
        token: String? = nil, origins: Set<String> = [], slowDelay: Duration = .milliseconds(800), gate: Gate? = nil, _ body: (String) async throws -> Void
    ) async throws {
        let answer = TestHandlers.json(body: #"{"n":2}"#)
        let slow: TestHandler = if let gate { { request, writer in await gate.wait(); try await answer(request, writer) } } else { TestHandlers.slow(delay: slowDelay, then: answer) }
        let upstream = TestHandlers.router([
            "GET /fast": TestHandlers.json(body: #"{"n":1}"#),
            "GET /slow": slow,
        ])
        try await withTestServer(upstream) { upstreamServer in
            let service = Service(spec: try Spec(yaml: yaml, file: "clock.yaml"), provider: Provider(baseURL: upstreamServer.baseURL, options: .init(usesEnvironment: false)))
            let server = MCPHTTPServer(server: MCPServer(service: service), options: .init(port: 0, token: token, allowedOrigins: origins))
            let (ports, continuation) = AsyncStream<Int>.makeStream()
            let task = Task { try await server.run { continuation.yield($0) } }
            defer { task.cancel() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            try await body("http://127.0.0.1:\(port)/mcp")
            task.cancel()
            _ = try? await task.value
        }
    }

    static let accept = ["-H", "Accept: application/json, text/event-stream", "-H", "Content-Type: application/json"]

    /// The status line, the named headers, and the body of curl's answer.
    static func post(_ url: String, _ body: String, _ extra: [String] = []) async throws -> (head: String, session: String?, body: String) {
        let text = try await curl(["-X", "POST", "--data-binary", body] + accept + extra + [url])
        let parts = text.components(separatedBy: "\n\n")
        let headLines = parts[0].split(separator: "\n")
        let session = headLines.first { $0.lowercased().hasPrefix("mcp-session-id:") }.map { String($0.dropFirst("mcp-session-id:".count)).trimmingCharacters(in: .whitespaces) }
        return (String(headLines[0]), session, parts.dropFirst().joined(separator: "\n\n"))
    }

    static func curl(_ arguments: [String]) async throws -> String {
        let result = try await ChildProcess.curl(["-i"] + arguments)
        try #require(result.status == 0, "curl failed: \(result.stderr)")
        return result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    }

    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}"#

    /// Initializes and returns the session id.
    static func session(_ url: String) async throws -> String {
        let answer = try await post(url, initialize)
        #expect(answer.head == "HTTP/1.1 200 OK")
        let session = try #require(answer.session)
        #expect(session.count == 32 && session.allSatisfy(\.isHexDigit))
        return session
    }

    @Test func aSessionIsStartedUsedAndEnded() async throws {
        try await Self.withServer { url in
            let session = try await Self.session(url)
            let ping = try await Self.post(url, #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#, ["-H", "Mcp-Session-Id: " + session, "-H", "MCP-Protocol-Version: 2025-11-25"])
            #expect(ping.head == "HTTP/1.1 200 OK")
            #expect(ping.body == #"{"jsonrpc":"2.0","id":2,"result":{}}"#)
            // A notification: accepted, nothing to answer.
            let notified = try await Self.post(url, #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, ["-H", "Mcp-Session-Id: " + session])
            #expect(notified.head == "HTTP/1.1 202 Accepted")
            #expect(notified.body == "")
            // Without the session: 400; with one that is not known: 404.
            #expect(try await Self.post(url, #"{"jsonrpc":"2.0","id":3,"method":"ping"}"#).head == "HTTP/1.1 400 Bad Request")
            #expect(try await Self.post(url, #"{"jsonrpc":"2.0","id":3,"method":"ping"}"#, ["-H", "Mcp-Session-Id: 00"]).head == "HTTP/1.1 404 Not Found")
            // Discovery needs no session.
            let discovered = try await Self.post(url, #"{"jsonrpc":"2.0","id":5,"method":"server/discover"}"#)
            #expect(discovered.head == "HTTP/1.1 200 OK")
            #expect(discovered.session == nil)
            #expect(discovered.body.hasPrefix(#"{"jsonrpc":"2.0","id":5,"result":{"supportedVersions":["2025-11-25","2025-06-18"]"#))
            // DELETE ends it; then it is unknown.
            #expect(try await Self.curl(["-X", "DELETE", "-H", "Mcp-Session-Id: " + session, url]).hasPrefix("HTTP/1.1 204 No Content\n"))
            #expect(try await Self.post(url, #"{"jsonrpc":"2.0","id":4,"method":"ping"}"#, ["-H", "Mcp-Session-Id: " + session]).head == "HTTP/1.1 404 Not Found")
            #expect(try await Self.curl(["-X", "DELETE", "-H", "Mcp-Session-Id: " + session, url]).hasPrefix("HTTP/1.1 404 Not Found\n"))
        }
    }

    @Test func aCallIsAnEventStreamThatPrimesThenAnswers() async throws {
        try await Self.withServer { url in
            let session = try await Self.session(url)
            let call = try await Self.post(url, #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"fast","arguments":{}}}"#, ["-H", "Mcp-Session-Id: " + session])
            #expect(call.head == "HTTP/1.1 200 OK")
            let stream = try #require(call.body.split(separator: "\n").first).dropFirst("id: ".count).split(separator: "-").first.map(String.init) ?? ""
            #expect(call.body == """
                id: \(stream)-0
                data: \("")

                id: \(stream)-1
                event: message
                data: {"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"{\\"n\\":1}"}],"isError":false,"structuredContent":{"n":1}}}


                """)
            // A client that accepts only JSON gets JSON.
            let json = try await Self.curl([
                "-X", "POST", "--data-binary", #"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"fast","arguments":{}}}"#,
                "-H", "Accept: application/json", "-H", "Mcp-Session-Id: " + session, url,
            ])
            #expect(json.hasSuffix("\n\n" + #"{"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text","text":"{\"n\":1}"}],"isError":false,"structuredContent":{"n":1}}}"#))
        }
    }

    @Test func aLostStreamIsResumedByLastEventID() async throws {
        let gate = Gate()
        try await Self.withServer(gate: gate) { url in
            let session = try await Self.session(url)
            // The client goes away after the priming event (curl's time limit) while the upstream
            // holds the answer; then the answer comes, and a GET asks for what followed the primer.
            // 20 s: the primer must arrive before the limit even in a full run's first, saturated
            // seconds (3 s was too short once on a clean clone).
            let cut = try await ChildProcess.run("/usr/bin/env", [
                "curl", "-s", "-N", "--max-time", "20", "-X", "POST", "--data-binary",
                #"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"slow","arguments":{}}}"#,
            ] + Self.accept + ["-H", "Mcp-Session-Id: " + session, url])
            let primer = try #require(cut.stdout.split(separator: "\n").first)
            #expect(primer.hasPrefix("id: ") && primer.hasSuffix("-0"))
            #expect(cut.stdout == String(primer) + "\ndata: \n\n")
            gate.open()
            let resumed = try await Self.curl(["-H", "Accept: text/event-stream", "-H", "Mcp-Session-Id: " + session, "-H", "Last-Event-ID: " + primer.dropFirst(4), url])
            #expect(resumed.hasPrefix("HTTP/1.1 200 OK\n"))
            #expect(resumed.contains("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"n\\\":2}\"}]"))
            // An event that is not the session's: 404; GET without Last-Event-ID: 405.
            #expect(try await Self.curl(["-H", "Mcp-Session-Id: " + session, "-H", "Last-Event-ID: 999-0", url]).hasPrefix("HTTP/1.1 404 Not Found\n"))
            #expect(try await Self.curl(["-H", "Mcp-Session-Id: " + session, url]).hasPrefix("HTTP/1.1 405 Method Not Allowed\n"))
        }
    }

    @Test func aSlowCallDoesNotHoldUpPingOrAnotherCall() async throws {
        let gate = Gate()
        try await Self.withServer(gate: gate) { url in
            let session = try await Self.session(url)
            let slow = Task {
                try await Self.post(url, #"{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"slow","arguments":{}}}"#, ["-H", "Mcp-Session-Id: " + session])
            }
            // While the upstream holds the slow call's answer, ping and another call are answered.
            let ping = try await Self.post(url, #"{"jsonrpc":"2.0","id":11,"method":"ping"}"#, ["-H", "Mcp-Session-Id: " + session])
            let fast = try await Self.post(url, #"{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"fast","arguments":{}}}"#, ["-H", "Mcp-Session-Id: " + session])
            #expect(ping.body == #"{"jsonrpc":"2.0","id":11,"result":{}}"#)
            #expect(fast.body.contains(#""structuredContent":{"n":1}"#))
            gate.open()
            #expect(try await slow.value.body.contains(#""structuredContent":{"n":2}"#))
        }
    }

    @Test func theGuardsHold() async throws {
        try await Self.withServer(token: "s3cret", origins: ["https://app.example"]) { url in
            let bearer = ["-H", "Authorization: Bearer s3cret"]
            // No token, a wrong one: 401 with a challenge.
            let missing = try await Self.curl(["-X", "POST", "--data-binary", Self.initialize] + Self.accept + [url])
            #expect(missing.hasPrefix("HTTP/1.1 401 Unauthorized\n"))
            #expect(missing.lowercased().contains("\nwww-authenticate: bearer\n"))
            #expect(try await Self.post(url, Self.initialize, ["-H", "Authorization: Bearer s3cres"]).head == "HTTP/1.1 401 Unauthorized")
            // A foreign origin: 403; loopback origins and listed ones pass.
            #expect(try await Self.post(url, Self.initialize, bearer + ["-H", "Origin: http://evil.example"]).head == "HTTP/1.1 403 Forbidden")
            #expect(try await Self.post(url, Self.initialize, bearer + ["-H", "Origin: http://localhost.evil.example"]).head == "HTTP/1.1 403 Forbidden")
            #expect(try await Self.post(url, Self.initialize, bearer + ["-H", "Origin: http://localhost:6274"]).head == "HTTP/1.1 200 OK")
            #expect(try await Self.post(url, Self.initialize, bearer + ["-H", "Origin: https://app.example"]).head == "HTTP/1.1 200 OK")
            // A protocol version it does not speak: 400.
            #expect(try await Self.post(url, Self.initialize, bearer + ["-H", "MCP-Protocol-Version: 1999-01-01"]).head == "HTTP/1.1 400 Bad Request")
            // Another path: 404.
            #expect(try await Self.curl(bearer + [url.replacingOccurrences(of: "/mcp", with: "/other")]).hasPrefix("HTTP/1.1 404 Not Found\n"))
        }
    }

    /// A loopback origin is any of this machine's, by the rule OAuth URLs and the listen warnings
    /// share (``LoopbackHost``): all of 127.0.0.0/8 and the expanded `::1`; a name that only
    /// starts with one (a DNS rebinding page's origin) is still refused.
    @Test func aLoopbackOriginIsAnyOf127Slash8() async throws {
        try await Self.withServer { url in
            for (origin, head) in [
                ("http://127.0.0.2:5173", "HTTP/1.1 200 OK"), ("https://127.10.0.1", "HTTP/1.1 200 OK"),
                ("http://[0:0:0:0:0:0:0:1]:5173", "HTTP/1.1 200 OK"), ("http://127.0.0.2.example", "HTTP/1.1 403 Forbidden"),
                ("http://127.0.0.2.example:5173", "HTTP/1.1 403 Forbidden"), ("http://0177.0.0.1:5173", "HTTP/1.1 403 Forbidden"),
            ] {
                let answer = try await Self.post(url, Self.initialize, ["-H", "Origin: " + origin])
                #expect("\(origin): \(answer.head)" == "\(origin): \(head)")
            }
        }
    }
}

extension MCPHTTPServerTests {
    /// Only a notification or a response to the server is accepted unanswered (202): a batch, a
    /// frame without a method or with one that is not a string gets the JSON-RPC error stdio
    /// gives (each was a 202, the request in the batch never answered).
    @Test(arguments: [
        (#"[{"jsonrpc":"2.0","id":2,"method":"ping"}]"#, "HTTP/1.1 200 OK", #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: batches are not supported (1 messages)"}}"#),
        (#"{"jsonrpc":"2.0","id":3}"#, "HTTP/1.1 200 OK", #"{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid Request: expected a JSON-RPC 2.0 request with a method"}}"#),
        (#"{"jsonrpc":"2.0","id":4,"method":42}"#, "HTTP/1.1 200 OK", #"{"jsonrpc":"2.0","id":4,"error":{"code":-32600,"message":"Invalid Request: expected a JSON-RPC 2.0 request with a method"}}"#),
        (#"{"jsonrpc":"2.0","id":9,"result":{}}"#, "HTTP/1.1 202 Accepted", ""),
    ])
    func onlyNotificationsAndResponsesAreAcceptedUnanswered(_ frame: String, _ head: String, _ body: String) async throws {
        try await Self.withServer { url in
            let session = try await Self.session(url)
            let answer = try await Self.post(url, frame, ["-H", "Mcp-Session-Id: " + session])
            #expect(answer.head == head)
            #expect(answer.body == body)
        }
    }
}
