import HTTPTypes
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import NIOWebSocket
import Synchronization
import WSClient
import WSCompression
import NetspecModel

/// One WebSocket connection as the library runs it: a ``WebSocketConnection`` in a task of its
/// own, the received messages passed to the reader through a stream, what was sent and closed counted.
final class WebSocketSession: Sendable {
    typealias Message = WebSocket.Message
    typealias CloseFrame = WebSocket.CloseFrame

    let codec: WebSocketMessageCodec
    private let stream: AsyncThrowingStream<WebSocket.Messages.Delivered, any Error>
    private let continuation: AsyncThrowingStream<WebSocket.Messages.Delivered, any Error>.Continuation
    let state = Mutex(State())
    /// Seconds between pings, for the message when a pong does not come.
    private let pingInterval: Double?

    struct State {
        var link: Link?
        var messagesTaken = false
        var sent = 0
        var received = 0
        /// After the outgoing sequence ended: close once this many messages have arrived.
        var closeAfterReceiving: Int?
        var sentClose: CloseFrame?
        var receivedClose: CloseFrame?
        var extensions = ""
        /// The first frame that breaks the protocol, as ``WebSocketFrameWatch`` saw it (ahead of
        /// the reader: it is said when the reader comes to it).
        var frameProblem: WebSocketFrameProblem?
        /// The server's close frame as ``WebSocketFrameWatch`` read it (1005 for one without a code,
        /// which `WebSocketHandler` reports as no close frame at all).
        var watchedClose: CloseFrame?
        /// Our close frame has been written.
        var closeWritten = false
        /// Callers of ``close(code:reason:)`` on a connection already ended, until our close frame is written.
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
        var url = ""
        var maxMessageSize = 0
        var runTask: Task<Void, Never>?
        var senderTask: Task<Void, Never>?
        var finished = false
        /// The caller of ``connect``, until the upgrade is done or failed.
        var opening: CheckedContinuation<Void, any Error>?
        /// The connection failed and its error is being explained (a second handshake, maybe): the upgrade's timer no longer fails it.
        var failing = false
    }

    enum Link: Sendable {
        case socket(WebSocketOutboundWriter)
        case mock
    }

    init(codec: WebSocketMessageCodec, pingInterval: Double?) {
        self.codec = codec
        self.pingInterval = pingInterval
        (stream, continuation) = AsyncThrowingStream.makeStream(of: WebSocket.Messages.Delivered.self)
        continuation.onTermination = { [weak self] termination in
            // The reading task was cancelled (or dropped its iterator): close as going away.
            guard case .cancelled = termination, let self else { return }
            Task { await self.close(code: 1001, reason: "") }
        }
    }

    // MARK: - Opening

