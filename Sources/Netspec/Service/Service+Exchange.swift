package import HTTPTypes
package import NetspecModel

// What `netspec check` (Sources/NetspecCheck) needs of a call: a request built from arguments
// the document may refuse (a negative case is sent as it is), sent through the same chain as a
// call (auth, its renewal on a 401, retry, redirects) or without credentials or with a wrong one,
// and the answer read whole whatever its status: a checker judges statuses, it does not throw on them.

/// An answer read whole, whatever its status.
package struct ExchangeAnswer: Sendable {
    package var status: Int
    package var headerFields: HTTPFields
    package var body: [UInt8]
}

/// The credentials an exchange carries.
package enum ExchangeCredentials: Sendable {
    /// The endpoint's, as a call sends them (renewed on a 401 as a call renews them).
    case configured
    /// None at all.
    case none
    /// A wrong one in each place the endpoint's credentials go.
    case wrong
    /// The endpoint's, as a call attaches them, but for one scheme of a requirement that needs
    /// several together (``AuthPolicy/policies``); a 401 is not renewed.
    case leavingOut(AuthPolicy.Scheme)
}

extension Service {
    /// The request for `arguments`, the document's schemas not checked (the binder still refuses
    /// what cannot be written at all: a value of a type the parameter's form cannot carry), with
    /// the caller's own `headers` (``CallOptions/headers``).
    package func uncheckedRequest(
        for endpoint: Endpoint, _ arguments: [String: Argument], baseURL: String?, headers: [(name: String, value: String)] = []
    ) throws(CallError) -> PreparedRequest {
        do {
            // `baseURL` may be a document's (an OpenAPI link's server): a `{name}` in it is not refused as a given one's is.
            let options = CallOptions(baseURL: baseURL, headers: headers, requestValidation: .off)
            return try builder(for: endpoint, options: options, refusingBracedBaseURL: false).build(arguments: arguments)
        } catch {
            throw .binding(error)
        }
    }

    /// Sends `request` for `endpoint` and reads the whole answer, whatever its status; `baseURL`
    /// is the one `request` was built against, which relative OAuth endpoints resolve against too.
    package func exchange(
        _ request: PreparedRequest, endpoint: Endpoint, credentials: ExchangeCredentials, timeout: Duration?, baseURL: String? = nil
    ) async throws(CallError) -> ExchangeAnswer {
        let options = CallOptions(baseURL: baseURL, timeout: timeout)
        let settings = CallSettings(call: options, endpoint: endpoint, provider: provider)
        let transportOptions = settings.transportOptions(endpoint: endpoint, call: options, provider: provider, tls: tls)
        do {
            let response: TransportResponse
            switch credentials {
            case .configured:
                response = try await send(request, endpoint: endpoint, streaming: false, options: transportOptions, callOptions: options, usesMock: false)
            case .none:
                let sent = try probeRequest(request, endpoint: endpoint, credentials: credentials)
                response = try await probe(sent, through: [], endpoint: endpoint, transportOptions: transportOptions, callOptions: options)
            case .wrong:
                let wrong = try probeRequest(wronglyAuthorized(request, endpoint: endpoint), endpoint: endpoint, credentials: credentials)
                response = try await probe(wrong, through: [], endpoint: endpoint, transportOptions: transportOptions, callOptions: options)
            case let .leavingOut(scheme):
                let request = try probeRequest(request, endpoint: endpoint, credentials: credentials)
                // The other schemes as a call attaches them (a token obtained when none is set
                // yet), a 401 not renewed: it is the answer looked for.
                let others: [any Interceptor] = (authPolicy(for: endpoint, alternative: request.authAlternative)?.policies ?? []).filter { $0.scheme != scheme }.map {
                    AuthInterceptor(policy: $0, renewsOnUnauthorized: false)
                }
                response = try await probe(request, through: others, endpoint: endpoint, transportOptions: transportOptions, callOptions: options)
            }
            let body = try await response.body.collect(upTo: provider.options.responses.maxBodySize)
            return ExchangeAnswer(status: response.status, headerFields: response.headerFields, body: body)
        } catch {
            throw CallError.wrapping(error).naming(endpoint: endpoint.name)
        }
    }

