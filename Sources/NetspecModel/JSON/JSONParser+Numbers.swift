// MARK: - Numbers

extension JSONParser {
    /// Parses the number starting at `position` (a `-` or a digit).
    ///
    /// Integer syntax (no fraction, no exponent) that fits `Int` becomes `.int`, exactly, whatever
    /// its magnitude; `-0` becomes `.int(0)`. Everything else becomes `.double`, correctly
    /// rounded: exactly by one multiplication or division when the significand has at most 2^53
    /// and the power of ten is at most 10^22 (Clinger's fast path), otherwise by the C library's
    /// `strtod` in the C locale. A number too large for `Double` (`1e400`) is an error; one too
    /// small (`1e-400`) becomes zero.
    ///
    /// - Returns: `.int` or `.double`.
    mutating func parseNumber() throws(JSONValue.ParseError) -> JSONValue {
        let start = position
        var index = position
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative {
            index += 1
            guard index < end, Self.isDigit(bytes[index]) else {
                if hasPrefix("Infinity", at: index) {
                    throw error("NaN and Infinity are not allowed", at: start)
                }
                throw error("expected digit after '-'", at: index)
            }
        }

        // Up to 19 significant digits accumulate exactly; more make the number inexact here.
        var significand: UInt64 = 0
        var significantDigits = 0
        var isExact = true
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < end, Self.isDigit(bytes[index]) {
                throw error("leading zeros are not allowed", at: index - 1)
            }
        } else {
            repeat {
                if significantDigits < 19 {
                    significand = significand &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                } else {
                    isExact = false
                }
                significantDigits += 1
                index += 1
            } while index < end && Self.isDigit(bytes[index])
        }

        var isInteger = true
        var fractionDigits = 0
        if index < end, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < end, Self.isDigit(bytes[index]) else {
                throw error("expected digit after '.'", at: index)
            }
            repeat {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if significantDigits == 0, digit == 0 {
                    fractionDigits += 1  // A leading zero such as in 0.001 only scales.
                } else if significantDigits < 19 {
                    significand = significand &* 10 &+ UInt64(digit)
                    significantDigits += 1
                    fractionDigits += 1
                } else {
                    isExact = false
                }
                index += 1
            } while index < end && Self.isDigit(bytes[index])
        }

        var exponent = 0
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            var exponentIsNegative = false
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentIsNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < end, Self.isDigit(bytes[index]) else {
                throw error("expected digit in exponent", at: index)
            }
            repeat {
                if exponent < 1_000_000 {  // Saturate; strtod sees the real text.
                    exponent = exponent &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
                }
                index += 1
            } while index < end && Self.isDigit(bytes[index])
            if exponentIsNegative { exponent = -exponent }
        }
        position = index

        if isInteger, isExact {
            if !isNegative, significand <= UInt64(Int.max) {
                return .int(Int(significand))
            }
            if isNegative, significand <= UInt64(Int.max) + 1 {
                return .int(Int(truncatingIfNeeded: 0 &- significand))
            }
        }
        if isExact, let magnitude = Self.exactDouble(significand, timesPowerOfTen: exponent - fractionDigits) {
            return .double(isNegative ? -magnitude : magnitude)
        }
        return .double(try correctlyRoundedDouble(from: start, to: index))
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// `significand × 10^power` when one IEEE operation computes it exactly, else `nil`.
    @inline(__always)
    static func exactDouble(_ significand: UInt64, timesPowerOfTen power: Int) -> Double? {
        if significand == 0 { return 0 }
        guard significand <= 1 << 53 else { return nil }
        let value = Double(significand)
        if power >= 0 {
            if power <= 22 { return value * powerOfTen(power) }
            // 123e25 is 123000e22: move zeros into the significand while it stays exact.
            guard power <= 22 + 15 else { return nil }
            let (scaled, overflow) = significand.multipliedReportingOverflow(by: UInt64(powerOfTen(power - 22)))
            guard !overflow, scaled <= 1 << 53 else { return nil }
            return Double(scaled) * 1e22
        }
        guard power >= -22 else { return nil }
        return value / powerOfTen(-power)
    }

    /// 10^power for 0...22, all exactly representable.
    @inline(__always)
    static func powerOfTen(_ power: Int) -> Double {
        switch power {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// Converts the number text in `start..<end` with the standard library's parser.
    ///
    /// `Double(_:)` rounds correctly and, unlike the C library's `strtod`, ignores the process
    /// locale, so a host app that called `setlocale` cannot change how `.` is read.
    @inline(never)
    private func correctlyRoundedDouble(from start: Int, to end: Int) throws(JSONValue.ParseError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number is out of range for Double", at: start)
        }
        return value
    }
}
