extension Response {
    /// The raw body chunks of a stream endpoint, as they arrive; errors are ``CallError``s.
    public struct ByteStream: AsyncSequence, Sendable {
        /// A chunk of bytes.
        public typealias Element = [UInt8]
        /// The errors the stream throws: ``CallError``.
        public typealias Failure = any Error

        let body: ResponseBody

        /// Creates an iterator; a stream can be read once.
        public func makeAsyncIterator() -> Iterator {
            Iterator(base: body.makeAsyncIterator())
        }

        /// Reads chunks.
        public struct Iterator: AsyncIteratorProtocol {
            var base: ResponseBody.Iterator

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
}

/// The name inside the package.
package typealias ByteStream = Response.ByteStream
