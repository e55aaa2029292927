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
        // A profile's headers go before auth, as its interceptor runs before auth's in a call: a
        // profile's `Authorization` is the credential sent then.
        for profile in provider.interceptors.compactMap({ $0 as? ProfileHeaders }) { request = profile.adding(to: request) }
        let authorized = try authorize(request, endpoint: resolved, keepingUnset: !showingSecrets)
        guard !showingSecrets else { return RequestPreview(request: authorized, sources: nil) }
        // What the call (or its profile) gives itself is shown as its own, hidden as -v hides it: a
        // credential it carries (then the endpoint's is not attached) and a header replacing the spec's.
        let attached = (authPolicy(for: resolved)?.policies ?? []).filter { !AuthInterceptor(policy: $0).carriesCredential(request) }
        let sources = SecretSources(
            spec: spec, endpoint: resolved, provider: provider, arguments: arguments, callHeaders: options.headers.map(\.name), auth: attached
        )
        return RequestPreview(request: authorized, sources: sources)
    }

    /// The request with the endpoint's `auth:` credentials attached. A token that is not set yet
    /// but would be fetched by the endpoint's `refresh:` is left out (unless unset variables are kept).
    /// Every scheme of a requirement needing several is attached, but the one `leavingOut` names.
    func authorize(
        _ request: PreparedRequest, endpoint: Endpoint, keepingUnset: Bool, leavingOut: AuthPolicy.Scheme? = nil
    ) throws(CallError) -> PreparedRequest {
        var request = request
        for policy in authPolicy(for: endpoint)?.policies ?? [] where policy.scheme != leavingOut {
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
}

extension ProfileHeaders {
    /// The request with the profile's headers it does not have, as ``intercept(_:context:next:)`` sends it.
    fileprivate func adding(to request: PreparedRequest) -> PreparedRequest {
        var request = request
        for (name, value) in headers {
            guard let field = HTTPField.Name(name), !request.headerFields.contains(field) else { continue }
            request.headerFields.append(HTTPField(name: field, value: value))
        }
        return request
    }
}
