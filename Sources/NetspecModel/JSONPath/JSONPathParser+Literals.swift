/// String and number literals (RFC 9535 §2.3.1.1, §2.3.5.1).
extension JSONPathParser {
    /// `string-literal`: between `"` or `'`, with JSON's escapes (and `\'` in single quotes).
    mutating func parseStringLiteral() throws(JSONPath.ParseError) -> String {
        let start = position
        guard let quote = peek else { throw problem("expected a quoted string") }
        position += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw problem(at: start, "the string is not closed (\(quote) expected)") }
            position += 1
            switch scalar {
            case quote:
                return String(text)
            case "\\":
                text.append(try parseEscape(quote: quote))
            case _ where scalar.value < 0x20:
                throw problem(at: position - 1, "a control character (U+\(Self.hex4(scalar.value))) must be escaped in a string")
            default:
                text.append(scalar)
            }
        }
    }

    /// What follows a `\`: `b f n r t / \`, the quote, or `u` and four hex digits (a surrogate
    /// pair as two escapes).
    private mutating func parseEscape(quote: Unicode.Scalar) throws(JSONPath.ParseError) -> Unicode.Scalar {
        let start = position - 1
        guard let scalar = peek else { throw problem("expected an escape after '\\'") }
        position += 1
        switch scalar {
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "/": return "/"
        case "\\": return "\\"
        case quote: return quote
        case "u":
            let unit = try parseHex4(escapeStart: start)
            switch unit {
            case 0xD800...0xDBFF:
                guard lookingAt("\\u") else { throw problem(at: start, "a high surrogate escape must be followed by a low surrogate escape") }
                position += 2
                let low = try parseHex4(escapeStart: position - 2)
                guard (0xDC00...0xDFFF).contains(low) else { throw problem(at: start, "a high surrogate escape must be followed by a low surrogate escape") }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            case 0xDC00...0xDFFF:
                throw problem(at: start, "a low surrogate escape must follow a high one")
            default:
                return Unicode.Scalar(unit)!
            }
        default:
            throw problem(at: start, "'\\\(scalar)' is not an escape (\\b \\f \\n \\r \\t \\/ \\\\ \\\(quote) \\uXXXX are)")
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(JSONPath.ParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = scalar.hexDigitValue else {
                throw problem(at: escapeStart, "'\\u' must be followed by four hexadecimal digits")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }


    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `number = (int / "-0") [frac] [exp]`: an `Int` when it has neither and fits, else a `Double`.
    mutating func parseNumber() throws(JSONPath.ParseError) -> JSONValue {
        let start = position
        if peek == "-" { position += 1 }
        guard let first = peek, ("0"..."9").contains(first) else { throw problem("expected a digit") }
        position += 1
        if first == "0", let next = peek, ("0"..."9").contains(next) {
            throw problem(at: start, "a number cannot start with '0' followed by digits")
        }
        skipDigits()
        var isInteger = true
        if peek == "." {
            isInteger = false
            position += 1
            guard let digit = peek, ("0"..."9").contains(digit) else { throw problem("expected a digit after '.'") }
            skipDigits()
        }
        if peek == "e" || peek == "E" {
            isInteger = false
            position += 1
            if peek == "+" || peek == "-" { position += 1 }
            guard let digit = peek, ("0"..."9").contains(digit) else { throw problem("expected a digit in the exponent") }
            skipDigits()
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<position])
        let literal = String(text)
        if isInteger, let value = Int(literal) { return .int(value) }
        guard let value = Double(literal) else { throw problem(at: start, "'\(literal)' is not a number") }
        return .double(value)
    }

    private mutating func skipDigits() {
        while let scalar = peek, ("0"..."9").contains(scalar) { position += 1 }
    }
}
