import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// How ``MultipartChunks`` cuts, repeats, cancels and cleans up.
@Suite struct MultipartChunksTests {
    /// A body with text, binary, file and empty parts, in a fresh directory.
    static func mixedBody(in directory: ScratchDirectory) throws -> PreparedRequest.Multipart {
        let file = try directory.write((0..<3000).map { UInt8(truncatingIfNeeded: $0 * 31) }, to: "a.bin")
        let empty = try directory.write([], to: "empty.csv")
        return PreparedRequest.Multipart(parts: [
            .init(name: "title", content: .bytes(Array("Holiday".utf8))),
            try .file(name: "upload", path: file),
            .init(name: "blob", contentType: "application/octet-stream", content: .bytes([0, 1, 2, 255])),
            try .file(name: "none", path: empty),
            .init(name: "last", content: .bytes(Array("end".utf8))),
        ])
    }

    // MARK: - Chunking

    @Test(arguments: [1, 2, 7, 64, 1000, 4096, 64 * 1024])
    func chunksAreFullExceptTheLastAndJoinToTheBody(chunkSize: Int) async throws {
        let directory = try ScratchDirectory()
        let body = try Self.mixedBody(in: directory)
        let whole = try await body.collect(upTo: 1 << 20)
        let chunks = try await MultipartProbe.chunks(of: body.chunks(chunkSize: chunkSize))
        #expect(chunks.allSatisfy { $0.count <= chunkSize })
        #expect(chunks.dropLast().allSatisfy { $0.count == chunkSize })
        #expect(chunks.last?.isEmpty == false)
        #expect(chunks.count == (whole.count + chunkSize - 1) / chunkSize)
        #expect(Array(chunks.joined()) == whole)
        #expect(whole.count == body.contentLength)
    }

    @Test func reiterationStartsAgainFromTheFirstByte() async throws {
        let directory = try ScratchDirectory()
        let sequence = try Self.mixedBody(in: directory).chunks(chunkSize: 100)
        let first = try await MultipartProbe.chunks(of: sequence)
        let second = try await MultipartProbe.chunks(of: sequence)
        #expect(first == second)

        // Two iterators at once do not disturb each other.
        var a = sequence.makeAsyncIterator()
        var b = sequence.makeAsyncIterator()
        var interleaved: ([UInt8], [UInt8]) = ([], [])
        while let chunk = try await a.next() {
            interleaved.0 += chunk
            interleaved.1 += try await b.next() ?? []
        }
        #expect(try await b.next() == nil)
        #expect(interleaved.0 == Array(first.joined()))
        #expect(interleaved.1 == interleaved.0)
    }

    @Test func manySmallPartsArePackedIntoFewChunks() async throws {
        let parts = (0..<5000).map { PreparedRequest.Multipart.Part(name: "k\($0)", content: .bytes(Array("\($0)".utf8))) }
        let body = PreparedRequest.Multipart(parts: parts)
        let chunks = try await MultipartProbe.chunks(of: body.chunks())
        #expect(body.contentLength > 300_000)
        #expect(chunks.count == (body.contentLength + 65535) / 65536)
    }

    @Test func iteratorReturnsNilAfterTheLastChunk() async throws {
        var iterator = PreparedRequest.Multipart(parts: [], boundary: "b").chunks().makeAsyncIterator()
        #expect(try await iterator.next() == Array("--b--\r\n".utf8))
        #expect(try await iterator.next() == nil)
        #expect(try await iterator.next() == nil)
    }

    // MARK: - Cancellation and descriptors

    @Test func cancellationStopsTheStreamAndClosesTheFile() async throws {
        let directory = try ScratchDirectory()
        let path = try directory.makeSparseFile(named: "big.bin", size: 64 << 20)
        let body = PreparedRequest.Multipart(parts: [try .file(name: "f", path: path)])
        let task = Task { () -> (Int, (any Error)?) in
            var count = 0
            do {
                for try await _ in body.chunks(chunkSize: 4096) {
                    count += 1
                    #expect(MultipartProbe.openCount(of: path) == 1)
                    if count == 3 { withUnsafeCurrentTask { $0?.cancel() } }
                }
                return (count, nil)
            } catch {
                return (count, error)
            }
        }
        let (count, error) = await task.value
        #expect(count == 3)
        #expect(error is CancellationError)
        #expect(MultipartProbe.openCount(of: path) == 0)
    }

    @Test func earlyBreakDoesNotLeakTheDescriptor() async throws {
        let directory = try ScratchDirectory()
        let path = try directory.makeSparseFile(named: "big.bin", size: 8 << 20)
        let body = PreparedRequest.Multipart(parts: [try .file(name: "f", path: path)])
        #expect(MultipartProbe.openCount(of: path) == 0)
        for _ in 0..<20 {
            for try await _ in body.chunks(chunkSize: 1024) {
                #expect(MultipartProbe.openCount(of: path) == 1)
                break
            }
        }
        // Counted for this file only: the process-wide count moves with the tests running in
        // parallel (it once grew by 42 under ThreadSanitizer), so it proves nothing here.
        #expect(MultipartProbe.openCount(of: path) == 0)
    }

    @Test func fileIsOpenOnlyWhileItsPartIsRead() async throws {
        let directory = try ScratchDirectory()
        let path = try directory.write(Array(repeating: 1, count: 10), to: "small.txt")
        let body = PreparedRequest.Multipart(parts: [try .file(name: "f", path: path)] + (0..<50).map {
            PreparedRequest.Multipart.Part(name: "t\($0)", content: .bytes(Array(repeating: 66, count: 100)))
        })
        var iterator = body.chunks(chunkSize: 1000).makeAsyncIterator()
        _ = try await iterator.next()
        #expect(MultipartProbe.openCount(of: path) == 0)
        while try await iterator.next() != nil {}
    }

    @MainActor
    @Test func iteratesFromTheMainActor() async throws {
        let body = PreparedRequest.Multipart(parts: [.init(name: "a", content: .bytes([1]))], boundary: "b")
        var total = 0
        for try await chunk in body.chunks(chunkSize: 8) {
            total += chunk.count
        }
        #expect(total == body.contentLength)
    }
}
