import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// A byte range of a file as a raw body or a multipart part (a chunk of a resumable upload),
/// streamed with the range's `Content-Length`; a range past the end is an argument error.
@Suite struct FileRangeTests {
    static let yaml = """
        netspec: 1
        service: Chunks
        endpoints:
          putChunk:
            PUT: /upload
            params: { _: { type: Data, mimeType: application/octet-stream } }
          postPart:
            POST: /parts
            encoding: multipart
            params: { chunk: Data, index: Int }
          jsonField:
            POST: /json
            params: { blob: Data }
        """

    /// A 100-byte file holding the bytes 0, 1, … 99.
    static func withFile(_ body: (URL) async throws -> Void) async throws {
        let directory = try ScratchDirectory()
        let url = URL(fileURLWithPath: directory.path + "/data.bin")
        try Data((0..<100).map { UInt8($0) }).write(to: url)
        try await body(url)
    }

    @Test func aRangeIsARawBodyWithItsLength() async throws {
        try await Self.withFile { url in
            try await withTestServer(TestHandlers.echo) { server in
                let api = try makeService(Self.yaml, server: server)
                let echo = try Echo(try await api.call("putChunk", ["_": .file(url, range: 10..<20)]))
                #expect(echo.header("Content-Length") == "10")
                #expect(echo.bodyBase64.flatMap { Data(base64Encoded: $0) }.map(Array.init) == Array(10..<20))
                // The whole file, for comparison.
                let whole = try Echo(try await api.call("putChunk", ["_": .file(url)]))
                #expect(whole.bodyLength == 100)
            }
        }
    }

    @Test func aRangeIsAPart() async throws {
        try await Self.withFile { url in
            let api = try makeService(Self.yaml, baseURL: "https://example.com")
            let request = try api.prepare("postPart", ["chunk": .file(url, range: 96..<100), "index": 3])
            guard case let .multipart(body) = request.body else { Issue.record("not multipart"); return }
            #expect(body.parts.first?.content == .fileRange(path: url.path, offset: 96, length: 4))
            let bytes = try await body.collect(upTo: 1 << 20)
            #expect(bytes.count == body.contentLength)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("filename=\"data.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n\u{60}abc\r\n"))
        }
    }

    @Test(arguments: [
        (0..<101, "the range 0..<101 is past the end of 'PATH' (100 bytes)"),
        (100..<101, "the range 100..<101 is past the end of 'PATH' (100 bytes)"),
        (5..<5, "the range 5..<5 of 'PATH' is empty"),
    ])
    func aRangeOutsideTheFileIsAnArgumentError(range: Range<Int>, message: String) async throws {
        try await Self.withFile { url in
            let api = try makeService(Self.yaml, baseURL: "https://example.com")
            let error = #expect(throws: CallError.self) { try api.prepare("putChunk", ["_": .file(url, range: range)]) }
            #expect(error?.description == "endpoint 'putChunk': parameter '_': " + message.replacingOccurrences(of: "PATH", with: url.path))
        }
    }

    @Test func aRangeOnlyGoesWhereFilesStream() async throws {
        try await Self.withFile { url in
            let api = try makeService(Self.yaml, baseURL: "https://example.com")
            let error = #expect(throws: CallError.self) { try api.prepare("jsonField", ["blob": .file(url, range: 0..<2)]) }
            #expect(error?.description == "endpoint 'jsonField': parameter 'blob': a range of a file can only be sent as a whole body or a multipart part (blob is Data in field)")
        }
    }
}
