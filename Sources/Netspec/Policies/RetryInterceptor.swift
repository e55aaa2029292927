import HTTPTypes

/// Retries a request on the statuses a ``RetryPolicy`` lists and on connection failures, with
/// exponential backoff and jitter, honouring `Retry-After`.
///
/// - Only idempotent methods (GET, HEAD, PUT, DELETE, OPTIONS, TRACE, QUERY) are retried, unless the
///   policy names more (`methods: [POST]`).
/// - Attempt *n* (counting from 1) waits `backoff × 2^(n-1)`, scaled by a random factor in
///   `0.5..<1` (equal jitter), at most ``maxDelay``; a `Retry-After` header (seconds or an HTTP date)
///   replaces that delay, and one longer than ``maxRetryAfter`` is not waited for (the response is returned).
/// - Connection failures (refused, reset, closed early) are retried; timeouts and cancellation
///   are not. Cancelling the call stops the wait at once.
package struct RetryInterceptor: Interceptor {
    /// The policy.
    package let policy: RetryPolicy
    /// How to wait and what time it is.
    package let timing: RetryTiming
    /// The longest computed backoff.
    var maxDelay: Duration = .seconds(30)
    /// The longest `Retry-After` that is waited for.
    var maxRetryAfter: Duration = .seconds(120)

    /// Creates a retry interceptor.
    package init(policy: RetryPolicy, timing: RetryTiming = .system) {
        self.policy = policy
        self.timing = timing
    }

    package func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        guard policy.maxRetries > 0, policy.allows(method: request.method.rawValue) else { return try await next(request) }
        var attempt = 1
        while true {
            let delay: Duration
            do {
                let response = try await next(request)
                guard attempt <= policy.maxRetries, policy.statuses.contains(response.status) else { return response }
                if let header = response.headerFields[.retryAfter], let asked = RetryAfter.delay(header, now: timing.now()) {
                    guard asked <= maxRetryAfter else { return response }
                    delay = asked
                } else {
                    delay = backoff(attempt: attempt)
                }
                // Read what is left of the response so the connection can be reused.
                _ = try? await response.body.collect(upTo: 64 * 1024)
            } catch let error as TransportError where Self.isRetryable(error) && attempt <= policy.maxRetries {
                delay = backoff(attempt: attempt)
            }
            try await timing.sleep(delay)
            attempt += 1
        }
    }

    /// The backoff before retry `attempt` (1-based): `backoff × 2^(attempt-1)` with equal jitter.
    func backoff(attempt: Int) -> Duration {
        let base = policy.backoff * Double(1 << min(attempt - 1, 30))
        let seconds = min(base * (0.5 + 0.5 * timing.random()), Double(maxDelay.components.seconds))
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// Whether a transport failure is worth another attempt.
    static func isRetryable(_ error: TransportError) -> Bool {
        error.kind == .connect || error.kind == .connectionClosed
    }
}
