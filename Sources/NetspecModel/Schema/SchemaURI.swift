// URI references as JSON Schema uses them: resolving `$ref` and `$id` against a base URI
// (RFC 3986 section 5.2), and splitting off the fragment.

/// A URI reference split into its five parts (RFC 3986 section 3), for resolving one against a base.
package struct SchemaURI: Sendable, Hashable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits `text`; any text is a reference, so this never fails.
    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            authority = String(afterSlashes[..<end])
            rest = afterSlashes[end...]
        }
        path = String(rest)
    }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, first.isASCIILetter else { return false }
        return text.utf8.allSatisfy { $0.isASCIILetter || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// The reference put back together.
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// The reference without its fragment.
    var withoutFragment: SchemaURI {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// `reference` resolved against this base (RFC 3986 section 5.2.2).
    func resolving(_ reference: SchemaURI) -> SchemaURI {
        if reference.scheme != nil {
            return SchemaURI(scheme: reference.scheme, authority: reference.authority, path: Self.removingDotSegments(reference.path),
                             query: reference.query, fragment: reference.fragment)
        }
        if reference.authority != nil {
            return SchemaURI(scheme: scheme, authority: reference.authority, path: Self.removingDotSegments(reference.path),
                             query: reference.query, fragment: reference.fragment)
        }
        if reference.path.isEmpty {
            return SchemaURI(scheme: scheme, authority: authority, path: path, query: reference.query ?? query, fragment: reference.fragment)
        }
        let merged: String
        if reference.path.hasPrefix("/") {
            merged = reference.path
        } else if authority != nil, path.isEmpty {
            merged = "/" + reference.path
        } else if let slash = path.lastIndex(of: "/") {
            merged = path[...slash] + reference.path
        } else {
            merged = reference.path
        }
        // A base with neither scheme nor authority is a file's path as the document was named
        // (`../api/openapi.yaml`, `resources/x.yml`): a `..` that climbs above its start stays.
        let keepsParents = scheme == nil && authority == nil
        return SchemaURI(scheme: scheme, authority: authority, path: Self.removingDotSegments(merged, keepingParents: keepsParents),
                         query: reference.query, fragment: reference.fragment)
    }

    /// `reference` resolved against the base `base`, as text.
    static func resolve(_ reference: String, against base: String) -> String {
        SchemaURI(base).resolving(SchemaURI(reference)).text
    }

    /// RFC 3986 section 5.2.4: `.` and `..` segments removed. `keepingParents`: the path is a
    /// relative one (a file's path relative to the working folder, no scheme or authority): a
    /// `..` with nothing before it to remove is kept (`../a/../../b` is `../../b`), where the RFC,
    /// whose base is an absolute URI, drops it — that turned `../shared/x.yml`, named from
    /// `../api/openapi.yaml`'s folder, into `shared/x.yml` in the working folder.
    static func removingDotSegments(_ path: String, keepingParents: Bool = false) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let relative = keepingParents && !path.hasPrefix("/")
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case ".." where relative && (output.isEmpty || output.last == ".."):
                output.append("..")
                if isLast { output.append("") }
            case "..":
                if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        let joined = output.joined(separator: "/")
        return path.hasPrefix("/") && !joined.hasPrefix("/") ? "/" + joined : joined
    }
}

extension UInt8 {
    /// `A`–`Z`, `a`–`z`.
    var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
}

// MARK: - Percent-decoding

extension SchemaURI {
    /// `text` with `%XX` escapes decoded (a fragment's JSON pointer is percent-encoded in a URI);
    /// text that is not valid UTF-8 once decoded stays as it was.
    package static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }
}
