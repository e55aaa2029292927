/// The life of one response, as seen by ``TestResponseWriter``: no I/O, only decisions.
///
/// Kept separate from the writer so the rules (implicit heads, chunk terminators, when the
/// connection cannot be reused) can be unit-tested without sockets.
struct ResponseStateMachine: Sendable {
    enum Phase: Sendable, Equatable {
        case awaitingHead
        case body(ResponseFraming, written: Int)
        /// Something was written with `writeRaw`: framing is the handler's business now.
        case raw
        case finished
    }

    /// What to do with body bytes passed to `write`.
    enum BodyAction: Equatable {
        case write([UInt8])
        /// The response has no body (`HEAD`, 204, 304); the bytes are dropped.
        case discard
    }

    /// What `end()` must do.
    struct EndAction: Equatable {
        /// Bytes to write first: an implicit head, the last chunk, or nothing.
        var bytes: [UInt8]
        /// Whether the connection must close after the response instead of being reused.
        var closeConnection: Bool
    }

    let requestMethod: String
    private(set) var phase: Phase = .awaitingHead
    /// The response carried `Connection: close`.
    private var responseSaysClose = false

    init(requestMethod: String) {
        self.requestMethod = requestMethod
    }

    var isFinished: Bool { phase == .finished }

    /// A final head was written (or raw bytes, which count as one).
    var headWritten: Bool { phase != .awaitingHead }

    mutating func writeHead(status: Int, headers: [(String, String)]) throws(TestServerError) {
        guard (100...999).contains(status) else { throw .invalidStatus(status) }
        switch phase {
        case .awaitingHead:
            // An interim (1xx) response leaves room for the final one.
            if (100..<200).contains(status) && status != 101 { return }
            let framing = ResponseFraming.of(status: status, requestMethod: requestMethod, headers: headers)
            phase = .body(framing, written: 0)
            responseSaysClose = headers.value(of: "connection")?.lowercased().contains("close") ?? false
        case .body, .raw: throw .headAlreadyWritten
        case .finished: throw .responseFinished
        }
    }

    /// Decides how `bytes` go on the wire; `chunk` forces chunk framing.
    mutating func body(_ bytes: [UInt8], chunk: Bool) throws(TestServerError) -> BodyAction {
        switch phase {
        case .awaitingHead: throw .headNotWritten
        case .finished: throw .responseFinished
        case .raw: return .write(chunk ? WireFormat.chunk(bytes) : bytes)
        case .body(let framing, let written):
            if framing == .none { return .discard }
            phase = .body(framing, written: written + bytes.count)
            // An empty chunk would be read as the last chunk.
            if framing == .chunked || chunk {
                return bytes.isEmpty ? .discard : .write(WireFormat.chunk(bytes))
            }
            return .write(bytes)
        }
    }

    /// Marks that raw bytes were written; later `end()` adds nothing.
    mutating func wroteRaw() {
        if phase != .finished { phase = .raw }
    }

    /// Finishes the response. Returns `nil` when it was already finished.
    ///
    /// - Parameters:
    ///   - trailers: Trailer fields for a chunked response.
    ///   - lastChunk: Write the last chunk even if the head did not declare chunked encoding
    ///     (a handler that framed chunks itself with `writeChunk`).
    mutating func end(trailers: [(String, String)] = [], lastChunk: Bool = false) -> EndAction? {
        defer { phase = .finished }
        let terminator = WireFormat.lastChunk(trailers: trailers)
        switch phase {
        case .finished:
            return nil
        case .awaitingHead:
            let head = WireFormat.head(status: 200, reason: nil, headers: [("Content-Length", "0")])
            return EndAction(bytes: head, closeConnection: false)
        case .raw:
            return EndAction(bytes: lastChunk ? terminator : [], closeConnection: false)
        case .body(.chunked, _):
            return EndAction(bytes: terminator, closeConnection: responseSaysClose)
        case .body(.contentLength(let declared), let written):
            // A short (or long) body leaves the client out of step: the connection is unusable.
            return EndAction(
                bytes: lastChunk ? terminator : [], closeConnection: responseSaysClose || declared != written)
        case .body(.none, _):
            return EndAction(bytes: [], closeConnection: responseSaysClose)
        case .body(.untilClose, _):
            return EndAction(bytes: lastChunk ? terminator : [], closeConnection: true)
        }
    }

    /// Marks the response finished without writing anything (close, reset, lost connection).
    mutating func abandon() {
        phase = .finished
    }
}
