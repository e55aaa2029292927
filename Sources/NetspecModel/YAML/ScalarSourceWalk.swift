/// Where each character of a scalar's text was written in its source: the text a scalar holds is
/// its value with quoting, escapes, line folding and a block scalar's indentation already applied
/// (`"\u0061"` is six characters of source for one of text, `'it''s'` two for one), so a
/// problem found at an offset into the text is found in the source again by reading the
/// scalar's source as libyaml reads it (`yaml_parser_scan_flow_scalar`, `…_plain_scalar`,
/// `…_block_scalar`), noting where each character of the text came from.
///
/// The walk is checked against the text it should give: where it gives another (a file changed
/// since it was read, a form this walk does not read), there is no answer, and the caller keeps
/// its estimate.
struct ScalarSourceWalk {
    /// A 1-based line and column (in Unicode scalars, as ``Mark`` counts them).
    typealias Position = (line: Int, column: Int)

    private let bytes: [UInt8]
    /// The byte the walk is at.
    private var index: Int
    private var line: Int
    private var column: Int
    /// The text's scalars read so far, each with where it was written.
    private(set) var produced: [(scalar: Unicode.Scalar, at: Position)] = []
    /// How many scalars of text to read before stopping.
    private let needed: Int
    /// The text the walk should give.
    private let expected: [Unicode.Scalar]

    /// A walk of the source `bytes` from `mark` (a scalar node's start), to read `needed` scalars
    /// of the text `expected`; `nil` when the source has no such place.
    init?(bytes: [UInt8], from mark: Mark, expected: [Unicode.Scalar], needed: Int) {
        self.bytes = bytes
        self.expected = expected
        self.needed = needed
        index = bytes.starts(with: YAMLSource.utf8BOM) ? 3 : 0
        line = 1
        column = 1
        while line < mark.line {
            guard let scalar = peek() else { return nil }
            if Self.isBreak(scalar) { _ = readBreak() } else { advance() }
        }
        while column < mark.column {
            guard let scalar = peek(), !Self.isBreak(scalar) else { return nil }
            advance()
        }
    }

    /// Where the scalar at `offset` (in scalars) of `text`, written in `style` from the walk's
    /// start, is; `nil` when the walk does not give `text`.
    static func position(in bytes: [UInt8], from mark: Mark, style: YAMLScalar.Style, text: String, scalarOffset offset: Int) -> Position? {
        let expected = Array(text.unicodeScalars)
        guard offset >= 0, offset <= expected.count,
              var walk = ScalarSourceWalk(bytes: bytes, from: mark, expected: expected, needed: min(offset + 1, expected.count)) else { return nil }
        guard walk.read(style) else { return nil }
        let count = min(walk.produced.count, expected.count)
        guard count >= min(offset + 1, expected.count), walk.produced[..<count].map(\.scalar) == Array(expected[..<count]) else { return nil }
        if offset < expected.count { return walk.produced[offset].at }
        // Just past the text: after its last character (an unclosed `{` at the end points there).
        guard let last = walk.produced.last?.at else { return nil }
        return (last.line, last.column + 1)
    }

    /// Reads the scalar after its properties (an anchor, a tag); `false` when the source there is
    /// not written in `style`.
    private mutating func read(_ style: YAMLScalar.Style) -> Bool {
        while let scalar = peek(), scalar == "&" || scalar == "!" {
            while let scalar = peek(), !Self.isBlank(scalar), !Self.isBreak(scalar) { advance() }
            while let scalar = peek(), Self.isBlank(scalar) || Self.isBreak(scalar) {
                if Self.isBreak(scalar) { _ = readBreak() } else { advance() }
            }
        }
        guard let first = peek() else { return false }
        switch style {
        case .plain:
            guard !Self.isBlank(first), !Self.isBreak(first) else { return false }
            return readFlow(quote: nil)
        case .singleQuoted:
            guard first == "'" else { return false }
            advance()
            return readFlow(quote: "'")
        case .doubleQuoted:
            guard first == "\"" else { return false }
            advance()
            return readFlow(quote: "\"")
        case .literal, .folded:
            guard first == (style == .literal ? "|" : ">") else { return false }
            return readBlock(folded: style == .folded)
        }
    }

