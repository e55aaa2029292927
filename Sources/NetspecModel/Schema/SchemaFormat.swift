// `format`: the formats the engine checks when asked to (RFC 3339 dates and times, RFC 5321
// e-mail addresses, RFC 4122 UUIDs, RFC 3986 URIs, dotted-quad IPv4, RFC 4291 IPv6, RFC 3339
// appendix A durations, OpenAPI's base64 `byte`), each by hand over the string's bytes; and
// OpenAPI's `int32` and `int64` (its format registry: signed 32 and 64 bits) and the registry's
// `int8`, `int16`, `uint8`, `uint16`, `uint32` and `uint64`, a number's range.

/// A `format` value: one the engine can check, or another name (always an annotation).
enum SchemaFormat: Sendable, Hashable {
    case dateTime, date, time, email, uuid, uri, ipv4, ipv6, duration, byte
    /// An integer of so many bits, signed (`int8`…`int64`) or not (`uint8`…`uint64`): a number
    /// within its range.
    case integer(bits: Int, signed: Bool)
    case other(String)

    init(_ name: String) {
        switch name {
        case "date-time": self = .dateTime
        case "date": self = .date
        case "time": self = .time
        case "email": self = .email
        case "uuid": self = .uuid
        case "uri": self = .uri
        case "ipv4": self = .ipv4
        case "ipv6": self = .ipv6
        case "duration": self = .duration
        case "byte": self = .byte
        case "int8", "int16", "int32", "int64": self = .integer(bits: Int(name.dropFirst(3))!, signed: true)
        case "uint8", "uint16", "uint32", "uint64": self = .integer(bits: Int(name.dropFirst(4))!, signed: false)
        default: self = .other(name)
        }
    }

    /// The name as written in a schema.
    var name: String {
        switch self {
        case .dateTime: "date-time"
        case .date: "date"
        case .time: "time"
        case .email: "email"
        case .uuid: "uuid"
        case .uri: "uri"
        case .ipv4: "ipv4"
        case .ipv6: "ipv6"
        case .duration: "duration"
        case .byte: "byte"
        case let .integer(bits, signed): (signed ? "int" : "uint") + String(bits)
        case let .other(name): name
        }
    }

    /// What a violation says the value must be: `a valid date-time`, `base64 text (format byte)`,
    /// `within format int64's range (-9223372036854775808 to 9223372036854775807)`.
    var requirement: String {
        switch self {
        case .byte: "must be base64 text (format byte)"
        case let .integer(bits, signed):
            if signed { "must be within format \(name)'s range (\(Int64.min >> (64 - bits)) to \(Int64.max >> (64 - bits)))" }
            else { "must be within format \(name)'s range (0 to \(UInt64.max >> (64 - bits)))" }
        default: "must be a valid " + name
        }
    }

