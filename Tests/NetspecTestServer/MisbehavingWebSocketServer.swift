import Crypto
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A WebSocket server on 127.0.0.1 that breaks the protocol on purpose: it answers each upgrade
/// with a 101 of its own making (a wrong `Sec-WebSocket-Accept`, a subprotocol or an extension
/// nobody offered) and then the raw bytes it was given (frames ``frame(_:_:fin:rsv:)`` makes).
/// Then it either drops the connection with a reset as soon as the client says anything (its
/// close frame), as a server that hangs up right after misbehaving does, or holds it open until
/// ``shutdown()``. It records the payload of each close frame the client sends.
public final class MisbehavingWebSocketServer: Sendable {
    /// What the server does after its bytes.
    public enum Ending: Sendable {
        /// Resets the connection when the client sends anything.
        case drop
        /// Keeps the connection open.
        case hold
    }

    /// The port it listens on.
    public let port: Int
    private let channel: any Channel
    private let record: NIOLockedValueBox<Record>

    struct Record {
        var closes: [[UInt8]] = []
        var open = 0
    }

    private init(port: Int, channel: any Channel, record: NIOLockedValueBox<Record>) {
        self.port = port
        self.channel = channel
        self.record = record
    }

    /// Starts the server: each upgrade is answered with 101, `headers` (lines such as
    /// `Sec-WebSocket-Protocol: other`), the right `Sec-WebSocket-Accept` unless `accept` gives
    /// one, then `bytes`.
    public static func start(headers: [String] = [], accept: String? = nil, bytes: [UInt8], ending: Ending) async throws -> MisbehavingWebSocketServer {
        let record = NIOLockedValueBox(Record())
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        MisbehavingHandler(headers: headers, accept: accept, bytes: bytes, ending: ending, record: record)
                    )
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else { throw TestServerError.childFailed("the server has no port") }
        return MisbehavingWebSocketServer(port: port, channel: channel, record: record)
    }

    /// The payloads of the close frames the clients sent, in order (a code is the first 2 bytes).
    public var clientCloses: [[UInt8]] { record.withLockedValue { $0.closes } }

    /// The close codes the clients sent (`nil` for a close frame without one).
    public var clientCloseCodes: [Int?] {
        clientCloses.map { $0.count >= 2 ? Int($0[0]) << 8 | Int($0[1]) : nil }
    }

    /// How many upgraded connections the clients have not closed.
    public var openConnections: Int { record.withLockedValue { $0.open } }

    /// Stops listening (held connections are closed with the event loop's next turn).
    public func shutdown() async throws {
        try await channel.close()
    }

    /// A frame as a server sends it (unmasked): the opcode, the payload, FIN, and the reserved
    /// bits (`0x40` is RSV1).
    public static func frame(_ opcode: UInt8, _ payload: [UInt8] = [], fin: Bool = true, rsv: UInt8 = 0) -> [UInt8] {
        let first = (fin ? 0x80 : 0) | rsv | opcode
        switch payload.count {
        case ..<126: return [first, UInt8(payload.count)] + payload
        case ..<65536: return [first, 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)] + payload
        default: return [first, 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xff) } + payload
        }
    }

    /// A close frame with `code` and `reason` (bytes, so that they may be anything).
    public static func close(_ code: Int, _ reason: [UInt8] = []) -> [UInt8] {
        frame(0x8, [UInt8(code >> 8), UInt8(code & 0xff)] + reason)
    }
}

private final class MisbehavingHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let headers: [String]
    let accept: String?
    let bytes: [UInt8]
    let ending: MisbehavingWebSocketServer.Ending
    let record: NIOLockedValueBox<MisbehavingWebSocketServer.Record>
    /// The request head so far; `nil` once answered.
    private var head: [UInt8]? = []
    /// What the client sent after the upgrade.
    private var received: [UInt8] = []
    private var upgraded = false

    init(headers: [String], accept: String?, bytes: [UInt8], ending: MisbehavingWebSocketServer.Ending, record: NIOLockedValueBox<MisbehavingWebSocketServer.Record>) {
        self.headers = headers
        self.accept = accept
        self.bytes = bytes
        self.ending = ending
        self.record = record
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        guard var request = head else {
            received += buffer.readableBytesView
            readCloseFrames()
            if ending == .drop {
                // A reset: the client's next read fails with ECONNRESET.
                if let options = context.channel as? any SocketOptionProvider {
                    let channel = context.channel
                    options.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
                } else {
                    context.close(promise: nil)
                }
            }
            return
        }
        request += buffer.readableBytesView
        guard let end = request.indices.dropLast(3).first(where: { request[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }) else {
            head = request
            return
        }
        head = nil
        let key = String(decoding: request[..<end], as: UTF8.self).split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        let rightAccept = Data(Insecure.SHA1.hash(data: Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
        let lines = ["HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Accept: \(accept ?? rightAccept)"] + headers
        upgraded = true
        record.withLockedValue { $0.open += 1 }
        let answer = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + bytes
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: answer)), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if upgraded { record.withLockedValue { $0.open -= 1 } }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// Takes the client's close frames (masked, under 126 bytes) out of `received`.
    private func readCloseFrames() {
        while received.count >= 6 {
            let length = Int(received[1] & 0x7f)
            guard length < 126, received.count >= 6 + length else { return }
            let mask = received[2..<6].map { $0 }
            let payload = received[6..<(6 + length)].enumerated().map { $0.element ^ mask[$0.offset % 4] }
            if received[0] & 0x0f == 0x8 { record.withLockedValue { $0.closes.append(payload) } }
            received.removeFirst(6 + length)
        }
    }
}
