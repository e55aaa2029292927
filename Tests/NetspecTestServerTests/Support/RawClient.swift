import NIOCore
import NIOPosix
import NIOConcurrencyHelpers

/// A TCP client that writes raw bytes and records every byte, close and error that comes back,
/// with arrival times. Non-blocking (NIO), so tests never block the cooperative thread pool.
final class RawClient {
    enum End: Sendable, CustomStringConvertible {
        case eof
        case error(any Error)

        var description: String {
            switch self {
            case .eof: "EOF"
            case .error(let error): "error \(error)"
            }
        }
    }

    struct Timeout: Error, CustomStringConvertible {
        let what: String
        var description: String { "timed out waiting for \(what)" }
    }

    let channel: any Channel
    private let inbox: Inbox
    /// Bytes of `inbox` already returned by `readResponse`.
    private var consumed = 0

    private init(channel: any Channel, inbox: Inbox) {
        self.channel = channel
        self.inbox = inbox
    }

    deinit {
        channel.close(promise: nil)
    }

    static func connect(port: Int, host: String = "127.0.0.1") async throws -> RawClient {
        let inbox = Inbox()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(RecordingHandler(inbox: inbox))
                }
            }
            .connect(host: host, port: port)
            .get()
        return RawClient(channel: channel, inbox: inbox)
    }

    // MARK: - Sending

    func send(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(channel.allocator.buffer(bytes: bytes)).get()
    }

    func send(_ text: String) async throws {
        try await send(Array(text.utf8))
    }

    /// Sends FIN; the server still may answer.
    func shutdownOutput() async throws {
        try await channel.close(mode: .output).get()
    }

    func close() async {
        try? await channel.close().get()
    }

    // MARK: - Receiving

    /// Everything received so far.
    var received: [UInt8] { inbox.state.withLockedValue { $0.bytes } }

    /// Each read's size and arrival time, in order.
    var arrivals: [(count: Int, at: ContinuousClock.Instant)] { inbox.state.withLockedValue { $0.arrivals } }

    /// How the connection ended, if it has.
    var end: End? { inbox.state.withLockedValue { $0.end } }

    /// Waits until `condition` holds for the received bytes and the end state.
    func wait(
        for what: String, timeout: Duration = .seconds(10),
        until condition: ([UInt8], End?) -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            let satisfied = inbox.state.withLockedValue { condition($0.bytes, $0.end) }
            if satisfied { return }
            guard ContinuousClock.now < deadline else { throw Timeout(what: what) }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Waits for the connection to end and returns all bytes received and how it ended.
    func readUntilClose(timeout: Duration = .seconds(10)) async throws -> (bytes: [UInt8], end: End) {
        try await wait(for: "close", timeout: timeout) { _, end in end != nil }
        return inbox.state.withLockedValue { ($0.bytes, $0.end!) }
    }

    /// Reads the next complete response after those already read.
    ///
    /// - Parameter method: The method of the request it answers (`HEAD` responses have no body).
    func readResponse(method: String = "GET", timeout: Duration = .seconds(10)) async throws -> RawResponse {
        var parsed: (RawResponse, Int)?
        try await wait(for: "a response", timeout: timeout) { bytes, end in
            parsed = try? RawResponse.parse(bytes[consumed...], method: method, atEOF: end != nil)
            return parsed != nil || end != nil
        }
        guard let (response, length) = parsed else {
            throw ResponseError.closedEarly(received: Array(received[consumed...]), end: end?.description ?? "?")
        }
        consumed += length
        return response
    }

    /// Sends a request with `Content-Length` (if there is a body) and reads its response.
    func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil
    ) async throws -> RawResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: test\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        try await send(Array((head + "\r\n").utf8) + (body ?? []))
        return try await readResponse(method: method)
    }
}

/// What the client's channel handler records.
final class Inbox: Sendable {
    struct State {
        var bytes: [UInt8] = []
        var arrivals: [(count: Int, at: ContinuousClock.Instant)] = []
        var end: RawClient.End?
    }

    let state = NIOLockedValueBox(State())
}

private final class RecordingHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let inbox: Inbox

    init(inbox: Inbox) {
        self.inbox = inbox
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = Array(unwrapInboundIn(data).readableBytesView)
        let now = ContinuousClock.now
        inbox.state.withLockedValue {
            $0.bytes += bytes
            $0.arrivals.append((bytes.count, now))
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            inbox.state.withLockedValue { if $0.end == nil { $0.end = .eof } }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        inbox.state.withLockedValue { if $0.end == nil { $0.end = .error(error) } }
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        inbox.state.withLockedValue { if $0.end == nil { $0.end = .eof } }
        context.fireChannelInactive()
    }
}
