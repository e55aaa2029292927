import AsyncHTTPClient
import HTTPTypes
import NIOCore

/// Whole-response calls, bounded by the timeout without a timer task per call: async-http-client's
/// deadline covers the connection and the response head; for the body,
/// its idle read timeout (set to the same duration) catches a stall, and each chunk that arrives
/// is checked against the deadline, which catches a slow drip.
extension AsyncHTTPClientTransport {
    /// Sends a request and reads the whole response within `options.timeout`.
    public func fetch(_ request: PreparedRequest, options: TransportOptions, maxResponseSize: Int) async throws -> TransportResponse {
        let (client, lease) = try await client(for: options, url: request.url, readTimeout: options.timeout)
        defer { withExtendedLifetime(lease) {} }
        let deadline = options.deadlineFromNow()
        let (response, fields) = try await execute(request, on: client, options: options, deadline: deadline)
        do {
            let total = request.method == .head ? nil : response.headers.first(name: "Content-Length").flatMap { Int($0) }
            if let total, total > maxResponseSize { throw TransportError.responseTooLarge(limit: maxResponseSize) }
            let body = try await response.body.collectBytes(upTo: maxResponseSize) { received in
                if let timeout = options.timeout, NIODeadline.now() > deadline {
                    throw TransportError.timedOut(after: timeout, host: TransportErrorMapping.hostAndPort(of: request.url))
                }
                options.downloadProgress?(received, total)
            }
            return TransportResponse(
                status: Int(response.status.code), reasonPhrase: response.status.reasonPhrase,
                headerFields: fields, body: TransportResponse.Body(bytes: body)
            )
        } catch let error as TransportError {
            throw error
        } catch {
            throw TransportErrorMapping.map(error, url: request.url, options: options)
        }
    }
}
