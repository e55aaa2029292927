/// Middleware around sending a request: it sees the built request, the endpoint and its spec
/// metadata, and a `next` to call — or not. It may change the request, answer without sending
/// (short-circuit), send several times (retry), or change the response.
///
/// ```swift
/// struct RequestID: Interceptor {
///     func intercept(_ request: PreparedRequest, context: InterceptorContext, next: InterceptorNext) async throws -> TransportResponse {
///         var request = request
///         request.headerFields[HTTPField.Name("X-Request-ID")!] = UUID().uuidString
///         return try await next(request)
///     }
/// }
/// let provider = Provider(baseURL: "https://api.example.com", interceptors: [RequestID()])
/// ```
///
/// ## Order
/// From the outside in, a call runs through:
/// 1. logging (when the provider has a logger): one line per call;
/// 2. the provider's ``Provider/interceptors``, in array order (the first sees the request first
///    and the response last);
/// 3. the HTTP cache (``Provider/Options/cache``), which answers from its store without going further,
///    keying responses by the credentials auth will add (it resolves them itself);
/// 4. retry (the endpoint's `retry:`, else the provider's ``Provider/Options/retry``),
///    so every attempt runs through what follows;
/// 5. auth (the endpoint's `auth:`), so every attempt carries the current credentials
///    and a 401 can refresh them;
/// 6. redirects, followed hop by hop (``Provider/Options/maxRedirects``);
/// 7. the wire: debug logging (when the logger logs at `debug`), then the provider's
///    ``Provider/wireInterceptors``, for each request exactly as sent — every attempt and every
///    redirect hop;
/// 8. the transport, or the spec's mock when mocks are on.
public protocol Interceptor: Sendable {
    /// Handles one request.
    ///
    /// - Parameters:
    ///   - request: the request as built (and as changed by outer interceptors).
    ///   - context: the endpoint, its service, and the transport options.
    ///   - next: the rest of the chain; call it to send.
    /// - Returns: the response (its body streams).
    func intercept(_ request: PreparedRequest, context: InterceptorContext, next: InterceptorNext) async throws -> TransportResponse
}

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
}

/// The rest of an interceptor chain: the interceptors after this one, then the end of the chain
/// (the redirects, the wire interceptors and the transport or the mock).
public struct InterceptorNext: Sendable {
    private let interceptors: ArraySlice<any Interceptor>
    private let context: InterceptorContext
    private let end: @Sendable (PreparedRequest) async throws -> TransportResponse

    /// The chain `interceptors` (outermost first) ending in `end`.
    init(_ interceptors: ArraySlice<any Interceptor>, context: InterceptorContext, end: @escaping @Sendable (PreparedRequest) async throws -> TransportResponse) {
        self.interceptors = interceptors
        self.context = context
        self.end = end
    }

    /// Sends a request through the rest of the chain.
    public func callAsFunction(_ request: PreparedRequest) async throws -> TransportResponse {
        guard let first = interceptors.first else { return try await end(request) }
        return try await first.intercept(request, context: context, next: InterceptorNext(interceptors.dropFirst(), context: context, end: end))
    }
}
