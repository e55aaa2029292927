// `format: duration`: ISO 8601 durations as RFC 3339 appendix A gives their grammar, which JSON
// Schema 2020-12 names for the format.

extension SchemaFormat {
    /// RFC 3339 appendix A's `duration`:
    ///
    /// ```
    /// duration = "P" (dur-date / dur-time / dur-week)
    /// dur-date = (dur-day / dur-month / dur-year) [dur-time]      dur-week = 1*DIGIT "W"
    /// dur-year = 1*DIGIT "Y" [dur-month]   dur-month = 1*DIGIT "M" [dur-day]   dur-day = 1*DIGIT "D"
    /// dur-time = "T" (dur-hour / dur-minute / dur-second)
    /// dur-hour = 1*DIGIT "H" [dur-minute]  dur-minute = 1*DIGIT "M" [dur-second]  dur-second = 1*DIGIT "S"
    /// ```
    ///
    /// So the units of each part come in order without a gap (`P1Y2M`, not `P1Y2D`), a `T` has a
    /// unit after it, weeks stand alone (`P2W`), and digits are ASCII.
    static func isDuration(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.first == UInt8(ascii: "P") else { return false }
        var rest = bytes.dropFirst()
        if rest.last == UInt8(ascii: "W") {
            let digits = rest.dropLast()
            return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        let time = rest.firstIndex(of: UInt8(ascii: "T"))
        let datePart = rest[..<(time ?? rest.endIndex)]
        guard let dateUnits = units(datePart, in: Array("YMD".utf8)) else { return false }
        guard let time else { return dateUnits > 0 }
        rest = rest[rest.index(after: time)...]
        guard let timeUnits = units(rest, in: Array("HMS".utf8)) else { return false }
        return timeUnits > 0
    }

    /// How many `digits unit` elements `bytes` is, when their units are consecutive letters of
    /// `order` (`Y`, then `M`, then `D`: `1Y2M`, `2M3D`, not `1Y3D` or `2D1Y`); `nil` when it is not.
    private static func units(_ bytes: ArraySlice<UInt8>, in order: [UInt8]) -> Int? {
        var count = 0
        var next: Int?
        var digits = 0
        for byte in bytes {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits += 1
                continue
            }
            guard digits > 0, let position = order.firstIndex(of: byte), next.map({ $0 == position }) ?? true else { return nil }
            next = position + 1
            count += 1
            digits = 0
        }
        return digits == 0 ? count : nil
    }
}
