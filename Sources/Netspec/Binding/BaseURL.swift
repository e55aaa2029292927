/// A base URL checked once and split into the part paths are appended to and its own query.
struct BaseURL: Sendable {
    /// The URL up to the end of its path, without a trailing `/`.
    let prefix: String
    /// The base URL's own query (`https://host/api?key=1`), written first in every query.
    let query: String?

    /// Checks and splits a base URL; `nil` when it is not an http(s) URL with a host that can be
    /// written as it is.
    init?(_ text: String) {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
              text.split(separator: "/", omittingEmptySubsequences: true).count >= 2,
              PercentEncoding.problemInEncoded(text, inPath: false) == nil else { return nil }
        var prefix: Substring = text[...]
        if let mark = text.firstIndex(of: "?") {
            query = String(text[text.index(after: mark)...])
            prefix = text[..<mark]
        } else {
            query = nil
        }
        while prefix.hasSuffix("/") { prefix.removeLast() }
        self.prefix = String(prefix)
    }

    /// The error for a base URL that is not valid.
    static func invalid(_ text: String, endpoint: String) -> CallError.ArgumentError {
        CallError.ArgumentError(
            endpoint: endpoint, parameter: nil, reason: .configuration,
            message: "invalid base URL '\(text)' (expected http:// or https:// and a host)"
        )
    }
}

/// Where a service's base URL comes from, decided once when the service is made.
enum BaseURLSource: Sendable {
    /// A fixed URL (the provider's, or the spec's without variables), already checked.
    case fixed(BaseURL)
    /// A fixed URL that is not valid (reported when a call needs it).
    case invalid(String)
    /// The spec's URL with `${NAME}` variables, resolved per call.
    case template(Template)
    /// No base URL at all.
    case missing

    /// - Parameter basePath: The spec's relative server (``Spec/basePath``), resolved against
    ///   the provider's URL (RFC 3986).
    init(provider: String?, spec: Template?, basePath: String? = nil) {
        if let provider, let basePath {
            let text = URLReference.resolve(basePath, against: provider)
            self = BaseURL(text).map(BaseURLSource.fixed) ?? .invalid(text)
        } else if let text = provider ?? spec?.constantValue {
            self = BaseURL(text).map(BaseURLSource.fixed) ?? .invalid(text)
        } else if let spec {
            self = .template(spec)
        } else {
            self = .missing
        }
    }
}
