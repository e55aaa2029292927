import NIOConcurrencyHelpers

/// A response body passed on chunk by chunk while each chunk, and the end, are reported: how
/// ``HARRecorder`` records a stream as what arrived without holding it back.
struct HARBodyTap: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    typealias Failure = any Error

    enum Event {
        case chunk([UInt8])
        /// The body ended: `nil` at its end, else the error that broke it off.
        case end((any Error)?)
        /// The body was let go before its end (a redirect's or a retried attempt's, a stream the
        /// caller stopped reading): nothing more will arrive.
        case abandoned
    }

    /// Reports ``Event/abandoned`` when the last copy of the body and of its iterators goes
    /// before the end was reported.
    final class Watch: Sendable {
        let report: @Sendable (Event) -> Void
        let ended = NIOLockedValueBox(false)

        init(report: @escaping @Sendable (Event) -> Void) { self.report = report }

        func end(_ error: (any Error)?) {
            ended.withLockedValue { $0 = true }
            report(.end(error))
        }

        deinit {
            if !ended.withLockedValue({ $0 }) { report(.abandoned) }
        }
    }

    let body: TransportResponse.Body
    let watch: Watch

    init(body: TransportResponse.Body, report: @escaping @Sendable (Event) -> Void) {
        self.body = body
        watch = Watch(report: report)
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(base: body.makeAsyncIterator(), watch: watch)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: TransportResponse.Body.Iterator
        let watch: Watch
        var ended = false

        mutating func next() async throws -> [UInt8]? {
            guard !ended else { return nil }
            do {
                guard let chunk = try await base.next() else {
                    ended = true
                    watch.end(nil)
                    return nil
                }
                watch.report(.chunk(chunk))
                return chunk
            } catch {
                ended = true
                watch.end(error)
                throw error
            }
        }
    }
}
