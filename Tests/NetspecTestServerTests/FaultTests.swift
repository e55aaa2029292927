#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import NetspecTestServer
import NIOCore
import Testing
import NetspecTestSupport

@Suite(.timeLimit(.minutes(1)))
struct FaultTests {
    @Test func resetBeforeHeadersGivesECONNRESET() async throws {
        try await withTestServer(TestHandlers.resetBeforeHeaders) { server in
            let client = try await RawClient.connect(port: server.port)
            let (bytes, end) = try await client.readUntilClose(after: "GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(bytes.isEmpty)
            guard case .error(let error) = end, let io = error as? IOError else {
                Issue.record("expected an IOError, got \(end)")
                return
            }
            #expect(io.errnoCode == ECONNRESET)
        }
    }

    @Test func resetMidBodyDeliversPartThenECONNRESET() async throws {
        try await withTestServer(TestHandlers.resetMidBody(declaredLength: 100, sentLength: 10)) { server in
            let client = try await RawClient.connect(port: server.port)
            let (bytes, end) = try await client.readUntilClose(after: "GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("\r\n\r\nzzzzzzzzzz"))
            #expect((end.error as? IOError)?.errnoCode == ECONNRESET)
        }
    }

    @Test func closeMidBodyEndsWithCleanFIN() async throws {
        try await withTestServer(TestHandlers.closeMidBody(declaredLength: 1000, sentLength: 500)) { server in
            let client = try await RawClient.connect(port: server.port)
            let (bytes, end) = try await client.readUntilClose(after: "GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("Content-Length: 1000\r\n"))
            #expect(text.hasSuffix("\r\n\r\n" + String(repeating: "z", count: 500)))
            #expect(end.error == nil, "expected FIN, got \(end)")
        }
    }

    @Test func closeBeforeHeadersSendsNothing() async throws {
        try await withTestServer(TestHandlers.closeBeforeHeaders) { server in
            let client = try await RawClient.connect(port: server.port)
            let (bytes, end) = try await client.readUntilClose(after: "GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(bytes.isEmpty)
            #expect(end.error == nil)
        }
    }

    @Test func neverAnswerSeesClientClose() async throws {
        let closed = Signal()
        let handler: TestHandler = { request, writer in
            try await TestHandlers.neverAnswer(request, writer)
            closed.fire()
        }
        try await withTestServer(handler) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc")
            try await Task.sleep(for: .milliseconds(200))
            #expect(client.received.isEmpty)
            #expect(server.openConnectionCount == 1)
            await client.close()
            #expect(await closed.wait())
            #expect(try await eventually { server.openConnectionCount == 0 })
        }
    }

    @Test func lyingContentLengthSendsExtraBytes() async throws {
        try await withTestServer(TestHandlers.lyingContentLength(declared: 5, actual: 10)) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            try await client.wait(for: "the long body") { bytes, _ in
                String(decoding: bytes, as: UTF8.self).hasSuffix("Content-Length: 5\r\n\r\nxxxxxxxxxx")
            }
            let response = try await client.readResponse()
            #expect(response.text == "xxxxx")
            #expect(client.end == nil, "the connection stays open")
        }
    }

    @Test func truncatedGzipHasValidFramingButBrokenStream() async throws {
        try await withTestServer(TestHandlers.truncatedGzip) { server in
            let client = try await RawClient.connect(port: server.port)
            let response = try await client.request("GET", "/")
            #expect(response.header("content-encoding") == "gzip")
            #expect(response.body.count == Int(response.header("content-length") ?? ""))
            #expect(throws: Zlib.Failure.self) { try Zlib.decompress(response.body) }
        }
    }

    @Test func hugeHeaderIsSentWhole() async throws {
        try await withTestServer(TestHandlers.hugeHeader(bytes: 1 << 20)) { server in
            let client = try await RawClient.connect(port: server.port)
            let response = try await client.request("GET", "/")
            #expect(response.header("x-huge")?.utf8.count == 1 << 20)
            #expect(response.text == "{}")
        }
    }

    @Test func rawWritesMalformedBytes() async throws {
        try await withTestServer(TestHandlers.raw("HTTP/1.1 abc\r\n\r\n")) { server in
            let client = try await RawClient.connect(port: server.port)
            let (bytes, _) = try await client.readUntilClose(after: "GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(String(decoding: bytes, as: UTF8.self) == "HTTP/1.1 abc\r\n\r\n")
        }
    }

    @Test func writerRefusesOutOfOrderCalls() async throws {
        let outcome = Counter()
        let handler: TestHandler = { _, writer in
            do { try await writer.write("early") } catch TestServerError.headNotWritten { outcome.add(1) }
            try await writer.writeHead(status: 200, headers: [("Content-Length", "0")])
            do {
                try await writer.writeHead(status: 200, headers: [])
            } catch TestServerError.headAlreadyWritten { outcome.add(10) }
            try await writer.end()
            do { try await writer.write("late") } catch TestServerError.responseFinished { outcome.add(100) }
        }
        try await withTestServer(handler) { server in
            let client = try await RawClient.connect(port: server.port)
            #expect(try await client.request("GET", "/").status == 200)
            #expect(try await eventually { outcome.value == 111 })
        }
    }
}

extension RawClient.End {
    var error: (any Error)? {
        if case .error(let error) = self { error } else { nil }
    }
}
