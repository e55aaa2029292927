import NIOCore
import NIOPosix

/// The client's side of ``RawServer/slowRelay(to:delay:)``: what the client sends is kept until
/// the relay, `delay` after the client connected, has connected to the target; then both ways
/// are relayed as they come.
final class SlowRelayHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let port: Int
    private let delay: TimeAmount
    private var peer: (any Channel)?
    private var pending: [ByteBuffer] = []

    init(port: Int, delay: TimeAmount) {
        self.port = port
        self.delay = delay
    }

    func channelActive(context: ChannelHandlerContext) {
        let client = context.channel
        let port = self.port
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: delay) {
            ClientBootstrap(group: client.eventLoop)
                .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(RelayHandler(to: client)) } }
                .connect(host: "127.0.0.1", port: port)
                .whenComplete { result in
                    let (handler, context) = bound.value
                    guard case let .success(channel) = result else {
                        context.close(promise: nil)
                        return
                    }
                    handler.peer = channel
                    for buffer in handler.pending { channel.write(buffer, promise: nil) }
                    channel.flush()
                    handler.pending = []
                }
        }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        if let peer {
            peer.writeAndFlush(buffer, promise: nil)
        } else {
            pending.append(buffer)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        peer?.close(promise: nil)
        context.fireChannelInactive()
    }
}
