import NIOCore
import NIOHTTP2
public import NIOSSL
import NIOPosix

/// A server on 127.0.0.1 whose connections run a pipeline of their own, for what the client must
/// say about a peer that ``TestServer`` does not play: one that answers the ClientHello with a TLS
/// alert (``tlsAlert(_:)``), an HTTP/2 server that answers with GOAWAY (``http2GoAway(tlsContext:)``).
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