    /// `request` with the profile's headers an auth probe with `credentials` carries: every one
    /// (a profile's `X-Tenant` routes a probe as it routes a call) but those where the
    /// credentials it goes without would go (``credentialHeaderNames(of:leftOutBy:)``: a profile's
    /// `Authorization`, as a caller's own `-H` one), applied as its interceptor applies them;
    /// `templates` gets those applied that have variables, and `variables` fills them.
    func probeRequest(
        _ request: PreparedRequest, endpoint: Endpoint, credentials: ExchangeCredentials, callHeaders: [String] = [],
        variables: VariableLookup? = nil, templates: inout [(String, Template)]
    ) throws(CallError) -> (request: PreparedRequest, headers: [String]) {
        let leftOut = credentialHeaderNames(of: endpoint, leftOutBy: credentials)
        let variables = variables ?? provider.variableLookup()
        var request = request, names: [String] = []
        for profile in provider.interceptors.compactMap({ $0 as? ProfileHeaders }) {
            let kept = ProfileHeaders(headers: profile.headers.filter { !leftOut.contains($0.0.lowercased()) })
            do {
                request = try kept.applied(to: request, endpoint: endpoint, callHeaders: callHeaders, variables: variables, templates: &templates)
            } catch {
                throw .binding(error)
            }
            names += kept.headers.map(\.0)
        }
        return (request, names)
    }

    /// `request` with the profile's headers an auth probe with `credentials` sends.
    private func probeRequest(_ request: PreparedRequest, endpoint: Endpoint, credentials: ExchangeCredentials) throws(CallError) -> PreparedRequest {
        var templates: [(String, Template)] = []
        return try probeRequest(request, endpoint: endpoint, credentials: credentials, templates: &templates).request
    }

    /// Sends an auth probe (no credential, a wrong one, one scheme left out): through
    /// `interceptors`, then the wire interceptors a call's requests go through (debug logging, the
    /// provider's, such as a ``HARRecorder``, so that a recording holds every request a check
    /// sends), then the transport; no other credential is attached, no 401 renewed, no redirect
    /// followed.
    private func probe(
        _ request: PreparedRequest, through interceptors: [any Interceptor], endpoint: Endpoint, transportOptions: TransportOptions, callOptions: CallOptions
    ) async throws -> TransportResponse {
        let context = InterceptorContext(endpoint: endpoint, service: self, transportOptions: transportOptions, callOptions: callOptions)
        let maxBodySize = provider.options.responses.maxBodySize
        return try await interceptorChain((interceptors + chains(for: endpoint).wire)[...], context: context) { [provider] partial in
            try await provider.transport.fetch(partial, options: transportOptions, maxResponseSize: maxBodySize)
        }(request)
    }

    /// The request with a wrong credential wherever the endpoint's go: each header field its
    /// credentials add, with its scheme word kept (`Bearer`, `Basic`) and the value replaced.
    package func wronglyAuthorized(_ request: PreparedRequest, endpoint: Endpoint) -> PreparedRequest {
        guard let authorized = try? authorize(request, endpoint: endpoint, keepingUnset: true) else { return request }
        var wrong = request
        for field in authorized.headerFields where !request.headerFields.contains(field) {
            let scheme = field.value.split(separator: " ", maxSplits: 1)
            let value = scheme.count == 2 ? "\(scheme[0]) bmV0c3BlYy13cm9uZzp3cm9uZw==" : "netspec-check-wrong-credential"
            wrong.headerFields[field.name] = value
        }
        if authorized.url != request.url { wrong.url = authorized.url.replacingSecrets(of: request.url) }
        return wrong
    }

