extension TransportResponse {
    /// A response body: byte chunks as they arrive, readable once.
    ///
    /// Iterate it for streams, or ``collect(upTo:)`` it whole; both stop with an error when the
    /// body grows past a limit, so a response never takes unbounded memory.
    public struct Body: AsyncSequence, Sendable {
        /// A chunk of bytes.
        public typealias Element = [UInt8]
        /// The error a read may throw.
        public typealias Failure = any Error

        private enum Source: Sendable {
            case bytes([UInt8])
            case stream(any ResponseChunkSource)
        }

        private let source: Source

        /// A body already in memory.
        public init(bytes: [UInt8]) {
            source = .bytes(bytes)
        }

        /// A body read from an asynchronous sequence of chunks.
        public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks) where Chunks.Element == [UInt8] {
            source = .stream(SequenceChunkSource(chunks: chunks))
        }

        init(source: any ResponseChunkSource) {
            self.source = .stream(source)
        }

        /// The whole body.
        ///
        /// - Parameter limit: the largest body accepted, in bytes.
        /// - Throws: ``TransportError`` (`responseTooLarge`) past the limit, or the read's error.
        public func collect(upTo limit: Int) async throws -> [UInt8] {
            switch source {
            case let .bytes(bytes):
                guard bytes.count <= limit else { throw TransportError.responseTooLarge(limit: limit) }
                return bytes
            case let .stream(stream):
                return try await stream.collect(upTo: limit)
            }
        }

        /// Creates an iterator over the chunks.
        public func makeAsyncIterator() -> Iterator {
            switch source {
            case let .bytes(bytes): Iterator(pending: bytes.isEmpty ? nil : bytes, upstream: nil)
            case let .stream(stream): Iterator(pending: nil, upstream: stream.makeChunkIterator())
            }
        }

        /// Reads the chunks of a ``TransportResponse/Body``.
        public struct Iterator: AsyncIteratorProtocol {
            var pending: [UInt8]?
            var upstream: (any ResponseChunkIterator)?

            /// The next chunk, or `nil` at the end.
            public mutating func next() async throws -> [UInt8]? {
                if let chunk = pending {
                    pending = nil
                    return chunk
                }
                guard var iterator = upstream else { return nil }
                defer { upstream = iterator }
                return try await iterator.nextChunk()
            }
        }
    }
}


/// Where a streamed body's chunks come from.
protocol ResponseChunkSource: Sendable {
    func makeChunkIterator() -> any ResponseChunkIterator
    func collect(upTo limit: Int) async throws -> [UInt8]
}

/// Reads one streamed body.
protocol ResponseChunkIterator {
    mutating func nextChunk() async throws -> [UInt8]?
}

extension ResponseChunkSource {
    /// Collects by iterating, checking the limit after each chunk.
    func collect(upTo limit: Int) async throws -> [UInt8] {
        var iterator = makeChunkIterator()
        var bytes: [UInt8] = []
        while let chunk = try await iterator.nextChunk() {
            guard bytes.count + chunk.count <= limit else { throw TransportError.responseTooLarge(limit: limit) }
            bytes += chunk
        }
        return bytes
    }
}

/// A chunk source over any asynchronous sequence of byte arrays.
private struct SequenceChunkSource<Chunks: AsyncSequence & Sendable>: ResponseChunkSource where Chunks.Element == [UInt8] {
    let chunks: Chunks

    func makeChunkIterator() -> any ResponseChunkIterator {
        Iterator(base: chunks.makeAsyncIterator())
    }

    struct Iterator: ResponseChunkIterator {
        var base: Chunks.AsyncIterator
        mutating func nextChunk() async throws -> [UInt8]? { try await base.next() }
    }
}
