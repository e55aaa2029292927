extension TestResponseWriter {
    /// Writes a complete response with a `Content-Length` body, then ends it.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - reason: The reason phrase; the standard one when `nil`.
    ///   - headers: Header fields; `Content-Length` is appended unless it or
    ///     `Transfer-Encoding` is already there.
    ///   - body: The body bytes.
    public func respond(
        status: Int = 200, reason: String? = nil, headers: [(String, String)] = [], body: [UInt8] = []
    ) async throws {
        var fields = headers
        if fields.value(of: "content-length") == nil && fields.value(of: "transfer-encoding") == nil {
            fields.append(("Content-Length", "\(body.count)"))
        }
        try await writeHead(status: status, reason: reason, headers: fields)
        try await write(body)
        try await end()
    }

    /// Writes a complete response whose body is the UTF-8 bytes of `body`, then ends it.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: Header fields; `Content-Length` is appended as in the byte variant.
    ///   - body: The body text.
    public func respond(status: Int = 200, headers: [(String, String)] = [], body: String) async throws {
        try await respond(status: status, headers: headers, body: Array(body.utf8))
    }
}
