extension TestHandlers {
    /// Sends a `Content-Length: bytes` body one byte at a time, flushing each, with a pause
    /// before every byte after the first. The bytes spell `abc…z` repeatedly.
    ///
    /// - Parameters:
    ///   - bytes: The body length.
    ///   - interval: The pause between bytes.
    public static func dripBody(bytes: Int, every interval: Duration) -> TestHandler {
        return { _, writer in
            try await writer.writeHead(
                status: 200,
                headers: [("Content-Type", "application/octet-stream"), ("Content-Length", "\(bytes)")])
            for index in 0..<bytes {
                if index > 0 { try await Task.sleep(for: interval) }
                try await writer.write([UInt8(ascii: "a") + UInt8(index % 26)])
            }
            try await writer.end()
        }
    }

    /// A `text/event-stream` response, chunked, that writes each piece as its own chunk
    /// (flushed at once) with a pause between pieces, then ends the stream.
    ///
    /// Pieces are written verbatim, so an event can be split across pieces or several sent
    /// in one: `["data: a\n\n", "data: b\n", "\n", "event: end\ndata: [DONE]\n\n"]`.
    ///
    /// - Parameters:
    ///   - events: The raw pieces of the stream (https://html.spec.whatwg.org/multipage/server-sent-events.html).
    ///   - pause: The wait between two pieces.
    ///   - headers: Extra header fields.
    public static func sse(events: [String], pauses pause: Duration, headers: [(String, String)] = []) -> TestHandler {
        return { _, writer in
            try await writer.writeHead(
                status: 200,
                headers: [
                    ("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache"),
                    ("Transfer-Encoding", "chunked"),
                ] + headers)
            for (index, piece) in events.enumerated() {
                if index > 0 { try await Task.sleep(for: pause) }
                try await writer.writeChunk(piece)
            }
            try await writer.endChunked()
        }
    }

    /// Reads the whole request and never answers; returns once the client closes the connection.
    public static let neverAnswer: TestHandler = { request, writer in
        for try await _ in request.body {}
        await writer.waitForClientClose()
    }
}
