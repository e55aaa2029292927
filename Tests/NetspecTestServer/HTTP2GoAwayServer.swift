import NIOCore
import NIOHTTP2
public import NIOSSL
import NIOPosix

/// An HTTP/2 server over TLS on 127.0.0.1 that answers a request's HEADERS with GOAWAY (last
/// stream 0: nothing was processed, NO_ERROR) and closes: a server shutting down under a client.
public final class HTTP2GoAwayServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let channel: any Channel

    private init(port: Int, channel: any Channel) {
        self.port = port
        self.channel = channel
    }

    /// Starts the server with `tlsContext`, which must offer ALPN `h2`.
    public static func start(tlsContext: NIOSSLContext) async throws -> HTTP2GoAwayServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tlsContext))
                    try channel.pipeline.syncOperations.addHandler(NIOHTTP2Handler(mode: .server))
                    try channel.pipeline.syncOperations.addHandler(GoAwayHandler())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else { throw TestServerError.childFailed("the HTTP/2 server has no port") }
        return HTTP2GoAwayServer(port: port, channel: channel)
    }

    /// Stops listening.
    public func shutdown() async throws {
        try await channel.close()
    }
}

private final class GoAwayHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .headers = unwrapInboundIn(data).payload else { return }
        let goAway = HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: .rootStream, errorCode: .noError, opaqueData: nil))
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(goAway)).whenComplete { _ in bound.value.close(promise: nil) }
    }
}
