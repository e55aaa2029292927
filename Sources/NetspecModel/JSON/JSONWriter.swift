/// Serializes ``JSONValue`` trees to UTF-8 JSON text, keeping object member order.
///
/// Compact output has no whitespace at all. Pretty output puts each element and member on its own
/// line, indented by `indent` spaces per level, writes `"key": value`, and prints empty containers
/// as `[]` and `{}`. Coloured output wraps every token in an ANSI SGR sequence with the colours of
/// `jq` 1.7 and ends each with a reset.
///
/// Strings escape `"`, `\` and the control characters U+0000–U+001F (`\b \t \n \f \r`, others as
/// `\u001f` with lowercase hex); `/`, DEL and non-ASCII text are written as they are, in UTF-8.
/// Doubles print as the shortest text that reads back to the same value (`0.1`, `3.0`, `1e-05`,
/// `5e+20`); NaN and infinities, which JSON cannot express, print as `null`. A `Double` that is an
/// integer beyond `Int` prints as its exact digits, or as the literal ``integerLiterals`` gives for
/// it, and is noted in ``wideIntegers`` (JSONValue+BigIntegers.swift).
package struct JSONWriter {
    /// ANSI colours, as `jq` 1.7 uses them.
    enum Color {
        static let null: StaticString = "\u{1B}[1;30m"
        static let scalar: StaticString = "\u{1B}[0;39m"
        static let string: StaticString = "\u{1B}[0;32m"
        static let punctuation: StaticString = "\u{1B}[1;39m"
        static let key: StaticString = "\u{1B}[34;1m"
        static let reset: StaticString = "\u{1B}[0m"
    }

    package private(set) var output: [UInt8] = []
    /// Literals to write for integers beyond `Int`, by their `Double`'s bit pattern: the digits an
    /// answer had for a number parsed as a `Double` that does not keep them (`netspec call`).
    package var integerLiterals: [UInt64: String] = [:]
    /// Every `Double` written that is an integer beyond `Int` (digits a `Double` may have changed),
    /// in the order written; empty for the common document, so that a caller looks no further.
    package private(set) var wideIntegers: [Double] = []
    let isPretty: Bool
    let isColored: Bool
    let indent: Int

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - pretty: Whether to break lines and indent.
    ///   - colored: Whether to add ANSI colours.
    ///   - indent: Spaces per nesting level in pretty output; negative counts as 0.
    package init(pretty: Bool, colored: Bool, indent: Int) {
        self.isPretty = pretty
        self.isColored = colored
        self.indent = max(0, indent)
    }

    /// Appends one byte of punctuation as it is (for callers that write an object member by member).
    package mutating func appendByte(_ byte: UInt8) {
        output.append(byte)
    }

    /// Appends bytes that are already JSON text.
    package mutating func appendBytes(_ bytes: [UInt8]) {
        output.append(contentsOf: bytes)
    }

    /// Reserves room for at least `capacity` bytes of output.
    package mutating func reserveCapacity(_ capacity: Int) {
        output.reserveCapacity(capacity)
    }

    /// Appends `value` pretty-printed and coloured as the writer was made to, or compact.
    package mutating func write(_ value: JSONValue) {
        if isPretty || isColored {
            writeFormatted(value)
        } else {
            writeCompact(value)
        }
    }

    // MARK: - Compact

    /// Appends the compact form of `value`, the fast path behind `serialized()` and `description`.
    package mutating func writeCompact(_ value: JSONValue) {
        switch value {
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for index in elements.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeCompact(elements[index])
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for index in object.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                let member = object[index]
                writeString(member.key)
                output.append(UInt8(ascii: ":"))
                writeCompact(member.value)
            }
            output.append(UInt8(ascii: "}"))
        default:
            writeScalar(value)
        }
    }

    // MARK: - Formatted

    /// Appends `value` with the writer's pretty-printing and colour settings.
    ///
    /// - Parameters:
    ///   - value: The value to write.
    ///   - level: The nesting level of `value`, for indentation.
    mutating func writeFormatted(_ value: JSONValue, level: Int = 0) {
        switch value {
        case .array(let elements):
            guard !elements.isEmpty else { return writePunctuation("[]") }
            writePunctuation("[")
            for index in elements.indices {
                if index > 0 { writePunctuation(",") }
                writeLineBreak(level: level + 1)
                writeFormatted(elements[index], level: level + 1)
            }
            writeLineBreak(level: level)
            writePunctuation("]")
        case .object(let object):
            guard !object.isEmpty else { return writePunctuation("{}") }
            writePunctuation("{")
            for index in object.indices {
                if index > 0 { writePunctuation(",") }
                writeLineBreak(level: level + 1)
                let member = object[index]
                if isColored { append(Color.key) }
                writeString(member.key)
                if isColored { append(Color.reset) }
                writePunctuation(":")
                if isPretty { output.append(UInt8(ascii: " ")) }
                writeFormatted(member.value, level: level + 1)
            }
            writeLineBreak(level: level)
            writePunctuation("}")
        default:
            guard isColored else { return writeScalar(value) }
            switch value {
            case .null: append(Color.null)
            case .string: append(Color.string)
            default: append(Color.scalar)
            }
            writeScalar(value)
            append(Color.reset)
        }
    }

    private mutating func writePunctuation(_ text: StaticString) {
        if isColored { append(Color.punctuation) }
        append(text)
        if isColored { append(Color.reset) }
    }

    private mutating func writeLineBreak(level: Int) {
        guard isPretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * indent))
    }

    // MARK: - Scalars

    private mutating func writeScalar(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .int(let number): writeInteger(number)
        case .double(let number): writeDouble(number)
        case .string(let text): writeString(text)
        case .array, .object: writeCompact(value)
        }
    }

    private mutating func writeInteger(_ number: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = number.magnitude
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            if number < 0 { output.append(UInt8(ascii: "-")) }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    private mutating func writeDouble(_ number: Double) {
        guard number.isFinite else { return append("null") }
        // An integer wider than 64 bits as its digits (JSONValue+BigIntegers.swift), not in exponent form.
        if number.magnitude >= 0x1p63, let digits = JSONValue.exactIntegerDigits(number) {
            wideIntegers.append(number)
            return output.append(contentsOf: (integerLiterals[number.bitPattern] ?? digits).utf8)
        }
        // Swift's description is the shortest round-trip form and always valid JSON for finite values.
        output.append(contentsOf: number.description.utf8)
    }

    /// Appends `text` as a quoted, escaped JSON string.
    package mutating func writeString(_ text: String) {
        output.append(UInt8(ascii: "\""))
        // A native string's bytes are read in place, without a mutable copy of the string.
        if text.utf8.withContiguousStorageIfAvailable({ writeEscaped($0) }) == nil {
            var text = text
            text.withUTF8 { writeEscaped($0) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 bytes with JSON's escapes; runs without escapes are copied in one go.
    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            }
            writeEscape(byte)
            runStart = index + 1
        }
        if runStart < utf8.count {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
    }

    private mutating func writeEscape(_ byte: UInt8) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        default:
            let hex: StaticString = "0123456789abcdef"
            append("u00")
            output.append(hex.utf8Start[Int(byte >> 4)])
            output.append(hex.utf8Start[Int(byte & 0xF)])
        }
    }

    private mutating func append(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
