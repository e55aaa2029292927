import Crypto
import Foundation
import NIOCore
import NIOHTTP2
public import NIOSSL
import NIOPosix
import NIOConcurrencyHelpers

/// A server on 127.0.0.1 whose connections run a pipeline of their own, for what the client must
/// say about a peer that ``TestServer`` does not play: one that answers the ClientHello with a TLS
/// alert (``tlsAlert(_:)``), an HTTP/2 server that answers with GOAWAY (``http2GoAway(tlsContext:)``),
/// a WebSocket server that sends its frames and ends its side with its 101 (``webSocketAtOnce(_:)``),
/// an HTTP proxy that tunnels `CONNECT`s (``connectProxy()``).
public final class RawServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let channel: any Channel

    private init(port: Int, channel: any Channel) {
        self.port = port
        self.channel = channel
    }

    /// Starts a server whose connections get the handlers `handlers` makes.
    private static func start(_ handlers: @escaping @Sendable () throws -> [any ChannelHandler]) async throws -> RawServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandlers(try handlers()) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else { throw TestServerError.childFailed("the server has no port") }
        return RawServer(port: port, channel: channel)
    }

    /// A server that answers a client's first bytes (its ClientHello) with one fatal TLS alert
    /// and closes: what a real server sends in cases hard to set up here (a client certificate it
    /// finds revoked, a handshake it refuses). `alert` is RFC 8446's number: 40 handshake_failure,
    /// 44 certificate_revoked, ….
    public static func tlsAlert(_ alert: UInt8) async throws -> RawServer {
        try await start { [AlertHandler(alert: alert)] }
    }

    /// An HTTP/2 server over TLS (`tlsContext` must offer ALPN `h2`) that answers a request's
    /// HEADERS with GOAWAY (last stream 0: nothing was processed, NO_ERROR) and closes: a server
    /// shutting down under a client.
    public static func http2GoAway(tlsContext: NIOSSLContext) async throws -> RawServer {
        try await start { [NIOSSLServerHandler(context: tlsContext), NIOHTTP2Handler(mode: .server), GoAwayHandler()] }
    }

    /// A WebSocket server that answers an upgrade with its 101, the frames `frames` (each
    /// `[opcode, payload…]`, unmasked, under 126 bytes) and the end of its output in one go, then
    /// closes once the client has answered: a server that refuses a connection just after its
    /// upgrade, with everything in the client's socket at once.
    public static func webSocketAtOnce(_ frames: [[UInt8]]) async throws -> RawServer {
        try await start { [WebSocketAtOnceHandler(frames: frames)] }
    }

    /// An HTTP proxy that answers `CONNECT host:port` with 200 and relays both ways to the target
    /// (with `relayingTo`, to that port of 127.0.0.1 whatever the target: a host only the proxy
    /// reaches, such as `docs.example.invalid`); `connects` lists the targets asked for, `heads`
    /// each CONNECT's header lines.
    public static func connectProxy(
        relayingTo port: Int? = nil
    ) async throws -> (server: RawServer, connects: @Sendable () -> [String], heads: @Sendable () -> [[String]]) {
        let targets = NIOLockedValueBox<[String]>([])
        let heads = NIOLockedValueBox<[[String]]>([])
        let server = try await start { [ConnectProxyHandler(targets: targets, heads: heads, relayPort: port)] }
        return (server, { targets.withLockedValue { $0 } }, { heads.withLockedValue { $0 } })
    }

    /// A TCP relay to `port` of 127.0.0.1 that holds each connection's bytes for `delay` before
    /// it connects to the target: a server slow to answer (a loaded machine, a long network
    /// path), so that each TLS handshake through it takes at least `delay`.
    public static func slowRelay(to port: Int, delay: Duration) async throws -> RawServer {
        let (seconds, attoseconds) = delay.components
        let nanoseconds = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        return try await start { [SlowRelayHandler(port: port, delay: nanoseconds)] }
    }

    /// Stops listening.
    public func shutdown() async throws {
        try await channel.close()
    }
}

/// Writes `frame` and closes the connection when it is out.
private func write(_ frame: NIOAny, andCloseOn context: ChannelHandlerContext) {
    let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
    context.writeAndFlush(frame).whenComplete { _ in bound.value.close(promise: nil) }
}

