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
        return chain
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

    /// Sends a request through the interceptors, then follows its redirects hop by hop, each hop
    /// through the wire interceptors and then the transport or the mock.
    func send(
        _ request: PreparedRequest, endpoint: Endpoint, options: TransportOptions, callOptions: CallOptions, usesMock: Bool
    ) async throws -> TransportResponse {
        let chain = interceptors(for: endpoint)
        let wire = wireInterceptors(for: endpoint)
        guard !chain.isEmpty || !wire.isEmpty else {
            return try await followRedirects(request, endpoint: endpoint, options: options, usesMock: usesMock) { hop, hopOptions in
                try await self.answer(hop, endpoint: endpoint, options: hopOptions, usesMock: usesMock)
            }
        }
        let context = InterceptorContext(endpoint: endpoint, service: self, transportOptions: options, callOptions: callOptions)
        let end = InterceptorNext { request in
            try await self.followRedirects(request, endpoint: endpoint, options: options, usesMock: usesMock) { hop, hopOptions in
                let answer = InterceptorNext { try await self.answer($0, endpoint: endpoint, options: hopOptions, usesMock: usesMock) }
                return try await Self.run(wire, request: hop, context: context, end: answer)
            }
        }
        return try await Self.run(chain, request: request, context: context, end: end)
    }

    /// `request` through `interceptors`, outermost first, and then `end`.
    private static func run(
        _ interceptors: [any Interceptor], request: PreparedRequest, context: InterceptorContext, end: InterceptorNext
    ) async throws -> TransportResponse {
        var next = end
        for interceptor in interceptors.reversed() {
            let inner = next
            next = InterceptorNext { request in try await interceptor.intercept(request, context: context, next: inner) }
        }
        return try await next(request)
    }

    /// Sends `request` with `sendHop` and follows its redirects by ``RedirectFollower``'s rules,
    /// each hop sent on its own (the transport follows none) within what is left of the timeout.
    /// A mock's answer is never followed.
    private func followRedirects(
        _ request: PreparedRequest, endpoint: Endpoint, options: TransportOptions, usesMock: Bool,
        _ sendHop: (PreparedRequest, TransportOptions) async throws -> TransportResponse
    ) async throws -> TransportResponse {
        var hopOptions = options
        hopOptions.maxRedirects = 0
        if usesMock || options.maxRedirects == 0 { return try await sendHop(request, hopOptions) }
        var follower = RedirectFollower(request: request, maxRedirects: options.maxRedirects)
        let start = ContinuousClock.now
        var current = request
        while true {
            let response = try await sendHop(current, hopOptions)
            guard let next = try follower.nextRequest(after: response.status, headerFields: response.headerFields, to: current) else {
                return response
            }
            // The redirect's body is read and dropped (its connection can then carry the next
            // request); past 64 KiB it is abandoned and the connection closed instead.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            if let timeout = options.timeout {
                hopOptions.timeout = max(timeout - (ContinuousClock.now - start), .milliseconds(1))
            }
            current = next
        }
    }
}
