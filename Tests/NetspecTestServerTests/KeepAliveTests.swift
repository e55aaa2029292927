import NetspecTestServer
import Testing

@Suite(.timeLimit(.minutes(1)))
struct KeepAliveTests {
    @Test func servesTwoRequestsOnOneConnection() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let client = try await RawClient.connect(port: server.port)
            let first = try await client.request("GET", "/one")
            let second = try await client.request("POST", "/two", body: Array("b".utf8))
            #expect(try Echo(first).path == "/one")
            #expect(try Echo(second).path == "/two")
            #expect(server.connectionCount == 1)
            #expect(server.requestCount == 2)
            #expect(server.openConnectionCount == 1)
        }
    }

    @Test func answersPipelinedRequestsInOrder() async throws {
        let handler = TestHandlers.router([
            "/slow": TestHandlers.slow(delay: .milliseconds(200), then: TestHandlers.text(body: "slow")),
            "/fast": TestHandlers.text(body: "fast"),
        ])
        try await withTestServer(handler) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\nGET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await client.readResponse().text == "slow")
            #expect(try await client.readResponse().text == "fast")
        }
    }

    @Test func closesAfterConnectionCloseRequest() async throws {
        try await withTestServer(TestHandlers.json()) { server in
            let client = try await RawClient.connect(port: server.port)
            let (bytes, end) = try await client.readUntilClose(after: "GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("\r\n\r\n{}"))
            guard case .eof = end else { Issue.record("expected FIN, got \(end)"); return }
        }
    }

    @Test func endsResponseLeftOpenByHandler() async throws {
        let handler: TestHandler = { _, writer in
            try await writer.writeHead(status: 201, headers: [("Transfer-Encoding", "chunked")])
            try await writer.write("part")
            // No end(): the server writes the last chunk.
        }
        try await withTestServer(handler) { server in
            let client = try await RawClient.connect(port: server.port)
            let first = try await client.request("GET", "/")
            #expect(first.status == 201)
            #expect(first.text == "part")
            #expect(try await client.request("GET", "/").status == 201)
        }
    }

    @Test func sendsEmptyOKWhenHandlerWritesNothing() async throws {
        try await withTestServer({ _, _ in }) { server in
            let client = try await RawClient.connect(port: server.port)
            let response = try await client.request("GET", "/")
            #expect(response.status == 200)
            #expect(response.header("content-length") == "0")
        }
    }

    @Test func sends500WhenHandlerThrows() async throws {
        struct Boom: Error {}
        try await withTestServer({ _, _ in throw Boom() }) { server in
            let client = try await RawClient.connect(port: server.port)
            let response = try await client.request("GET", "/")
            #expect(response.status == 500)
            #expect(response.text.hasPrefix("handler failed: Boom"))
            #expect(try await client.request("GET", "/").status == 500)
        }
    }

    @Test func answersMalformedRequestWith400() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let client = try await RawClient.connect(port: server.port)
            let (bytes, _) = try await client.readUntilClose(after: "NOT HTTP AT ALL\r\n\r\n")
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        }
    }
}

extension RawClient {
    /// Sends `text` and reads until the server closes.
    func readUntilClose(after text: String) async throws -> (bytes: [UInt8], end: End) {
        try await send(text)
        return try await readUntilClose()
    }
}

@Suite(.timeLimit(.minutes(1)))
struct MalformedRequestTests {
    @Test func finishesCurrentResponseBeforeClosingOnBadPipelinedRequest() async throws {
        try await withTestServer(TestHandlers.slow(delay: .milliseconds(100), then: TestHandlers.text(body: "ok"))) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\nBROKEN\r\n\r\n")
            #expect(try await client.readResponse().text == "ok")
            let (_, end) = try await client.readUntilClose()
            #expect(end.error == nil, "expected FIN, got \(end)")
        }
    }

    @Test func failsBodyReadOnBadChunkAndCloses() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
            let response = try await client.readResponse()
            #expect(response.status == 500)
            _ = try await client.readUntilClose()
        }
    }
}
