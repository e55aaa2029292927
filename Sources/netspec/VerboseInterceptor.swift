import Netspec

/// `-v`: prints each request as sent and each response head as it came, on standard error — a
/// wire interceptor, so it sees every attempt and every redirect hop, after auth, and the OAuth 2
/// token requests a call sends (a ``TokenRequestObserver``), their secrets hidden as the call's are.
struct VerboseInterceptor: TokenRequestObserver {
    let printer: ResultPrinter
    /// Whether requests go to the network (not `--mock`'s or `--replay`'s answers): then the line
    /// before each says which proxy it goes through, or which list sent it direct.
    var showsProxy = true

    func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        if showsProxy, let note = context.transportOptions.proxy.note(for: request.url) { Terminal.standardError.write("* \(note)\n") }
        printer.printRequest(request)
        let response = try await next(request)
        printer.printResponseHead(response)
        return response
    }
}

/// `-v`: says when a response came from the HTTP cache — a provider interceptor, outside the cache,
/// so it sees the answers that never reach the wire (`* (cache hit)`, then the stored head) and
/// those a `304` revalidated (`* (revalidated)`).
struct VerboseCacheNote: Interceptor {
    let printer: ResultPrinter

    func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        let response = try await next(request)
        switch response.headerFields[HTTPCache.outcomeField].flatMap(HTTPCache.Outcome.init(rawValue:)) {
        case .hit?:
            Terminal.standardError.write("* (cache hit) \(request.method.rawValue) \(request.url)\n")
            printer.printResponseHead(response)
        case .revalidated?:
            Terminal.standardError.write("* (revalidated) the stored response is still valid\n")
        case nil:
            break
        }
        return response
    }
}
