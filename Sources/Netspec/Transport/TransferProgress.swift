/// A closure told about progress, called from the task that moves the bytes.
package typealias TransferProgressHandler = @Sendable (_ completed: Int, _ total: Int?) -> Void

extension TransportResponse.Body {
    /// The same body, reporting each chunk's arrival to `handler`.
    func reportingProgress(total: Int?, to handler: TransferProgressHandler?) -> TransportResponse.Body {
        guard let handler else { return self }
        return TransportResponse.Body(ProgressChunks(base: self, total: total, handler: handler))
    }
}

/// Counts the bytes of a body as they pass — a response's as they are read, a request's as the
/// transport takes them — and tells a handler after each chunk.
struct ProgressChunks<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == [UInt8] {
    typealias Element = [UInt8]
    let base: Base
    let total: Int?
    let handler: TransferProgressHandler

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), total: total, handler: handler) }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let total: Int?
        let handler: TransferProgressHandler
        var completed = 0

        mutating func next() async throws -> [UInt8]? {
            guard let chunk = try await base.next() else { return nil }
            completed += chunk.count
            handler(completed, total)
            return chunk
        }
    }
}

/// Bytes in memory as chunks, so their upload can report progress.
struct ByteChunks: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let bytes: [UInt8]
    var chunkSize = 64 * 1024

    func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes, chunkSize: chunkSize) }

    struct Iterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let chunkSize: Int
        var offset = 0

        mutating func next() async throws -> [UInt8]? {
            guard offset < bytes.count else { return nil }
            let end = Swift.min(offset + chunkSize, bytes.count)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }
    }
}
