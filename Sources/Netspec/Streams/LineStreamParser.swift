/// Splits a newline-delimited body (`stream: lines`, NDJSON) into its non-blank lines.
///
/// Lines end in LF or CRLF; a lone CR is part of the line. Lines that are empty or hold only
/// JSON whitespace (space, tab, CR) are skipped, and a final line without a terminator is still
/// a line. No byte order mark is removed: that is the line decoder's business. A JSON text
/// sequence (RFC 7464, `application/json-seq`) is split at each RS instead, so a record's text may
/// span lines; its closing LF stays on it as JSON whitespace.
///
/// Each line is returned as an `ArraySlice<UInt8>` into storage shared by the lines of one
/// ``append(_:)`` call, so yielding a line allocates nothing of its own.
///
/// https://github.com/ndjson/ndjson-spec
struct LineStreamParser: Sendable {

    // MARK: - Properties

    /// Splits the stream at LF and CRLF.
    private var splitter: LineSplitter

    /// The bytes of the queued lines, back to back.
    private var storage: [UInt8] = []

    /// The queued lines as ranges of `storage`, from `pendingHead` on, each with its number.
    private var pending: [(range: Range<Int>, number: Int)] = []

    /// How many lines the stream has had, blank ones included (records: how many were not blank).
    private var seen = 0
    /// Whether a blank line counts in ``lastLineNumber``: a line's does, a JSON text sequence's
    /// empty piece before its first RS is no record.
    private let countsBlankLines: Bool

    /// The number (from 1) of the line ``next()`` last returned, counting the blank lines skipped
    /// before it, so that a message names the line where it is in the body.
    private(set) var lastLineNumber = 0

    /// The index of the next line ``next()`` returns.
    private var pendingHead = 0

    /// The error that stopped the stream; ``append(_:)`` throws it again once it has been thrown.
    private var failure: StreamError?

    // MARK: - Initialization

    /// Creates a parser at the start of a stream.
    ///
    /// - Parameters:
    ///   - limits: `maxLineBytes` bounds a line, counting a CR before its LF; the event limit
    ///     does not apply.
    ///   - recordSeparated: Whether the body is a JSON text sequence (RFC 7464,
    ///     `application/json-seq`): records start with RS rather than end with LF.
    init(limits: StreamLimits = .default, recordSeparated: Bool = false) {
        splitter = LineSplitter(terminators: recordSeparated ? .recordSeparator : .crlfOrLF, maxLineBytes: limits.maxLineBytes)
        countsBlankLines = !recordSeparated
    }

    // MARK: - Parsing

    /// Buffers the next bytes of the stream and queues every non-blank line they complete.
    ///
    /// - Parameter chunk: The next bytes of the response body, split anywhere.
    /// - Throws: ``StreamError`` when a line exceeds `maxLineBytes`. Lines completed before it are
    ///   still returned by ``next()``; every later call throws again.
    mutating func append(_ chunk: some Collection<UInt8>) throws(StreamError) {
        if let failure { throw failure }
        if pendingHead == pending.count { clearQueue() }
        let error = chunk.withContiguousStorageIfAvailable { splitCatchingErrors($0) }
            ?? Array(chunk).withUnsafeBufferPointer { splitCatchingErrors($0) }
        if let error {
            failure = error
            throw error
        }
    }

    /// Returns the next complete line, without its terminator, or `nil` if more bytes are needed.
    mutating func next() -> ArraySlice<UInt8>? {
        guard pendingHead < pending.count else { return nil }
        let (range, number) = pending[pendingHead]
        pendingHead += 1
        lastLineNumber = number
        return storage[range]
    }

    /// Ends the stream: queues the final line if it had no terminator, then returns ``next()``.
    ///
    /// Call ``next()`` until it returns `nil` afterwards to drain every remaining line.
    mutating func finish() -> ArraySlice<UInt8>? {
        if failure == nil {
            if pendingHead == pending.count { clearQueue() }
            do {
                try splitter.finish { (line) throws(StreamError) in Self.enqueue(line, into: &storage, &pending, counting: &seen, blank: countsBlankLines) }
            } catch {
                // `enqueue` does not throw.
            }
        }
        return next()
    }

    // MARK: - Private helpers

    /// Splits `bytes` into lines and queues them; returns the error instead of throwing it,
    /// because `withContiguousStorageIfAvailable` only rethrows untyped errors.
    private mutating func splitCatchingErrors(_ bytes: UnsafeBufferPointer<UInt8>) -> StreamError? {
        do {
            try splitter.split(bytes) { (line) throws(StreamError) in Self.enqueue(line, into: &storage, &pending, counting: &seen, blank: countsBlankLines) }
            return nil
        } catch {
            return error
        }
    }

    /// Appends `line` to the queue unless it is blank.
    ///
    /// Static, so that the split closure touches only the queue while the splitter is mutated.
    private static func enqueue(
        _ line: UnsafeBufferPointer<UInt8>, into storage: inout [UInt8], _ pending: inout [(range: Range<Int>, number: Int)], counting seen: inout Int, blank countsBlank: Bool
    ) {
        let isBlank = !line.contains(where: { $0 != ASCII.space && $0 != ASCII.tab && $0 != ASCII.cr && $0 != ASCII.lf })
        if countsBlank || !isBlank { seen += 1 }
        // Skip empty and whitespace-only lines: NDJSON producers pad with them as keep-alives (and
        // a JSON text sequence's records end in LF, so one before the first RS is blank too).
        guard !isBlank else { return }
        let start = storage.count
        storage.append(contentsOf: line)
        pending.append((start..<storage.count, seen))
    }

    /// Forgets the lines already returned. Slices the caller still holds keep the old storage.
    private mutating func clearQueue() {
        storage.removeAll(keepingCapacity: storage.capacity <= 1 << 16)
        pending.removeAll(keepingCapacity: true)
        pendingHead = 0
    }
}