    // MARK: - Flow scalars: plain, single- and double-quoted

    /// A flow scalar after its opening quote (`nil`: a plain one), until its closing quote or
    /// enough text. Breaks are folded: one becomes a space, each further one a line feed; blanks
    /// around them are dropped.
    private mutating func readFlow(quote: Unicode.Scalar?) -> Bool {
        while produced.count < needed {
            var leadingBlanks = false
            while let scalar = peek(), !Self.isBlank(scalar), !Self.isBreak(scalar) {
                if quote == "'", scalar == "'" {
                    guard peek(1) == "'" else { return true }
                    emit("'", at: position)
                    advance()
                    advance()
                } else if quote == "\"", scalar == "\"" {
                    return true
                } else if quote == "\"", scalar == "\\" {
                    if let next = peek(1), Self.isBreak(next) {
                        advance()
                        _ = readBreak()
                        leadingBlanks = true
                        break
                    }
                    guard readEscape() else { return false }
                } else {
                    emit(scalar, at: position)
                    advance()
                }
            }
            guard peek() != nil else { return quote == nil }
            readBlanks(alreadyLeading: leadingBlanks)
        }
        return true
    }

    /// The blanks and breaks between two runs of a flow scalar, joined as libyaml joins them.
    private mutating func readBlanks(alreadyLeading: Bool) {
        var leadingBlanks = alreadyLeading
        var whitespace: [(scalar: Unicode.Scalar, at: Position)] = []
        var leadingBreak: (scalar: Unicode.Scalar, at: Position)?
        var trailingBreaks: [(scalar: Unicode.Scalar, at: Position)] = []
        while let scalar = peek(), Self.isBlank(scalar) || Self.isBreak(scalar) {
            if Self.isBlank(scalar) {
                if !leadingBlanks { whitespace.append((scalar, position)) }
                advance()
            } else if !leadingBlanks {
                whitespace = []
                leadingBreak = readBreak()
                leadingBlanks = true
            } else {
                trailingBreaks.append(readBreak())
            }
        }
        if !leadingBlanks {
            produced += whitespace
        } else if let leadingBreak, leadingBreak.scalar == "\n" {
            if trailingBreaks.isEmpty { emit(" ", at: leadingBreak.at) } else { produced += trailingBreaks }
        } else {
            if let leadingBreak { produced.append(leadingBreak) }
            produced += trailingBreaks
        }
    }