    /// Whether `value` is valid for the format: a string for the string formats, a number for
    /// the integer ones; a value of another type, and any value for a format the engine does
    /// not know, is.
    func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case let (.integer(bits, signed), .int(number)):
            if signed { return bits == 64 || Int(Int64.min >> (64 - bits))...Int(Int64.max >> (64 - bits)) ~= number }
            return number >= 0 && (bits == 64 || number <= Int(UInt64.max >> (64 - bits)))
        // An integer literal past `Int` is read as a `Double`: within int64 only strictly inside
        // ±2^63 (`-9223372036854775809` reads as -2^63); within uint64 up to 2^64, which
        // `18446744073709551615` reads as (a `Double` cannot tell it from the 2,048 above it).
        case let (.integer(bits, signed), .double(number)):
            guard let range = integerRange else { return true }
            if bits == 64 { return signed ? number > range.lowerBound && number < 0x1p63 : number >= 0 && number <= 0x1p64 }
            return range ~= number
        case (.integer, _): return true
        case (_, .string(let text)): return accepts(text)
        default: return true
        }
    }

    /// An integer format's range as doubles (`uint8`: 0…255), `nil` for another format.
    var integerRange: ClosedRange<Double>? {
        guard case let .integer(bits, signed) = self else { return nil }
        let span = Double(sign: .plus, exponent: bits - (signed ? 1 : 0), significand: 1)
        return signed ? -span...(span - 1) : 0...(span - 1)
    }

    /// Whether `text` is valid for the format; formats the engine does not know accept anything.
    func accepts(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        switch self {
        case .dateTime: return Self.isDateTime(bytes[...])
        case .date: return Self.isDate(bytes[...])
        case .time: return Self.isTime(bytes[...])
        case .email: return Self.isEmail(bytes[...])
        case .uuid: return Self.isUUID(bytes)
        case .uri: return Self.isURI(bytes[...])
        case .ipv4: return Self.isIPv4(bytes[...])
        case .ipv6: return Self.isIPv6(bytes[...])
        case .duration: return Self.isDuration(bytes[...])
        case .byte: return Self.isBase64(bytes)
        case .integer, .other: return true
        }
    }

    // MARK: - RFC 3339

    /// `full-date "T" full-time`, `T` in either case.
    static func isDateTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count > 11 else { return false }
        let separator = bytes[bytes.startIndex + 10]
        guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") else { return false }
        return isDate(bytes.prefix(10)) && isTime(bytes.dropFirst(11))
    }

    /// `YYYY-MM-DD`, a day that exists.
    static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 10, bytes[bytes.startIndex + 4] == UInt8(ascii: "-"), bytes[bytes.startIndex + 7] == UInt8(ascii: "-"),
            let year = number(bytes, at: 0, digits: 4), let month = number(bytes, at: 5, digits: 2), let day = number(bytes, at: 8, digits: 2),
            (1...12).contains(month)
        else { return false }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// `HH:MM:SS[.frac](Z|±HH:MM)`; second 60 only where the time is 23:59 in UTC.
    static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 9, bytes[bytes.startIndex + 2] == UInt8(ascii: ":"), bytes[bytes.startIndex + 5] == UInt8(ascii: ":"),
            let hour = number(bytes, at: 0, digits: 2), let minute = number(bytes, at: 3, digits: 2), let second = number(bytes, at: 6, digits: 2),
            hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = bytes.startIndex + 8
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digitsStart = index
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
            guard index > digitsStart else { return false }
        }
        guard index < bytes.endIndex else { return false }
        var offsetMinutes = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.endIndex else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let offset = bytes[(index + 1)...]
            guard offset.count == 5, offset[offset.startIndex + 2] == UInt8(ascii: ":"),
                let offsetHour = number(offset, at: 0, digits: 2), let offsetMinute = number(offset, at: 3, digits: 2),
                offsetHour <= 23, offsetMinute <= 59
            else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return false
        }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    // MARK: - E-mail

    /// `local@domain`: a dot-atom or quoted local part; a host name or an address literal.
    static func isEmail(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        guard !local.isEmpty, !domain.isEmpty else { return false }
        if local.first == UInt8(ascii: "\"") {
            guard local.count >= 2, local.last == UInt8(ascii: "\"") else { return false }
            var escaped = false
            for byte in local.dropFirst().dropLast() {
                if escaped { escaped = false; continue }
                if byte == UInt8(ascii: "\\") { escaped = true; continue }
                guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\"") else { return false }
            }
            guard !escaped else { return false }
        } else {
            let atext = Set("!#$%&'*+-/=?^_`{|}~".utf8)
            guard local.first != UInt8(ascii: "."), local.last != UInt8(ascii: ".") else { return false }
            var previousDot = false
            for byte in local {
                let isDot = byte == UInt8(ascii: ".")
                guard isDot || isAlphanumeric(byte) || atext.contains(byte), !(isDot && previousDot) else { return false }
                previousDot = isDot
            }
        }
        if domain.first == UInt8(ascii: "[") {
            guard domain.last == UInt8(ascii: "]") else { return false }
            let literal = domain.dropFirst().dropLast()
            let prefix = Array("IPv6:".utf8)
            if literal.starts(with: prefix) { return isIPv6(literal.dropFirst(prefix.count)) }
            return isIPv4(literal)
        }
        return isHostname(domain)
    }

    /// Labels of letters, digits and inner hyphens, at most 63 bytes each and 253 in all.
    static func isHostname(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= 253 else { return false }
        for label in bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard !label.isEmpty, label.count <= 63, label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
                label.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") })
            else { return false }
        }
        return true
    }

    // MARK: - UUID, IP addresses

    /// `8-4-4-4-12` hexadecimal digits.
    static func isUUID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !isHexDigit(byte) {
                return false
            }
        }
        return true
    }

    /// Four decimal octets, 0–255, without leading zeros.
    static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy(isDigit), part.count == 1 || part.first != UInt8(ascii: "0") else { return false }
            return part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
        }
    }

    /// Eight groups of 1–4 hexadecimal digits, `::` for a run of zero groups, and an optional
    /// dotted-quad IPv4 address as the last two.
    static func isIPv6(_ bytes: ArraySlice<UInt8>) -> Bool {
        // A colon at either end must be half of a "::".
        guard !bytes.isEmpty, bytes.first != UInt8(ascii: ":") || bytes.dropFirst().first == UInt8(ascii: ":"),
            bytes.last != UInt8(ascii: ":") || bytes.dropLast().last == UInt8(ascii: ":")
        else { return false }
        var groups = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).map { $0 }
        var compressed = false
        // "::" at the start or the end leaves an extra empty group there.
        if groups.count >= 2, groups[0].isEmpty, groups[1].isEmpty { groups.removeFirst() }
        if groups.count >= 2, groups[groups.count - 1].isEmpty, groups[groups.count - 2].isEmpty { groups.removeLast() }
        var count = 0
        for (index, group) in groups.enumerated() {
            if group.isEmpty {
                guard !compressed else { return false }
                compressed = true
            } else if index == groups.count - 1, group.contains(UInt8(ascii: ".")) {
                guard isIPv4(group) else { return false }
                count += 2
            } else {
                guard group.count <= 4, group.allSatisfy(isHexDigit) else { return false }
                count += 1
            }
        }
        return compressed ? count <= 7 : count == 8
    }

    // MARK: - RFC 3986

    /// An absolute URI: `scheme ":" hier-part ["?" query] ["#" fragment]`, every character
    /// allowed where it stands, every `%` followed by two hexadecimal digits.
    static func isURI(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let scheme = bytes[..<colon]
        guard let first = scheme.first, first.isASCIILetter,
            scheme.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return false }
        var rest = bytes[(colon + 1)...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            guard isURIText(rest[(hash + 1)...], extra: "/?:@") else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            guard isURIText(rest[(question + 1)...], extra: "/?:@") else { return false }
            rest = rest[..<question]
        }
        if rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: UInt8(ascii: "/")) ?? afterSlashes.endIndex
            guard isAuthority(afterSlashes[..<end]) else { return false }
            rest = afterSlashes[end...]
        }
        return isURIText(rest, extra: "/:@")
    }

    /// `[userinfo "@"] host [":" port]`.
    private static func isAuthority(_ bytes: ArraySlice<UInt8>) -> Bool {
        var hostPort = bytes
        if let at = bytes.lastIndex(of: UInt8(ascii: "@")) {
            guard isURIText(bytes[..<at], extra: ":") else { return false }
            hostPort = bytes[(at + 1)...]
        }
        if hostPort.first == UInt8(ascii: "[") {
            guard let close = hostPort.firstIndex(of: UInt8(ascii: "]")), isIPv6(hostPort[(hostPort.startIndex + 1)..<close]) else { return false }
            let port = hostPort[(close + 1)...]
            return port.isEmpty || (port.first == UInt8(ascii: ":") && port.dropFirst().allSatisfy(isDigit))
        }
        if let colon = hostPort.firstIndex(of: UInt8(ascii: ":")) {
            guard hostPort[(colon + 1)...].allSatisfy(isDigit) else { return false }
            hostPort = hostPort[..<colon]
        }
        return isURIText(hostPort, extra: "")
    }

    /// Unreserved characters, sub-delimiters, percent escapes and the bytes of `extra`.
    private static func isURIText(_ bytes: ArraySlice<UInt8>, extra: StaticString) -> Bool {
        let allowed = "-._~!$&'()*+,;=".utf8
        let extraBytes = UnsafeBufferPointer(start: extra.utf8Start, count: extra.utf8CodeUnitCount)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isAlphanumeric(byte) || allowed.contains(byte) || extraBytes.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    // MARK: - Bytes

    /// The decimal number of `digits` ASCII digits at `offset`, or `nil`.
    private static func number(_ bytes: ArraySlice<UInt8>, at offset: Int, digits: Int) -> Int? {
        var value = 0
        for byte in bytes[(bytes.startIndex + offset)..<(bytes.startIndex + offset + digits)] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f")) }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isDigit(byte) || byte.isASCIILetter }
}
