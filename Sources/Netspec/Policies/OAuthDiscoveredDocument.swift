import NetspecModel
import Synchronization

/// What is checked in an authorization server's discovery document — an OpenID Connect discovery
/// document (``OAuthDiscovery``) or RFC 8414 metadata (``OAuthMetadata``) — before anything it
/// names is used, so that a client secret, a code or a refresh token never goes to a URL that the
/// server answering was not entitled to name, or over plain HTTP across a network:
///
/// - its `issuer` is the one its URL was made from (RFC 8414 §3.3; OpenID Connect Discovery 1.0
///   §4.3), the mix-up defence: the well-known path taken out again, a terminating `/` allowed (the
///   one both specifications remove before forming the URL); for a URL of neither well-known form,
///   an issuer of the URL's origin. A document without `issuer` is refused: both make it REQUIRED,
///   and Authlib's metadata validation refuses it too (`"issuer" is required`);
/// - each endpoint URL it gives (`token_endpoint`, `authorization_endpoint`,
///   `device_authorization_endpoint`) is absolute and `https`, or `http` to a loopback host
///   (127.0.0.0/8, `[::1]`, `localhost`), and otherwise as a URL a document writes must be
///   (``OAuthEndpointURL``: no credentials, no fragment, a host). It is never resolved against the
///   call's base URL.
///
/// A refusal is ``OAuthGrants/refused(_:endpoint:_:)``'s configuration error (reason
/// `authorization`, exit 78), naming the document's URL, the field, its value and why.
enum OAuthDiscoveredDocument {
    /// The endpoint fields of a discovery document that netspec uses.
    static let endpointFields = ["token_endpoint", "authorization_endpoint", "device_authorization_endpoint"]

    /// The specification a document follows, for messages.
    enum Kind {
        case metadata, openIDConnect

        /// Where the issuer must match.
        var issuerRule: String { self == .metadata ? "RFC 8414 §3.3" : "OpenID Connect Discovery 1.0 §4.3" }
        /// Where the issuer is required.
        var issuerRequired: String { self == .metadata ? "RFC 8414 §2" : "OpenID Connect Discovery 1.0 §3" }
    }

    /// `document`, called `name` in messages (`the OpenID Connect discovery document URL`), with
    /// each of its ``endpointFields`` as it is used (``usableURL(_:)``); throws `refused(what)`
    /// when one that it gives cannot be used. (Its issuer is ``checkIssuer(_:url:name:kind:refused:)``'s.)
    static func withUsableEndpoints(_ document: JSONValue, name: String, refused: (String) -> CallError) throws -> JSONValue {
        guard var object = document.object else { return document }
        for field in endpointFields {
            guard let value = object[field], !value.isNull else { continue }
            guard let text = value.string else { throw refused("\(name) gives a \(field) that is not a string, so it is not used") }
            switch usableURL(text) {
            case let .success(used): object[field] = .string(used)
            case let .failure(refusal):
                throw refused("\(name) gives the \(field) '\(shown(text))', which is not used: \(refusal.why)")
            }
        }
        return .object(object)
    }

    /// Why a URL cannot be used.
    struct Refusal: Error {
        let why: String
    }

    /// `text` as it is used (percent-encoded where RFC 3986 requires it) when it may be fetched or
    /// sent to: an absolute `https` URL, or `http` to a loopback host (``isLoopback(_:)``), that
    /// ``OAuthEndpointURL`` accepts; else why not.
    static func usableURL(_ text: String) -> Result<String, Refusal> {
        let lowered = text.lowercased()
        let isHTTP = lowered.hasPrefix("http://")
        guard isHTTP || lowered.hasPrefix("https://") else {
            let scheme = text.prefix { $0 != ":" && $0 != "/" && $0 != "?" && $0 != "#" }
            let hasScheme = scheme.count < text.count && text[scheme.endIndex] == ":" && scheme.first?.isLetter == true
                && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            return .failure(Refusal(why: hasScheme
                ? "it is not an https URL (its scheme is '\(PrintableText.inline(String(scheme)))')"
                : "it is not an absolute URL (a URL a discovery document gives is not resolved against any other)"))
        }
        switch OAuthEndpointURL.checked(text) {
        case let .failure(problem): return .failure(Refusal(why: problem.message))
        case let .success(used):
            if isHTTP, !isLoopback(used) {
                return .failure(Refusal(why: "it is http to a host that is not loopback: only https is used, or http to 127.0.0.0/8, [::1] or localhost"))
            }
            return .success(used)
        }
    }

    /// `url` as a refusal quotes it: its credentials redacted, on one line.
    static func shown(_ url: String) -> String {
        PrintableText.inline(BaseURLCheck.redacted(url))
    }

