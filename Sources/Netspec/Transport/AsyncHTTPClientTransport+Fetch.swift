import AsyncHTTPClient
import HTTPTypes
import NIOCore

/// Whole-response calls, bounded by the timeout without a timer task per call: async-http-client's
/// deadline covers the connection and the response head; for the body, its idle read timeout
/// (set to the same duration) catches a stall, and each chunk that arrives is checked against the
/// deadline, which catches a slow drip.
extension AsyncHTTPClientTransport {
    /// Sends a request and reads the whole response within `options.timeout`.
    public func fetch(_ request: PreparedRequest, options: TransportOptions, maxResponseSize: Int) async throws -> TransportResponse {
        let client = client(for: options, readTimeout: options.timeout)
        let clientRequest = Self.makeRequest(request, uploadProgress: options.uploadProgress)
        let deadline: NIODeadline = options.timeout.map { .now() + TimeAmount($0) } ?? .distantFuture
        do {
            let response = try await client.execute(clientRequest, deadline: deadline)
            var fields: [HTTPField] = []
            fields.reserveCapacity(response.headers.count)
            for (name, value) in response.headers {
                if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
            }
            let total = request.method == .head ? nil : response.headers.first(name: "Content-Length").flatMap { Int($0) }
            if let total, total > maxResponseSize { throw TransportError.responseTooLarge(limit: maxResponseSize) }
            var body = ByteBuffer()
            for try await var chunk in response.body {
                guard body.readableBytes + chunk.readableBytes <= maxResponseSize else {
                    throw TransportError.responseTooLarge(limit: maxResponseSize)
                }
                if body.readableBytes == 0 { body = chunk } else { body.writeBuffer(&chunk) }
                if let timeout = options.timeout, NIODeadline.now() > deadline { throw TransportError.timedOut(after: timeout) }
                options.downloadProgress?(TransferProgress(completed: body.readableBytes, total: total))
            }
            return TransportResponse(
                status: Int(response.status.code), reasonPhrase: response.status.reasonPhrase,
                headerFields: HTTPFields(fields), body: ResponseBody(bytes: Array(body.readableBytesView))
            )
        } catch let error as TransportError {
            throw error
        } catch {
            throw TransportErrorMapping.map(error, url: request.url, options: options)
        }
    }
}
