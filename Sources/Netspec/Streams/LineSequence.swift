/// The non-blank lines carried by an asynchronous sequence of byte chunks (`stream: lines`).
///
/// A thin adapter over `LineStreamParser`: the iterator takes the next complete line from the
/// parser and awaits the next upstream chunk only when the parser needs more bytes. At the end of
/// the upstream sequence, a final line without a terminator is still yielded.
struct LineSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: Collection, Base.Element.Element == UInt8 {

    // MARK: - Types

    /// Each element is one line without its LF or CRLF terminator.
    typealias Element = ArraySlice<UInt8>

    /// Pulls lines out of the parser, awaiting upstream chunks only when it needs more bytes.
    struct AsyncIterator: AsyncIteratorProtocol {
        /// The chunk source.
        private var upstream: Base.AsyncIterator
        /// The line splitter.
        private var parser: LineStreamParser
        /// An error from ``LineStreamParser/append(_:)``, thrown once the lines before it are out.
        private var failure: StreamError?
        /// The upstream sequence has ended or failed; only queued lines remain.
        private var isFinished = false

        /// Creates an iterator over `upstream`'s chunks.
        init(upstream: Base.AsyncIterator, limits: StreamLimits) {
            self.upstream = upstream
            self.parser = LineStreamParser(limits: limits)
        }

        /// Returns the next line, or `nil` at the end of the stream.
        ///
        /// Runs off the caller's actor; Swift 6 `for try await` loops call ``next(isolation:)``.
        ///
        /// - Throws: ``Response/StreamError`` when the stream exceeds the limits, after every line completed
        ///   before the offending bytes; or what the upstream sequence throws.
        mutating func next() async throws -> ArraySlice<UInt8>? {
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

        /// Returns the next line, or `nil` at the end of the stream, staying on the caller's actor.
        ///
        /// This is what a Swift 6 `for try await` loop calls. Awaiting upstream on `actor` saves two
        /// executor hops per line when the loop runs on an actor such as the main actor.
        ///
        /// - Parameter actor: The caller's actor, or `nil` when it is not isolated to one.
        /// - Throws: ``Response/StreamError`` when the stream exceeds the limits, after every line completed
        ///   before the offending bytes; or what the upstream sequence throws.
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        mutating func next(isolation actor: isolated (any Actor)?) async throws -> ArraySlice<UInt8>? {
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
        // `ServerSentEventSequence`'s iterator has the same shape for events. It is written out in each rather than
        // shared through a driver generic over the parser: this iterator is generic over its
        // upstream, so it is compiled unspecialized, and a parser reached through a protocol
        // there made SSE parsing 40% slower (564 → 348 MB/s in the benchmark).

        /// What the iterator can do without awaiting upstream.
        private enum Step {
            /// Return this line, or `nil` for the end of the stream.
            case ready(ArraySlice<UInt8>?)
            /// The parser needs the next chunk.
            case needsMore
        }

        /// Takes the next line from the parser, or reports that it needs more bytes.
        private mutating func step() throws(StreamError) -> Step {
            if let element = parser.next() { return .ready(element) }
            if let failure {
                // The lines completed before the error are out; report it now, once.
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
                // A final line without a terminator is still a line.
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

    /// The longest line accepted.
    private let limits: StreamLimits

    // MARK: - Initialization

    /// Creates the line sequence of a body delivered as byte chunks.
    ///
    /// - Parameters:
    ///   - base: The chunks of a newline-delimited body, split anywhere.
    ///   - limits: The longest line accepted; 16 MiB unless given.
    init(_ base: Base, limits: StreamLimits = .default) {
        self.base = base
        self.limits = limits
    }

    // MARK: - AsyncSequence

    /// Creates an iterator with a fresh parser.
    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(upstream: base.makeAsyncIterator(), limits: limits)
    }
}

// MARK: - Sendable

/// An iterator holds one consumer's parser state and the upstream iterator; it is not shared
/// between tasks (the same choice as swift-openapi-runtime's iterators).
@available(*, unavailable)
extension LineSequence.AsyncIterator: Sendable {}

// MARK: - Convenience

extension AsyncSequence where Self: Sendable, Element: Collection, Element.Element == UInt8 {
    /// The non-blank lines of this sequence of byte chunks, split at LF and CRLF.
    ///
    /// - Parameter limits: The longest line accepted; 16 MiB unless given.
    /// - Returns: A sequence of lines without their terminators.
    func newlineDelimitedLines(limits: StreamLimits = .default) -> LineSequence<Self> {
        LineSequence(self, limits: limits)
    }
}
