import HTTPTypes

/// Sends prepared requests over the network. ``AsyncHTTPClientTransport`` is the default; provide
/// your own to send through another client, or to answer requests in tests.
public protocol HTTPTransport: Sendable {
    /// Sends a request and returns as soon as the response head has arrived; the body streams.
    /// A transport follows no redirect: a call follows them itself, hop by hop, each through the
    /// wire interceptors.
    ///
    /// - Parameters:
    ///   - request: the request to send.
    ///   - options: timeouts and limits for this request.
    /// - Throws: ``TransportError`` when no response head arrives (connect, TLS, timeout,
    ///   cancellation, a connection closed early).
    func send(_ request: PreparedRequest, options: TransportOptions) async throws -> TransportResponse

    /// Sends a request and reads the whole response, all within `options.timeout`.
    ///
    /// Non-stream calls use this. The default implementation calls ``send(_:options:)`` and reads
    /// the body, racing both against the timeout.
    ///
    /// - Parameters:
    ///   - request: the request to send.
    ///   - options: timeouts and limits for this request.
    ///   - maxResponseSize: the largest body accepted, in bytes.
    /// - Returns: the response, with its body in memory.
    func fetch(_ request: PreparedRequest, options: TransportOptions, maxResponseSize: Int) async throws -> TransportResponse
}

extension HTTPTransport {
    /// Sends, then reads the body, within the timeout.
    public func fetch(_ request: PreparedRequest, options: TransportOptions, maxResponseSize: Int) async throws -> TransportResponse {
        try await Deadline.run(options.timeout, host: TransportErrorMapping.hostAndPort(of: request.url)) {
            var response = try await send(request, options: options)
            let body = response.body.reportingProgress(total: response.contentLength, to: options.downloadProgress)
            response.body = TransportResponse.Body(bytes: try await body.collect(upTo: maxResponseSize))
            return response
        }
    }
}

extension TransportResponse {
    /// The `Content-Length` the server sent, if any.
    var contentLength: Int? {
        headerFields.firstValue(for: .contentLength).flatMap { Int($0) }
    }
}

/// Reason phrases for common status codes (RFC 9110 §15), for messages.
enum HTTPStatusText {
    static func reason(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }
}
