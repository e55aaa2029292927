// One WebSocket connection's channel: swift-websocket's `ClientConnection` connects and its
// `WebSocketHandler` runs the frames, but the pipeline is set up here instead of by its
// `WebSocketClient`, for one reason: a server that sends a frame and closes its side in the same
// instant as its 101 (a close right after the upgrade, such as "4000 bye" or a refused token)
// left the connection waiting for ever. NIO's HTTP decoder, on its way out of the pipeline for the
// upgrade, sees the end of input first and drops the bytes after the 101 (`HTTPDecoder.decodeLast`
// forwards them only when the input has not ended), and the end of input passes the upgrade
// before the frame reader is there to end. `UpgradeGate` holds the end of input from the 101 until
// the upgrade is done, so the frames and then the end arrive in order. The rest follows
// swift-websocket 1.6.2's `WebSocketClientChannel` (Apache 2.0): an `http_proxy`'s CONNECT (with
// NIOExtras' handler), TLS, the upgrade request and the extensions the server agreed; and a
// refused upgrade now closes its connection (there, it stayed open).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Logging
import NIOCore
import NIOExtras
import NIOHTTP1
import NIOPosix
import NIOSOCKS
import NIOSSL
import NIOWebSocket
import WSClient
@_spi(WSInternal) import WSCore

struct WebSocketConnection: ClientConnectionChannel {
    struct Context: WebSocketContext {
        let logger: Logger
    }

