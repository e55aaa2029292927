/// RFC 3986 §5.2 reference resolution, for what a document names relative to a URL: a relative
/// server (`/api/v1`) against the base URL or the document's URL, and a `$ref` to another file
/// (`common.yaml`) against the URL of the document it is in.
enum URLReference {
    /// `reference` resolved against the absolute URL `base`: `http://host:8080` and `/api/v1` give
    /// `http://host:8080/api/v1`; `https://h/a/b.yaml` and `../c.yaml` give `https://h/c.yaml`.
    /// A reference with a scheme is returned as it is (its dot segments removed).
    static func resolve(_ reference: String, against base: String) -> String {
        let (baseScheme, baseRest) = split(base)
        let (referenceScheme, referenceRest) = split(reference)
        if let scheme = referenceScheme {
            let (authority, path, tail) = components(referenceRest)
            return scheme + ":" + (authority.map { "//" + $0 } ?? "") + removingDotSegments(path) + tail
        }
        let (baseAuthority, basePath, baseTail) = components(baseRest)
        let prefix = (baseScheme.map { $0 + ":" } ?? "") + (baseAuthority.map { "//" + $0 } ?? "")
        if reference.hasPrefix("//") {
            let (authority, path, tail) = components(reference[...])
            return (baseScheme.map { $0 + ":" } ?? "") + "//" + (authority ?? "") + removingDotSegments(path) + tail
        }
        let (path, tail) = pathAndTail(reference)
        if path.isEmpty {
            // `?q` or `#f` alone: the base's path, with the base's query unless one is given.
            let baseQuery = baseTail.prefix { $0 != "#" }
            return prefix + basePath + (tail.hasPrefix("?") ? tail : String(baseQuery) + tail)
        }
        if path.hasPrefix("/") { return prefix + removingDotSegments(path) + tail }
        // Merge (§5.2.3): the base's path up to its last `/`, or `/` when it has an authority and no path.
        let merged: String
        if baseAuthority != nil, basePath.isEmpty {
            merged = "/" + path
        } else {
            merged = String(basePath[..<(basePath.lastIndex(of: "/").map { basePath.index(after: $0) } ?? basePath.startIndex)]) + path
        }
        return prefix + removingDotSegments(merged) + tail
    }

    /// The scheme (before the first `:`, when it is one) and the rest.
    private static func split(_ text: String) -> (scheme: String?, rest: Substring) {
        guard let colon = text.firstIndex(of: ":") else { return (nil, text[...]) }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.properties.isAlphabetic,
              scheme.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return (nil, text[...]) }
        return (String(scheme), text[text.index(after: colon)...])
    }

    /// The authority (after `//`), the path, and the query and fragment as written.
    private static func components(_ rest: Substring) -> (authority: String?, path: String, tail: String) {
        var rest = rest
        var authority: String?
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        let (path, tail) = pathAndTail(rest)
        return (authority, path, tail)
    }

    private static func pathAndTail<S: StringProtocol>(_ text: S) -> (path: String, tail: String) {
        let end = text.firstIndex { $0 == "?" || $0 == "#" } ?? text.endIndex
        return (String(text[..<end]), String(text[end...]))
    }

    /// RFC 3986 §5.2.4: `.` and `..` segments taken out.
    static func removingDotSegments(_ path: String) -> String {
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
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
