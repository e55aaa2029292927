import NIOConcurrencyHelpers
import NetspecModel

/// An endpoint's interceptors in the documented order (``Interceptor``), made on the endpoint's
/// first call and kept by its service: they depend on the endpoint and the provider only, never on
/// the call, so a call runs them without building anything (`Service+Call.swift` runs them).
final class InterceptorChains: Sendable {
    /// Outermost first: logging, the provider's interceptors, the cache, retry, auth.
    let outer: [any Interceptor]
    /// Run for each request as sent (every attempt and redirect hop): debug logging, then the
    /// provider's wire interceptors.
    let wire: [any Interceptor]
    /// What the logs and the cache's credential partition hide for the endpoint.
    let redactor: Redactor

    /// The endpoint's security alternative the auth interceptors send (``Service/authAlternative(for:)``).
    let authAlternative: Int

    init(service: Service, endpoint: Endpoint, authAlternative: Int) {
        let provider = service.provider
        let redactor = Redactor(spec: service.spec, endpoint: endpoint, provider: provider)
        var outer: [any Interceptor] = []
        let logger = provider.options.logging.logger
        if let logger { outer.append(LoggingInterceptor(logger: logger, redactor: redactor)) }
        outer += provider.interceptors
        // Outside retry (a hit never reaches it; a retried attempt is never answered from the store),
        // and outside auth, whose credentials it works out itself to key responses by them.
        if let cache = provider.options.cache { outer.append(cache) }
        if let policy = CallSettings.retry(endpoint: endpoint, provider: provider) {
            outer.append(RetryInterceptor(policy: policy, timing: provider.options.retryTiming))
        }
        // One per scheme of the requirement, all sent together; each renews its own on a 401.
        for policy in service.authPolicy(for: endpoint, alternative: authAlternative)?.policies ?? [] {
            outer.append(AuthInterceptor(policy: policy))
        }
        var wire: [any Interceptor] = []
        if let logger, logger.logLevel <= .debug {
            wire.append(WireLoggingInterceptor(logger: logger, redactor: redactor))
        }
        self.authAlternative = authAlternative
        self.outer = outer
        self.wire = wire + provider.wireInterceptors
        self.redactor = redactor
    }
}

extension Service {
    /// The endpoint's interceptors for the security `alternative` a call sends (chosen now when
    /// `nil`), made on its first call and kept.
    func chains(for endpoint: Endpoint, alternative: Int? = nil) -> InterceptorChains {
        let alternative = alternative ?? authAlternative(for: endpoint)
        if let chains = endpointChains.withLockedValue({ $0[endpoint.name] }), chains.endpoint == endpoint, chains.value.authAlternative == alternative {
            return chains.value
        }
        // Built outside the lock: two first calls at once build the same chains.
        let chains = InterceptorChains(service: self, endpoint: endpoint, authAlternative: alternative)
        endpointChains.withLockedValue { $0[endpoint.name] = (endpoint, chains) }
        return chains
    }

    /// The endpoint's auth policy (with the schemes sent together with it, ``AuthPolicy/policies``)
    /// of the security alternative a call now sends (``authAlternative(for:)``), unless it would
    /// send credentials to another origin than the spec's that the provider does not allow.
    func authPolicy(for endpoint: Endpoint, alternative: Int? = nil) -> AuthPolicy? {
        guard let first = endpoint.auth else { return nil }
        let index = alternative ?? authAlternative(for: endpoint)
        // Past the alternatives: the document's `{}`, no credentials.
        guard index <= first.alternatives.count else { return nil }
        var auth = index == 0 ? first : first.alternatives[index - 1]
        guard let origin = first.origin else { return auth }
        auth.origin = origin
        return provider.options.credentialOrigins.contains { URLOrigin($0) == origin } ? auth : nil
    }

    /// Which of the endpoint's security alternatives a call sends: 0, the first the document
    /// lists that Netspec can send (``Endpoint/auth``), unless its credentials are not all set
    /// and it cannot get them itself (no OAuth 2 grant or `refresh:`) while those of a later one
    /// (``AuthPolicy/alternatives``, `n` for the `n`th) are — Gitea's `BasicAuth` first, the
    /// `Authorization: token …` of `AuthorizationHeaderToken` given. Read at each call, from the
    /// provider's variables (`--var`, a profile, the environment), so that setting one switches.
    /// An alternative with a client certificate (mutual TLS) is never switched to: whether one is
    /// presented is not known here. When none is set and the document lists `{}` after them
    /// (``AuthPolicy/allowsNoCredentials``), the call goes without credentials: the index is then
    /// one past the alternatives.
    func authAlternative(for endpoint: Endpoint) -> Int {
        guard let auth = endpoint.auth, !auth.alternatives.isEmpty || auth.allowsNoCredentials else { return 0 }
        let variables = provider.variableLookup()
        // Whether every credential of `requirement` can be sent as the variables are now.
        func isSet(_ requirement: AuthPolicy, certificate: Bool) -> Bool {
            requirement.policies.allSatisfy { policy in
                if case .clientCertificate = policy.scheme { return certificate }
                return (try? AuthInterceptor.resolve(policy, variables: variables, endpoint: endpoint.name)) != nil
            }
        }
        if auth.policies.contains(where: { $0.grant != nil || $0.refresh != nil }) || isSet(auth, certificate: true) { return 0 }
        return auth.alternatives.firstIndex { isSet($0, certificate: false) }.map { $0 + 1 }
            ?? (auth.allowsNoCredentials ? auth.alternatives.count + 1 : 0)
    }

    /// What the logging interceptors hide for an endpoint (built with its chains, on its first call).
    func redactor(for endpoint: Endpoint) -> Redactor {
        chains(for: endpoint).redactor
    }
}

/// The rest of an interceptor chain as the `next` an ``Interceptor`` gets: the interceptors
/// after it, then the end of the chain (the redirects, the wire interceptors and the transport or
/// the mock) — a plain function, as swift-openapi-runtime's `ClientMiddleware` gets its `next`.
/// `interceptors` run outermost first, then `end`.
func interceptorChain(
    _ interceptors: ArraySlice<any Interceptor>, context: InterceptorContext,
    end: @escaping @Sendable (PreparedRequest) async throws -> TransportResponse
) -> @Sendable (PreparedRequest) async throws -> TransportResponse {
    guard let first = interceptors.first else { return end }
    let rest = interceptorChain(interceptors.dropFirst(), context: context, end: end)
    return { request in try await first.intercept(request, context: context, next: rest) }
}
