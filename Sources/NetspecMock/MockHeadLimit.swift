import NetspecModel
import NIOCore
import NIOHTTP1

/// A request whose head the HTTP parser will not read — a request line, or a header section,
/// longer than ``MockServer/Options/maxHeadSize`` — answered as a problem instead of the parser's bare 400: a 414 URI
/// Too Long for the request line (RFC 9110 §15.5.15: "the target URI is longer than the
/// server is willing to interpret"), a 431 Request Header Fields Too Large for the header
/// section (RFC 6585 §5), each `application/problem+json`, and the connection closed (the rest
/// of the request cannot be read).
///
/// Hummingbird answers any parse error of SwiftNIO's HTTP decoder with an empty 400 and does not
/// say which; the decoder counts the request line against the same limit as a header field.
/// So two handlers join its pipeline: one before the decoder notes the length of each request's
/// first line as the bytes arrive, one after it answers the decoder's `headerOverflow` by that
/// length (a line not ended yet, or longer than the limit, is the request line's).
enum MockHeadLimit {
    /// The most header fields a request may have: SwiftNIO's and Hummingbird's default.
    static let fieldCount = 1_000

    /// The handler Hummingbird adds after its own; it puts the two in place and leaves.
    static func installer(limit: Int, cors: Bool, log: @escaping @Sendable (MockServer.LogEntry) -> Void) -> any RemovableChannelHandler {
        Installer(limit: limit, cors: cors, log: log)
    }

    /// What the watcher saw of the request being read.
    final class RequestLine {
        /// Whether its first line has not ended yet.
        var isOpen = true
        /// How many bytes of it have arrived.
        var length = 0
        /// Its first bytes, for the log line.
        var prefix: [UInt8] = []
        /// Whether the request was answered here (later errors are the same one's).
        var answered = false

        /// The next request begins.
        func reset() {
            isOpen = true
            length = 0
            // Its storage kept: no allocation per request on a kept-alive connection.
            prefix.removeAll(keepingCapacity: true)
        }
    }

    /// Puts the watcher first in the pipeline and the answerer right after the decoder, then
    /// removes itself.
    private final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = Never
        let limit: Int
        let cors: Bool
        let log: @Sendable (MockServer.LogEntry) -> Void

        init(limit: Int, cors: Bool, log: @escaping @Sendable (MockServer.LogEntry) -> Void) {
            self.limit = limit
            self.cors = cors
            self.log = log
        }

        func handlerAdded(context: ChannelHandlerContext) {
            let operations = context.pipeline.syncOperations
            let line = RequestLine()
            do {
                let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
                try operations.addHandler(Watcher(line: line), position: .first)
                try operations.addHandler(Answerer(line: line, limit: limit, cors: cors, log: log), position: .after(decoder))
            } catch {
                // A pipeline without SwiftNIO's HTTP/1 decoder: its parser's answers stay as they are.
            }
            operations.removeHandler(context: context, promise: nil)
        }
    }

    /// Notes the length of each request's first line as its bytes arrive, before the decoder.
    private final class Watcher: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        let line: RequestLine

        init(line: RequestLine) { self.line = line }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if line.isOpen {
                let buffer = unwrapInboundIn(data)
                buffer.withUnsafeReadableBytes { bytes in
                    let end = bytes.firstIndex(of: UInt8(ascii: "\n"))
                    let seen = end ?? bytes.count
                    if line.prefix.count < 120 { line.prefix += bytes.prefix(min(seen, 120 - line.prefix.count)) }
                    line.length += seen
                    if end != nil { line.isOpen = false }
                }
            }
            context.fireChannelRead(data)
        }
    }

    /// Answers the decoder's `headerOverflow` with a 414 or 431 problem; notes where each request ends.
    private final class Answerer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let line: RequestLine
        let limit: Int
        let cors: Bool
        let log: @Sendable (MockServer.LogEntry) -> Void

        init(line: RequestLine, limit: Int, cors: Bool, log: @escaping @Sendable (MockServer.LogEntry) -> Void) {
            self.line = line
            self.limit = limit
            self.cors = cors
            self.log = log
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case .end = unwrapInboundIn(data) { line.reset() }
            context.fireChannelRead(data)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            if line.answered { return }
            guard let error = error as? HTTPParserError, error == .headerOverflow else {
                context.fireErrorCaught(error)
                return
            }
            line.answered = true
            let isRequestLine = line.isOpen || line.length > limit
            let (status, detail): (HTTPResponseStatus, String) = isRequestLine
                ? (.uriTooLong, "the request line is longer than \(limit) bytes, the most the mock reads")
                : (.requestHeaderFieldsTooLarge, "the request's header fields are longer than \(limit) bytes together, or more than \(MockHeadLimit.fieldCount), the most the mock reads")
            let problem: JSONValue = ["type": "about:blank", "title": .string(status.reasonPhrase), "status": .int(Int(status.code)), "detail": .string(detail)]
            let body = problem.serialized()
            var headers = HTTPHeaders([("Content-Type", "application/problem+json"), ("Content-Length", String(body.count)), ("Connection", "close")])
            if cors { headers.add(name: "Access-Control-Allow-Origin", value: "*") }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
            // `GET /v1/customers?expand[]=…` (the line as far as it is kept).
            let text = String(decoding: line.prefix.filter { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
            let method = text.split(separator: " ", maxSplits: 1).first.map(String.init) ?? "-"
            let target = text.split(separator: " ", maxSplits: 2).dropFirst().first.map { $0 + (isRequestLine ? "…" : "") } ?? "-"
            log(MockServer.LogEntry(method: method, target: target, status: Int(status.code), endpoint: nil, note: isRequestLine ? "request line too long" : "header fields too large"))
        }
    }
}
