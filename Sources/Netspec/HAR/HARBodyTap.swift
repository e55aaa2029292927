/// A response body passed on chunk by chunk while each chunk, and the end, are reported: how
/// ``HARRecorder`` records a stream as what arrived without holding it back.
struct HARBodyTap: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    typealias Failure = any Error

    enum Event {
        case chunk([UInt8])
        /// The body ended: `nil` at its end, else the error that broke it off.
        case end((any Error)?)
    }

    let body: TransportResponse.Body
    let report: @Sendable (Event) -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(base: body.makeAsyncIterator(), report: report)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: TransportResponse.Body.Iterator
        let report: @Sendable (Event) -> Void
        var ended = false

        mutating func next() async throws -> [UInt8]? {
            guard !ended else { return nil }
            do {
                guard let chunk = try await base.next() else {
                    ended = true
                    report(.end(nil))
                    return nil
                }
                report(.chunk(chunk))
                return chunk
            } catch {
                ended = true
                report(.end(error))
                throw error
            }
        }
    }
}
