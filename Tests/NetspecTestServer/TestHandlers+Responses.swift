internal import Synchronization

extension TestHandlers {
    /// Answers with a JSON body and `Content-Length`; the request body is discarded.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - body: The JSON text, sent as is.
    ///   - headers: Extra header fields, written after `Content-Type`.
    public static func json(status: Int = 200, body: String = "{}", headers: [(String, String)] = []) -> TestHandler {
        respond(status: status, contentType: "application/json", body: Array(body.utf8), headers: headers)
    }

    /// Answers with a `text/plain; charset=utf-8` body and `Content-Length`.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - body: The text.
    ///   - headers: Extra header fields.
    public static func text(status: Int = 200, body: String, headers: [(String, String)] = []) -> TestHandler {
        respond(status: status, contentType: "text/plain; charset=utf-8", body: Array(body.utf8), headers: headers)
    }

    /// Answers with a body compressed by zlib and the matching `Content-Encoding`.
    ///
    /// - Parameters:
    ///   - encoding: `gzip`, `deflate` (zlib format) or raw deflate (labelled `deflate`).
    ///   - status: The status code.
    ///   - body: The uncompressed text (JSON by default).
    ///   - contentType: The `Content-Type` of the uncompressed body.
    ///   - headers: Extra header fields.
    public static func compressed(
        _ encoding: TestContentEncoding,
        status: Int = 200,
        body: String = "{}",
        contentType: String = "application/json",
        headers: [(String, String)] = []
    ) -> TestHandler {
        let bytes = Zlib.compress(Array(body.utf8), as: encoding)
        return respond(
            status: status, contentType: contentType, body: bytes,
            headers: [("Content-Encoding", encoding.headerValue)] + headers)
    }

    /// A gzip-encoded JSON response (`Content-Encoding: gzip`).
    public static func gzip(status: Int = 200, body: String = "{}", headers: [(String, String)] = []) -> TestHandler {
        compressed(.gzip, status: status, body: body, headers: headers)
    }

    /// A deflate-encoded (zlib format) JSON response (`Content-Encoding: deflate`).
    public static func deflate(status: Int = 200, body: String = "{}", headers: [(String, String)] = []) -> TestHandler {
        compressed(.deflate, status: status, body: body, headers: headers)
    }

    /// Answers with a redirect to `location` and an empty body.
    ///
    /// - Parameters:
    ///   - location: The `Location` value, absolute or relative, sent as is.
    ///   - status: 301, 302 (default), 303, 307 or 308.
    public static func redirect(to location: String, status: Int = 302) -> TestHandler {
        respond(status: status, contentType: nil, body: [], headers: [("Location", location)])
    }

    /// Waits, then lets `handler` answer. The wait ends early if the connection closes.
    ///
    /// - Parameters:
    ///   - delay: How long to wait before answering.
    ///   - handler: The answer; `{}` as JSON by default.
    public static func slow(delay: Duration, then handler: @escaping TestHandler = json()) -> TestHandler {
        return { request, writer in
            try await Task.sleep(for: delay)
            try await handler(request, writer)
        }
    }

    /// Answers the first request with the first handler, the second with the second, and so
    /// on; the last handler answers all later requests. For retry tests: `[json(status: 503), json()]`.
    ///
    /// - Parameter handlers: At least one handler.
    public static func sequence(_ handlers: [TestHandler]) -> TestHandler {
        precondition(!handlers.isEmpty, "sequence needs at least one handler")
        let box = SequenceBox(handlers: handlers)
        return { request, writer in
            let index = min(box.counter.add(1, ordering: .relaxed).oldValue, box.handlers.count - 1)
            try await box.handlers[index](request, writer)
        }
    }

    /// The shared logic of the fixed-body handlers.
    static func respond(status: Int, contentType: String?, body: [UInt8], headers: [(String, String)]) -> TestHandler {
        let fields = (contentType.map { [("Content-Type", $0)] } ?? []) + headers
        return { _, writer in
            try await writer.respond(status: status, headers: fields, body: body)
        }
    }
}

/// The handlers and request counter of one ``TestHandlers/sequence(_:)``.
private final class SequenceBox: Sendable {
    let handlers: [TestHandler]
    let counter = Atomic<Int>(0)

    init(handlers: [TestHandler]) {
        self.handlers = handlers
    }
}
