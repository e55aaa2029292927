/// Middleware around sending a request: it sees the built request, the endpoint and its spec
/// metadata, and a `next` to call — or not. It may change the request, answer without sending
/// (short-circuit), send several times (retry), or change the response.
///
/// ```swift
/// struct RequestID: Interceptor {
///     func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
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
/// 6. redirects, followed hop by hop (``Provider/Options/redirects``);
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
    func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse
}

