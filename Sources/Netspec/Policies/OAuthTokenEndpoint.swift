#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import NetspecModel

/// One form POST to an OAuth 2 endpoint (the token endpoint, RFC 6749 §3.2; the device
/// authorization endpoint, RFC 8628 §3.1) and its JSON answer, shared by every grant.
///
/// A confidential client (one with a secret) authenticates with HTTP Basic, its id and secret
/// each form-encoded first (§2.3.1); a public client sends `client_id` in the form (§3.2.1).
/// The secret never appears in a message.
///
/// The provider's wire interceptors that record or show requests see these requests too: a
/// ``HARRecorder``, and those that adopt ``TokenRequestObserver`` (the command line's `-v`).
///
/// An endpoint that fails to answer is no refusal: one that cannot be reached (or whose answer
/// cannot be read) is the transport's error, its kind kept, naming the endpoint and the scheme
/// (``unreached(_:at:grant:endpoint:)``); one that answers a server error, 408 or 429 says so
/// (``failure(_:endpoint:status:_:)``). Neither stores or forgets anything.
enum OAuthTokenEndpoint {
    /// The client, from the scheme's `_CLIENT_ID` and `_CLIENT_SECRET` variables.
    struct Client: Sendable {
        var id: String
        var secret: String?

        /// The client of a grant: its id is required, its secret only for client credentials.
        static func of(_ grant: AuthPolicy.Grant, service: Service, endpoint: String, needsSecret: Bool) throws -> Client {
            let variables = service.provider.variableLookup(keepingUnset: false)
            let usedIn = needsSecret ? "the client credentials of OAuth 2 scheme '\(grant.scheme)'" : "the OAuth 2 client of scheme '\(grant.scheme)'"
            let id = try variables.resolve(try Template(parsing: "${\(grant.clientIDVariable)}"), endpoint: endpoint, usedIn: usedIn)
            if needsSecret {
                return Client(id: id, secret: try variables.resolve(try Template(parsing: "${\(grant.clientSecretVariable)}"), endpoint: endpoint, usedIn: usedIn))
            }
            // Set on the provider or, for the command line, in the environment.
            let secret = variables.value(grant.clientSecretVariable).flatMap { $0.isEmpty ? nil : $0 }
            return Client(id: id, secret: secret)
        }
    }

    /// A token endpoint's successful answer (RFC 6749 §5.1).
    struct Tokens: Sendable {
        var accessToken: String
        var refreshToken: String?
        /// Seconds the access token lives, as the server said.
        var expiresIn: Int?
        /// The scopes granted, when the server says (else those asked for).
        var scope: String?
    }

    /// What an endpoint answered: its status and its JSON (`nil` when it is not JSON).
    struct Answer: Sendable {
        var status: Int
        var json: JSONValue?
        /// The wait its `Retry-After` asks (RFC 9110 §10.2.3), when it says one.
        var retryAfter: Duration? = nil

        /// `invalid_grant`, `authorization_pending`, … (RFC 6749 §5.2; RFC 8628 §3.5).
        var error: String? { json?["error"]?.string }

        /// `: invalid_client (the description)`, for messages: the server's text with its control
        /// characters written out (``PrintableText/inline(_:)``), never sent to a terminal as they are.
        var errorText: String {
            (error.map { ": \(PrintableText.inline($0))" } ?? "") + (json?["error_description"]?.string.map { " (\(PrintableText.inline($0)))" } ?? "")
        }
    }

