internal import NIOCore
internal import NIOConcurrencyHelpers

/// Writes one response as raw bytes: you choose the status line, every header field and the
/// framing, and can break any of them.
///
/// Each write is flushed and returns once the bytes are handed to the socket, so a client sees
/// them at once and a slow client slows the handler down. Use a writer from one task at a time.
///
/// If the handler returns without calling ``end()``, ``close()`` or ``reset()``:
/// - nothing written: `200 OK` with `Content-Length: 0` is sent (`500` with the error text
///   if the handler threw);
/// - a head written: the response is ended as by ``end()`` (if the handler threw, the
///   connection is closed instead, leaving the response truncated).
public final class TestResponseWriter: Sendable {
    private let channel: any Channel
    private let control: ConnectionControl
    private let state: NIOLockedValueBox<State>

    private struct State {
        var machine: ResponseStateMachine
        var expectation: Expectation
    }

    /// Progress of an `Expect: 100-continue` request.
    private enum Expectation {
        case none, owed, sent, declined
    }

    init(channel: any Channel, control: ConnectionControl, requestMethod: String, expectsContinue: Bool) {
        self.channel = channel
        self.control = control
        self.state = NIOLockedValueBox(State(
            machine: ResponseStateMachine(requestMethod: requestMethod),
            expectation: expectsContinue ? .owed : .none))
    }

    // MARK: - Head and body

    /// Writes a status line and header fields exactly as given, then the blank line.
    ///
    /// The body framing that later writes follow is read from these fields: `Transfer-Encoding:
    /// chunked` frames each `write` as a chunk; otherwise bytes go out as they are.
    /// A 1xx status (other than 101) is an interim response and may be followed by another head.
    ///
    /// - Parameters:
    ///   - status: The status code, 100...999.
    ///   - reason: The reason phrase; the standard one when `nil`.
    ///   - headers: The fields, in order; nothing is added, not even `Content-Length`.
    /// - Throws: ``TestServerError/headAlreadyWritten`` after a final head,
    ///   ``TestServerError/connectionClosed`` if the connection is gone.
    public func writeHead(status: Int, reason: String? = nil, headers: [(String, String)] = []) async throws {
        try state.withLockedValue { state in
            try state.machine.writeHead(status: status, headers: headers)
            if status == 100 {
                state.expectation = state.expectation == .owed ? .sent : state.expectation
            } else if state.machine.headWritten && state.expectation == .owed {
                state.expectation = .declined  // Answered without asking for the body.
            }
        }
        try await send(WireFormat.head(status: status, reason: reason, headers: headers))
    }

    /// Writes body bytes, as one chunk if the head declared chunked encoding.
    ///
    /// Bytes for a response that has no body (to `HEAD`, or 204/304) are dropped; use
    /// ``writeRaw(_:)`` to send them anyway.
    public func write(_ bytes: [UInt8]) async throws {
        let action = try state.withLockedValue { state in try state.machine.body(bytes, chunk: false) }
        if case .write(let out) = action { try await send(out) }
    }

    /// Writes the UTF-8 bytes of `string` as body bytes.
    public func write(_ string: String) async throws {
        try await write(Array(string.utf8))
    }

    /// Writes `bytes` as one chunk (`size CRLF bytes CRLF`), whatever the head said.
    ///
    /// An empty `bytes` writes nothing, since an empty chunk would end the body.
    public func writeChunk(_ bytes: [UInt8]) async throws {
        let action = try state.withLockedValue { state in try state.machine.body(bytes, chunk: true) }
        if case .write(let out) = action { try await send(out) }
    }

    /// Writes the UTF-8 bytes of `string` as one chunk.
    public func writeChunk(_ string: String) async throws {
        try await writeChunk(Array(string.utf8))
    }

    /// Writes the last chunk with optional trailer fields and finishes the response, like ``end()``.
    public func endChunked(trailers: [(String, String)] = []) async throws {
        try await finish(trailers: trailers, lastChunk: true)
    }

