import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// A multipart upload with a large file part: every byte arrives (length and CRC-32 from the
/// server) and the body streams.
///
/// The quarter-GiB upload with the client's peak memory measured is `CallUploadTests` in
/// NetspecCLITests: a client process of its own, since this one also runs the server and hundreds
/// of tests in parallel, and moving 256 MiB through the shared event loops here starves the
/// timing-sensitive server tests.
@Suite struct MultipartUploadTests {
    static let yaml = """
        netspec: 1
        service: Upload
        endpoints:
          upload:
            POST: /files
            encoding: multipart
            params:
              purpose: { type: String, default: fine-tune }
              file: { type: URL, filename: data.bin, mimeType: application/octet-stream }
              tags: "[String]?"
              thumb: { type: "Data?", in: part, filename: t.png, mimeType: image/png }
        """

    /// The boundary from a `multipart/form-data; boundary=…` value.
    static func boundary(of contentType: String?) throws -> String {
        let value = try #require(contentType)
        #expect(value.hasPrefix("multipart/form-data; boundary=netspec-"))
        return String(try #require(value.split(separator: "=", maxSplits: 1).last))
    }

    @Test func smallFilePartArrivesByteForByte() async throws {
        let directory = try ScratchDirectory()
        let path = try directory.write(Array("col1,col2\n1,2\n".utf8), to: "small.csv")
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.yaml, server: server)
            let response = try await api.call("upload", [
                "file": .file(URL(fileURLWithPath: path)), "tags": ["a", "b"], "thumb": .data(Data("PNG".utf8)),
            ])
            let echo = try Echo(response)
            let boundary = try Self.boundary(of: echo.header("Content-Type"))
            let expected = [
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nfine-tune\r\n",
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"data.bin\"\r\n",
                "Content-Type: application/octet-stream\r\n\r\ncol1,col2\n1,2\n\r\n",
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\na\r\n",
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nb\r\n",
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"thumb\"; filename=\"t.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n",
                "--\(boundary)--\r\n",
            ].joined()
            #expect(echo.bodyText == expected)
            #expect(echo.header("Content-Length") == String(expected.utf8.count))
            #expect(echo.header("Transfer-Encoding") == nil)
        }
    }

    @Test func missingFileIsAnArgumentErrorAndNothingIsSent() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.yaml, server: server)
            let error = await callError { try await api.call("upload", ["file": .file(URL(fileURLWithPath: "/nonexistent/x.bin"))]) }
            #expect(error?.argument?.reason == .unreadableFile)
            #expect(error?.argument?.parameter == "file")
            #expect(server.requestCount == 0)
        }
    }

    @Test func largeSparseFileArrivesWhole() async throws {
        let size = 32 << 20  // Four times the echo's buffer, 512 chunks of 64 KiB.
        let markers: [Int: UInt8] = [0: 0x11, 4095: 0x22, 65_537: 0x33, size / 2: 0x44, size - 1: 0x55]
        let directory = try ScratchDirectory()
        let path = try directory.makeSparseFile(named: "huge.bin", size: size, markers: markers)
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.yaml, server: server, options: testOptions(timeout: .seconds(600)))
            let response = try await api.call("upload", ["file": .file(URL(fileURLWithPath: path)), "purpose": "big"])
            let echo = try Echo(response)
            let boundary = try Self.boundary(of: echo.header("Content-Type"))
            let head = Array((
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nbig\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"data.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").utf8)
            let tail = Array("\r\n--\(boundary)--\r\n".utf8)
            var crc = CRC32.update(0, head)
            var position = 0
            for (offset, byte) in markers.sorted(by: { $0.key < $1.key }) {
                crc = CRC32.update(CRC32.zeros(crc, count: offset - position), [byte])
                position = offset + 1
            }
            crc = CRC32.update(CRC32.zeros(crc, count: size - position), tail)

            #expect(echo.bodyStreamed)
            #expect(echo.bodyLength == head.count + size + tail.count)
            #expect(echo.header("Content-Length") == String(head.count + size + tail.count))
            #expect(echo.crc32 == CRC32.hex(crc))
            #expect(MultipartProbe.openCount(of: path) == 0)
            #expect(server.peakBufferedRequestBodyBytes < 4 << 20, "the server read with backpressure")
        }
    }
}
