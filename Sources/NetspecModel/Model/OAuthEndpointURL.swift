/// The URL of an OAuth 2 endpoint as a document writes it — an OAuth Flow's `authorizationUrl`,
/// `tokenUrl`, `refreshUrl` or `deviceAuthorizationUrl`, Swagger's `authorizationUrl` and
/// `tokenUrl` — checked where it is read, as a base URL is (``BaseURLCheck``): an `http` or
/// `https` URL with a host, no credentials, no control character, or a reference relative to the
/// call's base URL (`/oauth/token`); and never with a fragment, which RFC 6749 §3.1 and §3.2 forbid
/// (a login's query, written after it, would never reach the server).
///
/// One that cannot be used is a warning at its place, not an error: documents put placeholders
/// there (`https://{yourDomain}/authorize`), and their operations that need no login stay usable.
/// The grant keeps it as written, with an ``AuthPolicy/Grant/UnusableURL``, and what needs it —
/// the client credentials grant, a login with its flow, a refresh sent to it — fails saying why.
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

extension AuthPolicy.Grant {
    /// A URL of a flow that netspec cannot use (``OAuthEndpointURL``), kept as written in the
    /// grant's field for `role`: a use of it fails with ``description``, which names the URL's
    /// key, where it is written and why.
    package struct UnusableURL: Sendable, Hashable {
        /// What the URL is to the grant.
        package enum Role: Sendable, Hashable {
            /// ``AuthPolicy/Grant/clientCredentialsURL``.
            case clientCredentialsToken
            /// ``AuthPolicy/Grant/authorizationCode``'s start and token endpoint.
            case authorizationCodeStart, authorizationCodeToken
            /// ``AuthPolicy/Grant/device``'s start and token endpoint.
            case deviceStart, deviceToken
            /// ``AuthPolicy/Grant/refreshURL``.
            case refresh
        }

        package let role: Role
        /// The URL as the document writes it (the grant's field holds it so).
        package let written: String
        /// The key as a message names it: `the authorizationCode flow's 'authorizationUrl'`.
        package let name: String
        /// Where it is written: `file:line:column`.
        package let position: String
        /// Why netspec cannot use it (``OAuthEndpointURL/checked(_:)``'s problem).
        package let problem: String

        package init(role: Role, written: String, name: String, position: String, problem: String) {
            self.role = role
            self.written = written
            self.name = name
            self.position = position
            self.problem = problem
        }

        /// `the authorizationCode flow's 'authorizationUrl' (items.yaml:9:47) is not a URL netspec
        /// can use: …`.
        package var description: String { "\(name) (\(position)) is not a URL netspec can use: \(problem)" }
    }
}
