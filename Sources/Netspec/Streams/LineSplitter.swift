/// Splits byte chunks into lines ending in CRLF, LF or a lone CR — also when CR and LF arrive in
/// different chunks.
///
/// > The stream must then be parsed by reading everything line by line, with a U+000D CARRIAGE
/// > RETURN U+000A LINE FEED (CRLF) character pair, a single U+000A LINE FEED (LF) character not
/// > preceded by a U+000D CARRIAGE RETURN (CR) character, and a single U+000D CARRIAGE RETURN (CR)
/// > character not followed by a U+000A LINE FEED (LF) character being the ways in which a line
/// > can end.
///
/// A CR that ends a chunk ends its line at once (a server that uses bare CR must not stall until
/// the next chunk); if the next chunk starts with LF, that LF is the rest of the CRLF pair.
///
/// Complete lines are handed to the caller in place, as a view into the chunk being split, so the
/// common case copies nothing. Only the unterminated tail of a chunk is carried over, and it is
/// joined with the head of the next chunk once that completes it.
///
/// The splitter works on raw bytes. That is sound for UTF-8 streams because CR (0x0D) and LF
/// (0x0A) never occur inside a multi-byte UTF-8 sequence, and a decoder that meets them inside a
/// malformed sequence ends the sequence there, so splitting before decoding gives the same lines as
/// decoding first.
///
/// https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream
struct LineSplitter: Sendable {

    // MARK: - Types

    /// Which byte sequences end a line.
    enum Terminators: Sendable {
        /// CRLF, LF, or a lone CR, as event streams use them.
        ///
        /// > `end-of-line = ( cr lf / cr / lf )`
        case crlfOrLFOrCR
        /// CRLF or LF; a lone CR is an ordinary byte, as in newline-delimited JSON.
        case crlfOrLF
        /// RS (U+001E) alone, which starts each record of a JSON text sequence (RFC 7464,
        /// `application/json-seq`): a record is what lies between two RS bytes, its LF included.
        case recordSeparator
    }

    // MARK: - Properties

    /// Which byte sequences end a line.
    let terminators: Terminators

    /// The longest line accepted, terminator excluded (a CR before the LF counts in `.crlfOrLF`).
    let maxLineBytes: Int

    /// The unterminated tail of the previous chunks: the start of the next line.
    private var carry: [UInt8] = []

    /// The last chunk ended in CR, so an LF at the start of the next chunk completes a CRLF pair
    /// rather than ending an empty line.
    private var skipsLeadingLF = false

    // MARK: - Initialization

    /// Creates a splitter.
    ///
    /// - Parameters:
    ///   - terminators: Which byte sequences end a line.
    ///   - maxLineBytes: The longest line accepted before ``split(_:_:)`` throws.
    init(terminators: Terminators, maxLineBytes: Int) {
        self.terminators = terminators
        self.maxLineBytes = maxLineBytes
    }

    // MARK: - Splitting

