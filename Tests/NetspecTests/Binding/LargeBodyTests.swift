import Foundation
import Testing

@testable import Netspec
import NetspecTestServer

/// A 1 GiB sparse file as a multipart part and as a raw body: `Content-Length` is exact, and
/// streaming the body keeps peak memory growth under 64 MiB.
///
/// The memory is measured in a fresh process that runs only ``LargeBodyStreamingTests``: the
/// peak resident size (`VmHWM`) belongs to the whole process, so tests running in parallel in
/// this one would be counted too.
@Suite struct LargeBodyTests {
    static let size = 1 << 30
    static let childVariable = "NETSPEC_LARGE_BODY_CHILD"
    static var isChild: Bool { FreshProcess.isChild(childVariable) }

    static let yaml = """
        netspec: 1
        service: S
        endpoints:
          upload:
            POST: /upload
            encoding: multipart
            params:
              note: String
              file: URL
          putBlob:
            PUT: /blob
            params:
              _: URL
        """

    @Test func multipartContentLengthIsExact() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.makeSparseFile(named: "huge.bin", size: Self.size)
        let request = try Binding.service(Self.yaml).upload.prepare(note: "big upload", file: URL(fileURLWithPath: path))
        guard case let .multipart(body) = request.body else { Issue.record("not multipart"); return }
        let delimiter = "--\(body.boundary)\r\n"
        let expected = delimiter.utf8.count + "Content-Disposition: form-data; name=\"note\"\r\n\r\nbig upload\r\n".utf8.count
            + delimiter.utf8.count + "Content-Disposition: form-data; name=\"file\"; filename=\"huge.bin\"\r\n".utf8.count
            + "Content-Type: application/octet-stream\r\n\r\n".utf8.count + Self.size + 2 + "--\(body.boundary)--\r\n".utf8.count
        #expect(request.headerFields.first { $0.name.rawName == "Content-Length" }?.value == String(expected))
        #expect(request.body.contentLength == expected)
    }

    @Test func rawBodyContentLengthIsExact() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.makeSparseFile(named: "huge.bin", size: Self.size)
        let request = try Binding.service(Self.yaml).putBlob.prepare(URL(fileURLWithPath: path))
        #expect(request.body == .file(path: path, size: Self.size))
        #expect(request.headerFields.map { "\($0.name.rawName): \($0.value)" }.prefix(2) == [
            "Content-Type: application/octet-stream", "Content-Length: 1073741824",
        ])
    }

    static var canMeasure: Bool { !isChild && FreshProcess.isSupported }

    @Test(.enabled(if: LargeBodyTests.canMeasure)) func streamingInAFreshProcessKeepsMemoryBounded() async throws {
        let (status, text) = try await FreshProcess.run(filter: "LargeBodyStreamingTests", marking: Self.childVariable)
        #expect(status == 0, "\(text)")
        #expect(text.contains("Test run with 2 tests"), "\(text)")
    }
}

/// Runs only in the child process started by ``LargeBodyTests``.
@Suite(.serialized, .enabled(if: LargeBodyTests.isChild)) struct LargeBodyStreamingTests {
    static let limit = 64 << 20

    /// Expects peak memory growth under ``limit``; resident sizes mean nothing under ASan
    /// (its quarantine and shadow memory), so there the check is skipped.
    static func expectBounded(_ growth: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        guard !AddressSanitizer.isActive else { return }
        #expect(growth < limit, "peak RSS grew by \(growth) bytes", sourceLocation: sourceLocation)
    }

    /// Streams `chunks`, returning the byte count, the largest chunk and the peak memory growth.
    static func stream(_ chunks: MultipartChunks) async throws -> (total: Int, largest: Int, growth: Int) {
        let before = try #require(FreshProcess.memory("VmHWM"))
        var total = 0, largest = 0
        for try await chunk in chunks {
            total += chunk.count
            largest = max(largest, chunk.count)
        }
        let after = try #require(FreshProcess.memory("VmHWM"))
        return (total, largest, after - before)
    }

    @Test func aOneGiBFilePart() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.makeSparseFile(named: "huge.bin", size: LargeBodyTests.size, markers: [0: 0x7F])
        let request = try Binding.service(LargeBodyTests.yaml).upload.prepare(note: "big upload", file: URL(fileURLWithPath: path))
        guard case let .multipart(body) = request.body else { Issue.record("not multipart"); return }
        let (total, largest, growth) = try await Self.stream(body.chunks())
        #expect(total == body.contentLength)
        #expect(largest == 64 * 1024)
        Self.expectBounded(growth)
        #expect(MultipartProbe.openCount(of: path) == 0)
    }

    @Test func aOneGiBRawBody() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.makeSparseFile(named: "huge.bin", size: LargeBodyTests.size)
        let request = try Binding.service(LargeBodyTests.yaml).putBlob.prepare(URL(fileURLWithPath: path))
        guard case let .file(filePath, size) = request.body else { Issue.record("not a file body"); return }
        let (total, largest, growth) = try await Self.stream(MultipartChunks(file: filePath, size: size))
        #expect(total == LargeBodyTests.size)
        #expect(largest == 64 * 1024)
        Self.expectBounded(growth)
    }
}
