/// What a base URL's text must be, checked where it is read (a spec's `baseURL:`, a profile's, a
/// provider's, `--base-url`), and the port check any URL gets before it is sent.
///
/// A base URL is an `http` or `https` URL with a host, and a port of 1 to 65535 if it has one; it
/// holds no credentials (`user:password@`, which netspec does not send: they are given as a header
/// or by the spec's `auth:`), no fragment, no `%` that starts no escape, no control character. Its
/// path and query are percent-encoded where RFC 3986 requires it, as HTTPie does.
package enum BaseURLCheck {
    /// What is wrong with a base URL.
    package struct Problem: Error, Sendable {
        package let message: String
    }

    /// `text` with the credentials of its authority, if any, hidden (`http://<redacted>@host`), to
    /// be shown in a message: a password is never printed.
    /// A URL without a scheme (`user:pw@host:8080`, as `--base-url` takes one) starts with its authority.
    package static func redacted(_ text: String) -> String {
        let start = text.firstRange(of: "://")?.upperBound ?? text.startIndex
        let authority = text[start...].prefix { !"/?#".contains($0) }
        guard let at = authority.lastIndex(of: "@") else { return text }
        return String(text[..<start]) + "<redacted>" + String(text[at...])
    }

    /// What is wrong with the port of any URL (`http://127.0.0.1:70000/x`, `http://h:abc/`), as
    /// no connection can be made to it: `port 70000 is out of range (1 to 65535)`; `nil` when it
    /// has none or a valid one, or is no `scheme://` URL.
    package static func portProblem(inURL url: String) -> String? {
        let bytes = Array(url.utf8)
        guard let mark = firstIndex(of: Array("://".utf8), in: bytes) else { return nil }
        let start = mark + 3
        var end = start
        while end < bytes.count, !"/?#".utf8.contains(bytes[end]) { end += 1 }
        guard case let .port(portStart)? = hostAndPort(bytes, start, end).port else { return nil }
        return portProblem(bytes[portStart..<end], place: nil)
    }

    /// The URL with its path and query percent-encoded, or what is wrong with it.
    ///
    /// - Parameter offset: how many characters were put before what the user wrote (`http://` of
    ///   `--base-url localhost:8080`), not counted in the places said.
    package static func checked(_ text: String, characterOffset offset: Int = 0) -> Result<String, Problem> {
        let bytes = Array(text.utf8)
        let scheme = bytes.prefix(8).map { UInt8(ascii: "A")...UInt8(ascii: "Z") ~= $0 ? $0 | 0x20 : $0 }
        let authorityStart: Int
        if scheme.starts(with: "http://".utf8) {
            authorityStart = 7
        } else if scheme.starts(with: "https://".utf8) {
            authorityStart = 8
        } else {
            return .failure(Problem(message: "it must start with http:// or https://"))
        }
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count, !"/?#".utf8.contains(bytes[authorityEnd]) { authorityEnd += 1 }
        let noHost = Problem(message: "it has no host after '\(String(decoding: bytes[..<authorityStart], as: UTF8.self))'")
        guard authorityEnd > authorityStart else { return .failure(noHost) }
        func place(_ index: Int) -> String {
            let characters = text.distance(from: text.startIndex, to: text.utf8.index(text.startIndex, offsetBy: index)) + 1
            return "character \(characters - offset)"
        }
        func shown(_ index: Int) -> String {
            let byte = bytes[index]
            if byte == 0x20 { return "a space (\(place(index)))" }
            if byte < 0x20 || byte == 0x7F { return "a control character (byte \(PercentEncoding.hexByte(byte)), \(place(index)))" }
            // The whole character, for a non-ASCII one (`é`, not its first byte).
            let start = text.utf8.index(text.startIndex, offsetBy: index)
            return "'\(text[start...].first.map(String.init) ?? "")' (\(place(index)))"
        }
        func isEscape(_ index: Int) -> Bool {
            index + 2 < bytes.count && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit
        }
        // Credentials first, before any of their characters could be shown.
        if bytes[authorityStart..<authorityEnd].contains(UInt8(ascii: "@")) {
            return .failure(Problem(message: """
                it holds credentials (before '@'), which netspec does not send from a URL: give them in an \
                Authorization header or by the spec's auth
                """))
        }
        // The authority: host (an IPv6 one in brackets) and port, as RFC 3986 writes them.
        for index in authorityStart..<authorityEnd {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                if isEscape(index) { continue }
                return .failure(Problem(message: "'%' (\(place(index))) must start an escape such as %25"))
            }
            if byte.isUnreserved || "!$&'()*+,;=:[]".utf8.contains(byte) { continue }
            let advice = byte >= 0x80 ? "; write an international domain name in its xn-- form" : ""
            return .failure(Problem(message: "\(shown(index)) cannot be in a host\(advice)"))
        }
        let (hostEnd, port) = hostAndPort(bytes, authorityStart, authorityEnd)
        switch port {
        case let .misplaced(index):
            return .failure(Problem(message: "\(shown(index)) cannot be in a host (an IPv6 address is written in brackets: http://[::1]:8080)"))
        case let .port(portStart):
            guard hostEnd > authorityStart else {
                let text = String(decoding: bytes[portStart..<authorityEnd], as: UTF8.self)
                return .failure(text.contains(":")
                    ? Problem(message: noHost.message + " (an IPv6 address is written in brackets: http://[::1]:8080)")
                    : noHost)
            }
            if let problem = portProblem(bytes[portStart..<authorityEnd], place: place(portStart)) {
                return .failure(Problem(message: problem))
            }
        case nil:
            guard hostEnd > authorityStart else { return .failure(noHost) }
        }
        // The path and the query: what cannot be meant is refused, the rest escaped below.
        for index in authorityEnd..<bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") {
                return .failure(Problem(message: "'#' (\(place(index))) would start a fragment, which a base URL cannot have"))
            }
            if byte == UInt8(ascii: "%"), !isEscape(index) {
                return .failure(Problem(message: "'%' (\(place(index))) must start an escape such as %25 (a '%' itself)"))
            }
            if byte < 0x20 || byte == 0x7F {
                return .failure(Problem(message: "\(shown(index)) cannot be in a URL"))
            }
        }
        return .success(PercentEncoding.escapingInvalidURLBytes(text))
    }

    private enum Port {
        /// The port's text starts here (after the `:`).
        case port(Int)
        /// A bracket out of place: not the whole host, or not followed by `:` or the end.
        case misplaced(Int)
    }

    /// Where the host of the authority `bytes[start..<end]` ends (after any userinfo), and its port.
    private static func hostAndPort(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (hostEnd: Int, port: Port?) {
        var hostStart = start
        if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) { hostStart = at + 1 }
        var hostEnd = hostStart
        if hostStart < end, bytes[hostStart] == UInt8(ascii: "[") {
            guard let close = bytes[hostStart..<end].firstIndex(of: UInt8(ascii: "]")) else { return (end, .misplaced(hostStart)) }
            hostEnd = close + 1
            guard hostEnd < end else { return (hostEnd, nil) }
            guard bytes[hostEnd] == UInt8(ascii: ":") else { return (hostEnd, .misplaced(close)) }
        } else {
            while hostEnd < end, bytes[hostEnd] != UInt8(ascii: ":") {
                if bytes[hostEnd] == UInt8(ascii: "[") || bytes[hostEnd] == UInt8(ascii: "]") { return (hostEnd, .misplaced(hostEnd)) }
                hostEnd += 1
            }
            guard hostEnd < end else { return (hostEnd, nil) }
        }
        return (hostEnd, .port(hostEnd + 1))
    }

    /// What is wrong with a port's digits; an empty port is the scheme's own, as RFC 3986 says.
    ///
    /// - Parameter place: where the port starts (`character 18`), said after it.
    private static func portProblem(_ digits: ArraySlice<UInt8>, place: String?) -> String? {
        let text = String(decoding: digits, as: UTF8.self)
        let at = place.map { " (\($0))" } ?? ""
        guard digits.allSatisfy({ UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 }) else { return "port '\(text)'\(at) is not a number" }
        if digits.isEmpty { return nil }
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        let value = significant.count <= 5 ? Int(String(decoding: significant, as: UTF8.self)) ?? 0 : 0
        return (1...65535).contains(value) ? nil : "port \(text)\(at) is out of range (1 to 65535)"
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

private extension UInt8 {
    /// An RFC 3986 unreserved character: a letter, a digit, `-`, `.`, `_` or `~`.
    var isUnreserved: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    var isHexDigit: Bool {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
