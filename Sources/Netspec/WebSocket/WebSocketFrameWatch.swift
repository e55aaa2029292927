// What the server's frames break of RFC 6455, seen as they arrive, so that the error says what it
// was: swift-websocket's `WebSocketHandler` closes with 1002 for a reserved bit, a reserved opcode,
// a continuation that continues nothing or a message begun inside another, but says only
// "protocol error" (and that only in its log); it takes a close frame with a code that must not be
// sent, or a reason that is not UTF-8, as a normal end; and it does not tell a close frame without
// a code (1005) from no close frame at all (1006).

import NIOCore
import NIOWebSocket

/// A frame (or the frame decoder's error) that breaks the protocol: what it was, for the error,
/// and the close code it calls for.
struct WebSocketFrameProblem: Error, Equatable {
    /// What the server sent: "a frame with the reserved opcode 3".
    let text: String
    let closeCode: Int
}

/// Watches the frames between the frame decoder and the frames' reader, passing everything on.
final class WebSocketFrameWatch: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// What the watch tells the connection.
    struct Events: Sendable {
        /// The first frame (or decoder error) that breaks the protocol.
        let problem: @Sendable (WebSocketFrameProblem) -> Void
        /// The first close frame received, when it is a valid one (code 1005 when it has none).
        let receivedClose: @Sendable (WebSocket.CloseFrame) -> Void
        /// Our close frame is written.
        let sentClose: @Sendable () -> Void
    }

    private let allowedReservedBits: WebSocketFrame.ReservedBits
    private let events: Events
    /// A fragmented message has begun and not ended.
    private var inMessage = false
    private var problemSeen = false
    private var closeSeen = false

    init(allowedReservedBits: WebSocketFrame.ReservedBits, events: Events) {
        self.allowedReservedBits = allowedReservedBits
        self.events = events
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        // After the first close frame nothing more is read.
        if !closeSeen {
            if let problem = Self.problem(frame, inMessage: &inMessage, allowedReservedBits: allowedReservedBits) {
                report(problem)
            } else if frame.opcode == .connectionClose {
                switch Self.readClose(Array(frame.unmaskedData.readableBytesView)) {
                case let .success(close): events.receivedClose(close)
                case let .failure(problem): report(problem)
                }
            }
            if frame.opcode == .connectionClose { closeSeen = true }
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? NIOWebSocketError, !closeSeen { report(Self.problem(error)) }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard unwrapOutboundIn(data).opcode == .connectionClose else {
            context.write(data, promise: promise)
            return
        }
        let written = promise ?? context.eventLoop.makePromise()
        let events = events
        written.futureResult.whenComplete { _ in events.sentClose() }
        context.write(data, promise: written)
    }

    private func report(_ problem: WebSocketFrameProblem) {
        guard !problemSeen else { return }
        problemSeen = true
        events.problem(problem)
    }

    // MARK: - The rules

    /// What `frame` breaks, as `WebSocketHandler` reads it: reserved bits no agreed extension
    /// uses (on a data or close frame), a reserved opcode, a continuation with no message to
    /// continue, a new message inside a fragmented one. `inMessage` follows the fragments.
    static func problem(_ frame: WebSocketFrame, inMessage: inout Bool, allowedReservedBits: WebSocketFrame.ReservedBits) -> WebSocketFrameProblem? {
        let opcode = UInt8(webSocketOpcode: frame.opcode)
        switch frame.opcode {
        case .text, .binary, .continuation:
            if !allowedReservedBits.contains(frame.reservedBits) {
                return WebSocketFrameProblem(text: "a frame with \(bitNames(frame.reservedBits.subtracting(allowedReservedBits))) set, which no agreed extension uses", closeCode: 1002)
            }
            if frame.opcode == .continuation {
                guard inMessage else { return WebSocketFrameProblem(text: "a continuation frame with no message to continue", closeCode: 1002) }
            } else if inMessage {
                return WebSocketFrameProblem(text: "a new \(frame.opcode == .text ? "text" : "binary") message before the end of the fragmented one", closeCode: 1002)
            }
            inMessage = !frame.fin
            return nil
        case .connectionClose:
            return frame.reservedBits.isEmpty ? nil : WebSocketFrameProblem(text: "a close frame with \(bitNames(frame.reservedBits)) set", closeCode: 1002)
        case .ping, .pong:
            return nil
        default:
            return WebSocketFrameProblem(text: "a frame with the reserved opcode \(opcode)", closeCode: 1002)
        }
    }

    /// The frame decoder's errors (NIO's `WebSocketProtocolErrorHandler` closes with their code).
    static func problem(_ error: NIOWebSocketError) -> WebSocketFrameProblem {
        switch error {
        case .invalidFrameLength: WebSocketFrameProblem(text: "a frame longer than the limit", closeCode: 1009)
        case .fragmentedControlFrame: WebSocketFrameProblem(text: "a fragmented control frame (ping, pong or close)", closeCode: 1002)
        case .multiByteControlFrameLength: WebSocketFrameProblem(text: "a control frame (ping, pong or close) longer than 125 bytes", closeCode: 1002)
        }
    }

    /// A close frame's payload: no payload is code 1005 (RFC 6455 §7.1.5); else a code that may
    /// be sent (§7.4: 1000–1003, 1007–1014, 3000–4999; not 1004, 1005, 1006, 1015 or the
    /// unassigned ones) and a reason in UTF-8.
    static func readClose(_ payload: [UInt8]) -> Result<WebSocket.CloseFrame, WebSocketFrameProblem> {
        if payload.isEmpty { return .success(WebSocket.CloseFrame(code: 1005)) }
        guard payload.count >= 2 else {
            return .failure(WebSocketFrameProblem(text: "a close frame of 1 byte (a close code takes 2)", closeCode: 1002))
        }
        let code = Int(payload[0]) << 8 | Int(payload[1])
        guard (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code) else {
            return .failure(WebSocketFrameProblem(text: "a close frame with the code \(code), which must not be sent in a close frame", closeCode: 1002))
        }
        guard let reason = String(validating: payload.dropFirst(2), as: UTF8.self) else {
            return .failure(WebSocketFrameProblem(text: "a close frame (\(code)) whose reason is not UTF-8", closeCode: 1002))
        }
        return .success(WebSocket.CloseFrame(code: code, reason: reason))
    }

    /// `RSV1`, `RSV1 and RSV3`.
    private static func bitNames(_ bits: WebSocketFrame.ReservedBits) -> String {
        let names = [(WebSocketFrame.ReservedBits.rsv1, "RSV1"), (.rsv2, "RSV2"), (.rsv3, "RSV3")].filter { bits.contains($0.0) }.map(\.1)
        return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
