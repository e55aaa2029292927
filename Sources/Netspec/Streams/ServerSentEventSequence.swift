extension ServerSentEvent {
    /// The Server-Sent Events carried by an asynchronous sequence of byte chunks.
    ///
    /// A thin adapter over `ServerSentEventParser`: the iterator takes the next complete event from
    /// the parser, and only when the parser needs more bytes does it await the next chunk upstream.
    /// Chunks may be split anywhere, including between the CR and LF of a line ending.
    ///
    /// ```swift
    /// for try await event in response.body.map { ArraySlice($0.readableBytesView) }.serverSentEvents() {
    ///     print(event.data)
    /// }
    /// ```
    ///
    /// https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream
    ///
    /// Not API: the streams of `stream: sse` endpoints (``EventStream``) use it; the benchmark
    /// measures it through `@_spi(Parsing) import Netspec`.
    @_spi(Parsing)
    public struct AsyncEvents<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
    where Base.Element: Collection, Base.Element.Element == UInt8 {

        // MARK: - Types

        /// Each element is one dispatched event.
        public typealias Element = ServerSentEvent

        /// Pulls events out of the parser, awaiting upstream chunks only when it needs more bytes.
        public struct AsyncIterator: AsyncIteratorProtocol {
            /// The chunk source.
            private var upstream: Base.AsyncIterator
            /// The event-stream state machine.
            private var parser: ServerSentEventParser
            /// An error from ``ServerSentEventParser/append(_:)``, thrown once the events before it are out.
            private var failure: StreamError?
            /// The upstream sequence has ended or failed; only queued events remain.
            private var isFinished = false

            /// Creates an iterator over `upstream`'s chunks.
            init(upstream: Base.AsyncIterator, limits: StreamLimits) {
                self.upstream = upstream
                self.parser = ServerSentEventParser(limits: limits)
            }

            /// Returns the next event, or `nil` at the end of the stream.
            ///
            /// Runs off the caller's actor; Swift 6 `for try await` loops call ``next(isolation:)``.
            ///
            /// - Throws: ``StreamError`` when the stream exceeds the limits, after every event completed
            ///   before the offending bytes; or what the upstream sequence throws.
            public mutating func next() async throws -> ServerSentEvent? {
                while true {
                    if case .ready(let element) = try step() { return element }
                    let chunk: Base.Element?
                    do {
                        chunk = try await upstream.next()
                    } catch {
                        isFinished = true
                        throw error
                    }
                    if case .ready(let element) = receive(chunk) { return element }
                }
            }

            /// Returns the next event, or `nil` at the end of the stream, staying on the caller's actor.
            ///
            /// This is what a Swift 6 `for try await` loop calls. Awaiting upstream on `actor` saves two
            /// executor hops per event when the loop runs on an actor such as the main actor.
            ///
            /// - Parameter actor: The caller's actor, or `nil` when it is not isolated to one.
            /// - Throws: ``StreamError`` when the stream exceeds the limits, after every event completed
            ///   before the offending bytes; or what the upstream sequence throws.
            @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
            public mutating func next(isolation actor: isolated (any Actor)?) async throws -> ServerSentEvent? {
                while true {
                    if case .ready(let element) = try step() { return element }
                    let chunk: Base.Element?
                    do {
                        chunk = try await upstream.next(isolation: actor)
                    } catch {
                        isFinished = true
                        throw error
                    }
                    if case .ready(let element) = receive(chunk) { return element }
                }
            }

            // MARK: Private helpers
            //
            // `JSONLineStream`'s iterator has the same shape for lines. It is written out in each rather than
            // shared through a driver generic over the parser: this iterator is generic over its
            // upstream, so it is compiled unspecialized, and a parser reached through a protocol
            // there made SSE parsing 40% slower (564 → 348 MB/s in the benchmark).

            /// What the iterator can do without awaiting upstream.
            private enum Step {
                /// Return this event, or `nil` for the end of the stream.
                case ready(ServerSentEvent?)
                /// The parser needs the next chunk.
                case needsMore
            }

            /// Takes the next event from the parser, or reports that it needs more bytes.
            private mutating func step() throws(StreamError) -> Step {
                if let element = parser.next() { return .ready(element) }
                if let failure {
                    // The events completed before the error are out; report it now, once.
                    self.failure = nil
                    isFinished = true
                    throw failure
                }
                return isFinished ? .ready(nil) : .needsMore
            }

            /// Feeds one upstream chunk to the parser, or ends the stream when `chunk` is `nil`.
            private mutating func receive(_ chunk: Base.Element?) -> Step {
                guard let chunk else {
                    isFinished = true
                    // An incomplete final event is discarded, so this is `nil`: the end.
                    return .ready(parser.finish())
                }
                do {
                    try parser.append(chunk)
                } catch {
                    failure = error
                }
                return .needsMore
            }
        }

        // MARK: - Properties

        /// The byte chunks of the response body.
        private let base: Base

        /// The longest line and largest event accepted.
        private let limits: StreamLimits

        // MARK: - Initialization

        /// Creates the event sequence of a body delivered as byte chunks.
        ///
        /// Lines and events are limited to 16 MiB each.
        ///
        /// - Parameter base: The chunks of an `text/event-stream` body, split anywhere.
        public init(_ base: Base) {
            self.init(base, limits: .default)
        }

        /// Creates the event sequence of a body delivered as byte chunks, with explicit limits.
        ///
        /// - Parameters:
        ///   - base: The chunks of an `text/event-stream` body, split anywhere.
        ///   - limits: The longest line and largest event accepted.
        init(_ base: Base, limits: StreamLimits) {
            self.base = base
            self.limits = limits
        }

        // MARK: - AsyncSequence

        /// Creates an iterator with a fresh parser.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(upstream: base.makeAsyncIterator(), limits: limits)
        }
    }
}


// MARK: - Sendable

/// An iterator holds one consumer's parser state and the upstream iterator; it is not shared
/// between tasks (the same choice as swift-openapi-runtime's iterators).
@available(*, unavailable)
extension ServerSentEvent.AsyncEvents.AsyncIterator: Sendable {}

// MARK: - Convenience

extension AsyncSequence where Self: Sendable, Element: Collection, Element.Element == UInt8 {
    /// The Server-Sent Events in this sequence of byte chunks.
    ///
    /// - Returns: A sequence of events parsed with 16 MiB line and event limits.
    @_spi(Parsing)
    public func serverSentEvents() -> ServerSentEvent.AsyncEvents<Self> {
        ServerSentEvent.AsyncEvents(self)
    }

    /// The Server-Sent Events in this sequence of byte chunks, with explicit limits.
    ///
    /// - Parameter limits: The longest line and largest event accepted.
    /// - Returns: A sequence of parsed events.
    func serverSentEvents(limits: StreamLimits) -> ServerSentEvent.AsyncEvents<Self> {
        ServerSentEvent.AsyncEvents(self, limits: limits)
    }
}