    /// `request` as an exchange with `credentials` sends it, for a report to print (its HTTP
    /// message, its curl command, the `-H` of a `netspec call` line), shown as `netspec call
    /// --dry-run` and `--curl` show a call's (``shown(_:endpoint:arguments:callHeaders:showingSecrets:addingProfileHeaders:leavingOut:)``):
    /// the profile's headers and the endpoint's credentials added as the exchange adds them,
    /// the endpoint's as references to their variables (`Authorization: Bearer ${TOKEN}`), the
    /// caller's own (its `callHeaders`, a profile's `Authorization`) as `<redacted>`. An auth
    /// probe sends no credential of the endpoint's, or the wrong one, which is shown as sent, and
    /// the profile's headers it carries (``probeRequest(_:endpoint:credentials:callHeaders:variables:templates:)``);
    /// the rest is hidden as for any request. Secrets are never written.
    package func reproduction(
        _ request: PreparedRequest, endpoint: Endpoint, credentials: ExchangeCredentials = .configured, callHeaders: [String] = []
    ) -> RequestPreview {
        switch credentials {
        case .configured:
            if let preview = try? shown(request, endpoint: endpoint, arguments: nil, callHeaders: callHeaders, showingSecrets: false) { return preview }
            return RequestPreview(request: request, sources: SecretSources(spec: spec, endpoint: endpoint, provider: provider, callHeaders: callHeaders))
        case let .leavingOut(scheme):
            // The profile's headers as the probe carries them, then the other schemes'.
            var templates: [(String, Template)] = []
            if let profiled = try? probeRequest(request, endpoint: endpoint, credentials: credentials, callHeaders: callHeaders, variables: provider.variableLookup(keepingUnset: true), templates: &templates),
               let preview = try? shown(
                   profiled.request, endpoint: endpoint, arguments: nil, callHeaders: callHeaders + profiled.headers, showingSecrets: false, addingProfileHeaders: false,
                   leavingOut: scheme
               ) {
                return RequestPreview(request: preview.request, sources: preview.sources?.showing(templates: templates))
            }
            return RequestPreview(request: request, sources: SecretSources(spec: spec, endpoint: endpoint, provider: provider, callHeaders: callHeaders))
        case .none, .wrong:
            let wrong = credentials.isWrong ? wronglyAuthorized(request, endpoint: endpoint) : request
            var templates: [(String, Template)] = []
            let profiled = (try? probeRequest(wrong, endpoint: endpoint, credentials: credentials, callHeaders: callHeaders, variables: provider.variableLookup(keepingUnset: true), templates: &templates))
                ?? (request: wrong, headers: [])
            let sources = SecretSources(spec: spec, endpoint: endpoint, provider: provider, callHeaders: callHeaders + profiled.headers, auth: [])
            return RequestPreview(
                request: profiled.request, sources: sources.showing(headers: wrong.headerFields.filter { !request.headerFields.contains($0) }.map(\.name.rawName)).showing(templates: templates)
            )
        }
    }

    /// The names (lowercased) of the headers where the endpoint's credentials go that an exchange
    /// with `credentials` leaves without them: none for ``ExchangeCredentials/configured``, every
    /// scheme's for a probe without credentials or with a wrong one, the left-out scheme's. A
    /// caller's own header there (`-H 'Authorization: …'`) is not sent with such a probe, which
    /// would otherwise carry the very credential it goes without.
    package func credentialHeaderNames(of endpoint: Endpoint, leftOutBy credentials: ExchangeCredentials) -> Set<String> {
        let policies = authPolicy(for: endpoint)?.policies ?? []
        let leftOut: [AuthPolicy]
        switch credentials {
        case .configured: leftOut = []
        case .none, .wrong: leftOut = policies
        case let .leavingOut(scheme): leftOut = policies.filter { $0.scheme == scheme }
        }
        return Set(leftOut.compactMap { policy -> String? in
            switch policy.scheme {
            case .bearer, .basic: "authorization"
            case let .apiKey(location, name, _): location == .header ? name.lowercased() : location == .cookie ? "cookie" : nil
            case .clientCertificate: nil
            }
        })
    }
}

extension Service {
    /// Why a header of the caller's own cannot be sent, as a call's builder says it (`invalid
    /// header name 'A B'`, `the value of header 'X' contains a line break (CR or LF)`), or `nil`:
    /// for a command that sends it with many requests to refuse it first.
    package static func headerProblem(name: String, value: String) -> String? {
        if HTTPField.Name(name) == nil { return "invalid header name '\(name)'" }
        if let byte = ParameterCodec.forbiddenByte(inHeaderValue: value) {
            return "the value of header '\(name)' contains \(ParameterCodec.describe(forbiddenByte: byte))"
        }
        return nil
    }
}

private extension ExchangeCredentials {
    /// Whether this is the probe with a wrong credential.
    var isWrong: Bool {
        if case .wrong = self { true } else { false }
    }
}

private extension String {
    /// This URL with each query item `original` lacks (an API key's) given a wrong value.
    func replacingSecrets(of original: String) -> String {
        guard let mark = firstIndex(of: "?") else { return self }
        let known = Set(original.split(separator: "?", maxSplits: 1).dropFirst().first?.split(separator: "&").map(String.init) ?? [])
        let items = self[index(after: mark)...].split(separator: "&").map { item -> String in
            if known.contains(String(item)) { return String(item) }
            return (item.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "") + "=netspec-check-wrong-credential"
        }
        return String(self[..<mark]) + "?" + items.joined(separator: "&")
    }
}
