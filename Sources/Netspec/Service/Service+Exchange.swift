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
    /// what cannot be written at all: a value of a type the parameter's form cannot carry).
    package func uncheckedRequest(for endpoint: Endpoint, _ arguments: [String: Argument], baseURL: String?) throws(CallError) -> PreparedRequest {
        do {
            return try builder(for: endpoint, options: CallOptions(baseURL: baseURL, requestValidation: .off)).build(arguments: arguments)
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
                response = try await probe(request, through: [], endpoint: endpoint, transportOptions: transportOptions, callOptions: options)
            case .wrong:
                let wrong = wronglyAuthorized(request, endpoint: endpoint)
                response = try await probe(wrong, through: [], endpoint: endpoint, transportOptions: transportOptions, callOptions: options)
            case let .leavingOut(scheme):
                // The other schemes as a call attaches them (a token obtained when none is set
                // yet), a 401 not renewed: it is the answer looked for.
                let others: [any Interceptor] = (authPolicy(for: endpoint)?.policies ?? []).filter { $0.scheme != scheme }.map {
                    AuthInterceptor(policy: $0, renewsOnUnauthorized: false)
                }
                response = try await probe(request, through: others, endpoint: endpoint, transportOptions: transportOptions, callOptions: options)
            }
            let body = try await response.body.collect(upTo: provider.options.responses.maxBodySize)
            return ExchangeAnswer(status: response.status, headerFields: response.headerFields, body: body)
        } catch {
            throw CallError.wrapping(error)
        }
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

    /// A curl command that repeats `request` as an exchange with `credentials` sends it: the
    /// endpoint's as references to their variables (`Authorization: Bearer ${TOKEN}`), none, or
    /// the wrong one; secrets never written.
    package func reproducingCurl(_ request: PreparedRequest, endpoint: Endpoint, credentials: ExchangeCredentials = .configured) -> String {
        switch credentials {
        case .configured, .leavingOut:
            let authorized = (try? authorize(request, endpoint: endpoint, keepingUnset: true, leavingOut: credentials.leftOut)) ?? request
            return authorized.curlCommand(hiding: SecretSources(spec: spec, endpoint: endpoint, provider: provider))
        case .none: return request.curlCommand(hiding: nil)
        case .wrong: return wronglyAuthorized(request, endpoint: endpoint).curlCommand(hiding: nil)
        }
    }
}

private extension ExchangeCredentials {
    /// The scheme left out, if any.
    var leftOut: AuthPolicy.Scheme? {
        if case let .leavingOut(scheme) = self { scheme } else { nil }
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

extension Service {
    /// The request as an exchange with `credentials` sends it, as an HTTP/1.1 message: the
    /// endpoint's credentials hidden, none, or the wrong one.
    package func reproducingMessage(_ request: PreparedRequest, endpoint: Endpoint, credentials: ExchangeCredentials = .configured) -> String {
        switch credentials {
        case .configured, .leavingOut:
            let authorized = (try? authorize(request, endpoint: endpoint, keepingUnset: true, leavingOut: credentials.leftOut)) ?? request
            return authorized.httpMessage(hiding: SecretSources(spec: spec, endpoint: endpoint, provider: provider))
        case .none: return request.httpMessage(hiding: nil)
        case .wrong: return wronglyAuthorized(request, endpoint: endpoint).httpMessage(hiding: nil)
        }
    }
}
