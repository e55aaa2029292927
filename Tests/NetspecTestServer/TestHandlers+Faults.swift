extension TestHandlers {
    /// Declares `Content-Length: declaredLength`, sends `sentLength` bytes, then closes cleanly
    /// (FIN): the client sees a body cut short.
    ///
    /// - Parameters:
    ///   - declaredLength: The `Content-Length` value.
    ///   - sentLength: How many body bytes are sent before the close.
    public static func closeMidBody(declaredLength: Int = 1000, sentLength: Int = 500) -> TestHandler {
        return { _, writer in
            try await writePartialBody(writer, declared: declaredLength, sent: sentLength)
            await writer.close()
        }
    }

    /// Like ``closeMidBody(declaredLength:sentLength:)`` but ends with RST instead of FIN.
    public static func resetMidBody(declaredLength: Int = 1000, sentLength: Int = 500) -> TestHandler {
        return { _, writer in
            try await writePartialBody(writer, declared: declaredLength, sent: sentLength)
            try await Task.sleep(for: .milliseconds(50))  // Let the partial body reach the client first.
            await writer.reset()
        }
    }

    /// On a TLS connection, a body framed by the connection's end (no `Content-Length`, as
    /// HTTP/1.1 allows) whose TCP connection closes under TLS, without close_notify: the client
    /// cannot tell the body's end from a truncation, and must fail.
    public static let closeWithoutTLSClose: TestHandler = { _, writer in
        let head = WireFormat.head(status: 200, reason: nil, headers: [("Content-Type", "application/json"), ("Connection", "close")])
        try await writer.writeRaw(head + Array(#"{"ok":"#.utf8))
        try await Task.sleep(for: .milliseconds(50))  // Let the partial body reach the client first.
        await writer.closeBelowTLS()
    }

    /// Resets the connection (RST) as soon as the request head arrives; the client gets `ECONNRESET`.
    public static let resetBeforeHeaders: TestHandler = { _, writer in
        await writer.reset()
    }

    /// Closes the connection (FIN) as soon as the request head arrives, with no response at all.
    public static let closeBeforeHeaders: TestHandler = { _, writer in
        await writer.close()
    }

    /// Declares `Content-Length: declared` but sends `actual` body bytes (`x` repeated).
    ///
    /// The connection stays open, so the extra bytes sit in front of the next response.
    public static func lyingContentLength(declared: Int = 5, actual: Int = 10) -> TestHandler {
        return { _, writer in
            let head = WireFormat.head(
                status: 200, reason: nil,
                headers: [("Content-Type", "text/plain"), ("Content-Length", "\(declared)")])
            try await writer.writeRaw(head + [UInt8](repeating: UInt8(ascii: "x"), count: actual))
            try await writer.end()
        }
    }

    /// A gzip response whose compressed body is cut in half, with a `Content-Length` that
    /// matches what is sent: the HTTP framing is fine, the decompression fails.
    public static let truncatedGzip: TestHandler = { _, writer in
        let text = #"{"items":[\#((0..<200).map { #"{"id":\#($0)}"# }.joined(separator: ","))]}"#
        let compressed = Zlib.compress(Array(text.utf8), as: .gzip)
        try await writer.respond(
            headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
            body: Array(compressed.prefix(compressed.count / 2)))
    }

    /// Answers `200 {}` with one header field, `X-Huge`, whose value is `bytes` bytes long.
    ///
    /// - Parameter bytes: The length of the header value.
    public static func hugeHeader(bytes: Int) -> TestHandler {
        json(headers: [("X-Huge", String(repeating: "a", count: bytes))])
    }

    /// Redirects (302) every request to its own target, forever.
    public static let redirectLoop: TestHandler = { request, writer in
        try await writer.respond(status: 302, headers: [("Location", request.target)])
    }

    /// Writes `bytes` verbatim and closes (FIN): for malformed status lines, bad chunk sizes,
    /// invalid header syntax.
    public static func raw(_ bytes: [UInt8]) -> TestHandler {
        return { _, writer in
            try await writer.writeRaw(bytes)
            await writer.close()
        }
    }

    /// Writes the UTF-8 bytes of `text` verbatim and closes (FIN).
    public static func raw(_ text: String) -> TestHandler {
        raw(Array(text.utf8))
    }

    private static func writePartialBody(_ writer: TestResponseWriter, declared: Int, sent: Int) async throws {
        try await writer.writeHead(
            status: 200,
            headers: [("Content-Type", "application/octet-stream"), ("Content-Length", "\(declared)")])
        try await writer.write([UInt8](repeating: UInt8(ascii: "z"), count: sent))
    }
}
