import NIOConcurrencyHelpers
import NetspecModel

/// Refreshes tokens for a provider, one refresh at a time per variable (single flight): calls
/// that find their token rejected at the same time share one call of the refresh endpoint.
final class TokenRefresher: Sendable {
    private struct Flight: Sendable {
        let task: Task<String, any Error>
    }

    private let flights = NIOLockedValueBox<[String: Flight]>([:])

    /// A new token for a refresh policy.
    ///
    /// - Parameters:
    ///   - refresh: the policy: the endpoint to call, where the token is, and the variable to store it in.
    ///   - rejected: the token the caller used; when the variable already holds another one (a
    ///     refresh finished meanwhile), that one is returned without refreshing again.
    ///   - service: the service to call the refresh endpoint on.
    ///   - options: the options of the call that needs the token: the refresh goes where that call
    ///     goes (its base URL) and with its per-call headers, timeout and mock mode.
    func refresh(
        _ refresh: AuthPolicy.Refresh, replacing rejected: String?, service: Service, options: CallOptions = CallOptions()
    ) async throws -> String {
        let provider = service.provider
        // Calls aimed at different base URLs do not share a refresh.
        let key = refresh.variable + "\u{0}" + (options.baseURL ?? "")
        let refreshOptions = CallOptions(
            baseURL: options.baseURL, headers: options.headers, timeout: options.timeout,
            connectTimeout: options.connectTimeout, usesMock: options.usesMock
        )
        let task: Task<String, any Error> = flights.withLockedValue { flights in
            if let flight = flights[key] { return flight.task }
            if let current = provider.variable(refresh.variable), current != rejected {
                return Task { current }
            }
            let task = Task<String, any Error> {
                defer { _ = self.flights.withLockedValue { $0.removeValue(forKey: key) } }
                let response = try await service.call(refresh.endpoint, options: refreshOptions)
                guard let token = response.value.value(at: refresh.token) ?? (try? JSONValue(parsing: response.body))?.value(at: refresh.token),
                      let text = token.string ?? (token.isContainer || token.isNull ? nil : token.description) else {
                    throw CallError.ResultDecodingError(
                        endpoint: refresh.endpoint, keyPath: refresh.token.description,
                        message: "the refresh response has no token at this key path"
                    )
                }
                // A token that cannot be sent would be stored and break every later call.
                if let byte = ParameterCodec.forbiddenByte(inHeaderValue: text) {
                    throw CallError.ArgumentError(
                        endpoint: refresh.endpoint, parameter: nil, reason: .configuration,
                        message: "the refresh response's token at '\(refresh.token)' holds \(ParameterCodec.describe(forbiddenByte: byte)), "
                            + "which a credential cannot hold (RFC 9110 §5.5): it is not used or stored"
                    )
                }
                provider.setVariable(refresh.variable, to: text)
                try service.storeToken(text, variable: refresh.variable, options: options, endpoint: refresh.endpoint)
                return text
            }
            flights[key] = Flight(task: task)
            return task
        }
        return try await task.value
    }

    /// A new token from an OAuth 2 grant (``OAuthGrants``), one request at a time per
    /// variable, scopes and destination; stored into the variable and the provider's token store.
    ///
    /// - Parameter rejected: the token the caller used; when the variable already holds another
    ///   one (a token came meanwhile), that one is returned without asking again.
    func obtain(
        _ grant: AuthPolicy.Grant, replacing rejected: String?, service: Service, options: CallOptions, transportOptions: TransportOptions, endpoint: String
    ) async throws -> String {
        let provider = service.provider
        let key = "grant\u{0}" + grant.variable + "\u{0}" + grant.scopes.joined(separator: " ") + "\u{0}" + (options.baseURL ?? "")
        let task: Task<String, any Error> = flights.withLockedValue { flights in
            if let flight = flights[key] { return flight.task }
            if let current = provider.variable(grant.variable), current != rejected {
                return Task { current }
            }
            let task = Task<String, any Error> {
                defer { _ = self.flights.withLockedValue { $0.removeValue(forKey: key) } }
                // Stored into the variable and the token store by the grant.
                return try await OAuthGrants.obtain(grant, service: service, options: options, transportOptions: transportOptions, endpoint: endpoint)
            }
            flights[key] = Flight(task: task)
            return task
        }
        return try await task.value
    }
}

extension Service {
    /// The key a refreshed token is stored under: this service, where the call goes, the variable.
    func tokenKey(variable: String, options: CallOptions) -> TokenStore.Key {
        TokenStore.Key(
            service: spec.service, baseURL: CallSettings.baseURL(call: options, provider: provider, spec: spec) ?? "", variable: variable, profile: provider.options.profile
        )
    }

    /// Keeps a refreshed token in the provider's store; a store that cannot be used fails the call.
    func storeToken(_ token: String, variable: String, options: CallOptions, endpoint: String) throws {
        do {
            try provider.tokenStore.setToken(token, for: tokenKey(variable: variable, options: options).description)
        } catch {
            throw CallError.ArgumentError(endpoint: endpoint, parameter: nil, reason: .configuration, message: "\(error)")
        }
    }

    /// A token stored by an earlier refresh for this variable and destination, if any.
    func storedToken(variable: String, options: CallOptions, endpoint: String) throws -> String? {
        do {
            return try provider.tokenStore.token(for: tokenKey(variable: variable, options: options).description)
        } catch {
            throw CallError.ArgumentError(endpoint: endpoint, parameter: nil, reason: .configuration, message: "\(error)")
        }
    }
}