    /// A double-quoted scalar's escape, at its backslash; `false` for one YAML does not have.
    private mutating func readEscape() -> Bool {
        let at = position
        advance()
        guard let letter = peek() else { return false }
        advance()
        let digits: Int
        switch letter {
        case "x": digits = 2
        case "u": digits = 4
        case "U": digits = 8
        default:
            guard let value = Self.simpleEscapes[letter] else { return false }
            emit(value, at: at)
            return true
        }
        guard var value = readHex(digits) else { return false }
        // JSON writes a character beyond the BMP as a UTF-16 surrogate pair: \ud83d\ude00.
        if (0xD800..<0xDC00).contains(value), peek() == "\\", peek(1) == "u" {
            advance()
            advance()
            guard let low = readHex(4), (0xDC00..<0xE000).contains(low) else { return false }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        emit(scalar, at: at)
        return true
    }

    /// `count` hexadecimal digits' value.
    private mutating func readHex(_ count: Int) -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let digit = peek(), let number = digit.hexDigitValue else { return nil }
            value = value * 16 + number
            advance()
        }
        return value
    }

    /// The one-letter escapes of YAML 1.2 (§5.7), and `\'` as libyaml reads it.
    private static let simpleEscapes: [Unicode.Scalar: Unicode.Scalar] = [
        "0": "\u{0}", "a": "\u{7}", "b": "\u{8}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{B}", "f": "\u{C}", "r": "\r",
        "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "'": "'", "\\": "\\", "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}",
    ]


    // MARK: - Block scalars: literal and folded

    /// A block scalar from its indicator: its header, then its lines without their indentation,
    /// a folded one's breaks between two lines that do not start with a blank becoming a space.
    private mutating func readBlock(folded: Bool) -> Bool {
        while let scalar = peek(), !Self.isBreak(scalar) { advance() }
        guard peek() != nil else { return true }
        _ = readBreak()
        guard let indent = contentIndentation() else { return false }
        var leadingBreak: (scalar: Unicode.Scalar, at: Position)?
        var trailingBreaks = readEmptyLines(indent: indent)
        var leadingBlank = false
        while column - 1 == indent, let first = peek(), produced.count < needed {
            let trailingBlank = Self.isBlank(first)
            if folded, let leading = leadingBreak, leading.scalar == "\n", !leadingBlank, !trailingBlank {
                if trailingBreaks.isEmpty { emit(" ", at: leading.at) }
            } else if let leading = leadingBreak {
                produced.append(leading)
            }
            produced += trailingBreaks
            leadingBreak = nil
            leadingBlank = trailingBlank
            while let scalar = peek(), !Self.isBreak(scalar) {
                emit(scalar, at: position)
                advance()
            }
            guard peek() != nil else { return true }
            leadingBreak = readBreak()
            trailingBreaks = readEmptyLines(indent: indent)
        }
        // The end's breaks (kept by `|+`, one by `|`): the text says which.
        if let leadingBreak { produced.append(leadingBreak) }
        produced += trailingBreaks
        return true
    }

    /// The block's indentation: its first line with text has this many spaces more than the
    /// same line of text (whether the header gave it or it was found); `nil` when no line has text.
    private func contentIndentation() -> Int? {
        var probe = self
        var spaces = 0
        while let scalar = probe.peek() {
            if scalar == " " {
                spaces += 1
                probe.advance()
            } else if Self.isBreak(scalar) {
                _ = probe.readBreak()
                spaces = 0
            } else {
                break
            }
        }
        guard probe.peek() != nil else { return nil }
        // The same line in the text: after its leading line feeds, its own leading spaces.
        let text = expected.drop { Self.isBreak($0) }
        let kept = text.prefix { $0 == " " }.count
        return spaces >= kept && kept < text.count ? spaces - kept : nil
    }

    /// Empty lines of a block scalar, each a break, the indentation before them passed over.
    private mutating func readEmptyLines(indent: Int) -> [(scalar: Unicode.Scalar, at: Position)] {
        var breaks: [(scalar: Unicode.Scalar, at: Position)] = []
        while true {
            while column - 1 < indent, peek() == " " { advance() }
            guard let scalar = peek(), Self.isBreak(scalar) else { return breaks }
            breaks.append(readBreak())
        }
    }

    // MARK: - Reading the source

    private var position: Position { (line, column) }

    private mutating func emit(_ scalar: Unicode.Scalar, at position: Position) {
        produced.append((scalar, position))
    }

    /// The scalar `ahead` scalars on; `nil` at the end or at a byte that is not UTF-8.
    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        var at = index
        for _ in 0..<ahead {
            guard at < bytes.count else { return nil }
            at += Self.length(of: bytes[at])
        }
        return decode(at: at)
    }

    private func decode(at start: Int) -> Unicode.Scalar? {
        guard start < bytes.count else { return nil }
        let lead = bytes[start]
        let length = Self.length(of: lead)
        guard start + length <= bytes.count else { return nil }
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<max(length, 1) { value = value << 6 | UInt32(bytes[start + offset] & 0x3F) }
        return Unicode.Scalar(value)
    }

    private static func length(of lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// Past one scalar that is not a break.
    private mutating func advance() {
        guard index < bytes.count else { return }
        index += Self.length(of: bytes[index])
        column += 1
    }

    /// Past one break (CR LF is one), giving it as libyaml does: a line feed for CR, LF, CR LF
    /// and NEL, LS and PS as they are.
    private mutating func readBreak() -> (scalar: Unicode.Scalar, at: Position) {
        let at = position
        let scalar = peek() ?? "\n"
        if scalar == "\r", peek(1) == "\n" { index += 1 }
        index += index < bytes.count ? Self.length(of: bytes[index]) : 0
        line += 1
        column = 1
        return (scalar == "\u{2028}" || scalar == "\u{2029}" ? scalar : "\n", at)
    }

    static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

    static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