    /// Connects, upgrades and starts reading; returns once the connection is open.
    func connect(
        url: String, headers: HTTPFields, tls: TLSConfiguration?, maxMessageSize: Int, options: TransportOptions
    ) async throws {
        state.withLock {
            $0.url = url
            $0.maxMessageSize = maxMessageSize
        }
        let connectTimeout = options.timeout.map { min($0, options.connectTimeout) } ?? options.connectTimeout
        let configuration = WebSocketClientConfiguration(
            // A frame up to twice the limit is read and refused with 1009 below; a larger one ends
            // the connection at once (1006).
            maxFrameSize: maxMessageSize > Int.max / 2 ? Int.max : maxMessageSize * 2, additionalHeaders: headers,
            extensions: Self.extensions(maxMessageSize: maxMessageSize),
            closeTimeout: .seconds(5),
            autoPing: pingInterval.map { .enabled(timePeriod: Seconds.duration($0)) } ?? .disabled,
            validateUTF8: true
        )
        let logger = Logger(label: "netspec.websocket") { _ in FrameErrorLogHandler(session: self) }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (opening: CheckedContinuation<Void, any Error>) in
                state.withLock { $0.opening = opening }
                let task = Task {
                    do {
                        guard let target = WebSocketTarget(url: url) else { throw WebSocketClientError.invalidURL }
                        let connection = try WebSocketConnection(
                            target: target, proxy: try options.proxy.route(for: url), configuration: configuration, tls: tls, agreed: { self.noteExtensions($0) }, watch: self.frameWatchEvents
                        ) { inbound, outbound, _ in
                            self.opened(outbound)
                            var messages = inbound.messages(maxSize: maxMessageSize).makeAsyncIterator()
                            // An error is said as soon as the reading comes to it (the messages
                            // before it first); the close handshake goes on after.
                            do {
                                while let message = try await messages.next() {
                                    let size = switch message {
                                    case let .text(text): text.utf8.count
                                    case let .binary(buffer): buffer.readableBytes
                                    }
                                    if size > maxMessageSize {
                                        self.noteFrameError("messageTooLarge")
                                        try? await outbound.close(.messageTooLarge, reason: "message too large")
                                        return
                                    }
                                    let reading: Bool
                                    do {
                                        reading = try self.deliver(message)
                                    } catch {
                                        // Not JSON, or not the `receive:` type: data this side cannot take (1003).
                                        self.fail(error)
                                        try? await outbound.close(.unacceptableData, reason: nil)
                                        return
                                    }
                                    guard reading else {
                                        self.endReading()
                                        return
                                    }
                                }
                            } catch {
                                self.failReading(error)
                                throw error
                            }
                            // The server's close frame (or the end of the connection): a close frame
                            // that breaks the protocol is said now.
                            self.failOnFrameProblem()
                        }
                        let closeFrame = try await connection.run(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
                        self.finish(closeFrame: closeFrame.map { CloseFrame(code: Int(UInt16(webSocketErrorCode: $0.closeCode)), reason: $0.reason ?? "") })
                    } catch {
                        self.state.withLock { $0.failing = true }
                        self.finish(error: await Self.describe(error, url: url, maxMessageSize: maxMessageSize, options: options))
                    }
                }
                state.withLock { $0.runTask = task }
                // The upgrade must be done within the connect timeout (or the call's timeout, if shorter).
                Task {
                    try? await Task.sleep(for: connectTimeout)
                    if self.failOpening(TransportError(kind: .timeout, message: "\(url): the WebSocket upgrade timed out after \(DurationText(connectTimeout))"), unlessFailing: true) {
                        task.cancel()
                    }
                }
            }
        } onCancel: {
            if failOpening(TransportError.cancelled) { state.withLock { $0.runTask }?.cancel() }
        }
    }

    /// A connection that replays a mock's messages and ignores what is sent.
    func replay(_ messages: [JSONValue]) {
        state.withLock { $0.link = .mock }
        for value in messages {
            let received: WebSocketMessageCodec.Received
            do {
                switch codec.settings.messages {
                case .json: received = try codec.decode(text: value.description)
                case .text: received = try codec.decode(text: value.string ?? value.description)
                case .binary: received = try codec.decode(binary: value.string.map { Array($0.utf8) } ?? value.serialized())
                }
            } catch {
                continuation.finish(throwing: error)
                return
            }
            guard case let .message(message) = received else { break }
            continuation.yield((message, nil))
        }
        finish(closeFrame: CloseFrame(code: 1000))
    }

    private func opened(_ outbound: WebSocketOutboundWriter) {
        let opening = state.withLock { state in
            state.link = .socket(outbound)
            defer { state.opening = nil }
            return state.opening
        }
        opening?.resume()
    }

    /// Fails a connection still opening; `false` when it is already open or failed (or, `unlessFailing`, its error is being explained).
    private func failOpening(_ error: any Error, unlessFailing: Bool = false) -> Bool {
        let opening = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if unlessFailing && state.failing { return nil }
            defer { state.opening = nil }
            return state.opening
        }
        opening?.resume(throwing: error)
        return opening != nil
    }

    // MARK: - Reading

    /// Passes a received message to the reader, with its frame as it came; `false` when the
    /// reading should stop (`until`, or every reply to what was sent has arrived).
    private func deliver(_ message: WebSocketMessage) throws -> Bool {
        let frame: Message = switch message {
        case let .text(text): .text(text)
        case let .binary(buffer): .binary(Array(buffer.readableBytesView))
        }
        guard case let .message(message) = try codec.decode(frame) else {
            markClosing(CloseFrame(code: 1000))
            return false
        }
        continuation.yield((message, frame))
        let done = state.withLock {
            $0.received += 1
            guard let target = $0.closeAfterReceiving, target > 0, $0.received >= target, $0.sentClose == nil else { return false }
            $0.sentClose = CloseFrame(code: 1000)
            return true
        }
        return !done
    }

    /// The reading ended on our side (`until`, or every reply has arrived): swift-websocket sends
    /// the close frame and waits for the server's; when both ends close at once it has been seen to
    /// wait past its close timeout (a test hung for minutes, 1 run in 3). So the stream ends
    /// cleanly 5 s after at the latest — the close handshake ends it first when it completes — and
    /// the connection's task is cancelled then.
    private func endReading() {
        cancelAfterCloseWait(state.withLock { $0.runTask }, endingCleanly: true)
    }

    /// Cancels the connection's task 5 s after our close frame (the server's may never come);
    /// `endingCleanly` first ends the stream as a completed close handshake would, if it has not
    /// ended by then, rather than with the cancellation.
    func cancelAfterCloseWait(_ task: Task<Void, Never>?, endingCleanly: Bool) {
        Task {
            try? await Task.sleep(for: .seconds(5))
            if endingCleanly { self.finish(closeFrame: nil) }
            task?.cancel()
        }
    }

    /// The received messages, once.
    func takeMessages() throws(CallError) -> WebSocket.Messages {
        let taken = state.withLock { state in
            defer { state.messagesTaken = true }
            return state.messagesTaken
        }
        if taken {
            throw .binding(CallError.ArgumentError(endpoint: codec.endpoint, parameter: nil, reason: .configuration, message: "the WebSocket's messages are already being read"))
        }
        return WebSocket.Messages(stream: stream)
    }

    // MARK: - Sending

    func send(_ message: Message) async throws(CallError) {
        let (link, isOpen) = state.withLock { ($0.link, $0.sentClose == nil && !$0.finished) }
        // A mock's connection takes what is sent and drops it.
        if case .mock? = link { return }
        guard isOpen, case let .socket(outbound)? = link else {
            throw .transport(TransportError(kind: .connectionClosed, message: "the WebSocket to '\(codec.endpoint)' is closed"))
        }
        // A value that does not have the `send:` type is the caller's error as it is (an argument
        // error, nothing sent), not a failure of the connection.
        if case let .value(value) = message { return try await send(codec.encode(value)) }
        do {
            switch message {
            case .value: break
            case let .text(text): try await outbound.write(.text(text))
            case let .binary(bytes): try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
            }
        } catch {
            throw .transport(TransportError(kind: .connectionClosed, message: "cannot send on the WebSocket to '\(codec.endpoint)': \(error)"))
        }
        state.withLock { $0.sent += 1 }
    }

    /// Sends `outgoing` in a task of its own, then closes as ``WebSocket/exchange(_:linger:)-(Outgoing,_)`` says.
    func startSending<Outgoing: AsyncSequence & Sendable>(_ outgoing: Outgoing, linger: Duration?) {
        let task = Task {
            do {
                for try await element in outgoing {
                    switch element {
                    case let value as JSONValue: try await self.send(.value(value))
                    case let message as Message: try await self.send(message)
                    default: break
                    }
                }
            } catch {
                self.continuation.finish(throwing: CallError.wrapping(error))
                await self.close(code: 1000, reason: "")
                return
            }
            await self.endOfOutgoing(linger: linger)
        }
        state.withLock { $0.senderTask = task }
    }

    private func endOfOutgoing(linger: Duration?) async {
        let repliesArrived = state.withLock {
            $0.closeAfterReceiving = $0.sent
            return $0.sent > 0 && $0.received >= $0.sent
        }
        if repliesArrived {
            await close(code: 1000, reason: "")
        } else if let linger {
            try? await Task.sleep(for: linger)
            await close(code: 1000, reason: "")
        }
    }

    // MARK: - Closing

    /// Sends a close frame and waits for the connection to end (the client waits 5 s at most
    /// for the server's close frame).
    func close(code: Int, reason: String) async {
        let (link, task, first, finished) = state.withLock { state in
            let first = state.sentClose == nil && !state.finished
            if first { state.sentClose = CloseFrame(code: code, reason: reason) }
            return (state.link, state.runTask, first, state.finished)
        }
        switch link {
        case let .socket(outbound)?:
            if first {
                try? await outbound.close(WebSocketErrorCode(codeNumber: code), reason: reason.isEmpty ? nil : reason)
                // A server that never answers the close frame: the connection ends after 5 s.
                cancelAfterCloseWait(task, endingCleanly: false)
            }
            if finished {
                // Ended already (an error was said at once, and the client closed with its code):
                // the close handshake goes on, but this waits only for our close frame to go out.
                await awaitCloseWritten(task: task, atMost: .seconds(1))
                return
            }
            await task?.value
        case .mock?:
            finish(closeFrame: nil)
        case nil:
            task?.cancel()
        }
    }

    /// Closes a connection whose owner went away without reading it.
    func abandon() {
        let open = state.withLock { !$0.messagesTaken && !$0.finished && $0.sentClose == nil && $0.link != nil }
        if open { Task { await self.close(code: 1001, reason: "") } }
    }

    private func markClosing(_ frame: CloseFrame) {
        state.withLock { if $0.sentClose == nil { $0.sentClose = frame } }
    }

    /// The connection ended with the server's close frame (or none).
    private func finish(closeFrame: CloseFrame?) {
        let (sentClose, alreadyFinished, frameProblem, url, maxMessageSize, closeFrame) = state.withLock { state in
            // A close frame without a code is 1005 (`WebSocketHandler` returns none for it).
            let closeFrame = closeFrame ?? state.watchedClose
            defer {
                state.finished = true
                if closeFrame != nil { state.receivedClose = closeFrame }
            }
            return (state.sentClose, state.finished, state.frameProblem, state.url, state.maxMessageSize, closeFrame)
        }
        guard !alreadyFinished else { return }
        _ = failOpening(TransportError(kind: .connectionClosed, message: "the WebSocket to '\(codec.endpoint)' closed while opening"))
        if let frameProblem, sentClose == nil {
            continuation.finish(throwing: Self.frameError(frameProblem, url: url, maxMessageSize: maxMessageSize))
        } else if let closeFrame, !closeFrame.isNormal, sentClose == nil, !Self.isPingTimeoutEcho(closeFrame, pingInterval: pingInterval) {
            continuation.finish(throwing: TransportError.webSocketClosed(closeFrame, endpoint: codec.endpoint))
        } else if closeFrame.map({ Self.isPingTimeoutEcho($0, pingInterval: pingInterval) }) ?? true, sentClose == nil {
            let message = pingInterval.map { "the server did not answer a ping within \(DurationText(Seconds.duration($0))), so the connection was closed (1001)" }
                ?? "the connection closed without a close frame (1006)"
            continuation.finish(throwing: TransportError(kind: .webSocketClosed, message: "WebSocket '\(codec.endpoint)': \(message)", closeCode: pingInterval == nil ? 1006 : 1001))
        } else {
            continuation.finish()
        }
        state.withLock { $0.senderTask }?.cancel()
    }

    /// The connection failed.
    func finish(error: any Error) {
        let alreadyFinished = state.withLock { state in
            defer { state.finished = true }
            return state.finished
        }
        guard !alreadyFinished else { return }
        if !failOpening(error) { continuation.finish(throwing: error) } else { continuation.finish() }
        state.withLock { $0.senderTask }?.cancel()
    }

    var sentClose: CloseFrame? { state.withLock { $0.sentClose } }
    var receivedClose: CloseFrame? { state.withLock { $0.receivedClose } }
    var extensions: String { state.withLock { $0.extensions } }

    private func noteExtensions(_ names: String) {
        state.withLock { $0.extensions = names }
    }
}