    enum Upgrade: Sendable {
        case websocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, [any WebSocketExtension])
        /// Any answer but 101: the channel, and the answer as ``RefusalReader`` reads it.
        case notUpgraded(any Channel, EventLoopFuture<WebSocketRefusal>)
    }

    /// How much of a refused upgrade's body is kept (the rest is not read: the connection is closed).
    static let refusalBodyLimit = 64 * 1024

    typealias Value = EventLoopFuture<Upgrade>
    typealias Result = WebSocketCloseFrame?

    let target: WebSocketTarget
    let configuration: WebSocketClientConfiguration
    /// The proxy the connection goes through (``Provider/Options/Proxy``), if any: an HTTP proxy's
    /// `CONNECT` tunnel or a SOCKS 5 proxy's connection.
    let proxy: ProxyRoute?
    let sslContext: NIOSSLContext?
    let handler: WebSocketDataHandler<Context>
    /// The extensions agreed, by name, as the upgrade's answer lists them.
    let agreed: @Sendable (String) -> Void
    /// What ``WebSocketFrameWatch`` sees of the frames.
    let watch: WebSocketFrameWatch.Events

    init(
        target: WebSocketTarget, proxy: ProxyRoute?, configuration: WebSocketClientConfiguration, tls: TLSConfiguration?,
        agreed: @escaping @Sendable (String) -> Void, watch: WebSocketFrameWatch.Events, handler: @escaping WebSocketDataHandler<Context>
    ) throws {
        self.target = target
        self.configuration = configuration
        self.proxy = proxy
        sslContext = try tls.map { try NIOSSLContext(configuration: $0) }
        self.agreed = agreed
        self.watch = watch
        self.handler = handler
    }

    /// Connects (to the proxy, when one is set), upgrades, and runs `handler` until the close.
    func run(eventLoopGroup: any EventLoopGroup, logger: Logger) async throws -> WebSocketCloseFrame? {
        let address = proxy.map { (host: $0.host, port: $0.port) } ?? (host: target.host, port: target.port)
        return try await ClientConnection(self, address: .hostname(address.host, port: address.port), eventLoopGroup: eventLoopGroup, logger: logger).run()
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let gate = UpgradeGate()
            try channel.pipeline.syncOperations.addHandler(gate)
            let upgraded = try connection(channel: channel, gate: gate)
                .assumeIsolated().flatMapErrorThrowing { error in
                    // NIO says only that the upgrader refused, or found no protocol to upgrade to.
                    if let refusal = gate.refusal { throw WebSocketHandshakeError(reason: refusal) }
                    if let error = error as? NIOHTTPClientUpgradeError, error == .responseProtocolNotFound {
                        throw WebSocketHandshakeError(reason: "does not say 'Upgrade: websocket'")
                    }
                    throw error
                }.nonisolated()
            // A failed upgrade (a wrong Sec-WebSocket-Accept, a proxy's refusal) leaves nothing to close the connection.
            upgraded.whenFailure { _ in channel.close(promise: nil) }
            return upgraded
        }
    }

    func handle(value: Value, logger: Logger) async throws -> WebSocketCloseFrame? {
        switch try await value.get() {
        case let .websocket(channel, extensions):
            let settings = WebSocketHandler.Configuration(
                extensions: extensions, autoPing: configuration.autoPing, closeTimeout: configuration.closeTimeout,
                validateUTF8: configuration.validateUTF8, ignoreUncleanSSLShutdownErrors: configuration.ignoreUncleanSSLShutdownErrors,
                maxFrameSize: configuration.maxFrameSize
            )
            do {
                return try await WebSocketHandler.handle(type: .client, configuration: settings, asyncChannel: channel, context: Context(logger: logger), handler: handler)
            } catch {
                throw Self.clientError(error)
            }
        case let .notUpgraded(channel, answer):
            // The answer's body is read until its end, the limit or the end of the connection (or
            // the opening's timeout, which cancels this task and closes the channel).
            let refusal = try await withTaskCancellationHandler {
                try await answer.get()
            } onCancel: {
                channel.close(promise: nil)
            }
            // Not waited for: over TLS the close waits for the server's close_notify (up to 5 s).
            channel.close(promise: nil)
            throw refusal
        }
    }

    /// `WebSocketHandler`'s own `close(code)` error (a type only its package can name), as
    /// `WebSocketClient.run` says it.
    static func clientError(_ error: any Error) -> any Error {
        guard String(describing: type(of: error)) == "InternalError",
            let code = Mirror(reflecting: error).children.first(where: { $0.label == "close" })?.value as? WebSocketErrorCode
        else { return error }
        switch code {
        case .messageTooLarge: return WebSocketClientError.serverSentMessageTooLarge
        case .dataInconsistentWithMessage: return WebSocketClientError.serverSentDataInconsistentWithMessage
        default: return WebSocketClientError.serverProtocolError
        }
    }

    // MARK: - The pipeline

    /// The CONNECT's header fields: `Host`, which HTTP/1.1 requires of every request (RFC 9112
    /// §3.2: for CONNECT, the target's authority), and the proxy URL's credentials as
    /// `Proxy-Authorization: Basic`, as curl sends them (swift-websocket sent neither).
    private var connectHeaders: HTTPHeaders {
        var headers: HTTPHeaders = ["Host": "\(target.host.contains(":") ? "[\(target.host)]" : target.host):\(target.port)"]
        if let credentials = proxy?.credentials {
            headers.add(name: "Proxy-Authorization", value: "Basic " + Data(credentials.utf8).base64EncodedString())
        }
        return headers
    }

    /// The proxy's CONNECT to the target (the channel is connected to the proxy), then the upgrade through it.
    private func tunnel(channel: any Channel, gate: UpgradeGate) throws -> Value {
        let connected = channel.eventLoop.makePromise(of: Void.self)
        let encoder = HTTPRequestEncoder()
        let decoder = ByteToMessageHandler(HTTPResponseDecoder(leftOverBytesStrategy: .forwardBytes))
        let deadline = NIODeadline.now() + .seconds(30)
        try channel.pipeline.syncOperations.addHandlers([
            encoder, decoder,
            NIOHTTP1ProxyConnectHandler(targetHost: target.host, targetPort: target.port, headers: connectHeaders, deadline: deadline, promise: connected),
        ])
        return connected.futureResult.assumeIsolated().flatMapErrorThrowing { error in
            throw switch error {
            case let error as NIOHTTP1ProxyConnectHandler.Error where error == .httpProxyHandshakeTimeout(): WebSocketClientError.proxyHandshakeTimeout
            case let error as NIOHTTP1ProxyConnectHandler.Error where error == .invalidProxyResponse() || error == .invalidProxyResponseHead(.init(version: .http1_1, status: .ok)):
                WebSocketClientError.proxyHandshakeInvalidResponse
            case is NIOHTTP1ProxyConnectHandler.Error: WebSocketClientError.proxyHandshakeFailed
            default: error
            }
        }.flatMap {
            channel.pipeline.syncOperations.removeHandler(encoder).and(channel.pipeline.syncOperations.removeHandler(decoder))
        }.flatMapThrowing { _ in
            try upgrade(channel: channel, gate: gate)
        }.nonisolated().flatMap { $0 }
    }

    /// The upgrade on a channel connected to the server, or through the proxy it is connected to:
    /// an HTTP proxy's CONNECT tunnel, or a SOCKS 5 proxy's connection, which holds what is
    /// written (TLS's handshake, the upgrade request) until the proxy has connected.
    private func connection(channel: any Channel, gate: UpgradeGate) throws -> Value {
        switch proxy?.kind {
        case nil: return try upgrade(channel: channel, gate: gate)
        case .http?: return try tunnel(channel: channel, gate: gate)
        case .socks5?:
            let socks = SOCKSClientHandler(targetAddress: ProxyTunnel.socksAddress(host: target.host, port: target.port))
            try channel.pipeline.syncOperations.addHandler(socks, position: .first)
            return try upgrade(channel: channel, gate: gate, after: socks)
        }
    }

    /// TLS (for `wss`), the upgrade request, and the frames' channel once the server agrees.
    ///
    /// - Parameter socks: the SOCKS proxy's handler, which TLS goes after (nearer the application).
    private func upgrade(channel: any Channel, gate: UpgradeGate, after socks: SOCKSClientHandler? = nil) throws -> Value {
        let configuration = configuration
        let agreed = agreed
        let watch = watch
        let offeredExtensions = configuration.additionalHeaders[values: .secWebSocketExtensions]
        let offeredProtocols = configuration.additionalHeaders[values: .secWebSocketProtocol]
        // The request's header fields as given, in their order (`Host` first when they have none):
        // what `-v` showed of them is what is sent (``GatedUpgrader/addCustom(upgradeRequestHeaders:)``).
        var headers = HTTPHeaders()
        if !configuration.additionalHeaders.contains(HTTPField.Name("Host")!) { headers.add(name: "Host", value: target.hostHeader) }
        for field in configuration.additionalHeaders { headers.add(name: field.name.rawName, value: field.value) }
        let upgrader = GatedUpgrader(
            NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: configuration.maxFrameSize) { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    if let problem = Self.handshakeProblem(head.headers, offeredProtocols: offeredProtocols, offeredExtensions: offeredExtensions) {
                        throw WebSocketHandshakeError(reason: problem)
                    }
                    var fields = HTTPFields()
                    for (name, value) in head.headers {
                        if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
                    }
                    let extensions = try configuration.extensions.buildClientExtensions(from: fields)
                    if !extensions.isEmpty { agreed(extensions.map(\.name).joined(separator: ",")) }
                    let allowedBits = extensions.reduce(WebSocketFrame.ReservedBits()) { $0.union($1.reservedBits) }
                    try channel.pipeline.syncOperations.addHandler(WebSocketFrameWatch(allowedReservedBits: allowedBits, events: watch))
                    let asyncChannel = try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel)
                    return Upgrade.websocket(asyncChannel, extensions)
                }
            },
            gate: NIOLoopBound(gate, eventLoop: channel.eventLoop),
            requestHeaders: headers
        )
        var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(
            upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: .GET, uri: target.requestTarget, headers: headers),
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        // The answer's head and body come down the pipeline once this future is done.
                        let reader = RefusalReader(promise: channel.eventLoop.makePromise(), limit: Self.refusalBodyLimit)
                        try channel.pipeline.syncOperations.addHandler(reader)
                        return Upgrade.notUpgraded(channel, reader.promise.futureResult)
                    }
                }
            )
        )
        pipeline.leftOverBytesStrategy = RemoveAfterUpgradeStrategy.forwardBytes
        if let sslContext {
            // An IP address is not sent as the server name (RFC 6066 forbids it): NIOSSL then checks
            // the certificate's IP addresses against the address connected to.
            let tls = try NIOSSLClientHandler(context: sslContext, serverHostname: TLSPinCheck.isIPAddress(target.host) ? nil : target.host)
            try channel.pipeline.syncOperations.addHandler(tls, position: socks.map { .after($0) } ?? .first)
        }
        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipeline)
    }

    /// What a 101 answer breaks of RFC 6455 §4.1 beyond its `Sec-WebSocket-Accept`: a
    /// `Sec-WebSocket-Protocol` that was not offered, an extension in `Sec-WebSocket-Extensions`
    /// that was not offered; `nil` when it keeps to the offer.
    static func handshakeProblem(_ headers: HTTPHeaders, offeredProtocols: [String], offeredExtensions: [String]) -> String? {
        let tokens = { (values: [String]) in
            values.flatMap { $0.split(separator: ",") }.map { String(($0.split(separator: ";").first ?? "").drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
        }
        let offered = tokens(offeredProtocols)
        let chosen = headers[canonicalForm: "Sec-WebSocket-Protocol"].map(String.init)
        if let protocolName = chosen.first, chosen.count > 1 || !offered.contains(protocolName) {
            let offer = offered.isEmpty ? "none was offered" : "the offer was \(offered.joined(separator: ", "))"
            return "chose the subprotocol '\(chosen.joined(separator: ", "))' in Sec-WebSocket-Protocol, which was not offered (\(offer))"
        }
        let offeredNames = tokens(offeredExtensions)
        for name in tokens(headers["Sec-WebSocket-Extensions"]) where !offeredNames.contains(where: { $0.lowercased() == name.lowercased() }) {
            let offer = offeredNames.isEmpty ? "none was offered" : "the offer was \(offeredNames.joined(separator: ", "))"
            return "agreed to the extension '\(name)' in Sec-WebSocket-Extensions, which was not offered (\(offer))"
        }
        return nil
    }

    /// Why the upgrader refused a 101 answer: its `Sec-WebSocket-Accept`.
    static func acceptProblem(_ headers: HTTPHeaders) -> String {
        let values = headers["Sec-WebSocket-Accept"]
        switch values.count {
        case 0: return "has no Sec-WebSocket-Accept"
        case 1: return "has the Sec-WebSocket-Accept '\(values[0])', which does not match the Sec-WebSocket-Key sent"
        default: return "has \(values.count) Sec-WebSocket-Accept headers"
        }
    }
}

/// A 101 answer that breaks the opening handshake (RFC 6455 §4.1): the connection is failed.
struct WebSocketHandshakeError: Error {
    /// What the answer did: "has no Sec-WebSocket-Accept".
    let reason: String
}

/// Holds the end of input (`inputClosed`) from the server's 101 until the upgrade is done, then
/// passes it on after the frames that came with the 101, and leaves the pipeline.
private final class UpgradeGate: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private enum State {
        case passing
        case holding(ended: Bool)
        case released
    }

    private var state = State.passing
    private var context: ChannelHandlerContext?
    /// Why the upgrader refused the server's 101, when it did.
    var refusal: String?

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .holding = state, case ChannelEvent.inputClosed? = event as? ChannelEvent {
            state = .holding(ended: true)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// The server answered 101: the upgrade starts.
    func hold() {
        if case .passing = state { state = .holding(ended: false) }
    }

    /// The upgrade is done (or failed), and what came with the 101 has gone on to the frames' reader.
    func release() {
        guard case let .holding(ended) = state, let context else { return }
        state = .released
        if ended { context.fireUserInboundEventTriggered(ChannelEvent.inputClosed) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}

/// The WebSocket upgrader, telling `UpgradeGate` when the 101 arrives and when the upgrade is done.
private struct GatedUpgrader<UpgradeResult: Sendable>: NIOTypedHTTPClientProtocolUpgrader {
    let upgrader: NIOTypedWebSocketClientUpgrader<UpgradeResult>
    let gate: NIOLoopBound<UpgradeGate>
    /// The request's own header fields, in the order they are sent.
    let requestHeaders: HTTPHeaders

    init(_ upgrader: NIOTypedWebSocketClientUpgrader<UpgradeResult>, gate: NIOLoopBound<UpgradeGate>, requestHeaders: HTTPHeaders) {
        self.upgrader = upgrader
        self.gate = gate
        self.requestHeaders = requestHeaders
    }

    var supportedProtocol: String { upgrader.supportedProtocol }
    var requiredUpgradeHeaders: [String] { upgrader.requiredUpgradeHeaders }

    /// The upgrade request's header fields: the request's own as they are (each once, in their
    /// order), with the `Sec-WebSocket-Key` the upgrader made just before `Sec-WebSocket-Version`;
    /// what NIO adds (`Connection`, `Upgrade`, the key and the version) goes at the end only where
    /// the request has none of that name.
    func addCustom(upgradeRequestHeaders: inout HTTPHeaders) {
        var added = HTTPHeaders()
        upgrader.addCustom(upgradeRequestHeaders: &added)
        upgradeRequestHeaders = Self.ordered(requestHeaders, nio: upgradeRequestHeaders, upgrader: added)
    }

    static func ordered(_ own: HTTPHeaders, nio: HTTPHeaders, upgrader: HTTPHeaders) -> HTTPHeaders {
        var result = HTTPHeaders()
        let key = upgrader.first(name: "Sec-WebSocket-Key")
        for (name, value) in own where name.lowercased() != "sec-websocket-key" {
            if let key, name.lowercased() == "sec-websocket-version", !result.contains(name: "Sec-WebSocket-Key") {
                result.add(name: "Sec-WebSocket-Key", value: key)
            }
            result.add(name: name, value: value)
        }
        let present = Set(result.map { $0.name.lowercased() })
        for (name, value) in nio where !present.contains(name.lowercased()) { result.add(name: name, value: value) }
        for (name, value) in upgrader where !result.contains(name: name) { result.add(name: name, value: value) }
        return result
    }

    func shouldAllowUpgrade(upgradeResponse: HTTPResponseHead) -> Bool {
        let allowed = upgrader.shouldAllowUpgrade(upgradeResponse: upgradeResponse)
        if allowed {
            gate.value.hold()
        } else {
            gate.value.refusal = WebSocketConnection.acceptProblem(upgradeResponse.headers)
        }
        return allowed
    }

    func upgrade(channel: any Channel, upgradeResponse: HTTPResponseHead) -> EventLoopFuture<UpgradeResult> {
        let upgraded = upgrader.upgrade(channel: channel, upgradeResponse: upgradeResponse)
        let gate = gate
        // The upgrade handler passes on what it kept back as this future completes, in the same
        // turn of the event loop; the end of input goes on in the next.
        upgraded.whenComplete { _ in channel.eventLoop.execute { gate.value.release() } }
        return upgraded
    }
}
