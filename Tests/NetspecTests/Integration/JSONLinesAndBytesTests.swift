import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// `stream: lines` (newline-delimited JSON) and `stream: bytes` against a real server.
@Suite struct JSONLinesAndBytesTests {
    static let yaml = """
        netspec: 1
        service: S
        endpoints:
          logs:
            GET: /logs
            stream: lines
          logsUntil:
            GET: /logs
            stream: lines
            until: "[DONE]"
          download:
            GET: /file
            stream: bytes
        """

    /// Writes each piece as a chunk, pausing between pieces, then ends the chunked body.
    static func chunked(_ pieces: [String], contentType: String = "application/x-ndjson") -> TestHandler {
        return { _, writer in
            try await writer.writeHead(status: 200, headers: [("Content-Type", contentType), ("Transfer-Encoding", "chunked")])
            for (index, piece) in pieces.enumerated() {
                if index > 0 { try await Task.sleep(for: .milliseconds(10)) }
                try await writer.writeChunk(piece)
            }
            try await writer.endChunked()
        }
    }

    static func lines(_ api: Service, _ endpoint: String = "logs") async throws -> (values: [JSONValue], error: CallError?) {
        let (values, error) = await streamError(try await api.lines(endpoint))
        return (values, error.map { $0 as? CallError } ?? nil)
    }

    @Test func linesArriveOneValueEachAcrossChunkBoundaries() async throws {
        let pieces = [#"{"n":1}"# + "\n" + #"{"n""#, #":2,"s":"x\ny"}"# + "\r\n\n", "\n[1,2]\n", #""last""#]
        try await withTestServer(Self.chunked(pieces)) { server in
            let (values, error) = try await Self.lines(try makeService(Self.yaml, server: server))
            #expect(values == [["n": 1], ["n": 2, "s": "x\ny"], [1, 2], "last"])
            #expect(error == nil)
        }
    }

    @Test func untilLineEndsTheStream() async throws {
        try await withTestServer(Self.chunked(["{\"n\":1}\n[DONE]\n", "{\"n\":2}\n"])) { server in
            let (values, error) = try await Self.lines(try makeService(Self.yaml, server: server), "logsUntil")
            #expect(values == [["n": 1]])
            #expect(error == nil)
        }
    }

    @Test func aLineThatIsNotJSONFailsTheStreamAfterTheGoodOnes() async throws {
        try await withTestServer(Self.chunked(["{\"n\":1}\n", "oops\n{\"n\":3}\n"])) { server in
            let (values, error) = try await Self.lines(try makeService(Self.yaml, server: server))
            #expect(values == [["n": 1]])
            #expect(error?.decoding?.keyPath == "")
            #expect(error?.description.hasPrefix("endpoint 'logs': line 2 is not JSON (") == true, "\(String(describing: error))")
        }
    }

    @Test func requestsAcceptNDJSONAndBytesAreSentUncompressed() async throws {
        let router = TestHandlers.router(["/logs": TestHandlers.echo, "/file": TestHandlers.echo])
        try await withTestServer(router) { server in
            let api = try makeService(Self.yaml, server: server)
            var echoes: [JSONValue] = []
            for try await value in try await api.lines("logs") { echoes.append(value) }
            #expect(echoes.count == 1)
            let headers = echoes.first?["headers"]?.array ?? []
            #expect(headers.contains(["Accept", "application/x-ndjson, application/json;q=0.9, */*;q=0.5"]))
            var bytes: [UInt8] = []
            for try await chunk in try await api.bytes("download") { bytes += chunk }
            let echo = try JSONDecoder().decode(Echo.self, from: Data(bytes))
            #expect(echo.header("Accept") == "*/*")
            #expect([nil, "identity"].contains(echo.header("Accept-Encoding")), "a raw download asks for no compression")
        }
    }

    /// A raw download keeps the server's bytes: a gzip-encoded body is not decompressed.
    @Test func bytesAreTheServersBytesEvenWhenEncoded() async throws {
        let text = String(repeating: "compressible text ", count: 200)
        try await withTestServer(TestHandlers.compressed(.gzip, body: text, contentType: "text/plain")) { server in
            let response = try await makeService(Self.yaml, server: server).bytes("download")
            var bytes: [UInt8] = []
            for try await chunk in response { bytes += chunk }
            #expect(bytes.prefix(2) == [0x1F, 0x8B], "the gzip magic number")
            #expect(String(bytes.count) == response.headerFields[.contentLength])
            #expect(bytes.count < text.utf8.count)
        }
    }

    @Test func bytesStreamAsTheyArrive() async throws {
        try await withTestServer(TestHandlers.dripBody(bytes: 40, every: .milliseconds(5))) { server in
            let response = try await makeService(Self.yaml, server: server).bytes("download")
            #expect(response.status == 200)
            #expect(response.headerFields[.contentLength] == "40")
            var bytes: [UInt8] = []
            var chunks = 0
            for try await chunk in response {
                bytes += chunk
                chunks += 1
            }
            #expect(String(decoding: bytes, as: UTF8.self) == "abcdefghijklmnopqrstuvwxyzabcdefghijklmn")
            #expect(chunks > 1)
        }
    }

    @Test func aByteStreamCutShortFailsAfterTheBytesReceived() async throws {
        try await withTestServer(TestHandlers.closeMidBody(declaredLength: 1000, sentLength: 500)) { server in
            let response = try await makeService(Self.yaml, server: server).bytes("download")
            let (chunks, error) = await streamError(response)
            #expect(chunks.joined().count == 500)
            // One error type: a byte stream fails with a CallError like events and lines do.
            #expect((error as? CallError)?.transport?.kind == .connectionClosed, "\(String(describing: error))")
        }
    }

    @Test func statusErrorComesBeforeAnyLine() async throws {
        try await withTestServer(TestHandlers.json(status: 404, body: #"{"error":"no logs"}"#)) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).lines("logs") }
            #expect(error?.status?.status == 404)
            #expect(error?.status?.json == ["error": "no logs"])
        }
    }

    @Test func cancellingTheConsumerOfLinesClosesTheConnection() async throws {
        let closed = Signal(), received = Signal()
        let handler: TestHandler = { _, writer in
            try await writer.writeHead(status: 200, headers: [("Content-Type", "application/x-ndjson"), ("Transfer-Encoding", "chunked")])
            try await writer.writeChunk("{\"n\":1}\n")
            await writer.waitForClientClose()
            closed.fire()
        }
        try await withTestServer(handler) { server in
            let response = try await makeService(Self.yaml, server: server).lines("logs")
            let task = Task {
                do {
                    for try await _ in response { received.fire() }
                    return nil as CallError?
                } catch {
                    return error as? CallError
                }
            }
            #expect(await received.wait())
            task.cancel()
            #expect(await task.value?.transport?.kind == .cancelled)
            #expect(await closed.wait(), "the server sees the connection close")
        }
    }
}
