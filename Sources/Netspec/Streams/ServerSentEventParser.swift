/// Synchronous Server-Sent Events state machine: bytes in, ``ServerSentEvent`` values out.
///
/// Feed the response body with ``append(_:)`` as it arrives, take every event it completed with
/// ``next()`` until that returns `nil`, and call ``finish()`` when the body ends:
///
/// ```swift
/// var parser = ServerSentEventParser()
/// for chunk in chunks {
///     try parser.append(chunk)
///     while let event = parser.next() { handle(event) }
/// }
/// while let event = parser.finish() { handle(event) }
/// ```
///
/// The parser has no I/O, no actors and no tasks; ``ServerSentEvent/AsyncEvents`` adapts it to
/// `AsyncSequence`. Lines are split by `LineSplitter` and interpreted by `EventAssembler`.
///
/// https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream
struct ServerSentEventParser: Sendable {

    // MARK: - Types

    /// How far the byte order mark check at the start of the stream has got.
    private enum ByteOrderMark: Sendable {
        /// The stream started with this many bytes of `EF BB BF`; more are needed to decide.
        case matching(Int)
        /// The BOM was removed, or the stream does not start with one.
        case decided
    }

    // MARK: - Properties

    /// Splits the stream into lines at CRLF, LF and lone CR.
    private var splitter: LineSplitter

    /// Applies the field rules to each line.
    private var assembler: EventAssembler

    /// Dispatched events not yet returned by ``next()``, from `pendingHead` on.
    private var pending: [ServerSentEvent] = []

    /// The index of the next event ``next()`` returns.
    private var pendingHead = 0

    /// The state of the leading-BOM check.
    private var byteOrderMark = ByteOrderMark.matching(0)

    /// The error that stopped the stream; ``append(_:)`` throws it again once it has been thrown.
    private var failure: StreamError?

    /// The UTF-8 encoding of U+FEFF BYTE ORDER MARK.
    private static let byteOrderMarkBytes: [UInt8] = [0xEF, 0xBB, 0xBF]

    // MARK: - Initialization

    /// Creates a parser at the start of a stream.
    ///
    /// - Parameter limits: The longest line and the largest event data accepted.
    init(limits: StreamLimits = .default) {
        splitter = LineSplitter(terminators: .crlfOrLFOrCR, maxLineBytes: limits.maxLineBytes)
        assembler = EventAssembler(maxEventBytes: limits.maxEventBytes)
    }

    // MARK: - Stream state

    /// The *last event ID string*: the ID a reconnecting client sends as `Last-Event-ID`.
    ///
    /// It is committed when a blank line ends a block, even a block that dispatches nothing, and
    /// covers every complete line appended so far, including events not yet taken with ``next()``.
    var lastEventID: String { assembler.lastEventID }

    /// The last valid `retry` value seen on the stream, in milliseconds, or `nil` if none was.
    var reconnectionTime: Int? { assembler.reconnectionTime }

    // MARK: - Parsing

    /// Buffers the next bytes of the stream and interprets every line they complete.
    ///
    /// Contiguous collections (`[UInt8]`, `ArraySlice<UInt8>`, `UnsafeRawBufferPointer`, …) are
    /// read in place; other collections are copied once.
    ///
    /// - Parameter chunk: The next bytes of the response body, split anywhere.
    /// - Throws: ``StreamError`` when a line or an event's data exceeds the limits. Events completed
    ///   before the offending line are still returned by ``next()``; every later call throws again.
    mutating func append(_ chunk: some Collection<UInt8>) throws(StreamError) {
        if let failure { throw failure }
        let error = chunk.withContiguousStorageIfAvailable { feedCatchingErrors($0) }
            ?? Array(chunk).withUnsafeBufferPointer { feedCatchingErrors($0) }
        if let error {
            failure = error
            throw error
        }
    }

    /// Whether the bytes appended so far end inside an event (a partial line, or fields without the
    /// blank line that dispatches them): a stream that ends now was cut off mid-event.
    var isInsideEvent: Bool { splitter.hasPartialLine || assembler.hasPendingEvent }

    /// Returns the next event completed by the bytes appended so far, or `nil` if more are needed.
    mutating func next() -> ServerSentEvent? {
        guard pendingHead < pending.count else { return nil }
        let event = pending[pendingHead]
        pendingHead += 1
        if pendingHead == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
        }
        return event
    }

    /// Ends the stream, then returns ``next()``.
    ///
    /// A final line without a terminator is still interpreted, so a trailing `retry` field takes
    /// effect, but the event it belongs to is discarded because no blank line completed it:
    ///
    /// > Once the end of the file is reached, any pending data must be discarded. (If the file ends
    /// > in the middle of an event, before the final empty line, the incomplete event is not
    /// > dispatched.)
    ///
    /// So `finish()` never creates an event; it returns an already completed event only if the
    /// caller has not drained ``next()``. Appending after `finish()` starts a new stream, as after
    /// a reconnection: the BOM check is re-armed, while ``lastEventID`` and ``reconnectionTime``
    /// carry over.
    mutating func finish() -> ServerSentEvent? {
        guard failure == nil else { return next() }
        if case .matching(let count) = byteOrderMark, count > 0 {
            _ = Self.byteOrderMarkBytes[..<count].withUnsafeBufferPointer { splitCatchingErrors($0) }
        }
        byteOrderMark = .matching(0)
        do {
            try splitter.finish { (line) throws(StreamError) in _ = try assembler.consume(line: line) }
        } catch {
            // Only a `data` field can throw here, and its event is discarded anyway.
        }
        assembler.discardPendingEvent()
        return next()
    }

    // MARK: - Private helpers

    /// Feeds `bytes` past the BOM check into the splitter; returns the error instead of throwing
    /// it, because `withContiguousStorageIfAvailable` only rethrows untyped errors.
    private mutating func feedCatchingErrors(_ bytes: UnsafeBufferPointer<UInt8>) -> StreamError? {
        guard case .matching(var matched) = byteOrderMark else { return splitCatchingErrors(bytes) }
        // > One leading U+FEFF BYTE ORDER MARK character must be ignored if any are present.
        // Only at the very start of the stream, only one, and possibly split across chunks.
        var index = 0
        while matched < 3, index < bytes.count, bytes[index] == Self.byteOrderMarkBytes[matched] {
            matched += 1
            index += 1
        }
        if matched == 3 {
            byteOrderMark = .decided
        } else if index < bytes.count {
            // Not a BOM after all: the bytes held back so far are ordinary stream bytes.
            byteOrderMark = .decided
            let heldBack = Self.byteOrderMarkBytes[..<matched].withUnsafeBufferPointer { splitCatchingErrors($0) }
            if let heldBack { return heldBack }
        } else {
            byteOrderMark = .matching(matched)
            return nil
        }
        return splitCatchingErrors(UnsafeBufferPointer(rebasing: bytes[index...]))
    }

    /// Splits `bytes` into lines and queues the events they dispatch.
    private mutating func splitCatchingErrors(_ bytes: UnsafeBufferPointer<UInt8>) -> StreamError? {
        do {
            try splitter.split(bytes) { (line) throws(StreamError) in
                if let event = try assembler.consume(line: line) { pending.append(event) }
            }
            return nil
        } catch {
            return error
        }
    }
}
