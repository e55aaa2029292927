internal import NIOCore
internal import Synchronization

/// A request body as an `AsyncSequence` of byte chunks, in the sizes they were read from the socket.
///
/// The server reads from the socket only while fewer than a few chunks wait here, so a handler
/// that reads slowly slows the client down (TCP backpressure) and a 1 GiB upload is never held
/// in memory. Reading starts the `100 Continue` reply when the client asked for one.
///
/// - Important: Single-pass: a second iteration throws ``TestServerError/bodyAlreadyConsumed``.
///   If the handler never reads the body, the server discards it.
public struct TestRequestBody: AsyncSequence, Sendable {
    public typealias Element = [UInt8]
    public typealias Failure = any Error

    typealias Producer = NIOThrowingAsyncSequenceProducer<
        [UInt8], any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, BodyDemandDelegate
    >

    private let producer: Producer?
    private let state: BodyState

    init(producer: Producer, state: BodyState) {
        self.producer = producer
        self.state = state
    }

    /// A body with no bytes, for building a ``TestRequest`` by hand.
    public static var empty: TestRequestBody { TestRequestBody() }

    private init() {
        self.producer = nil
        self.state = BodyState(meter: nil, willRead: nil)
    }

    public func makeAsyncIterator() -> AsyncIterator {
        let first = !state.started.exchange(true, ordering: .relaxed)
        return AsyncIterator(upstream: first ? producer?.makeAsyncIterator() : nil, state: state, valid: first)
    }

    /// Iterates the chunks of a ``TestRequestBody``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var upstream: Producer.AsyncIterator?
        private let state: BodyState
        private var valid: Bool
        private var announced = false

        init(upstream: Producer.AsyncIterator?, state: BodyState, valid: Bool) {
            self.upstream = upstream
            self.state = state
            self.valid = valid
        }

        public mutating func next() async throws -> [UInt8]? {
            guard valid else { throw TestServerError.bodyAlreadyConsumed }
            if !announced {
                announced = true
                await state.willRead?()
            }
            guard let chunk = try await upstream?.next() else { return nil }
            state.meter?.consumed(chunk.count)
            return chunk
        }
    }
}

@available(*, unavailable)
extension TestRequestBody.AsyncIterator: Sendable {}

/// State shared by all copies of one ``TestRequestBody``.
final class BodyState: Sendable {
    let started = Atomic<Bool>(false)
    let meter: BodyMeter?
    /// Called once, before the first chunk is awaited (sends `100 Continue` if it is owed).
    let willRead: (@Sendable () async -> Void)?

    init(meter: BodyMeter?, willRead: (@Sendable () async -> Void)?) {
        self.meter = meter
        self.willRead = willRead
    }
}

/// Counts the bytes of one request body read from the socket but not yet taken by the handler.
final class BodyMeter: Sendable {
    private let buffered = Atomic<Int>(0)
    private let onLevel: @Sendable (Int) -> Void

    /// - Parameter onLevel: Told each new buffered level, to track the server-wide peak.
    init(onLevel: @escaping @Sendable (Int) -> Void) {
        self.onLevel = onLevel
    }

    func produced(_ count: Int) {
        onLevel(buffered.add(count, ordering: .relaxed).newValue)
    }

    func consumed(_ count: Int) {
        buffered.subtract(count, ordering: .relaxed)
    }
}

/// Wakes the connection's reader when the handler wants more body (or stopped listening).
struct BodyDemandDelegate: NIOAsyncSequenceProducerDelegate {
    let onDemand: @Sendable () -> Void

    func produceMore() { onDemand() }
    func didTerminate() { onDemand() }
}
