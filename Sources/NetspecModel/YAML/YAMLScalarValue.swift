// MARK: - YAMLScalarValue

/// What a scalar means: null, a boolean, a number or text.
///
/// - Note: `.double(.nan)` is not equal to itself, as with `Double`; test with `isNaN`.
package enum YAMLScalarValue: Sendable, Hashable {
    /// `null`, `~`, or nothing at all (`key:`).
    case null
    /// `true` or `false` in one of three spellings.
    case bool(Bool)
    /// A decimal, `0o` octal or `0x` hexadecimal integer that fits in `Int`.
    case int(Int)
    /// A float, `.inf`, `.nan`, or an integer too big for `Int`.
    case double(Double)
    /// Anything else, and every quoted, block or `!!str` scalar: the scalar's text.
    case string(String)
}

// MARK: - Core schema

extension YAMLScalarValue {
    /// Resolves the text of a plain, untagged scalar with the YAML 1.2 core schema.
    ///
    /// - null: `""`, `~`, `null`, `Null`, `NULL`
    /// - bool: `true`, `True`, `TRUE`, `false`, `False`, `FALSE`
    /// - int: `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`. A value that does not fit in
    ///   `Int` becomes `.double` (the nearest `Double`, as JSON parsers do).
    /// - double: `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`,
    ///   `[-+]?(.inf|.Inf|.INF)`, `.nan`, `.NaN`, `.NAN`. Out-of-range exponents give ±infinity.
    /// - anything else: `.string`.
    ///
    /// https://yaml.org/spec/1.2.2/#1032-tag-resolution
    init(plain text: String) {
        // Most scalars are names; decide those on the first byte.
        guard let first = text.utf8.first else {
            self = .null
            return
        }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            self = Self.number(text) ?? .string(text)
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            self = Self.isNull(plain: text) ? .null : .string(text)
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            switch text {
            case "true", "True", "TRUE": self = .bool(true)
            default: self = .string(text)
            }
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            switch text {
            case "false", "False", "FALSE": self = .bool(false)
            default: self = .string(text)
            }
        default:
            self = .string(text)
        }
    }

    /// Whether a plain, untagged scalar's text is null under the core schema: empty, `~`,
    /// `null`, `Null` or `NULL`.
    static func isNull(plain text: String) -> Bool {
        switch text {
        case "", "~", "null", "Null", "NULL": true
        default: false
        }
    }

    // MARK: - Numbers

    /// The number `text` spells under the core schema, or `nil` if it is not one.
    private static func number(_ text: String) -> YAMLScalarValue? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        let utf8 = text.utf8
        if utf8.count > 2, utf8.first == UInt8(ascii: "0") {
            let marker = utf8[utf8.index(after: utf8.startIndex)]
            let digits = text.dropFirst(2)
            if marker == UInt8(ascii: "x") {
                return digits.utf8.allSatisfy(\.isHexDigit) ? integer(digits, radix: 16) : nil
            }
            if marker == UInt8(ascii: "o") {
                return digits.utf8.allSatisfy(\.isOctalDigit) ? integer(digits, radix: 8) : nil
            }
        }
        switch DecimalShape(utf8) {
        case .integer: return Int(text).map(Self.int) ?? Double(text).map(Self.double)
        case .float: return Double(text).map(Self.double)
        case .none: return nil
        }
    }

    /// `digits` in `radix` as `.int`, or as `.double` when it does not fit in `Int`.
    private static func integer(_ digits: Substring, radix: Int) -> YAMLScalarValue {
        if let value = Int(digits, radix: radix) { return .int(value) }
        var value = 0.0
        for byte in digits.utf8 { value = value * Double(radix) + Double(byte.hexValue) }
        return .double(value)
    }

    /// Whether bytes spell a decimal integer, a decimal float, or neither.
    private enum DecimalShape {
        case integer, float, none

        /// Matches `[-+]?[0-9]+` (integer) or
        /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?` (float).
        init(_ bytes: String.UTF8View) {
            var index = bytes.startIndex
            let end = bytes.endIndex
            func skipDigits() -> Int {
                var count = 0
                while index < end, bytes[index].isDecimalDigit {
                    bytes.formIndex(after: &index)
                    count += 1
                }
                return count
            }
            func skipSign() {
                if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    bytes.formIndex(after: &index)
                }
            }
            skipSign()
            let integerDigits = skipDigits()
            var isFloat = false
            if index < end, bytes[index] == UInt8(ascii: ".") {
                bytes.formIndex(after: &index)
                isFloat = true
                guard skipDigits() > 0 || integerDigits > 0 else { self = .none; return }
            } else if integerDigits == 0 {
                self = .none
                return
            }
            if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                bytes.formIndex(after: &index)
                isFloat = true
                skipSign()
                guard skipDigits() > 0 else { self = .none; return }
            }
            guard index == end else { self = .none; return }
            self = isFloat ? .float : .integer
        }
    }
}

// MARK: - Integers a Double changes

extension YAMLScalarValue {
    /// When the plain text `text` is an integer (`[-+]?[0-9]+`, `0o…`, `0x…`) that does not fit
    /// `Int` and whose nearest `Double`, what ``init(plain:)`` makes of it, is another number, the
    /// decimal digits it would be sent as (`123456789012345677877719597056` for
    /// `123456789012345678901234567890`); `nil` otherwise (JSONValue+BigIntegers.swift).
    static func integerLoss(plain text: String) -> String? {
        guard case let .double(number) = YAMLScalarValue(plain: text), number.isFinite else { return nil }
        let utf8 = text.utf8
        if utf8.count > 2, utf8.first == UInt8(ascii: "0"), let marker = utf8.dropFirst().first,
           marker == UInt8(ascii: "x") || marker == UInt8(ascii: "o") {
            // Exact when its bits from the first 1 to the last 1 are at most a Double's 53.
            let width = marker == UInt8(ascii: "x") ? 4 : 3
            var first: Int?
            var last = 0
            for (position, byte) in utf8.dropFirst(2).enumerated() where byte.hexValue != 0 {
                let digit = Int(byte.hexValue)
                first = first ?? position * width + width - (Int.bitWidth - digit.leadingZeroBitCount)
                last = position * width + width - 1 - digit.trailingZeroBitCount
            }
            guard let first, last - first + 1 > 53 else { return nil }
            return JSONValue.exactIntegerDigits(number)
        }
        return JSONValue.integerLiteralLoss(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }
}

// MARK: - Byte classes

extension UInt8 {
    /// `0`–`9`.
    fileprivate var isDecimalDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    /// `0`–`7`.
    fileprivate var isOctalDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "7") }
    /// `0`–`9`, `a`–`f`, `A`–`F`.
    fileprivate var isHexDigit: Bool { hexValue < 16 }
    /// The value of a hexadecimal digit, or 255 if the byte is not one.
    fileprivate var hexValue: UInt8 {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: 255
        }
    }
}
