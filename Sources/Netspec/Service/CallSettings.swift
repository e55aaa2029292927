/// One call's settings, each worked out here and nowhere else by the one precedence rule: the
/// call's own ``CallOptions``, else the endpoint's (the spec), else the provider's
/// ``Provider/Options``.
struct CallSettings: Sendable {
    /// Whether the call is answered from the spec's mock.
    let usesMock: Bool
    /// The total time the call may take (for streams: the wait for the response head).
    let timeout: Duration?
    /// How long to wait for a connection.
    let connectTimeout: Duration

    init(call: CallOptions, endpoint: Endpoint, provider: Provider) {
        usesMock = Self.usesMock(call: call, provider: provider)
        timeout = call.timeout ?? endpoint.timeout.map { Duration.seconds($0) } ?? provider.options.timeout
        connectTimeout = call.connectTimeout ?? provider.options.connectTimeout
    }

    /// Whether a call is answered from the spec's mock: the call says, else the provider.
    static func usesMock(call: CallOptions, provider: Provider) -> Bool {
        call.usesMock ?? provider.options.usesMocks
    }

    /// How a call uses the HTTP cache: the call's policy, else the endpoint's `cache:`, else the cache's own.
    static func cachePolicy(call: CallOptions, endpoint: Endpoint, cache: HTTPCache) -> CachePolicy {
        call.cachePolicy ?? endpoint.cachePolicy ?? cache.policy
    }

    /// The retry policy of an endpoint's calls: the spec's `retry:`, else the provider's, unless the
    /// spec says `retry: none`.
    static func retry(endpoint: Endpoint, provider: Provider) -> RetryPolicy? {
        endpoint.retry ?? (endpoint.isRetryDisabled ? nil : provider.options.retry)
    }
}
