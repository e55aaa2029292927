public import HTTPTypes

/// A response body's bytes as they arrive (`api.download.bytes(…)`); errors are ``CallError``s.
public struct ByteStream: AsyncSequence, Sendable {
    /// A chunk of bytes.
    public typealias Element = [UInt8]
    /// The errors the stream throws: ``CallError``.
    public typealias Failure = any Error

    /// The response's status code.
    public let status: Int
    /// The response's headers.
    public let headerFields: HTTPFields
    let body: TransportResponse.Body

    init(head: TransportResponse, body: TransportResponse.Body) {
        status = head.status
        headerFields = head.headerFields
        self.body = body
    }

    /// Creates an iterator; a stream can be read once.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: body.makeAsyncIterator())
    }

    /// Reads chunks.
    public struct Iterator: AsyncIteratorProtocol {
        var base: TransportResponse.Body.Iterator

        /// The next chunk, or `nil` at the end.
        public mutating func next() async throws -> [UInt8]? {
            do {
                return try await base.next()
            } catch {
                throw CallError.wrapping(error)
            }
        }
    }
}
