import NIOCore
import NIOPosix

/// A TCP server on 127.0.0.1 that answers a client's first bytes (its ClientHello) with one fatal
/// TLS alert and closes: what a real server sends in cases hard to set up here (a client
/// certificate it finds revoked, a handshake it refuses).
public final class TLSAlertServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let channel: any Channel

    private init(port: Int, channel: any Channel) {
        self.port = port
        self.channel = channel
    }

    /// Starts a server that sends the alert numbered `alert` (RFC 8446's numbers: 40
    /// handshake_failure, 44 certificate_revoked, …).
    public static func start(alert: UInt8) async throws -> TLSAlertServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(AlertHandler(alert: alert)) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else { throw TestServerError.childFailed("the alert server has no port") }
        return TLSAlertServer(port: port, channel: channel)
    }

    /// Stops listening.
    public func shutdown() async throws {
        try await channel.close()
    }
}

private final class AlertHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    let alert: UInt8

    init(alert: UInt8) { self.alert = alert }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A TLS record: type 21 (alert), version 3.3, length 2; level 2 (fatal), the alert.
        let record = context.channel.allocator.buffer(bytes: [21, 3, 3, 0, 2, 2, alert])
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(NIOAny(record)).whenComplete { _ in bound.value.close(promise: nil) }
    }
}