    /// POSTs `items` (form-encoded) to `url` as `client`, for `grant`; `place` says what `url`
    /// is in a message (`the token endpoint`, `the device authorization endpoint`).
    static func post(
        _ items: [(String, String)], to url: String, client: Client, grant: AuthPolicy.Grant, service: Service, transportOptions: TransportOptions,
        endpoint: String, place: String = "the token endpoint"
    ) async throws -> Answer {
        var form = URLEncodedItems(style: .form)
        for (name, value) in items { form.append(name: name, text: value) }
        var fields = HTTPFields()
        fields[.contentType] = "application/x-www-form-urlencoded"
        fields[.accept] = "application/json"
        if let secret = client.secret {
            fields[.authorization] = "Basic " + Data((formEncoded(client.id) + ":" + formEncoded(secret)).utf8).base64EncodedString()
        } else {
            form.append(name: "client_id", text: client.id)
        }
        let request = PreparedRequest(endpointName: endpoint, method: .post, url: url, headerFields: fields, body: .bytes(Array(form.text.utf8)))
        let send: @Sendable (PreparedRequest) async throws -> TransportResponse = {
            try await service.provider.transport.fetch($0, options: transportOptions, maxResponseSize: 1 << 20)
        }
        // A call's `--har` recording holds its token requests too (and `--replay` answers them),
        // and `-v` shows them as it shows the call's own requests.
        let recorders = service.provider.wireInterceptors.filter { $0 is HARRecorder || $0 is any TokenRequestObserver }
        do {
            let response: TransportResponse
            if !recorders.isEmpty, let called = service.spec.endpoint(named: endpoint) {
                let context = InterceptorContext(endpoint: called, service: service, transportOptions: transportOptions, callOptions: CallOptions())
                response = try await interceptorChain(recorders[...], context: context, end: send)(request)
            } else {
                response = try await send(request)
            }
            let body = try await response.body.collect(upTo: 1 << 20)
            return Answer(
                status: response.status, json: try? JSONValue(parsing: body), retryAfter: response.headerFields[.retryAfter].flatMap { RetryAfter.delay($0) }
            )
        } catch let error as TransportError {
            throw unreached(error, at: "\(place) \(url)", grant: grant, endpoint: endpoint)
        } catch let CallError.transport(error) {
            throw unreached(error, at: "\(place) \(url)", grant: grant, endpoint: endpoint)
        }
    }

    /// The transport's `error` for a request to `place` (`the token endpoint URL`) that got no
    /// answer: its kind kept (the command line's exit status 1, or 2 for a timeout), its message
    /// after the endpoint and the scheme, so that it is not taken for the call's own failure —
    /// `OAuth 2 scheme 'S': the token endpoint URL could not be reached: cannot connect to …`.
    /// A cancellation is left as it is.
    static func unreached(_ error: TransportError, at place: String, grant: AuthPolicy.Grant, endpoint: String) -> CallError {
        guard error.kind != .cancelled, error.httpStatus == nil else { return .transport(error) }
        // Connecting (TLS too) or waiting failed; else an answer came that could not be read whole.
        let unread: [TransportError.Kind] = [.connectionClosed, .invalidResponse, .responseTooLarge, .redirect, .other]
        let what = unread.contains(error.kind) ? "the request to \(place) failed" : "\(place) could not be reached"
        return .transport(TransportError(kind: error.kind, message: "\(prefix(endpoint))OAuth 2 scheme '\(grant.scheme)': \(what): \(error.message)"))
    }

    /// POSTs `items` to the token endpoint `url` and returns the tokens it gives; a refusal says
    /// `the token endpoint URL refused WHAT with STATUS: error (description)`.
    static func exchange(
        _ items: [(String, String)], at url: String, refusing what: String, grant: AuthPolicy.Grant, client: Client,
        service: Service, transportOptions: TransportOptions, endpoint: String
    ) async throws -> Tokens {
        let answer = try await post(items, to: url, client: client, grant: grant, service: service, transportOptions: transportOptions, endpoint: endpoint)
        guard (200..<300).contains(answer.status) else {
            // A server error, 408 or 429 says to come back later, not that what was sent is refused.
            if isOutage(answer.status) {
                throw failure(
                    grant, endpoint: endpoint, status: answer.status,
                    "the token endpoint \(url) answered \(what) with \(answer.status)\(answer.errorText), which is no refusal: nothing is stored, try again later"
                )
            }
            // RFC 8414's `scopes_supported`, when discovered, says which scopes the server offers.
            let offered = answer.error == "invalid_scope" ? grant.supportedScopes.map { " (its metadata lists the scopes \($0.joined(separator: " ")))" } ?? "" : ""
            throw OAuthGrants.refused(grant, endpoint: endpoint, "the token endpoint \(url) refused \(what) with \(answer.status)\(answer.errorText)\(offered)")
        }
        return try tokens(answer, grant: grant, from: url, endpoint: endpoint)
    }