    /// Whether the host of the `scheme://` URL `url` is a loopback one (``LoopbackHost``:
    /// `localhost`, 127.0.0.0/8 as four decimal parts, `[::1]`). A URL with credentials
    /// (`http://127.0.0.1@example.com`) is not: its host is after the `@`.
    static func isLoopback(_ url: String) -> Bool {
        guard let schemeEnd = url.firstRange(of: "://") else { return false }
        let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { return false }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            return LoopbackHost.contains(authority[...close])
        }
        return LoopbackHost.contains(authority.prefix { $0 != ":" })
    }

    /// The discovery document at `url` — an `openIdConnectUrl` or an `oauth2MetadataUrl`, `named`
    /// in refusals (`its openIdConnectUrl`, `its oauth2MetadataUrl (items.yaml:7:26)`) — as JSON
    /// (`nil` when it is empty), fetched as a document by URL is (``Spec/fetchedDocument(_:provider:)``:
    /// the provider's timeouts and HTTP cache; `service`'s TLS settings, the provider's over the
    /// document's `tls:`, as a token request's), following redirects hop by hop up to the
    /// provider's limit (``Provider/Options/redirects``, 10 by default). The URL, each hop's URL
    /// before it is sent, and the URL a document came from (a cached one's too) must be one
    /// ``usableURL(_:)`` accepts: `https`, or `http` to a loopback host. One it refuses is
    /// `refused` naming it — `its openIdConnectUrl http://127.0.0.1:8080/.well-known/openid-configuration
    /// is not read: it redirects to http://auth.example.com/…, which is not followed: it is http to
    /// a host that is not loopback: …` — and nothing is sent to it.
    ///
    /// - Throws: `refused(…)`'s error for a URL refused so, else the fetch's ``SpecError`` (a
    ///   status other than 2xx, too many redirects, a connection failure, not YAML or JSON).
    static func read(_ url: String, named: String, service: Service, refused: (String) -> CallError) async throws -> JSONValue? {
        if case let .failure(refusal) = usableURL(url) {
            throw refused("\(named) \(shown(url)) is not read: \(refusal.why)")
        }
        var options = service.provider.options
        options.tls = service.tls
        let provider = service.provider
        let check = RedirectCheck()
        let checked = Provider(
            baseURL: provider.baseURL, options: options, transport: provider.transport, interceptors: provider.interceptors,
            wireInterceptors: provider.wireInterceptors + [check], tokenStore: provider.tokenStore
        )
        let document: Spec.FetchedDocument
        do {
            document = try await Spec.fetchedDocument(url, provider: checked)
        } catch {
            guard let redirect = check.refused.withLock({ $0 }) else { throw error.error }
            throw refused("\(named) \(shown(url)) is not read: it redirects to \(shown(redirect.target)), which is not followed: \(redirect.refusal.why)")
        }
        if case let .failure(refusal) = usableURL(document.url) {
            throw refused("\(named) \(shown(url)) is not read: it redirects to \(shown(document.url)), which is not followed: \(refusal.why)")
        }
        return document.root?.jsonValue
    }

    /// A redirect that a discovery document's fetch does not follow: to `target`, which
    /// ``usableURL(_:)`` refuses for `refusal`.
    private struct RefusedRedirect: Error {
        let target: String
        let refusal: Refusal
    }

    /// Refuses to send a request (a redirect's hop) to a URL ``usableURL(_:)`` refuses, and keeps why.
    private final class RedirectCheck: Interceptor {
        let refused = Mutex<RefusedRedirect?>(nil)

        func intercept(
            _ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse
        ) async throws -> TransportResponse {
            if case let .failure(refusal) = OAuthDiscoveredDocument.usableURL(request.url) {
                let redirect = RefusedRedirect(target: request.url, refusal: refusal)
                refused.withLock { $0 = redirect }
                throw redirect
            }
            return try await next(request)
        }
    }

    /// Checks the document's `issuer` against the URL it was read from (RFC 8414 §3.3; OpenID
    /// Connect Discovery 1.0 §4.3): the issuer the URL was made from (``OAuthMetadata/issuer(of:)``),
    /// with or without a terminating `/`; for a URL of another form, an issuer of the same origin.
    static func checkIssuer(_ value: JSONValue?, url: String, name: String, kind: Kind, refused: (String) -> CallError) throws {
        guard let issuer = value?.string, !issuer.isEmpty else {
            throw refused("\(name) has no issuer (\(kind.issuerRequired))")
        }
        if let expected = OAuthMetadata.issuer(of: url) {
            guard issuer == expected || issuer == expected + "/" else {
                throw refused("\(name) names the issuer \(PrintableText.inline(issuer)), not \(expected), the issuer its URL was made from, so it is not used (\(kind.issuerRule))")
            }
        } else if URLOrigin(issuer) != URLOrigin(url) {
            throw refused("\(name) names the issuer \(PrintableText.inline(issuer)), which is not of the URL's origin \(URLOrigin(url)?.description ?? url), so it is not used (\(kind.issuerRule))")
        }
    }
}
