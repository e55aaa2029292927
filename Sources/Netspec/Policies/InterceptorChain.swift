/// The interceptors of a call, in the documented order (``Interceptor``); the call runs them in
/// `Service+Call.swift`.
extension Service {
    /// The interceptors for an endpoint's calls, outermost first.
    func interceptors(for endpoint: Endpoint) -> [any Interceptor] {
        var chain: [any Interceptor] = []
        let logger = provider.options.logger
        let redactor = logger.map { _ in self.redactor(for: endpoint) }
        if let logger, let redactor { chain.append(LoggingInterceptor(logger: logger, redactor: redactor)) }
        chain += provider.interceptors
        // Outside retry (a hit never reaches it; a retried attempt is never answered from the store),
        // and outside auth, whose credentials it works out itself to key responses by them.
        if let cache = provider.options.cache { chain.append(cache) }
        if let policy = endpoint.retry ?? (endpoint.isRetryDisabled ? nil : provider.options.retry) {
            chain.append(RetryInterceptor(policy: policy, timing: provider.options.retryTiming))
        }
        if let auth = authPolicy(for: endpoint) {
            chain.append(AuthInterceptor(policy: auth))
        }
        return chain
    }

    /// The endpoint's auth policy, unless it would send credentials to another origin than the
    /// spec's that the provider does not allow.
    func authPolicy(for endpoint: Endpoint) -> AuthPolicy? {
        guard let auth = endpoint.auth else { return nil }
        guard let origin = auth.origin else { return auth }
        return provider.options.credentialOrigins.contains { URLOrigin($0) == origin } ? auth : nil
    }

    /// The interceptors run for each request as sent (every attempt and redirect hop), outermost first.
    func wireInterceptors(for endpoint: Endpoint) -> [any Interceptor] {
        var chain: [any Interceptor] = []
        if let logger = provider.options.logger, logger.logLevel <= .debug {
            chain.append(WireLoggingInterceptor(logger: logger, redactor: redactor(for: endpoint)))
        }
        return chain + provider.wireInterceptors
    }

    /// What the logging interceptors hide for an endpoint. It depends only on the spec, the
    /// endpoint and the provider's options (not on its variables), so it is built on the
    /// endpoint's first call and kept.
    func redactor(for endpoint: Endpoint) -> Redactor {
        guard let redactors else { return Redactor(spec: spec, endpoint: endpoint, provider: provider) }
        if let redactor = redactors.withLockedValue({ $0[endpoint.name] }) { return redactor }
        // Built outside the lock: two first calls at once build the same redactor.
        let redactor = Redactor(spec: spec, endpoint: endpoint, provider: provider)
        redactors.withLockedValue { $0[endpoint.name] = redactor }
        return redactor
    }
}
