import HTTPTypes
import NetspecModel

/// Building a request to show instead of sending it (`netspec call --dry-run` and `--curl`).
extension Service {
    /// A request as the call would send it, credentials included, for printing.
    ///
    /// Without `showingSecrets`, nothing secret is needed or shown: a variable that is not set
    /// stays its `${NAME}` reference, and the renderings hide what ``SecretSources`` names. With
    /// it, every variable must be set and every value is printed.
    package func preview(
        _ endpoint: String, _ arguments: [String: Argument], options: CallOptions = CallOptions(), showingSecrets: Bool = false
    ) throws(CallError) -> RequestPreview {
        let resolved = try self.endpoint(named: endpoint)
        try checkCallable(resolved, options: options)
        var request: PreparedRequest
        do {
            request = try builder(for: resolved, options: options, keepingUnsetVariables: !showingSecrets).build(arguments: arguments)
        } catch {
            throw .binding(error)
        }
        // A WebSocket's request is its upgrade, with the header fields it sends (all but its Sec-WebSocket-Key).
        if resolved.stream == .webSocket { request = Self.upgradeRequest(request, settings: resolved.webSocket ?? WebSocketSettings()) }
        return try shown(request, endpoint: resolved, arguments: arguments, callHeaders: options.headers.map(\.name), showingSecrets: showingSecrets)
    }

    /// `request`, built for `endpoint` with the call's own headers (named by `callHeaders`) in
    /// it, as the call sends it, for printing: what `--dry-run` and `--curl` show, and what
    /// `netspec check`'s reproductions show of the request that failed.
    ///
    /// A profile's headers are added as its interceptor adds them, over the document's but not
    /// the call's own (``ProfileHeaders/applied(to:endpoint:callHeaders:variables:templates:)``; unless
    /// `addingProfileHeaders` is false: an auth probe has added those it carries), then the
    /// endpoint's credentials where the request carries none of its own (but `leavingOut`'s).
    /// What the call or its profile gives itself is shown as its own, hidden as `-v` hides it:
    /// a credential it carries (the endpoint's is not attached then) and a header replacing the
    /// spec's; the endpoint's are `${NAME}` references where their variables are not set.
    func shown(
        _ request: PreparedRequest, endpoint: Endpoint, arguments: [String: Argument]?, callHeaders: [String], showingSecrets: Bool,
        addingProfileHeaders: Bool = true, leavingOut: AuthPolicy.Scheme? = nil
    ) throws(CallError) -> RequestPreview {
        var request = request
        // The alternative sent, chosen once for the credentials attached and those shown.
        if request.authAlternative == nil { request.authAlternative = authAlternative(for: endpoint) }
        // The headers given for this call, by the call or its profile, which replace the spec's.
        var ownHeaders = callHeaders
        // The profile's headers whose values have variables, shown as the spec's are.
        var templates: [(String, Template)] = []
        // A profile's headers go before auth, as its interceptor runs before auth's in a call: a
        // profile's `Authorization` is the credential sent then.
        if addingProfileHeaders {
            let variables = provider.variableLookup(keepingUnset: !showingSecrets)
            for profile in provider.interceptors.compactMap({ $0 as? ProfileHeaders }) {
                do {
                    request = try profile.applied(to: request, endpoint: endpoint, callHeaders: callHeaders, variables: variables, templates: &templates)
                } catch {
                    throw .binding(error)
                }
                ownHeaders += profile.headers.map(\.0)
            }
        }
        let authorized = try authorize(request, endpoint: endpoint, keepingUnset: !showingSecrets, leavingOut: leavingOut)
        guard !showingSecrets else { return RequestPreview(request: authorized, sources: nil) }
        let attached = (authPolicy(for: endpoint, alternative: request.authAlternative)?.policies ?? []).filter { $0.scheme != leavingOut && !AuthInterceptor(policy: $0).carriesCredential(request) }
        let sources = arguments.map {
            SecretSources(spec: spec, endpoint: endpoint, provider: provider, arguments: $0, callHeaders: ownHeaders, auth: attached)
        } ?? SecretSources(spec: spec, endpoint: endpoint, provider: provider, callHeaders: ownHeaders, auth: attached)
        return RequestPreview(request: authorized, sources: sources.showing(templates: templates))
    }

    /// The request with the endpoint's `auth:` credentials attached. A token that is not set yet
    /// but would be fetched by the endpoint's `refresh:` is left out (unless unset variables are kept).
    /// Every scheme of a requirement needing several is attached, but the one `leavingOut` names.
    func authorize(
        _ request: PreparedRequest, endpoint: Endpoint, keepingUnset: Bool, leavingOut: AuthPolicy.Scheme? = nil
    ) throws(CallError) -> PreparedRequest {
        var request = request
        for policy in authPolicy(for: endpoint, alternative: request.authAlternative)?.policies ?? [] where policy.scheme != leavingOut {
            let interceptor = AuthInterceptor(policy: policy)
            // A credential the call gives itself is what is sent (see AuthInterceptor.intercept).
            if interceptor.carriesCredential(request) { continue }
            do {
                let credentials = try AuthInterceptor.resolve(policy, provider: provider, endpoint: endpoint.name, keepingUnset: keepingUnset)
                request = try interceptor.apply(credentials, to: request)
            } catch let error as CallError.ArgumentError {
                if error.reason == .unresolvedVariable, let refresh = policy.refresh, refresh.endpoint != endpoint.name { continue }
                throw .binding(error)
            } catch {
                throw CallError.wrapping(error)
            }
        }
        return request
    }
}

/// A request built to be printed, not sent, with what its printing must hide.
package struct RequestPreview: Sendable {
    /// The request, credentials included; unset variables are `${NAME}` in it unless secrets are shown.
    package let request: PreparedRequest
    /// What to hide; `nil` shows every value.
    let sources: SecretSources?

    /// The request as an HTTP/1.1 message (`--dry-run`).
    package var httpMessage: String { request.httpMessage(hiding: sources) }
    /// An equivalent curl command (`--curl`).
    package var curlCommand: String { request.curlCommand(hiding: sources) }

    /// The curl command with curl's own `options` added (before any trailing comment).
    package func curlCommand(options: [String]) -> String { request.curlCommand(hiding: sources, options: options) }

    /// A header's value as the renderings show it: `<redacted>` where it is secret, a spec
    /// template's `${NAME}` where its variables are not set, else as sent (for a `-H` of a
    /// printed `netspec call` line).
    package func shown(header name: String, _ value: String) -> String { sources?.shown(header: name, value) ?? value }
}