    /// The tokens of the token endpoint `url`'s successful answer; a refusal naming the scheme and
    /// the endpoint, with what is wrong, otherwise.
    static func tokens(_ answer: Answer, grant: AuthPolicy.Grant, from url: String, endpoint: String) throws -> Tokens {
        func refused(_ what: String) -> CallError { OAuthGrants.refused(grant, endpoint: endpoint, "the token endpoint \(url) \(what)") }
        guard let access = answer.json?["access_token"]?.string, !access.isEmpty else {
            throw refused("answered \(answer.status) without an access_token")
        }
        if let type = answer.json?["token_type"]?.string, type.lowercased() != "bearer" {
            throw refused("gave a token of type '\(PrintableText.inline(type))', not a bearer token")
        }
        // A token that cannot be sent as it is would be stored and break every later call.
        let refresh = answer.json?["refresh_token"]?.string
        for (name, token) in [("access_token", access), ("refresh_token", refresh)] {
            if let token, let problem = unsendable(token) {
                throw refused("gave an \(name) that holds \(problem), which RFC 6749 (appendix A) does not allow in a token: it is not used or stored")
            }
        }
        let expires = answer.json?["expires_in"].flatMap { $0.int ?? $0.string.flatMap { Int($0) } }
        if let expires, expires < 0 {
            throw refused("gave expires_in \(expires), which is no lifetime in seconds (RFC 6749 §5.1): the token is not used or stored")
        }
        return Tokens(
            accessToken: access, refreshToken: refresh, expiresIn: expires.map { min($0, maxLifetime) }, scope: answer.json?["scope"]?.string
        )
    }

    /// The longest lifetime kept for an access token: 1,000,000,000 s (about 31 years), the bound
    /// of every duration in seconds Netspec reads; a larger `expires_in` is taken as this.
    static let maxLifetime = 1_000_000_000

    /// What keeps `token` from being sent as it is, said for a message: RFC 6749 makes an access
    /// and a refresh token printable ASCII (`1*VSCHAR`, %x20-7E, appendices A.12 and A.17).
    /// `nil` when it can be.
    static func unsendable(_ token: String) -> String? {
        guard let byte = token.utf8.first(where: { $0 < 0x20 || $0 > 0x7E }) else { return nil }
        return byte <= 0x7F ? ParameterCodec.describe(forbiddenByte: byte) : "a character that is not ASCII"
    }

    /// Whether a token endpoint's answer of `status` refuses what was sent (RFC 6749 §5.2: 400,
    /// or 401 for the client; any 4xx but 408 and 429, which say to come back later). A server
    /// error, 408, 429 or a 3xx is a failure to answer, not a refusal.
    static func isRefusal(_ status: Int) -> Bool {
        (400..<500).contains(status) && status != 408 && status != 429
    }

    /// Whether an answer of `status` says the endpoint cannot answer now (a server error, 408
    /// Request Timeout, 429 Too Many Requests), so that asking again later may get an answer.
    static func isOutage(_ status: Int) -> Bool {
        status >= 500 || status == 408 || status == 429
    }

    /// A token endpoint that failed to answer (a server error, 408, 429): a transport error that
    /// ends the call as an answer of `status` would (the command line's exit status 5, or 4),
    /// with `OAuth 2 scheme 'S': what`.
    static func failure(_ grant: AuthPolicy.Grant, endpoint: String, status: Int, _ what: String) -> CallError {
        var error = TransportError(kind: .other, message: "\(prefix(endpoint))OAuth 2 scheme '\(grant.scheme)': \(what)")
        error.httpStatus = status
        return .transport(error)
    }

    /// `endpoint 'NAME': `, what a message starts with; `""` for a login's, which is no call's.
    private static func prefix(_ endpoint: String) -> String {
        endpoint.isEmpty ? "" : "endpoint '\(endpoint)': "
    }

    /// A URL of the document, resolved against the call's base URL when it is relative.
    static func resolve(_ url: String, service: Service, options: CallOptions) -> String {
        guard !url.contains("://") else { return url }
        let base = CallSettings.baseURL(call: options, provider: service.provider, spec: service.spec) ?? ""
        return URLReference.resolve(url, against: base)
    }

    /// The transport options of a request that is not a call of an endpoint (a login).
    static func transportOptions(_ service: Service) -> TransportOptions {
        var options = service.provider.options.transportOptions
        options.tls = service.tls
        return options
    }

    /// `application/x-www-form-urlencoded` text of a client id or secret (RFC 6749 §2.3.1).
    private static func formEncoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        PercentEncoding.append(text, to: &bytes, style: .form)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A wire interceptor that also sees the requests Netspec sends to an OAuth 2 token endpoint for a
/// call (refreshing a login, client credentials), as `-v` shows them: it must only look, as the
/// request is sent for the call's endpoint (its context) and not changed.
package protocol TokenRequestObserver: Interceptor {}
