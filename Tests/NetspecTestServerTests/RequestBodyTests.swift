@testable import NetspecTestServer
import Testing
import NetspecTestSupport

@Suite(.timeLimit(.minutes(2)))
struct RequestBodyTests {
    @Test(arguments: [1, 3, 1000])
    func decodesChunkedRequestBody(chunkSize: Int) async throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let chunks = stride(from: 0, to: text.utf8.count, by: chunkSize).map {
            Array(text.utf8)[$0..<min($0 + chunkSize, text.utf8.count)]
        }
        var wire = "POST /up HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
        for chunk in chunks {
            wire += String(chunk.count, radix: 16) + "\r\n" + String(decoding: chunk, as: UTF8.self) + "\r\n"
        }
        wire += "0\r\nX-Trailer: yes\r\n\r\n"

        try await withTestServer(TestHandlers.echo) { server in
            let client = try await RawClient.connect(port: server.port)
            // One byte per write, so the decoder sees every boundary split.
            for byte in wire.utf8 { try await client.send([byte]) }
            let echo = try Echo(try await client.readResponse())
            #expect(echo.bodyText == text)
            #expect(echo.headers.contains(["Transfer-Encoding", "chunked"]))
        }
    }

    @Test func streams64MiBUploadWithoutBuffering() async throws {
        let block = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let blocks = 64
        var expected: UInt32 = 0
        for _ in 0..<blocks { expected = CRC32.update(expected, block) }

        try await withTestServer(TestHandlers.echo) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("PUT /big HTTP/1.1\r\nHost: t\r\nContent-Length: \(blocks << 20)\r\n\r\n")
            for _ in 0..<blocks { try await client.send(block) }
            let echo = try Echo(try await client.readResponse())
            #expect(echo.bodyLength == 64 << 20)
            #expect(echo.crc32 == CRC32.hex(expected))
            #expect(echo.bodyStreamed)
            #expect(echo.bodyBase64 == nil)
            // Only a few socket reads were ever held for the handler.
            #expect(server.peakBufferedRequestBodyBytes < 2 << 20, "peak \(server.peakBufferedRequestBodyBytes)")
        }
    }

    @Test func slowHandlerSlowsTheUploader() async throws {
        let sent = Counter()
        let sentWhenHandlerStarted = Counter(-1)
        let total = 64 << 20
        let handler: TestHandler = { request, writer in
            try await Task.sleep(for: .milliseconds(500))
            sentWhenHandlerStarted.set(sent.value)
            var count = 0
            for try await chunk in request.body { count += chunk.count }
            try await writer.respond(body: "\(count)")
        }
        try await withTestServer(handler) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: \(total)\r\n\r\n")
            let block = [UInt8](repeating: 1, count: 1 << 20)
            for _ in 0..<(total >> 20) {
                try await client.send(block)
                sent.add(block.count)
            }
            #expect(try await client.readResponse().text == "\(total)")
            // Kernel socket buffers hold a few MiB; the server itself stops reading.
            let early = sentWhenHandlerStarted.value
            #expect(early >= 0 && early < 32 << 20, "uploaded \(early) bytes before the handler read any")
        }
    }

    @Test func sends100ContinueWhenHandlerReadsBody() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("POST / HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
            try await client.wait(for: "100 Continue") { bytes, _ in
                String(decoding: bytes, as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n"
            }
            try await client.send("body")
            let response = try await client.readResponse()
            #expect(response.interim == [100])
            #expect(try Echo(response).bodyText == "body")
        }
    }

    @Test func rejectsExpectationWithoutContinueAndCloses() async throws {
        try await withTestServer(TestHandlers.json(status: 413, body: #"{"error":"too big"}"#)) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("POST / HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 999999\r\n\r\n")
            let (bytes, end) = try await client.readUntilClose()
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 413 Content Too Large\r\n"))
            #expect(!text.contains("100 Continue"))
            guard case .eof = end else { Issue.record("expected FIN, got \(end)"); return }
        }
    }

    @Test func discardsUnreadBodyAndKeepsConnection() async throws {
        try await withTestServer(TestHandlers.text(body: "ignored your body")) { server in
            let client = try await RawClient.connect(port: server.port)
            let first = try await client.request("POST", "/", body: [UInt8](repeating: 7, count: 4 << 20))
            #expect(first.text == "ignored your body")
            #expect(try await client.request("GET", "/").text == "ignored your body")
            #expect(server.connectionCount == 1)
        }
    }

    @Test func collectBodyEnforcesLimit() async throws {
        let handler: TestHandler = { request, writer in
            do {
                _ = try await request.collectBody(upTo: 10)
                try await writer.respond(body: "fits")
            } catch TestServerError.bodyTooLarge(let limit) {
                try await writer.respond(status: 413, body: "limit \(limit)")
            }
        }
        try await withTestServer(handler) { server in
            let client = try await RawClient.connect(port: server.port)
            #expect(try await client.request("POST", "/", body: Array("0123456789".utf8)).text == "fits")
            #expect(try await client.request("POST", "/", body: Array("0123456789A".utf8)).status == 413)
        }
    }

    @Test func secondIterationThrows() async throws {
        let handler: TestHandler = { request, writer in
            _ = try await request.collectBody(upTo: 100)
            do {
                _ = try await request.collectBody(upTo: 100)
                try await writer.respond(body: "iterated twice")
            } catch TestServerError.bodyAlreadyConsumed {
                try await writer.respond(body: "single pass")
            }
        }
        try await withTestServer(handler) { server in
            let client = try await RawClient.connect(port: server.port)
            #expect(try await client.request("POST", "/", body: [1, 2]).text == "single pass")
        }
    }
}