    /// Calls `body` with every line that `chunk` completes, terminator removed, in order.
    ///
    /// The buffer passed to `body` is valid only during that call.
    ///
    /// - Parameters:
    ///   - chunk: The next bytes of the stream.
    ///   - body: Receives each complete line; an error it throws stops the split and is rethrown.
    /// - Throws: ``StreamError`` when a line is longer than `maxLineBytes`, or what `body` throws.
    mutating func split(
        _ chunk: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) throws(StreamError) -> Void
    ) throws(StreamError) {
        guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
        let end = chunk.count
        var start = 0
        if skipsLeadingLF {
            // "cr lf" split across two chunks is one line ending, not two.
            skipsLeadingLF = false
            if base[0] == ASCII.lf { start = 1 }
        }
        if !carry.isEmpty, start < end {
            let terminator = firstTerminator(base, from: start, to: end)
            guard carry.count + (terminator - start) <= maxLineBytes else {
                throw .lineTooLong(limit: maxLineBytes)
            }
            carry.append(contentsOf: UnsafeBufferPointer(start: base + start, count: terminator - start))
            if terminator == end { return }
            try carry.withUnsafeBufferPointer { (line) throws(StreamError) in try body(trimmed(line)) }
            clearCarry()
            start = position(after: terminator, in: base, end: end)
        }
        while start < end {
            let terminator = firstTerminator(base, from: start, to: end)
            guard terminator - start <= maxLineBytes else { throw .lineTooLong(limit: maxLineBytes) }
            if terminator == end {
                carry.append(contentsOf: UnsafeBufferPointer(start: base + start, count: end - start))
                return
            }
            try body(trimmed(UnsafeBufferPointer(start: base + start, count: terminator - start)))
            start = position(after: terminator, in: base, end: end)
        }
    }

    /// Ends the stream: calls `body` with the final line if the stream did not end in a terminator.
    ///
    /// The splitter is empty afterwards and can split a new stream.
    ///
    /// - Parameter body: Receives the unterminated final line, if there is one.
    /// - Throws: What `body` throws.
    mutating func finish(_ body: (UnsafeBufferPointer<UInt8>) throws(StreamError) -> Void) throws(StreamError) {
        skipsLeadingLF = false
        guard !carry.isEmpty else { return }
        defer { clearCarry() }
        try carry.withUnsafeBufferPointer { (line) throws(StreamError) in try body(trimmed(line)) }
    }

    /// Whether part of a line has been received without its terminator.
    var hasPartialLine: Bool { !carry.isEmpty }

    // MARK: - Private helpers

    /// The index of the first line terminator in `base[from..<to]`, or `to` when there is none.
    ///
    /// Scans eight bytes per step (SWAR): a byte of `word ^ pattern` is zero exactly where `word`
    /// holds the pattern byte, and the lowest flagged byte of the zero-byte test is always exact.
    @inline(__always)
    private func firstTerminator(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        let alsoCR = terminators == .crlfOrLFOrCR
        let primary = terminators == .recordSeparator ? ASCII.rs : ASCII.lf
        let primaryBytes = terminators == .recordSeparator ? Self.rsBytes : Self.lfBytes
        var index = from
        while index &+ 8 <= to {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            var found = Self.zeroBytes(word ^ primaryBytes)
            if alsoCR { found |= Self.zeroBytes(word ^ Self.crBytes) }
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        while index < to {
            let byte = base[index]
            if byte == primary || (alsoCR && byte == ASCII.cr) { return index }
            index &+= 1
        }
        return to
    }

    /// LF in every byte of a word.
    private static let lfBytes: UInt64 = 0x0A0A_0A0A_0A0A_0A0A

    /// CR in every byte of a word.
    private static let crBytes: UInt64 = 0x0D0D_0D0D_0D0D_0D0D

    /// RS in every byte of a word.
    private static let rsBytes: UInt64 = 0x1E1E_1E1E_1E1E_1E1E

    /// A word with the high bit set in (at least) the lowest zero byte of `word`, and zero if it
    /// has no zero byte. Bytes above the lowest zero byte may be flagged falsely; none below it are.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// The start of the line after the terminator at `index`, remembering a CR that ends a chunk.
    @inline(__always)
    private mutating func position(after index: Int, in base: UnsafePointer<UInt8>, end: Int) -> Int {
        guard base[index] == ASCII.cr else { return index + 1 }
        if index + 1 < end { return base[index + 1] == ASCII.lf ? index + 2 : index + 1 }
        skipsLeadingLF = true
        return index + 1
    }

    /// `line` without the CR of a CRLF pair, which `.crlfOrLF` leaves on the line.
    @inline(__always)
    private func trimmed(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard terminators == .crlfOrLF, let last = line.last, last == ASCII.cr else { return line }
        return UnsafeBufferPointer(rebasing: line.dropLast())
    }

    /// Empties the carry, releasing its storage if one very long line made it large.
    private mutating func clearCarry() {
        if carry.capacity > 1 << 16 {
            carry = []
        } else {
            carry.removeAll(keepingCapacity: true)
        }
    }
}

// MARK: - ASCII

/// The ASCII bytes the stream parsers look for.
enum ASCII {
    /// LINE FEED, `\n`.
    static let lf: UInt8 = 0x0A
    /// CARRIAGE RETURN, `\r`.
    static let cr: UInt8 = 0x0D
    /// RECORD SEPARATOR, which starts each record of a JSON text sequence (RFC 7464).
    static let rs: UInt8 = 0x1E
    /// SPACE.
    static let space: UInt8 = 0x20
    /// CHARACTER TABULATION, `\t`.
    static let tab: UInt8 = 0x09
    /// COLON, `:`.
    static let colon: UInt8 = 0x3A
    /// DIGIT ZERO.
    static let zero: UInt8 = 0x30
    /// DIGIT NINE.
    static let nine: UInt8 = 0x39
    /// NULL, U+0000.
    static let null: UInt8 = 0x00
}
