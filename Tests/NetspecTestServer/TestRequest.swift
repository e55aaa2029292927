/// One request as the server received it: the head exactly as sent, and the body as a stream.
public struct TestRequest: Sendable {
    /// The method token, e.g. `"GET"`.
    public let method: String
    /// The raw request-target, e.g. `"/a%20b?x=1"` (RFC 9112 §3.2).
    public let target: String
    /// The target up to `?`, still percent-encoded.
    public let path: String
    /// The target after the first `?`, still percent-encoded; `nil` when there is no `?`.
    public let query: String?
    /// The protocol version, e.g. `"HTTP/1.1"`.
    public let version: String
    /// The header fields in received order, with their original case.
    public let headers: [(name: String, value: String)]
    /// The request body, streamed with backpressure as the client sends it.
    public let body: TestRequestBody

    /// Creates a request; the server builds these, tests of handlers may too.
    ///
    /// - Parameters:
    ///   - method: The method token.
    ///   - target: The raw request-target; `path` and `query` are split from it at the first `?`.
    ///   - version: The protocol version.
    ///   - headers: The header fields in order.
    ///   - body: The body stream.
    public init(
        method: String,
        target: String,
        version: String = "HTTP/1.1",
        headers: [(name: String, value: String)],
        body: TestRequestBody
    ) {
        self.method = method
        self.target = target
        if let mark = target.firstIndex(of: "?") {
            self.path = String(target[..<mark])
            self.query = String(target[target.index(after: mark)...])
        } else {
            self.path = target
            self.query = nil
        }
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The value of the first header field named `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// All values of the header fields named `name`, in order, compared case-insensitively.
    public func headers(named name: String) -> [String] {
        let wanted = name.lowercased()
        return headers.filter { $0.name.lowercased() == wanted }.map(\.value)
    }

    /// Reads the whole body into memory.
    ///
    /// - Parameter limit: The most bytes accepted.
    /// - Returns: The body bytes.
    /// - Throws: ``TestServerError/bodyTooLarge(limit:)`` past `limit`, or
    ///   ``TestServerError/connectionClosed`` if the client went away mid-body.
    public func collectBody(upTo limit: Int) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in body {
            guard bytes.count + chunk.count <= limit else { throw TestServerError.bodyTooLarge(limit: limit) }
            bytes += chunk
        }
        return bytes
    }
}
