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
