import Crypto
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A server on 127.0.0.1 that records each request head it is sent, line by line as it came
/// (the request line first), and answers it with the bytes `answer` makes of it: an upgrade
/// refused (`HTTP/1.1 403 Forbidden…`) or accepted (``switchingProtocols(_:)``). After its
/// answer it closes its side, or (`holding`) keeps the connection until the client ends it.
public final class UpgradeAnswerServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let channel: any Channel
    private let record: NIOLockedValueBox<[[String]]>

    private init(port: Int, channel: any Channel, record: NIOLockedValueBox<[[String]]>) {
        self.port = port
        self.channel = channel
        self.record = record
    }

    /// Starts a server that answers each request head (its lines) with `answer`'s bytes.
    public static func start(
        holding: Bool = false, answer: @escaping @Sendable (_ head: [String]) -> [UInt8]
    ) async throws -> UpgradeAnswerServer {
        let record = NIOLockedValueBox<[[String]]>([])
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AnswerHandler(record: record, holding: holding, answer: answer))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else { throw TestServerError.childFailed("the server has no port") }
        return UpgradeAnswerServer(port: port, channel: channel, record: record)
    }

    /// A refusal: `HTTP/1.1 <status line>`, `headers`, and `body` (with its Content-Length unless
    /// `length` is false: then the body ends with the connection).
    public static func refusal(_ statusLine: String, headers: [String] = [], body: [UInt8], length: Bool = true) -> @Sendable ([String]) -> [UInt8] {
        { _ in
            var head = "HTTP/1.1 \(statusLine)\r\n"
            for line in headers { head += line + "\r\n" }
            if length { head += "Content-Length: \(body.count)\r\n" }
            return Array((head + "\r\n").utf8) + body
        }
    }

    /// A 101 answer to `head` (its `Sec-WebSocket-Key` accepted), then a close frame with 1000.
    public static func switchingProtocols(_ head: [String]) -> [UInt8] {
        let key = head.first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        let accept = Data(Insecure.SHA1.hash(data: Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
        return Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n".utf8)
            + [0x88, 2, 0x03, 0xE8]
    }

    /// The heads received, each as its lines (the request line first), in order.
    public var heads: [[String]] { record.withLockedValue { $0 } }

    /// Stops listening.
    public func shutdown() async throws {
        try await channel.close()
    }
}

private final class AnswerHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let record: NIOLockedValueBox<[[String]]>
    let holding: Bool
    let answer: @Sendable ([String]) -> [UInt8]
    private var received: [UInt8]? = []

    init(record: NIOLockedValueBox<[[String]]>, holding: Bool, answer: @escaping @Sendable ([String]) -> [UInt8]) {
        self.record = record
        self.holding = holding
        self.answer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard var bytes = received else { return }
        bytes += unwrapInboundIn(data).readableBytesView
        guard let end = bytes.indices.dropLast(3).first(where: { bytes[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }) else {
            received = bytes
            return
        }
        received = nil
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        record.withLockedValue { $0.append(lines) }
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let holding = holding
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: answer(lines)))).whenComplete { _ in
            if !holding { bound.value.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
