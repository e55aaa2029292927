/// Percent-encoding for the places a value is written into text: a path segment, a query item,
/// an `application/x-www-form-urlencoded` body, and a cookie.
package enum PercentEncoding {
    /// Which bytes stay as they are.
    package enum Style {
        /// A path segment (RFC 3986 `pchar`): unreserved, sub-delims, `:` and `@` stay;
        /// `/`, `?`, `#`, `%`, space and the rest are escaped.
        case pathSegment
        /// RFC 6570 reserved expansion (`{+name}`) in a path: a segment's characters and `/` stay,
        /// and so does a `%XX` escape already in the value; `?`, `#`, `[`, `]`, a lone `%`, space
        /// and the rest are escaped, so the value stays inside the path.
        case reservedPath
        /// A query value with OpenAPI's `allowReserved`: unreserved characters, RFC 3986's reserved
        /// ones but `#` (which would end the URL), `[` and `]` (which RFC 3986 allows in an IPv6
        /// host alone: URL parsers, Foundation's among them, escape the whole query again for
        /// them), and a `%XX` escape already in the value stay.
        case reservedQuery
        /// A query name or value (RFC 3986): only unreserved characters stay; space is `%20`,
        /// `+` is `%2B`, `&` and `=` are escaped so a value cannot add parameters.
        case query
        /// A form name or value (WHATWG `application/x-www-form-urlencoded`): `*-._`, digits and
        /// letters stay, space is `+`, everything else is escaped.
        case form
        /// A cookie value: RFC 6265's cookie octets stay except `%` (the escape itself); space,
        /// `"`, `,`, `;`, `\\`, `%`, controls and non-ASCII bytes are escaped.
        case cookie

        /// RFC 6570 simple, label and matrix expansion (OpenAPI's path styles): only unreserved
        /// characters stay, as in a query value, so `;`, `,`, `=`, `:`, `@` and the other
        /// sub-delimiters a segment may hold are escaped (`a;b` is `a%3Bb`).
        package static let unreserved: Style = .query
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    /// Appends `text`, percent-encoded in a style, to UTF-8 bytes being built.
    @inline(__always)
    package static func append(_ text: String, to output: inout [UInt8], style: Style) {
        // A native string's bytes are read in place.
        if text.utf8.withContiguousStorageIfAvailable({ append(bytes: $0, to: &output, style: style) }) == nil {
            append(bytes: Array(text.utf8), to: &output, style: style)
        }
    }

    /// Appends `text` percent-encoded in a style, with the bytes in `delimiters` escaped too (a
    /// form's own delimiters inside an item, which the style would keep).
    package static func append(_ text: String, to output: inout [UInt8], style: Style, escaping delimiters: [UInt8]) {
        let bytes = Array(text.utf8)
        var start = 0
        for (index, byte) in bytes.enumerated() where delimiters.contains(byte) {
            append(bytes: bytes[start..<index], to: &output, style: style)
            appendEscape(byte, to: &output)
            start = index + 1
        }
        append(bytes: bytes[start...], to: &output, style: style)
    }

    /// `%XX` for a byte.
    @inline(__always)
    private static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(hex[Int(byte >> 4)])
        output.append(hex[Int(byte & 0xF)])
    }

    /// Appends raw bytes, percent-encoded in a style (bytes that are not UTF-8 stay exact).
    static func append(bytes: some Collection<UInt8>, to output: inout [UInt8], style: Style) {
        if style == .reservedPath || style == .reservedQuery { return appendReserved(Array(bytes), to: &output, style: style) }
        for byte in bytes {
            if keeps(byte, style) {
                output.append(byte)
            } else if byte == 0x20, style == .form {
                output.append(UInt8(ascii: "+"))
            } else {
                appendEscape(byte, to: &output)
            }
        }
    }

    private static func appendReserved(_ bytes: [UInt8], to output: inout [UInt8], style: Style) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                output += bytes[index...(index + 2)]
                index += 3
                continue
            }
            if byte == UInt8(ascii: "/") || keeps(byte, .pathSegment) || style == .reservedQuery && byte == UInt8(ascii: "?") {
                output.append(byte)
            } else {
                appendEscape(byte, to: &output)
            }
            index += 1
        }
    }

    /// Percent-encodes what RFC 3986 does not allow in a URL's path, query and fragment, so that
    /// a URL parser — Foundation's, which async-http-client sends with — takes the URL as it is:
    /// given `[` (which RFC 3986 allows in an IPv6 host alone), a space, `"<>\^{|}`, a backquote, a control
    /// or a non-ASCII byte, a `%` that starts no `%XX` escape, or a second `#`, it escapes the
    /// whole component holding it once more (`a%20b&p=[0]` went as `a%2520b&p=%5B0%5D`). Those
    /// bytes become `%XX` here and nothing else changes: `%XX` escapes, the scheme and the
    /// authority (an IPv6 host's brackets) stay; text without `://` is left as it is.
    package static func escapeInvalidURLBytes(_ url: inout [UInt8]) {
        guard let start = pathStart(of: url) else { return }
        var output: [UInt8]?
        var inFragment = false
        for index in start..<url.count {
            let byte = url[index]
            let valid: Bool
            if byte == UInt8(ascii: "%") {
                valid = index + 2 < url.count && isHex(url[index + 1]) && isHex(url[index + 2])
            } else if byte == UInt8(ascii: "#") {
                valid = !inFragment
                inFragment = true
            } else {
                valid = byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || keeps(byte, .pathSegment)
            }
            if valid {
                output?.append(byte)
            } else {
                if output == nil {
                    output = Array(url[..<index])
                    output!.reserveCapacity(url.count + 16)
                }
                appendEscape(byte, to: &output!)
            }
        }
        if let output { url = output }
    }

    /// `url` with ``escapeInvalidURLBytes(_:)`` applied (the same string when nothing needs it).
    package static func escapingInvalidURLBytes(_ url: String) -> String {
        var bytes = Array(url.utf8)
        let count = bytes.count
        escapeInvalidURLBytes(&bytes)
        return bytes.count == count ? url : String(decoding: bytes, as: UTF8.self)
    }

    /// Where the path starts: the first `/`, `?` or `#` after `scheme://`; `nil` when there is
    /// none, or no `://`.
    private static func pathStart(of url: [UInt8]) -> Int? {
        var index = 0
        while index + 2 < url.count {
            let byte = url[index]
            if byte == UInt8(ascii: ":") {
                guard url[index + 1] == UInt8(ascii: "/"), url[index + 2] == UInt8(ascii: "/") else { return nil }
                return url[(index + 3)...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            }
            // A scheme is letters, digits, `+`, `-` and `.`.
            guard keeps(byte, .query) || byte == UInt8(ascii: "+") else { return nil }
            index += 1
        }
        return nil
    }

    /// Whether a path value has a `.` or `..` segment, also written `%2E` (which servers decode).
    package static func hasDotSegment(_ text: String) -> Bool {
        text.split(separator: "/", omittingEmptySubsequences: false).contains { segment in
            segment.utf8.count <= 6 && [".", "..", "%2E", "%2E%2E", ".%2E", "%2E."].contains(segment.uppercased())
        }
    }

    @inline(__always)
    private static func keeps(_ byte: UInt8, _ style: Style) -> Bool {
        if style == .cookie {
            switch byte {
            case 0x21, 0x23...0x24, 0x26...0x2B, 0x2D...0x3A, 0x3C...0x5B, 0x5D...0x7E: return true
            default: return false
            }
        }
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            return true
        case UInt8(ascii: "~"):
            return style != .form
        case UInt8(ascii: "*"):
            return style != .query
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
             UInt8(ascii: ":"), UInt8(ascii: "@"):
            return style == .pathSegment || style == .reservedPath
        default:
            return false
        }
    }

    /// Why already-encoded text (`encoded: true`) cannot be written into a URL, or `nil` when it can.
    ///
    /// It must be printable ASCII without space, `#`, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`,
    /// every `%` must start a `%XX` escape, and a path value must not contain `?`. `[` and `]`
    /// are allowed: the URL built writes them `%5B` and `%5D` (``escapeInvalidURLBytes(_:)``).
    package static func problemInEncoded(_ text: String, inPath: Bool) -> String? {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                    return "'%' must start an escape such as %2F"
                }
                index += 3
                continue
            }
            if byte <= 0x20 || byte >= 0x7F || "#\"<>\\^`{|}".utf8.contains(byte) || (inPath && byte == UInt8(ascii: "?")) {
                let shown = byte == 0x20 ? "a space" : byte < 0x20 || byte >= 0x7F ? "byte \(hexByte(byte))" : "'\(Character(Unicode.Scalar(byte)))'"
                return "an encoded value cannot contain \(shown); percent-encode it"
            }
            index += 1
        }
        return nil
    }

    /// `0x0A`: a byte as two uppercase hex digits, for messages.
    package static func hexByte(_ byte: UInt8) -> String {
        "0x" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
