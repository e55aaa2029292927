import NetspecModel

/// A base URL checked once and split into the part paths are appended to and its own query.
///
/// Its path and query are percent-encoded where RFC 3986 requires it, as HTTPie does (curl sends
/// them raw): `http://host/café` is `http://host/caf%C3%A9`, `/a b` is `/a%20b`, `?x[]=1` is
/// `?x%5B%5D=1`; `%XX` escapes stay. What cannot be meant is refused, naming the character and
/// where it is (``problem(in:)``).
package struct BaseURL: Sendable {
    /// The URL up to the end of its path, without a trailing `/`.
    let prefix: String
    /// The base URL's own query (`https://host/api?key=1`), written first in every query.
    let query: String?
    /// Whether the URL as given has a path, `/` alone included (`http://host:8080/v1`,
    /// `http://host:8080/`), not only an origin (`http://host:8080`).
    let hasPath: Bool
    /// Where the path starts in ``prefix`` (its end, for an origin alone).
    private let pathStart: String.Index

    /// Checks, percent-encodes and splits a base URL; `nil` when it is not an http(s) URL with a
    /// host (``problem(in:)`` says why).
    init?(_ text: String) {
        guard case let .success(normalized) = Self.checked(text) else { return nil }
        self.init(normalized: normalized)
    }

    /// Replaying (``VariableLookup/replaysUnset``): a base URL whose host holds a variable set
    /// nowhere, `[unset:NAME]`, which any recorded host fits (``HARMatcher``) — checked as if each
    /// were a name, since a host cannot hold a bracket. `nil` when `text` has none, or is no base
    /// URL even so.
    init?(replaying text: String) {
        guard text.contains(VariableLookup.unsetPrefix) else { return nil }
        var standIn = text
        while let start = standIn.firstRange(of: VariableLookup.unsetPrefix), let end = standIn[start.upperBound...].firstIndex(of: "]") {
            standIn.replaceSubrange(start.lowerBound...end, with: "unset")
        }
        guard case .success = Self.checked(standIn) else { return nil }
        self.init(normalized: PercentEncoding.escapingInvalidURLBytes(text))
    }

    /// Previewing (`--dry-run`, `--curl`): a base URL whose host holds a variable set nowhere, kept
    /// as its reference (`https://${region}.api.example.com`) — checked as if each were a name,
    /// since a host cannot hold a brace — for the preview to show it where it stands
    /// (``UnsetBaseURL``). `nil` when `text` has none, or is no base URL even so.
    init?(previewing text: String) {
        guard text.contains("${") else { return nil }
        var standIn = text
        while let start = standIn.firstRange(of: "${"), let end = standIn[start.upperBound...].firstIndex(of: "}") {
            standIn.replaceSubrange(start.lowerBound...end, with: "unset")
        }
        guard case .success = Self.checked(standIn) else { return nil }
        self.init(normalized: PercentEncoding.escapingInvalidURLBytes(text))
    }

    /// Splits a checked, percent-encoded base URL.
    private init(normalized: String) {
        var prefix: Substring = normalized[...]
        if let mark = normalized.firstIndex(of: "?") {
            query = String(normalized[normalized.index(after: mark)...])
            prefix = normalized[..<mark]
        } else {
            query = nil
        }
        // The authority ends at the first `/` after `scheme://`.
        let authority = prefix.index(prefix.firstIndex(of: ":")!, offsetBy: 3)
        hasPath = prefix[authority...].contains("/")
        while prefix.hasSuffix("/") { prefix.removeLast() }
        self.prefix = String(prefix)
        pathStart = self.prefix[authority...].firstIndex(of: "/") ?? self.prefix.endIndex
    }

    /// What is wrong with a base URL, naming the character and its place
    /// (`'#' (character 24) would start a fragment, which a base URL cannot have`,
    /// `port 99999 (character 18) is out of range (1 to 65535)`); `nil` when it is a base URL.
    ///
    /// - Parameter offset: how many characters were put before what the user wrote (`http://` of
    ///   `--base-url localhost:8080`), not counted in the places said.
    package static func problem(in text: String, characterOffset offset: Int = 0) -> String? {
        if case let .failure(problem) = checked(text, characterOffset: offset) { return problem.message }
        return nil
    }

    /// `text` with its credentials, if any, hidden (`http://<redacted>@host`), to be shown in a message.
    package static func redacted(_ text: String) -> String {
        BaseURLCheck.redacted(text)
    }

    /// The URL with its path and query percent-encoded, or what is wrong with it (``BaseURLCheck``).
    private static func checked(_ text: String, characterOffset offset: Int = 0) -> Result<String, BaseURLCheck.Problem> {
        BaseURLCheck.checked(text, characterOffset: offset)
    }

    private init(prefix: String, query: String?) {
        self.init(prefix + (query.map { "?" + $0 } ?? ""))!
    }

    /// This origin with the path of `server` (the document's server): `http://localhost:8080` and
    /// `https://api.openai.com/v1` give `http://localhost:8080/v1`. This URL's query, else the server's.
    func withPath(of server: BaseURL) -> BaseURL {
        BaseURL(prefix: prefix + server.prefix[server.pathStart...], query: query ?? server.query)
    }

    /// The error for a base URL that is not valid, saying what is wrong and where.
    static func invalid(_ text: String, endpoint: String) -> CallError.ArgumentError {
        CallError.ArgumentError(
            endpoint: endpoint, parameter: nil, reason: .configuration,
            message: "invalid base URL '\(BaseURLCheck.redacted(text))': \(problem(in: text) ?? "it is not an http:// or https:// URL with a host")"
        )
    }

    /// What a call that has no base URL at all is told to do, in Swift's words (the command line
    /// says `--base-url`).
    package static let missingAdvice = "use Provider(baseURL:) or --base-url"

    /// What a call given a server variable's value outside its `enum` is told: the base URL it
    /// may give instead, in Swift's words (the command line says `--base-url`).
    package static let anyURLAdvice = "Provider(baseURL:) or --base-url sets any URL instead"
}

