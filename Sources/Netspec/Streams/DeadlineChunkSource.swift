/// A body read before an end (a download's, ``DownloadDeadline``): a chunk that has not arrived
/// by `end` fails the read with the timeout error of a whole-response call (`the request to HOST
/// timed out after LIMIT`), and the read in progress is cancelled, which closes its connection.
/// The end counts until the last byte is read: a reader that takes its time uses it up too.
struct DeadlineChunkSource: ResponseChunkSource {
    let body: TransportResponse.Body
    let end: ContinuousClock.Instant
    /// The limit and the host the error names.
    let limit: Duration
    let host: String

    func makeChunkIterator() -> any ResponseChunkIterator {
        Iterator(reader: Reader(body.makeAsyncIterator()), end: end, limit: limit, host: host)
    }

    struct Iterator: ResponseChunkIterator {
        let reader: Reader
        let end: ContinuousClock.Instant
        let limit: Duration
        let host: String

        mutating func nextChunk() async throws -> [UInt8]? {
            // Past the end, even a chunk already received is too late (as `fetch` checks each one).
            guard ContinuousClock.now < end else { throw TransportError.timedOut(after: limit, host: host) }
            let reader = reader
            // A cancelled reader gets the read's own answer to it, not the timer's.
            return try await Deadline.run(until: end, limit: limit, host: host) { try await reader.next() }
        }
    }

    /// The body's iterator, read by one child task at a time: a read that the end cuts short is
    /// cancelled and waited for before the next can start.
    final class Reader: @unchecked Sendable {
        private var base: TransportResponse.Body.Iterator

        init(_ base: TransportResponse.Body.Iterator) {
            self.base = base
        }

        func next() async throws -> [UInt8]? {
            try await base.next()
        }
    }
}
