package import Logging

/// Logs calls through swift-log, with secrets hidden by a ``Redactor``.
///
/// At `info`, one line per call (outermost in the chain, so retries and refreshes are inside it):
/// `GET https://api.example.com/users/1 → 200 OK in 12 ms`, or the failure. At `debug`, each
/// request as it goes to the transport (after auth, once per attempt) with its headers and body,
/// and each response with its headers and body (text up to 4 KiB; a non-stream response is read
/// to log it) — see ``WireLoggingInterceptor``.
package struct LoggingInterceptor: Interceptor {
    /// The logger.
    package let logger: Logger
    /// What to hide.
    package let redactor: Redactor

    /// Creates a logging interceptor.
    package init(logger: Logger, redactor: Redactor = Redactor()) {
        self.logger = logger
        self.redactor = redactor
    }

    package func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        let start = ContinuousClock.now
        let line = "\(request.method.rawValue) \(redactor.url(request.url))"
        let response: TransportResponse
        do {
            response = try await next(request)
        } catch {
            logger.info("\(line) failed after \(Self.elapsed(since: start)): \(error)", metadata: ["endpoint": "\(context.endpoint.name)"])
            throw error
        }
        logger.info(
            "\(line) → \(response.status)\(response.reasonPhrase.isEmpty ? "" : " " + response.reasonPhrase) in \(Self.elapsed(since: start))",
            metadata: ["endpoint": "\(context.endpoint.name)"]
        )
        return response
    }

    private static func elapsed(since start: ContinuousClock.Instant) -> String {
        let duration = ContinuousClock.now - start
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return milliseconds < 10 ? "\((milliseconds * 10).rounded() / 10) ms" : "\(Int(milliseconds.rounded())) ms"
    }
}

/// The `debug` half of logging, innermost in the chain: every request exactly as it goes to the
/// transport and every response as it comes back, headers and bodies, secrets hidden.
package struct WireLoggingInterceptor: Interceptor {
    /// The logger.
    package let logger: Logger
    /// What to hide.
    package let redactor: Redactor

    /// Creates a wire-logging interceptor.
    package init(logger: Logger, redactor: Redactor = Redactor()) {
        self.logger = logger
        self.redactor = redactor
    }

    package func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        guard logger.logLevel <= .debug else { return try await next(request) }
        var text = "request \(request.method.rawValue) \(redactor.url(request.url))"
        let headerFields = request.headerFields
        for header in redactor.lines(headerFields) { text += "\n> \(header)" }
        let body = redactor.body(request.body, contentType: headerFields[.contentType])
        if !body.isEmpty { text += "\n" + Self.clipped(body) }
        logger.debug("\(text)", metadata: ["endpoint": "\(context.endpoint.name)"])

        var response = try await next(request)
        text = "response \(response.status)\(response.reasonPhrase.isEmpty ? "" : " " + response.reasonPhrase)"
        for header in redactor.lines(response.headerFields) { text += "\n< \(header)" }
        if context.endpoint.stream == nil {
            let bytes = try await response.body.collect(upTo: context.service.provider.options.responses.maxBodySize)
            response.body = TransportResponse.Body(bytes: bytes)
            let shown = String(validating: bytes, as: UTF8.self).map(Self.clipped) ?? "<\(bytes.count) bytes>"
            if !shown.isEmpty { text += "\n" + shown }
        }
        logger.debug("\(text)", metadata: ["endpoint": "\(context.endpoint.name)"])
        return response
    }

    private static func clipped(_ text: String) -> String {
        text.utf8.count <= 4096 ? text : String(text.prefix(4096)) + "… (\(text.utf8.count) bytes)"
    }
}
