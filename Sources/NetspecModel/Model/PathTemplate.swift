/// An endpoint path such as `/users/{id}/todos?v=2`, split once into literal pieces and
/// `{placeholder}`s when the spec loads.
///
/// `{name=default}` gives the placeholder a default value (`{name=}` an empty one). `{+name}` is
/// RFC 6570 reserved expansion (OpenAPI's `allowReserved`): the value may span several segments,
/// its `/` and other reserved characters are kept. A literal query (`?v=2`) may follow
/// the path; placeholders belong to the path part. A path may also be an absolute `http://` or
/// `https://` URL, which then replaces the base URL for this endpoint.
package struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    /// One piece of the path.
    package enum Segment: Sendable, Hashable {
        case literal(String)
        case placeholder(name: String, defaultValue: String?, isReserved: Bool = false)
    }

    /// A problem in the path syntax, with the character offset where it is.
    package struct SyntaxError: Error, Equatable {
        var message: String
        var offset: Int
    }

    /// The path as written in the spec.
    package let text: String
    /// The pieces of the path before any `?`.
    package let segments: [Segment]
    /// The literal query after `?`, without the `?`.
    package let query: String?
    /// Whether the path is an absolute URL that replaces the base URL.
    package let isAbsoluteURL: Bool

    /// The placeholder names, in order.
    package let placeholderNames: [String]

    /// The default written as `{name=default}` for a placeholder, if any.
    package func defaultValue(forPlaceholder name: String) -> String? {
        for case let .placeholder(placeholder, value, _) in segments where placeholder == name { return value }
        return nil
    }

    /// Whether a placeholder is written `{+name}`: reserved expansion, where `/` and the other
    /// reserved characters of the value are kept, so it may span several segments.
    package func isReserved(placeholder name: String) -> Bool {
        for case let .placeholder(placeholder, _, isReserved) in segments where placeholder == name { return isReserved }
        return false
    }

    /// The placeholders in an absolute URL's host or port (`{port}` of
    /// `http://127.0.0.1:{port}/x`), whose values are checked as a base URL's when the call gives
    /// them; empty for a path.
    package var authorityPlaceholderNames: [String] {
        guard isAbsoluteURL, let first = segments.first, case let .literal(prefix) = first,
              let scheme = prefix.firstRange(of: "://") else { return [] }
        // The authority ends at the first `/`, `?` or `#` of a literal after the scheme.
        var names: [String] = []
        for (index, segment) in segments.enumerated() {
            switch segment {
            case let .literal(literal):
                let rest = index == 0 ? literal[scheme.upperBound...] : literal[...]
                if rest.contains(where: { "/?#".contains($0) }) { return names }
            case let .placeholder(name, _, _):
                names.append(name)
            }
        }
        return names
    }

    /// The path as written.
    package var description: String { text }

    // MARK: - Parsing

    /// Parses a path template.
    package init(parsing text: String) throws(SyntaxError) {
        self.text = text
        let bytes = Array(text.utf8)
        // Offsets in errors count characters (columns), not bytes.
        func failure(_ message: String, at byteOffset: Int) -> SyntaxError {
            SyntaxError(message: message, offset: String(decoding: bytes[..<byteOffset], as: UTF8.self).count)
        }
        isAbsoluteURL = text.hasPrefix("http://") || text.hasPrefix("https://")
        guard isAbsoluteURL || bytes.first == UInt8(ascii: "/") else {
            throw SyntaxError(message: "path must start with '/' or be an absolute http(s) URL", offset: 0)
        }
        var segments: [Segment] = []
        var names: [String] = []
        var literalStart = 0
        var index = 0
        var queryStart: Int?
        scan: while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "?"):
                queryStart = index + 1
                break scan
            case UInt8(ascii: "{"):
                // A name ends at `}` (a `{` or `/` before it means the brace is not closed); a
                // default after `=` may hold `/` (`{+path=docs/README.md}`), not `{`.
                var close = index + 1
                var inDefault = false
                while close < bytes.count, bytes[close] != UInt8(ascii: "}"), bytes[close] != UInt8(ascii: "{"),
                      inDefault || bytes[close] != UInt8(ascii: "/") {
                    if bytes[close] == UInt8(ascii: "=") { inDefault = true }
                    close += 1
                }
                guard close < bytes.count, bytes[close] == UInt8(ascii: "}") else { throw failure("'{' is not closed by '}'", at: index) }
                let isReserved = index + 1 < close && bytes[index + 1] == UInt8(ascii: "+")
                let body = bytes[(index + (isReserved ? 2 : 1))..<close]
                let equals = body.firstIndex(of: UInt8(ascii: "="))
                let name = String(decoding: body[..<(equals ?? close)], as: UTF8.self)
                guard Template.isValidName(name) else {
                    throw failure("invalid placeholder name '{\(String(decoding: body, as: UTF8.self))}' (use letters, digits and '_')", at: index)
                }
                guard !names.contains(name) else { throw failure("placeholder '{\(name)}' appears more than once", at: index) }
                if literalStart < index { segments.append(.literal(String(decoding: bytes[literalStart..<index], as: UTF8.self))) }
                let defaultValue = equals.map { String(decoding: bytes[($0 + 1)..<close], as: UTF8.self) }
                if let defaultValue, let problem = Self.problem(withDefault: defaultValue, isReserved: isReserved) {
                    throw failure("default '\(defaultValue)' in '\(String(decoding: bytes[index...close], as: UTF8.self))' cannot be sent: \(problem)", at: index)
                }
                segments.append(.placeholder(name: name, defaultValue: defaultValue, isReserved: isReserved))
                names.append(name)
                index = close + 1
                literalStart = index
            case UInt8(ascii: "}"):
                throw failure("'}' without a matching '{'", at: index)
            case let byte:
                if let problem = Self.problem(with: byte) { throw failure(problem(bytes, index), at: index) }
                index += 1
            }
        }
        if isAbsoluteURL, let problem = Self.absoluteURLProblem(bytes) {
            throw SyntaxError(message: "invalid URL '\(BaseURLCheck.redacted(text))': \(problem)", offset: 0)
        }
        let pathEnd = queryStart.map { $0 - 1 } ?? bytes.count
        if literalStart < pathEnd { segments.append(.literal(String(decoding: bytes[literalStart..<pathEnd], as: UTF8.self))) }
        self.segments = segments
        placeholderNames = names
        if let queryStart {
            for offset in queryStart..<bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
                    throw failure("placeholders are only allowed in the path, not in its query", at: offset)
                }
                if let problem = Self.problem(with: byte) { throw failure(problem(bytes, offset), at: offset) }
            }
            query = String(decoding: bytes[queryStart...], as: UTF8.self)
        } else {
            query = nil
        }
    }

    /// What is wrong with an absolute URL's scheme and authority, by the rules of a base URL
    /// (``BaseURLCheck``): credentials, no host, a port out of range… An authority that holds a
    /// placeholder (`http://127.0.0.1:{port}/x`) is checked when the call has its value, except
    /// for credentials, which no value can make right.
    private static func absoluteURLProblem(_ bytes: [UInt8]) -> String? {
        let start = bytes.starts(with: "https://".utf8) ? 8 : 7
        var end = start
        while end < bytes.count, !"/?#".utf8.contains(bytes[end]) { end += 1 }
        let authority = bytes[start..<end]
        if authority.contains(UInt8(ascii: "{")) {
            guard authority.contains(UInt8(ascii: "@")) else { return nil }
        }
        if case let .failure(problem) = BaseURLCheck.checked(String(decoding: bytes[..<end], as: UTF8.self)) { return problem.message }
        return nil
    }

    /// What makes a placeholder's default unusable in a path, as the call would refuse it: a `.`
    /// or `..` segment, which a server or a proxy resolves away (`nil` when it can be sent).
    private static func problem(withDefault value: String, isReserved: Bool) -> String? {
        if isReserved {
            return PercentEncoding.hasDotSegment(value) ? "'.' and '..' are not allowed as path segments" : nil
        }
        return value == "." || value == ".." ? "'\(value)' is not allowed as a path segment" : nil
    }

    /// What is wrong with a byte in a URL path or query, as a message maker; `nil` when it may appear.
    private static func problem(with byte: UInt8) -> (([UInt8], Int) -> String)? {
        if byte == UInt8(ascii: "#") { return { _, _ in "a path cannot contain a fragment ('#')" } }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "|"):
            break
        case 0x21..<0x7F:
            return nil
        default:
            break
        }
        return { bytes, offset in
            if byte == 0x20 { return "space is not allowed in a URL path; percent-encode it" }
            // Show the whole character the byte starts (or belongs to).
            var start = offset
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            var end = start + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'\(String(decoding: bytes[start..<end], as: UTF8.self))' is not allowed in a URL path; percent-encode it"
        }
    }
}

