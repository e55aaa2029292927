import HTTPTypes

/// Retries declared in a spec with `retry:` on the service or an endpoint.
///
/// ```yaml
/// retry: { max: 3, on: [429, 502, 503, 504], backoff: 0.2, methods: [POST] }
/// ```
public struct RetryPolicy: Sendable, Hashable {
    /// The statuses retried when the spec names none.
    public static let defaultStatuses: [Int] = [429, 502, 503, 504]

    /// How many times a call is retried after its first attempt.
    public var maxRetries: Int
    /// The response statuses that are retried (transport errors always are).
    public var statuses: Set<Int>
    /// The base delay in seconds; attempt *n* waits about `backoff * 2^(n-1)`, with jitter.
    public var backoff: Double
    /// Methods retried in addition to the idempotent ones (for example `POST`).
    public var extraMethods: Set<String>

    /// Creates a retry policy.
    public init(maxRetries: Int = 3, statuses: Set<Int> = Set(RetryPolicy.defaultStatuses), backoff: Double = 0.2, extraMethods: Set<String> = []) {
        self.maxRetries = maxRetries
        self.statuses = statuses
        self.backoff = backoff
        self.extraMethods = extraMethods
    }

    /// Whether a request with this method may be retried: an idempotent method (RFC 9110
    /// §9.2.2, and QUERY), or one of ``extraMethods``.
    public func allows(method: String) -> Bool {
        HTTPRequest.Method(method)?.isIdempotent == true || extraMethods.contains(method)
    }
}