/// Where a call's base URL comes from, decided once when the service is made (and again for a
/// call's own, ``CallOptions/baseURL``).
///
/// The rule for a base URL given (`--base-url`, `Provider(baseURL:)`, `CallOptions(baseURL:)`):
/// one with a path — `/` alone included — is used as it is, replacing the document's server path
/// (`http://localhost:2375/v1.47` for Docker's document, whose `basePath` is `/v1.56`); one with
/// only an origin takes the path of the document's server (`http://localhost:8080` and Airflow 2's
/// relative `/api/v1` give `http://localhost:8080/api/v1`; with OpenAI's
/// `https://api.openai.com/v1`, `http://localhost:8080/v1`). A Netspec spec's `baseURL:` is the
/// client's default: a base URL given replaces it whole (``Spec/keepsServerPath``).
enum BaseURLSource: Sendable {
    /// A fixed URL (the provider's, or the spec's without variables), already checked.
    case fixed(BaseURL)
    /// A fixed URL that is not valid (reported when a call needs it).
    case invalid(String)
    /// A base URL given (`place`: `Provider.baseURL`, `CallOptions.baseURL`) that holds a `{name}`
    /// or `${name}` (``BaseURLCheck/bracedNameProblem(inGiven:)`` says it, `problem`), which would
    /// go percent-encoded (`https://x/%7Bstage%7D/…`): refused when a call needs it.
    case bracedName(String, place: String, problem: String)
    /// The spec's URL with `${NAME}` variables, resolved per call.
    case template(Template)
    /// An origin given, with the path of the spec's server, whose `${NAME}` variables are resolved per call.
    case origin(BaseURL, server: Template)
    /// No base URL at all; what the spec lacks (``Spec/baseURLLack``: `baseURL`, `servers`, `host`).
    case missing(String)

    /// - Parameters:
    ///   - given: the base URL the caller gives (the provider's or the call's), if any.
    ///   - spec: the spec whose server a given origin takes the path of (``Spec/basePath``, a
    ///     relative server, resolved against the given URL by RFC 3986).
    ///   - place: where `given` was given (`Provider.baseURL`, `CallOptions.baseURL`), for a
    ///     `{name}` in it to be refused there (a base URL given has no variables); `nil` for one
    ///     that comes from a document (a fetched document's origin, an OpenAPI link's server),
    ///     which is not refused for it.
    init(given: String?, spec: Spec, place: String? = nil) {
        guard let given else {
            if let text = spec.baseURL?.constantValue {
                self = BaseURL(text).map(BaseURLSource.fixed) ?? .invalid(text)
            } else {
                self = spec.baseURL.map(BaseURLSource.template) ?? .missing(spec.baseURLLack)
            }
            return
        }
        if let place, let problem = BaseURLCheck.bracedNameProblem(inGiven: given) {
            self = .bracedName(given, place: place, problem: problem)
            return
        }
        guard let base = BaseURL(given) else {
            self = .invalid(given)
            return
        }
        guard spec.keepsServerPath, !base.hasPath else {
            self = .fixed(base)
            return
        }
        if let basePath = spec.basePath {
            // Resolved against the origin (RFC 3986); the query given stays.
            let text = URLReference.resolve(basePath, against: base.prefix) + (base.query.map { "?" + $0 } ?? "")
            self = BaseURL(text).map(BaseURLSource.fixed) ?? .invalid(text)
        } else if let server = spec.baseURL {
            if let text = server.constantValue {
                self = .fixed(BaseURL(text).map(base.withPath(of:)) ?? base)
            } else {
                self = .origin(base, server: server)
            }
        } else {
            self = .fixed(base)
        }
    }
}
