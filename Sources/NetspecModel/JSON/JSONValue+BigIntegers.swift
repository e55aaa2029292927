// Integers wider than 64 bits. JSON has no limit on an integer's digits; Netspec keeps an integer
// that does not fit `Int` as a `Double` (as JavaScript, Go's encoding/json into interface{} and
// most JSON libraries do), so it is an integer to the schema engine and the binder, and is
// written back as the integer digits of its exact value, never in exponent form (a server
// reading `1.2345678901234568e+29` sees a float). A literal with more significant digits than a
// Double keeps (about 17) would change on the way: ``JSONValue/integerLiteralLoss(_:)`` says so (and
// ``JSONValue/firstIntegerLiteralLoss(inJSON:)`` finds one inside JSON text), and the command line
// refuses such an item, as a spec's loader refuses such a default, rather than send another number.

extension JSONValue {
    /// The decimal digits of an integral `Double`'s exact value (`18446744073709551616` for 2^64),
    /// or `nil` when it is not an integer or is within ±2^53 (where the shortest form is exact).
    static func exactIntegerDigits(_ number: Double) -> String? {
        guard number.isFinite, number.rounded(.towardZero) == number, number.magnitude >= 0x1p53 else { return nil }
        // significand × 2^exponent, the significand a 53-bit integer.
        let exponent = Int(number.exponent) - 52
        var limbs: [UInt32] = [UInt32(truncatingIfNeeded: number.significandBitPattern | (1 << 52)), UInt32((number.significandBitPattern | (1 << 52)) >> 32)]
        for _ in 0..<max(exponent, 0) {
            var carry: UInt32 = 0
            for index in limbs.indices {
                let doubled = UInt64(limbs[index]) << 1 | UInt64(carry)
                limbs[index] = UInt32(truncatingIfNeeded: doubled)
                carry = UInt32(doubled >> 32)
            }
            if carry != 0 { limbs.append(carry) }
        }
        // Repeated division by 10^9, least significant group first.
        var groups: [UInt32] = []
        while limbs.contains(where: { $0 != 0 }) {
            var remainder: UInt64 = 0
            for index in limbs.indices.reversed() {
                let value = remainder << 32 | UInt64(limbs[index])
                limbs[index] = UInt32(value / 1_000_000_000)
                remainder = value % 1_000_000_000
            }
            groups.append(UInt32(remainder))
            while limbs.last == 0 { limbs.removeLast() }
        }
        var text = number < 0 ? "-" : ""
        for (index, group) in groups.reversed().enumerated() {
            let digits = String(group)
            text += index == 0 ? digits : String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }

    /// When `text` is an integer literal (`-?[0-9]+`) that does not fit `Int` and a `Double` does not
    /// keep exactly, the digits it would be sent as; `nil` otherwise.
    public static func integerLiteralLoss(_ text: String) -> String? {
        guard isIntegerLiteral(text), Int(text) == nil, let number = Double(text), let exact = exactIntegerDigits(number) else { return nil }
        let negative = text.hasPrefix("-")
        let trimmed = (negative ? text.dropFirst() : Substring(text)).drop { $0 == "0" }
        return exact == (negative ? "-" : "") + trimmed ? nil : exact
    }

    /// The first integer literal in the JSON text `text`, at any depth (`{"n": [1, 123456789012345678901234567890]}`),
    /// that ``integerLiteralLoss(_:)`` says a Double changes, and the digits it would be sent as;
    /// `nil` when there is none. Strings and numbers with a fraction or an exponent are passed over;
    /// `text` is meant to be JSON that parses.
    public static func firstIntegerLiteralLoss(inJSON text: String) -> (literal: String, sent: String)? {
        let bytes = Array(text.utf8)
        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                index += 1
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
                let end = index
                // A fraction or an exponent makes it no integer literal: its rest is skipped.
                while index < bytes.count, isDigit(bytes[index]) || ".eE+-".utf8.contains(bytes[index]) { index += 1 }
                guard end == index else { continue }
                let literal = String(decoding: bytes[start..<end], as: UTF8.self)
                if let sent = integerLiteralLoss(literal) { return (literal, sent) }
            default:
                index += 1
            }
        }
        return nil
    }

    /// Whether `text` is an integer literal: `-?[0-9]+`.
    package static func isIntegerLiteral(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
