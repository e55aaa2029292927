/// ISO 8601 dates as APIs write them (the RFC 3339 profile), for the spec's `Date` type.
///
/// Written here rather than with a formatter: the accepted forms are fixed and small, the check
/// runs on every bound `Date` argument, and it must not depend on a locale or a calendar.
///
/// Accepted: a full date `2026-11-22` (midnight UTC), or a date and time
/// `2026-11-22T10:00:00Z`, with optional seconds and fraction (`10:00`, `10:00:00.250`), `t` or a
/// space for `T`, and an offset `Z`, `z`, `+01:00` or `+0100`. A date-time without an offset is
/// refused: it names no instant.
package enum ISO8601 {
    /// The seconds since 1970 that `text` stands for, or `nil` when it is not an accepted form.
    package static func secondsSince1970(_ text: String) -> Double? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
              let day = scanner.digits(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = Double(daysSince1970(year: year, month: month, day: day))
        if scanner.isAtEnd { return days * 86_400 }
        guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
              let hour = scanner.digits(2), scanner.skip(":"), let minute = scanner.digits(2), hour < 24, minute < 60
        else { return nil }
        var seconds = 0.0
        if scanner.skip(":") {
            guard let whole = scanner.digits(2), whole <= 60 else { return nil }
            seconds = Double(whole)
            if scanner.skip(".") || scanner.skip(",") {
                var scale = 0.1
                var any = false
                while let digit = scanner.digits(1) {
                    seconds += Double(digit) * scale
                    scale /= 10
                    any = true
                }
                guard any else { return nil }
            }
        }
        var offset = 0
        if scanner.skip("Z") || scanner.skip("z") {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.digits(2), hours < 24 else { return nil }
            _ = scanner.skip(":")
            guard let minutes = scanner.digits(2), minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard scanner.isAtEnd else { return nil }
        return days * 86_400 + Double(hour * 3600 + minute * 60 - offset) + seconds
    }

    /// Whether `text` is an accepted ISO 8601 date or date-time.
    package static func isValid(_ text: String) -> Bool { secondsSince1970(text) != nil }

    /// `2026-11-22T10:00:00Z`, or with milliseconds (`…:00.250Z`) when the instant has a fraction.
    package static func text(secondsSince1970 seconds: Double) -> String {
        let milliseconds = Int64((seconds * 1000).rounded(.down))
        let (days, dayMilliseconds) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        var day = days
        var remainder = dayMilliseconds
        if remainder < 0 {
            day -= 1
            remainder += 86_400_000
        }
        let (year, month, date) = civil(daysSince1970: day)
        let secondOfDay = remainder / 1000
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(date, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if remainder % 1000 != 0 { text += "." + pad(remainder % 1000, 3) }
        return text + "Z"
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, Howard Hinnant's algorithms)

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Reads ASCII digits and punctuation from the front of UTF-8 bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` digits as a number.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// `+1` or `-1` for a leading sign.
        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
