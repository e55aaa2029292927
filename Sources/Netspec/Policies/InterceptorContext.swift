/// What an interceptor knows about the call.
public struct InterceptorContext: Sendable {
    /// The endpoint called, with its spec metadata (`auth`, `retry`, `stream`, …).
    public let endpoint: Endpoint
    /// The service the call belongs to (to call other endpoints, such as a token refresh).
    public let service: Service
    /// The transport options of the call.
    public let transportOptions: TransportOptions
    /// The call's own options (its base URL and headers), which a call made on the call's behalf,
    /// such as a token refresh, goes with.
    public let callOptions: CallOptions
    /// The endpoint's security alternative the call sends (``Service/authAlternative(for:)``),
    /// chosen once per call; `nil` outside a call's chain (a token request's recorders).
    var authAlternative: Int? = nil
}
