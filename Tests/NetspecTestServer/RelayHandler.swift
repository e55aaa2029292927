public import NIOCore

/// The target's side of a relayed tunnel, for the tests' proxies (``RawServer/connectProxy()``,
/// the recording proxy of the proxy tests): what the target sends goes to the client, and its
/// close closes the client.
public final class RelayHandler: ChannelInboundHandler {
    public typealias InboundIn = ByteBuffer
    /// The client's channel, which gets what the target sends.
    let client: any Channel

    /// A relay of the target's bytes to `client`.
    public init(to client: any Channel) { self.client = client }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        client.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    public func channelInactive(context: ChannelHandlerContext) {
        client.close(promise: nil)
        context.fireChannelInactive()
    }
}
