// MARK: - Building errors
//
// Every function here runs only on the failure path; `@inline(never)` keeps them out of the loops.

extension JSONParser {
    /// An error at `offset` with line and column computed from the input.
    @inline(never)
    func error(_ message: String, at offset: Int) -> JSONValue.ParseError {
        JSONValue.ParseError(message: message, offset: offset, in: input)
    }

    /// `unexpected end of input`, at the end of the input.
    @inline(never)
    func endOfInput() -> JSONValue.ParseError {
        error("unexpected end of input", at: end)
    }

    /// `invalid UTF-8 at byte offset N`.
    @inline(never)
    func invalidUTF8(at offset: Int) -> JSONValue.ParseError {
        error("invalid UTF-8 at byte offset \(offset)", at: offset)
    }

    /// An error for a byte that cannot start a value, with a specific message for the usual suspects.
    @inline(never)
    func invalidValueStart() -> JSONValue.ParseError {
        switch bytes[position] {
        case UInt8(ascii: "'"):
            return error("single-quoted strings are not allowed", at: position)
        case UInt8(ascii: "/"):
            return error("comments are not allowed", at: position)
        case UInt8(ascii: "+"):
            return error("numbers cannot start with '+'", at: position)
        case UInt8(ascii: "."):
            return error("numbers cannot start with '.'", at: position)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            if hasPrefix("NaN", at: position) || hasPrefix("Infinity", at: position) {
                return error("NaN and Infinity are not allowed", at: position)
            }
            return unexpectedCharacter(at: position)
        default:
            return unexpectedCharacter(at: position)
        }
    }

    /// `<prefix><character><suffix>`, or an invalid UTF-8 error if the byte there starts no valid character.
    @inline(never)
    func unexpectedCharacter(
        at offset: Int, prefix: String = "unexpected character ", suffix: String = ""
    ) -> JSONValue.ParseError {
        guard let shown = describeCharacter(at: offset) else { return invalidUTF8(at: offset) }
        return error(prefix + shown + suffix, at: offset)
    }

    /// The character at `offset` for a message: printable ASCII quoted (`'x'`), anything else as a
    /// code point (`U+0007`); `nil` if the bytes there are not valid UTF-8.
    func describeCharacter(at offset: Int) -> String? {
        let byte = bytes[offset]
        if byte >= 0x20, byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        if byte < 0x80 {
            return Self.codePoint(UInt32(byte))
        }
        guard let sequenceEnd = utf8SequenceEnd(at: offset) else { return nil }
        let text = String(
            decoding: UnsafeBufferPointer(start: bytes + offset, count: sequenceEnd - offset), as: UTF8.self)
        return Self.codePoint(text.unicodeScalars.first!.value)
    }

    /// `U+XXXX` with at least four uppercase hex digits.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Whether the input holds `literal` at `offset`.
    func hasPrefix(_ literal: StaticString, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - offset >= count else { return false }
        for index in 0..<count where bytes[offset + index] != literal.utf8Start[index] {
            return false
        }
        return true
    }
}
