// Integers wider than 64 bits. JSON has no limit on an integer's digits; Netspec keeps an integer
// that does not fit `Int` as a `Double` (as JavaScript, Go's encoding/json into interface{} and
// most JSON libraries do), so it is an integer to the schema engine and the binder, and is
// written back as the integer digits of its exact value, never in exponent form (a server
// reading `1.2345678901234568e+29` sees a float). A literal with more significant digits than a
// Double keeps (about 17) would change on the way: ``JSONValue/integerLiteralLoss(_:)`` says so (and
// ``JSONValue/firstIntegerLiteralLoss(inJSON:)`` finds one inside JSON text), and the command line
// refuses such an item, as a spec's loader refuses such a default, rather than send another number.
// On the way back, `netspec call` prints such a number of an answer with the digits the server
// wrote wherever it prints a whole text the answer had (the body; a page's item under
// `--paginate`; a stream's JSON line or event data; a WebSocket's JSON message), and warns on
// standard error where it cannot (a key path, a query, a tuple): ``JSONWriter`` notes every
// integer beyond `Int` it writes and writes the literals it is given for them, and only then does
// ``JSONValue/wideIntegerLiterals(inJSON:)`` read the answer's text for those literals and their
// JSON Pointers (ResultPrinter+WideIntegers.swift, ResultPrinter+Pages.swift,
// CallCommand+WebSocket.swift).

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

    /// Every number literal in the JSON text `bytes`, at any depth, whose `Double` is an integer
    /// beyond `Int` (the numbers ``JSONWriter`` writes as digits: `123456789012345678901234567890`,
    /// `1e30`), with its JSON Pointer (RFC 6901: `/items/0/id`, `""` for the whole document), in
    /// the order written. For `netspec call`, which reads an answer's text again only when it has
    /// printed such a number; `bytes` is meant to be JSON that parses.
    package static func wideIntegerLiterals(inJSON bytes: [UInt8]) -> [(pointer: String, literal: String, value: Double)] {
        var frames: [WideIntegerFrame] = []
        var found: [(pointer: String, literal: String, value: Double)] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                frames.append(WideIntegerFrame(isObject: byte == UInt8(ascii: "{"), expectsKey: byte == UInt8(ascii: "{")))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = frames.popLast()
            case UInt8(ascii: ","):
                guard let last = frames.indices.last else { break }
                if frames[last].isObject { frames[last].expectsKey = true } else { frames[last].index += 1 }
            case UInt8(ascii: "\""):
                let start = index
                index = endOfString(bytes, from: index)
                if let last = frames.indices.last, frames[last].expectsKey {
                    frames[last].key = start..<index
                    frames[last].expectsKey = false
                }
                continue
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 || ".eE+-".utf8.contains(bytes[index]) { index += 1 }
                let token = bytes[start..<index]
                // Fewer than 19 digits and no exponent is within ±10^18: no Double needs reading.
                guard token.count >= 19 || token.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) else { continue }
                let literal = String(decoding: token, as: UTF8.self)
                if let value = Double(literal), value.magnitude >= 0x1p63, exactIntegerDigits(value) != nil {
                    found.append((pointer(to: frames, in: bytes), literal, value))
                }
                continue
            default:
                break
            }
            index += 1
        }
        return found
    }

    /// The index after the string starting at `start` (its closing quote's, plus one).
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(index + 1, bytes.count)
    }

    /// The JSON Pointer of a place inside `frames`: for each, an object's key (its quoted text in
    /// `bytes`, decoded) or an array's index, `~` and `/` escaped as `~0` and `~1`.
    private static func pointer(to frames: [WideIntegerFrame], in bytes: [UInt8]) -> String {
        var text = ""
        for frame in frames {
            text += "/"
            guard frame.isObject else {
                text += String(frame.index)
                continue
            }
            let name = (try? JSONValue(parsing: bytes[frame.key]))?.string ?? String(decoding: bytes[frame.key], as: UTF8.self)
            for character in name {
                switch character {
                case "~": text += "~0"
                case "/": text += "~1"
                default: text.append(character)
                }
            }
        }
        return text
    }

    /// Whether `text` is an integer literal: `-?[0-9]+`.
    package static func isIntegerLiteral(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}

/// A container open where ``JSONValue/wideIntegerLiterals(inJSON:)`` reads: an object with the
/// range of its current key's quoted text, or an array with its current element's index.
private struct WideIntegerFrame {
    var isObject: Bool
    var key: Range<Int> = 0..<0
    var index = 0
    /// Whether an object's next string is a key (after `{` or `,`).
    var expectsKey: Bool
}
