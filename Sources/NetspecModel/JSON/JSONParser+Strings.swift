// MARK: - Strings

extension JSONParser {
    /// The decoded UTF-8 bytes of one string: in the input when it had no escapes, else in `scratch`.
    struct StringSpan {
        var start: UnsafePointer<UInt8>
        var count: Int
        var isASCII: Bool
        /// The end of the memory that may be read past `start + count` (for word-sized loads).
        var readableEnd: UnsafePointer<UInt8>

        /// Copies the bytes into a `String` without validating them again.
        ///
        /// The scanner has already checked that they are well-formed UTF-8, which is what
        /// `UTF8Span(unchecked:)` requires.
        @inline(__always)
        func makeString() -> String {
            let buffer = UnsafeBufferPointer(start: start, count: count)
            return String(copying: UTF8Span(unchecked: buffer.span, isKnownASCII: isASCII))
        }
    }

    /// Parses the string whose opening quote is at `position`.
    ///
    /// - Returns: The decoded string.
    @inline(__always)
    mutating func parseString() throws(JSONValue.ParseError) -> String {
        try scanString().makeString()
    }

    /// Scans a string from its opening quote to past its closing quote, validating it.
    ///
    /// The common case, a string without escapes, is a single pass over the input that returns a
    /// span of it; the first backslash switches to `scanEscapedString`.
    @inline(__always)
    mutating func scanString() throws(JSONValue.ParseError) -> StringSpan {
        let quote = position
        let start = position + 1
        var index = start
        var isASCII = true
        while true {
            // Runs of ordinary ASCII: everything but `"`, `\`, controls and bytes >= 0x80.
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte &- 0x20 >= 0x60 { break }
                index += 1
            }
            guard index < end else { throw error("unterminated string", at: quote) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return StringSpan(
                    start: bytes + start, count: index - start, isASCII: isASCII, readableEnd: bytes + end)
            }
            if byte == UInt8(ascii: "\\") {
                return try scanEscapedString(quote: quote, escapeAt: index, isASCII: isASCII)
            }
            if byte < 0x20 { throw controlCharacter(at: index) }
            guard let next = utf8SequenceEnd(at: index) else { throw invalidUTF8(at: index) }
            index = next
            isASCII = false
        }
    }

    /// Continues a string at its first backslash, decoding into `scratch`.
    private mutating func scanEscapedString(
        quote: Int, escapeAt firstEscape: Int, isASCII: Bool
    ) throws(JSONValue.ParseError) -> StringSpan {
        scratch.removeAll()
        scratch.append(bytes + quote + 1, count: firstEscape - quote - 1)
        var isASCII = isASCII
        var index = firstEscape
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                let base = UnsafePointer(scratch.base)
                return StringSpan(
                    start: base, count: scratch.count, isASCII: isASCII, readableEnd: base + scratch.capacity)
            } else if byte == UInt8(ascii: "\\") {
                guard index + 1 < end else { break }
                index = try decodeEscape(at: index, isASCII: &isASCII)
            } else if byte < 0x20 {
                throw controlCharacter(at: index)
            } else if byte < 0x80 {
                scratch.push(byte)
                index += 1
            } else {
                guard let next = utf8SequenceEnd(at: index) else { throw invalidUTF8(at: index) }
                scratch.append(bytes + index, count: next - index)
                index = next
                isASCII = false
            }
        }
        throw error("unterminated string", at: quote)
    }

    /// Decodes the escape whose backslash is at `index` into `scratch`.
    ///
    /// - Returns: The offset just past the escape.
    private mutating func decodeEscape(at index: Int, isASCII: inout Bool) throws(JSONValue.ParseError) -> Int {
        let decoded: UInt8
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            return try decodeUnicodeEscape(at: index, isASCII: &isASCII)
        case let other where other >= 0x21 && other < 0x7F:
            throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(other)))'", at: index)
        default:
            guard let shown = describeCharacter(at: index + 1) else { throw invalidUTF8(at: index + 1) }
            throw error("invalid escape sequence: '\\' followed by \(shown)", at: index)
        }
        scratch.push(decoded)
        return index + 2
    }

    /// Decodes `\uXXXX`, or a surrogate pair `\uD83D\uDE00`; a lone surrogate becomes U+FFFD.
    private mutating func decodeUnicodeEscape(at index: Int, isASCII: inout Bool) throws(JSONValue.ParseError) -> Int {
        guard let unit = hexQuad(at: index + 2) else {
            throw error("invalid \\u escape, expected 4 hex digits", at: index)
        }
        var next = index + 6
        var scalar = unit
        if unit >= 0xD800, unit <= 0xDBFF {
            if end - next >= 6, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u"),
                let low = hexQuad(at: next + 2), low >= 0xDC00, low <= 0xDFFF
            {
                scalar = 0x1_0000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                next += 6
            } else {
                scalar = 0xFFFD
            }
        } else if unit >= 0xDC00, unit <= 0xDFFF {
            scalar = 0xFFFD
        }
        if scalar >= 0x80 { isASCII = false }
        scratch.append(Unicode.Scalar(scalar)!)
        return next
    }

    /// The value of four hex digits at `offset`, or `nil` if there are not four.
    private func hexQuad(at offset: Int) -> UInt32? {
        guard end - offset >= 4 else { return nil }
        var value: UInt32 = 0
        for index in offset..<(offset + 4) {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    @inline(never)
    private func controlCharacter(at offset: Int) -> JSONValue.ParseError {
        error("unescaped control character \(Self.codePoint(UInt32(bytes[offset]))) in string", at: offset)
    }

    // MARK: - UTF-8

    /// The end of the well-formed UTF-8 sequence starting at `offset`, or `nil` if it is ill-formed.
    ///
    /// Rejects stray continuation bytes, overlong forms (`C0`, `C1`, `E0 80…9F`, `F0 80…8F`),
    /// UTF-16 surrogates encoded in UTF-8 (`ED A0…BF`), code points above U+10FFFF, `F5…FF`,
    /// and sequences cut short by the end of the input (Unicode 15, table 3-7).
    @inline(__always)
    func utf8SequenceEnd(at offset: Int) -> Int? {
        let lead = bytes[offset]
        if lead < 0x80 { return offset + 1 }
        @inline(__always) func isContinuation(_ index: Int) -> Bool { bytes[index] & 0xC0 == 0x80 }
        switch lead {
        case 0xC2...0xDF:
            guard end - offset >= 2, isContinuation(offset + 1) else { return nil }
            return offset + 2
        case 0xE0...0xEF:
            guard end - offset >= 3 else { return nil }
            let second = bytes[offset + 1]
            let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
            guard second >= low, second <= high, isContinuation(offset + 2) else { return nil }
            return offset + 3
        case 0xF0...0xF4:
            guard end - offset >= 4 else { return nil }
            let second = bytes[offset + 1]
            let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
            guard second >= low, second <= high, isContinuation(offset + 2), isContinuation(offset + 3) else {
                return nil
            }
            return offset + 4
        default:
            return nil
        }
    }
}
