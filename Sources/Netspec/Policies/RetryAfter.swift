#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NetspecModel

/// The `Retry-After` header (RFC 9110 §10.2.3): a number of seconds, or an HTTP date.
package enum RetryAfter {
    /// The delay a `Retry-After` value asks for from now (the workflow runner's retries), or `nil`.
    package static func delay(_ value: String) -> Duration? {
        delay(value, now: Date())
    }

    /// The delay a `Retry-After` value asks for, or `nil` when it is neither form.
    ///
    /// - Parameters:
    ///   - value: the header value, such as `120` or `Fri, 31 Dec 1999 23:59:59 GMT`.
    ///   - now: the current date, for the date form (a past date is no delay).
    static func delay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingSpacesAndNewlines
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return Int(text).map { .seconds($0) } ?? .seconds(Int.max / 1_000_000_000_000)
        }
        guard let date = HTTPDate.parse(text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        // A date centuries ahead is the longest wait a setting may ask (`Seconds.longest`), not a trap.
        return Seconds.duration(seconds)
    }
}

/// HTTP dates (RFC 9110 §5.6.7): the IMF-fixdate form, and the obsolete RFC 850 and asctime forms.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date, or `nil` when the text is not an HTTP date.
    static func parse(_ text: String) -> Date? {
        // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
        // RFC 850:     Sunday, 06-Nov-94 08:49:37 GMT
        // asctime:     Sun Nov  6 08:49:37 1994
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        var day: Int?, month: Int?, year: Int?, time: [Int]?
        for word in words {
            if let index = months.firstIndex(of: word.lowercased()) {
                month = index + 1
            } else if word.contains(":") {
                let parts = word.split(separator: ":").compactMap { Int($0) }
                if parts.count == 3 { time = parts }
            } else if word.contains("-") {
                let parts = word.split(separator: "-")
                if parts.count == 3, let d = Int(parts[0]), let m = months.firstIndex(of: parts[1].lowercased()), let y = Int(parts[2]) {
                    (day, month, year) = (d, m + 1, y < 100 ? (y < 70 ? 2000 + y : 1900 + y) : y)
                }
            } else if let number = Int(word) {
                if number > 31 { year = number } else { day = number }
            }
        }
        guard let day, let month, let year, let time, (1...31).contains(day), time[0] < 24, time[1] < 60, time[2] < 61 else { return nil }
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "GMT")
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second) = (time[0], time[1], time[2])
        return components.date
    }
}
