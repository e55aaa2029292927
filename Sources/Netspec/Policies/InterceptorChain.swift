/// Running a request through the interceptors of a call, in the documented order.
extension Service {
    /// The interceptors for an endpoint's calls, outermost first.
    func interceptors(for endpoint: Endpoint) -> [any Interceptor] {
        var chain: [any Interceptor] = []
        let logger = provider.options.logger
        let redactor = logger.map { _ in self.redactor(for: endpoint) }
        if let logger, let redactor { chain.append(LoggingInterceptor(logger: logger, redactor: redactor)) }
        chain += provider.interceptors
        if let policy = endpoint.retry ?? (endpoint.isRetryDisabled ? nil : provider.options.retry) {
            chain.append(RetryInterceptor(policy: policy, timing: provider.options.retryTiming))
        }
        if let auth = endpoint.auth {
            chain.append(AuthInterceptor(policy: auth))
        }
        if let logger, let redactor, logger.logLevel <= .debug {
            chain.append(WireLoggingInterceptor(logger: logger, redactor: redactor))
        }
        return chain
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

    /// Sends a request through the interceptors, then the transport or the mock.
    func send(
        _ request: PreparedRequest, endpoint: Endpoint, options: TransportOptions, callOptions: CallOptions, usesMock: Bool
    ) async throws -> TransportResponse {
        let chain = interceptors(for: endpoint)
        guard !chain.isEmpty else {
            return try await sendDirectly(request, endpoint: endpoint, options: options, usesMock: usesMock)
        }
        let context = InterceptorContext(endpoint: endpoint, service: self, transportOptions: options, callOptions: callOptions)
        var next = InterceptorNext { request in
            try await self.sendDirectly(request, endpoint: endpoint, options: options, usesMock: usesMock)
        }
        for interceptor in chain.reversed() {
            let inner = next
            next = InterceptorNext { request in try await interceptor.intercept(request, context: context, next: inner) }
        }
        return try await next(request)
    }
}