private final class AlertHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    let alert: UInt8

    init(alert: UInt8) { self.alert = alert }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A TLS record: type 21 (alert), version 3.3, length 2; level 2 (fatal), the alert.
        write(NIOAny(context.channel.allocator.buffer(bytes: [21, 3, 3, 0, 2, 2, alert])), andCloseOn: context)
    }
}

private final class GoAwayHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .headers = unwrapInboundIn(data).payload else { return }
        write(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: .rootStream, errorCode: .noError, opaqueData: nil))), andCloseOn: context)
    }
}

private final class WebSocketAtOnceHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let frames: [[UInt8]]
    private var request = HeadReader()

    init(frames: [[UInt8]]) { self.frames = frames }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !request.isDone else {
            // The client's answer (its close frame): the connection is done.
            context.close(promise: nil)
            return
        }
        guard let (head, _) = request.read(unwrapInboundIn(data)) else { return }
        let key = head.split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        let accept = Data(Insecure.SHA1.hash(data: Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
        var answer = Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n".utf8)
        for frame in frames { answer += [0x80 | frame[0], UInt8(frame.count - 1)] + frame.dropFirst() }
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: answer)), promise: nil)
        context.close(mode: .output, promise: nil)
    }
}

/// Reads a `CONNECT` request, connects to its target (or to `relayPort` of 127.0.0.1), answers
/// 200 and relays the bytes both ways.
private final class ConnectProxyHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let targets: NIOLockedValueBox<[String]>
    let heads: NIOLockedValueBox<[[String]]>
    let relayPort: Int?
    private var request = HeadReader()
    /// The connection to the target, once made; reads after the request and before it are kept in `pending`.
    private var peer: (any Channel)?
    private var pending: [ByteBuffer] = []

    init(targets: NIOLockedValueBox<[String]>, heads: NIOLockedValueBox<[[String]]>, relayPort: Int?) {
        self.targets = targets
        self.heads = heads
        self.relayPort = relayPort
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        if let peer {
            peer.writeAndFlush(buffer, promise: nil)
            return
        }
        guard !request.isDone else {
            pending.append(buffer)
            return
        }
        guard let (head, rest) = request.read(buffer) else { return }
        if !rest.isEmpty { pending.append(context.channel.allocator.buffer(bytes: rest)) }
        let line = head.split(separator: "\r\n").first ?? ""
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "CONNECT", let colon = parts[1].lastIndex(of: ":"), let port = Int(parts[1][parts[1].index(after: colon)...]) else {
            write(NIOAny(context.channel.allocator.buffer(string: "HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n")), andCloseOn: context)
            return
        }
        targets.withLockedValue { $0.append(String(parts[1])) }
        heads.withLockedValue { $0.append(head.split(separator: "\r\n").dropFirst().map(String.init)) }
        let client = context.channel
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        ClientBootstrap(group: context.eventLoop)
            .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(RelayHandler(to: client)) } }
            .connect(host: relayPort == nil ? String(parts[1][..<colon]) : "127.0.0.1", port: relayPort ?? port)
            .whenComplete { result in
                let (handler, context) = bound.value
                switch result {
                case let .success(channel):
                    context.writeAndFlush(handler.wrapOutboundOut(context.channel.allocator.buffer(string: "HTTP/1.1 200 Connection Established\r\n\r\n")), promise: nil)
                    handler.peer = channel
                    for buffer in handler.pending { channel.write(buffer, promise: nil) }
                    channel.flush()
                    handler.pending = []
                case .failure:
                    write(NIOAny(context.channel.allocator.buffer(string: "HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n")), andCloseOn: context)
                }
            }
    }

    func channelInactive(context: ChannelHandlerContext) {
        peer?.close(promise: nil)
        context.fireChannelInactive()
    }
}

/// An HTTP request head read as its bytes arrive.
private struct HeadReader {
    /// The bytes so far; `nil` once the head is complete.
    private var bytes: [UInt8]? = []

    var isDone: Bool { bytes == nil }

    /// Adds `buffer`: the head (up to its blank line) and the bytes after it once it is complete,
    /// `nil` until then.
    mutating func read(_ buffer: ByteBuffer) -> (head: String, rest: ArraySlice<UInt8>)? {
        guard var received = bytes else { return nil }
        received += buffer.readableBytesView
        guard let end = received.indices.dropLast(3).first(where: { received[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }) else {
            bytes = received
            return nil
        }
        bytes = nil
        return (String(decoding: received[..<end], as: UTF8.self), received[(end + 4)...])
    }
}
