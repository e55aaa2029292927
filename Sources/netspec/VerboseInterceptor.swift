import Netspec

/// `-v`: prints each request as sent and each response head as it came, on standard error — a
/// wire interceptor, so it sees every attempt and every redirect hop, after auth.
struct VerboseInterceptor: Interceptor {
    let printer: ResultPrinter

    func intercept(_ request: PreparedRequest, context: InterceptorContext, next: InterceptorNext) async throws -> TransportResponse {
        printer.printRequest(request)
        let response = try await next(request)
        printer.printResponseHead(response)
        return response
    }
}
