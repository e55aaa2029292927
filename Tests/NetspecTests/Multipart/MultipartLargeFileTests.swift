import Foundation
import NetspecTestServer
import Testing

@testable import Netspec

/// Streams a 1 GiB sparse file and checks that memory stays at about one chunk.
@Suite struct MultipartLargeFileTests {
    @Test func streamsAOneGiBFileWithoutHoldingIt() async throws {
        try await MemoryProbe.exclusively { try await streamOneGiBFile() }
    }

    private func streamOneGiBFile() async throws {
        let size = 1 << 30
        let markers: [Int: UInt8] = [0: 0x11, 4095: 0x22, 65536: 0x33, size / 2: 0x44, size - 1: 0x55]
        let directory = try ScratchDirectory()
        let path = try directory.makeSparseFile(named: "huge.bin", size: size, markers: markers)
        let body = MultipartBody(
            parts: [
                .init(name: "note", content: .bytes(Array("big upload".utf8))),
                try .file(name: "file", path: path),
            ],
            boundary: "XyZ"
        )
        let header = body.header(for: body.parts[0]) + Array("big upload\r\n".utf8) + body.header(for: body.parts[1])
        let trailer = Array("\r\n--XyZ--\r\n".utf8)
        let expectedSum = (header + trailer).reduce(0) { $0 + Int($1) } + markers.values.reduce(0) { $0 + Int($1) }

        var total = 0
        var sum = 0
        var largest = 0
        var markersSeen: [Int: UInt8] = [:]
        for try await chunk in body.chunks() {
            largest = max(largest, chunk.count)
            sum += Self.byteSum(chunk)
            for (offset, _) in markers {
                let position = header.count + offset
                if (total..<total + chunk.count).contains(position) { markersSeen[offset] = chunk[position - total] }
            }
            total += chunk.count
        }

        #expect(total == body.contentLength)
        #expect(total == header.count + size + trailer.count)
        #expect(largest == 64 * 1024)
        #expect(sum == expectedSum)
        #expect(markersSeen == markers)
        #expect(MultipartProbe.openCount(of: path) == 0)
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
}
