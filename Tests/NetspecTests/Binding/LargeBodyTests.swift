import Foundation
import Testing

@testable import Netspec
import NetspecTestServer
import NetspecTestSupport

/// A 1 GiB sparse file as a multipart part and as a raw body: `Content-Length` is exact, every
/// byte of the part arrives in its place, and streaming the body keeps peak memory growth under
/// 64 MiB.
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

    @Test func multipartContentLengthIsExact() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.makeSparseFile(named: "huge.bin", size: Self.size)
        let request = try await Binding.service(Self.yaml).upload.prepare(note: "big upload", file: URL(fileURLWithPath: path))
        guard case let .multipart(body) = request.body else { Issue.record("not multipart"); return }
        let delimiter = "--\(body.boundary)\r\n"
        let expected = delimiter.utf8.count + "Content-Disposition: form-data; name=\"note\"\r\n\r\nbig upload\r\n".utf8.count
            + delimiter.utf8.count + "Content-Disposition: form-data; name=\"file\"; filename=\"huge.bin\"\r\n".utf8.count
            + "Content-Type: application/octet-stream\r\n\r\n".utf8.count + Self.size + 2 + "--\(body.boundary)--\r\n".utf8.count
        #expect(request.headerFields.first { $0.name.rawName == "Content-Length" }?.value == String(expected))
        #expect(request.body.contentLength == expected)
    }

    @Test func rawBodyContentLengthIsExact() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.makeSparseFile(named: "huge.bin", size: Self.size)
        let request = try await Binding.service(Self.yaml).putBlob.prepare(URL(fileURLWithPath: path))
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

    /// Streams `chunks`, showing each chunk and its offset in the body to `inspect`; returns the
    /// byte count, the largest chunk and the peak memory growth.
    static func stream(
        _ chunks: MultipartChunks, inspect: (_ chunk: [UInt8], _ offset: Int) -> Void = { _, _ in }
    ) async throws -> (total: Int, largest: Int, growth: Int) {
        let before = try #require(FreshProcess.memory("VmHWM"))
        var total = 0, largest = 0
        for try await chunk in chunks {
            inspect(chunk, total)
            total += chunk.count
            largest = max(largest, chunk.count)
        }
        let after = try #require(FreshProcess.memory("VmHWM"))
        return (total, largest, after - before)
    }

    /// The sum of the bytes, eight at a time.
    static func byteSum(_ chunk: [UInt8]) -> Int {
        chunk.withUnsafeBytes { raw in
            var sum = 0
            var index = 0
            let words = raw.count / 8
            while index < words {
                let word = raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                if word != 0 {
                    for shift in stride(from: 0, to: 64, by: 8) { sum += Int((word >> UInt64(shift)) & 0xFF) }
                }
                index += 1
            }
            for offset in (words * 8)..<raw.count { sum += Int(raw[offset]) }
            return sum
        }
    }

    /// Every byte of the file arrives in its place, framed by the part's header and the trailer.
    @Test func aOneGiBFilePart() async throws {
        let size = LargeBodyTests.size
        let markers: [Int: UInt8] = [0: 0x11, 4095: 0x22, 65536: 0x33, size / 2: 0x44, size - 1: 0x55]
        let scratch = try ScratchDirectory()
        let path = try scratch.makeSparseFile(named: "huge.bin", size: size, markers: markers)
        let request = try await Binding.service(LargeBodyTests.yaml).upload.prepare(note: "big upload", file: URL(fileURLWithPath: path))
        guard case let .multipart(body) = request.body else { Issue.record("not multipart"); return }
        let header = body.header(for: body.parts[0]) + Array("big upload\r\n".utf8) + body.header(for: body.parts[1])
        let trailer = Array("\r\n--\(body.boundary)--\r\n".utf8)
        let expectedSum = (header + trailer).reduce(0) { $0 + Int($1) } + markers.values.reduce(0) { $0 + Int($1) }

        var sum = 0
        var markersSeen: [Int: UInt8] = [:]
        let (total, largest, growth) = try await Self.stream(body.chunks()) { chunk, start in
            sum += Self.byteSum(chunk)
            for offset in markers.keys {
                let position = header.count + offset
                if (start..<start + chunk.count).contains(position) { markersSeen[offset] = chunk[position - start] }
            }
        }
        #expect(total == body.contentLength)
        #expect(total == header.count + size + trailer.count)
        #expect(largest == 64 * 1024)
        #expect(sum == expectedSum)
        #expect(markersSeen == markers)
        Self.expectBounded(growth)
        #expect(MultipartProbe.openCount(of: path) == 0)
    }

    @Test func aOneGiBRawBody() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.makeSparseFile(named: "huge.bin", size: LargeBodyTests.size)
        let request = try await Binding.service(LargeBodyTests.yaml).putBlob.prepare(URL(fileURLWithPath: path))
        guard case let .file(filePath, size) = request.body else { Issue.record("not a file body"); return }
        let (total, largest, growth) = try await Self.stream(MultipartChunks(file: filePath, size: size))
        #expect(total == LargeBodyTests.size)
        #expect(largest == 64 * 1024)
        Self.expectBounded(growth)
    }
}
