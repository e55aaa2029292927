// A WebSocket upgrade answered with another status than 101: its answer, read for the error.

import HTTPTypes
import NIOCore
import NIOHTTP1
import WSClient

/// An upgrade answered with another status than 101: the status, the header fields and the
/// start of the body (``WebSocketConnection/refusalBodyLimit``), which the service gives back as
/// the upgrade's response (so that `-v`, retry and auth see it) and then throws as a
/// ``CallError/CallError.HTTPStatusError``.
struct WebSocketRefusal: Error {
    let status: Int
    let reasonPhrase: String
    let headerFields: HTTPFields
    let body: [UInt8]
}

/// Reads the answer to an upgrade that was not 101 (the upgrade handler passes it on once it has
/// left the pipeline): its head, then its body up to `limit`, until its end or the connection's.
final class RefusalReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    let promise: EventLoopPromise<WebSocketRefusal>
    private let limit: Int
    private var head: HTTPResponseHead?
    private var body: [UInt8] = []
    private var done = false

    init(promise: EventLoopPromise<WebSocketRefusal>, limit: Int) {
        self.promise = promise
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(head):
            self.head = head
        case let .body(buffer):
            body += buffer.readableBytesView.prefix(limit - body.count)
            // The rest is not read: the connection is closed once the answer is said.
            if body.count >= limit { finish() }
        case .end:
            finish()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A body cut off (the connection ended before its Content-Length): what came is kept.
        finish()
    }

    func handlerRemoved(context: ChannelHandlerContext) { finish() }

    private func finish() {
        guard !done else { return }
        done = true
        guard let head else {
            promise.fail(WebSocketClientError.webSocketUpgradeFailed)
            return
        }
        let standard = HTTPStatusText.reason(for: Int(head.status.code))
        promise.succeed(WebSocketRefusal(
            status: Int(head.status.code), reasonPhrase: standard.isEmpty ? head.status.reasonPhrase : standard, headerFields: AsyncHTTPClientTransport.headerFields(head.headers), body: body
        ))
    }
}