    /// Finishes the response; the connection then serves the next request.
    ///
    /// Writes the last chunk of a chunked body if it is missing, or `200 OK` with an empty
    /// body if nothing was written. The connection is closed instead of reused when the
    /// response demands it: no `Content-Length` nor chunked encoding (the body ends at close),
    /// a body shorter or longer than its `Content-Length`, or `Connection: close` on either
    /// side. After ``writeRaw(_:)`` nothing is added and the connection is reused.
    public func end() async throws {
        try await finish(trailers: [], lastChunk: false)
    }

    private func finish(trailers: [(String, String)], lastChunk: Bool) async throws {
        let (action, continueDeclined) = state.withLockedValue { state in
            (state.machine.end(trailers: trailers, lastChunk: lastChunk), state.expectation == .declined)
        }
        guard let action else { return }
        var failure: (any Error)?
        if !action.bytes.isEmpty {
            do { try await send(action.bytes) } catch { failure = error }
        }
        await control.responseFinished(closeConnection: action.closeConnection, continueDeclined: continueDeclined)
        if let failure { throw failure }
    }

    // MARK: - Faults

    /// Writes bytes to the socket with no framing and no checks.
    ///
    /// For malformed responses: a second head, garbage, a body longer than its
    /// `Content-Length`, a header of any size. Afterwards ``end()`` adds nothing.
    public func writeRaw(_ bytes: [UInt8]) async throws {
        state.withLockedValue { $0.machine.wroteRaw() }
        try await send(bytes)
    }

    /// Writes the UTF-8 bytes of `string` to the socket with no framing.
    public func writeRaw(_ string: String) async throws {
        try await writeRaw(Array(string.utf8))
    }

    /// Closes the connection cleanly: FIN after everything written so far.
    ///
    /// The server keeps reading (and discarding) until the client closes, for up to two
    /// seconds, so that unread request bytes do not turn the close into a reset.
    public func close() async {
        state.withLockedValue { $0.machine.abandon() }
        await control.closeOutput()
    }

    /// Closes a TLS connection's TCP connection without TLS's close_notify (a truncation attack,
    /// or a careless server); on a plain connection, nothing happens.
    public func closeBelowTLS() async {
        state.withLockedValue { $0.machine.abandon() }
        await control.closeBelowTLS()
    }

    /// Closes the connection abortively: `SO_LINGER` 0, so the client gets RST (`ECONNRESET`).
    ///
    /// - Warning: Bytes written earlier but not yet read by the client may be lost.
    public func reset() async {
        state.withLockedValue { $0.machine.abandon() }
        await control.reset()
    }

    /// Returns when the connection has closed: the client closed it, or the server did.
    ///
    /// The server keeps reading after a request's end, so a client's FIN or RST is seen while
    /// the handler is still busy (not while a pipelined request waits its turn).
    public func waitForClientClose() async {
        try? await channel.closeFuture.get()
    }

    // MARK: - Internal

    /// Sends `100 Continue` if the client asked for it and no final head was written yet.
    func sendContinueIfOwed() async {
        let owed = state.withLockedValue { state in
            guard state.expectation == .owed, !state.machine.headWritten else { return false }
            state.expectation = .sent
            return true
        }
        if owed { try? await send(WireFormat.continueHead) }
    }

    /// Finishes the response the handler left open (see the type's documentation).
    func handlerReturned(error: (any Error)?) async {
        let phase = state.withLockedValue { $0.machine.phase }
        switch phase {
        case .finished:
            return
        case .awaitingHead:
            guard let error else {
                try? await end()
                return
            }
            let body = Array("handler failed: \(error)\n".utf8)
            try? await writeHead(
                status: 500,
                headers: [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", "\(body.count)")])
            try? await write(body)
            try? await end()
        case .body, .raw:
            if error == nil {
                try? await end()
            } else {
                await close()
            }
        }
    }

    private func send(_ bytes: [UInt8]) async throws {
        do {
            try await channel.writeAndFlush(channel.allocator.buffer(bytes: bytes)).get()
        } catch {
            throw TestServerError.connectionClosed
        }
    }
}
