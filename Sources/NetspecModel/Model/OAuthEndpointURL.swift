/// The URL of an OAuth 2 endpoint as a document writes it — an OAuth Flow's `authorizationUrl`,
/// `tokenUrl`, `refreshUrl` or `deviceAuthorizationUrl`, Swagger's `authorizationUrl` and
/// `tokenUrl` — checked where it is read, as a base URL is (``BaseURLCheck``): an `http` or
/// `https` URL with a host, no credentials, no control character, or a reference relative to the
/// call's base URL (`/oauth/token`); and never with a fragment, which RFC 6749 §3.1 and §3.2 forbid
/// (a login's query, written after it, would never reach the server).
package enum OAuthEndpointURL {
    /// The URL as it is used (its path and query percent-encoded where RFC 3986 requires it: a
    /// space is `%20`), or what is wrong with it, its place counted in characters from 1.
    package static func checked(_ text: String) -> Result<String, BaseURLCheck.Problem> {
        if let hash = text.firstIndex(of: "#") {
            let place = text.distance(from: text.startIndex, to: hash) + 1
            return .failure(BaseURLCheck.Problem(message: "'#' (character \(place)) starts a fragment, which the URL of an OAuth 2 endpoint cannot have (RFC 6749 §3.1, §3.2)"))
        }
        if let scheme = scheme(of: text) {
            let lowered = scheme.lowercased()
            guard lowered == "http" || lowered == "https" else {
                return .failure(BaseURLCheck.Problem(message: "its scheme is '\(scheme)': it must be an http:// or https:// URL, or a path relative to the base URL"))
            }
            return BaseURLCheck.checked(text)
        }
        // Relative (`/oauth/token`, `token`, `//auth.example.com/token`): checked as the URL it
        // becomes on a base URL, its places counted in what is written.
        let prefix = text.hasPrefix("//") ? "http:" : text.hasPrefix("/") ? "http://h" : "http://h/"
        return BaseURLCheck.checked(prefix + text, characterOffset: prefix.count).map { String($0.dropFirst(prefix.count)) }
    }

    /// The scheme of an absolute URL (RFC 3986 §3.1: a letter, then letters, digits, `+`, `-`
    /// and `.`, ended by `:` before any `/`, `?` or `#`); `nil` for a relative reference.
    private static func scheme(of text: String) -> Substring? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        return scheme
    }
}
