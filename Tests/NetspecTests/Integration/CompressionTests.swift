import Foundation
import NetspecTestServer
import Testing

import Netspec

/// Compressed responses: asked for with `Accept-Encoding`, decompressed before shaping.
@Suite struct CompressionTests {
    static let yaml = """
        netspec: 1
        service: S
        endpoints:
          get:
            GET: /items
            keyPath: items
            returns: "[(id: Int)]"
          plain:
            GET: /items
          logs:
            GET: /logs
            stream: lines
        """

    static let body = #"{"items":[\#((0..<300).map { #"{"id":\#($0),"pad":"aaaaaaaaaaaaaaaa"}"# }.joined(separator: ","))]}"#

    @Test(arguments: [TestContentEncoding.gzip, .deflate])
    func compressedBodiesAreDecompressed(_ encoding: TestContentEncoding) async throws {
        try await withTestServer(TestHandlers.compressed(encoding, body: Self.body)) { server in
            let response = try await makeService(Self.yaml, server: server).call("get")
            #expect(response.value.array?.count == 300)
            #expect(response[299] == ["id": 299])
            #expect(response.body == Array(Self.body.utf8))
        }
    }

    @Test func requestsAskForGzipAndDeflate() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let echo = try Echo(try await makeService(Self.yaml, server: server).call("plain"))
            #expect(echo.headers(named: "Accept-Encoding") == ["gzip, deflate"])
        }
    }

    @Test func withoutDecompressionNothingIsAskedForAndCompressedBytesAreNotJSON() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.yaml, server: server, options: testOptions(decompresses: false))
            let echo = try Echo(try await api.call("plain"))
            #expect(echo.headers(named: "Accept-Encoding") == [])
        }
        try await withTestServer(TestHandlers.gzip(body: Self.body)) { server in
            let api = try makeService(Self.yaml, server: server, options: testOptions(decompresses: false))
            let error = await callError { try await api.call("get") }
            #expect(error?.decoding?.keyPath == "")
            #expect(error?.decoding?.message.hasPrefix("the response is not valid JSON (") == true)
        }
    }

    /// RFC 9110 §8.4.1.2: `deflate` is the zlib format; raw deflate data under that label is invalid.
    @Test func rawDeflateLabelledDeflateIsAnInvalidResponse() async throws {
        try await withTestServer(TestHandlers.compressed(.rawDeflate, body: Self.body)) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).call("plain") }
            #expect(error?.transport?.kind == .invalidResponse)
            #expect(error?.description == "the compressed response body from 127.0.0.1:\(server.port) cannot be decompressed: it is corrupt")
        }
    }

    /// Repetitive JSON compresses far better than 100:1; the response size limit, not the ratio, bounds it.
    @Test func highlyCompressibleBodiesWithinTheSizeLimitAreDecompressed() async throws {
        let zeros = #"{"zeros":[\#(Array(repeating: "0", count: 100_000).joined(separator: ","))]}"#
        try await withTestServer(TestHandlers.gzip(body: zeros)) { server in
            let response = try await makeService(Self.yaml, server: server).call("plain")
            #expect(response.value["zeros"]?.array?.count == 100_000)
        }
    }

    @Test func truncatedGzipIsAnInvalidResponse() async throws {
        try await withTestServer(TestHandlers.truncatedGzip) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).call("plain") }
            #expect(error?.transport?.kind == .invalidResponse)
            #expect(error?.description == "the compressed response body from 127.0.0.1:\(server.port) cannot be decompressed: it ends early")
        }
    }

    /// RFC 9110 §8.4.1.3: `x-gzip` is gzip's old name, read as `gzip` in any case (SwiftNIO's
    /// decompressor passes it through, so Netspec decodes it): whole responses, bodies of many
    /// 64 KiB windows, and streams.
    @Test(arguments: ["x-gzip", "X-GZIP"])
    func xGzipIsDecodedAsGzip(_ label: String) async throws {
        try await withTestServer(TestHandlers.xGzip(body: Self.body, label: label)) { server in
            let response = try await makeService(Self.yaml, server: server).call("get")
            #expect(response[299] == ["id": 299])
            #expect(response.body == Array(Self.body.utf8))
        }
        let zeros = #"{"zeros":[\#(Array(repeating: "0", count: 100_000).joined(separator: ","))]}"#
        try await withTestServer(TestHandlers.xGzip(body: zeros, label: label)) { server in
            let response = try await makeService(Self.yaml, server: server).call("plain")
            #expect(response.body == Array(zeros.utf8))
        }
        try await withTestServer(TestHandlers.xGzip(body: "{\"n\":1}\n{\"n\":2}\n", contentType: "application/x-ndjson", label: label)) { server in
            var values: [JSONValue] = []
            for try await value in try await makeService(Self.yaml, server: server).lines("logs") { values.append(value) }
            #expect(values == [["n": 1], ["n": 2]])
        }
    }

    /// A fault in `x-gzip` data is said as the same fault in `gzip` data is.
    @Test(arguments: ["gzip", "x-gzip"], [
        (TestHandlers.GzipFault.truncated, "it ends early"), (.trailingBytes, "bytes follow its end"), (.corrupt, "it is corrupt"),
    ])
    func badGzipDataIsAnInvalidResponse(_ label: String, _ fault: (TestHandlers.GzipFault, String)) async throws {
        try await withTestServer(TestHandlers.xGzip(body: Self.body, label: label, fault: fault.0)) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).call("plain") }
            #expect(error?.transport?.kind == .invalidResponse)
            #expect(error?.description == "the compressed response body from 127.0.0.1:\(server.port) cannot be decompressed: \(fault.1)")
        }
    }

    /// An empty body labelled `x-gzip` has nothing to decode.
    @Test func anEmptyXGzipBodyIsEmpty() async throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Encoding: x-gzip\r\nContent-Length: 0\r\n\r\n"
        try await withTestServer(TestHandlers.raw(Array(head.utf8))) { server in
            let response = try await makeService(Self.yaml, server: server).call("plain")
            #expect(response.status == 200)
            #expect(response.body == [])
        }
    }

    @Test func gzipErrorBodiesAreDecompressedToo() async throws {
        try await withTestServer(TestHandlers.gzip(status: 422, body: #"{"error":"bad"}"#)) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).call("plain") }
            #expect(error?.status?.status == 422)
            #expect(error?.status?.json == ["error": "bad"])
        }
    }
}
