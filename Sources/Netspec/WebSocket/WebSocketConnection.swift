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
        case notUpgraded(any Channel)
    }

    typealias Value = EventLoopFuture<Upgrade>
    typealias Result = WebSocketCloseFrame?

    let target: WebSocketTarget
    let configuration: WebSocketClientConfiguration
    let proxy: WebSocketTarget.Proxy?
    let sslContext: NIOSSLContext?
    let handler: WebSocketDataHandler<Context>
    /// The extensions agreed, by name, as the upgrade's answer lists them.
    let agreed: @Sendable (String) -> Void
    /// What ``WebSocketFrameWatch`` sees of the frames.
    let watch: WebSocketFrameWatch.Events

    init(
        target: WebSocketTarget, configuration: WebSocketClientConfiguration, tls: TLSConfiguration?,
        agreed: @escaping @Sendable (String) -> Void, watch: WebSocketFrameWatch.Events, handler: @escaping WebSocketDataHandler<Context>
    ) throws {
        self.target = target
        self.configuration = configuration
        proxy = target.proxyFromEnvironment()
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
            let upgraded = try (proxy == nil ? upgrade(channel: channel, gate: gate) : tunnel(channel: channel, gate: gate))
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
        case let .notUpgraded(channel):
            // Not waited for: over TLS the close waits for the server's close_notify (up to 5 s).
            channel.close(promise: nil)
            throw WebSocketClientError.webSocketUpgradeFailed
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

    /// TLS (for `wss`), the upgrade request, and the frames' channel once the server agrees.
    private func upgrade(channel: any Channel, gate: UpgradeGate) throws -> Value {
        let configuration = configuration
        let agreed = agreed
        let watch = watch
        let offeredExtensions = configuration.extensions.map { $0.clientRequestHeader() }.filter { !$0.isEmpty }
        let offeredProtocols = configuration.additionalHeaders[values: .secWebSocketProtocol]
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
            gate: NIOLoopBound(gate, eventLoop: channel.eventLoop)
        )
        var headers = HTTPHeaders([("Host", target.hostHeader), ("Origin", target.origin)])
        for field in configuration.additionalHeaders { headers.add(name: field.name.rawName, value: field.value) }
        for builder in configuration.extensions {
            let offer = builder.clientRequestHeader()
            if !offer.isEmpty { headers.add(name: "Sec-WebSocket-Extensions", value: offer) }
        }
        var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(
            upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: .GET, uri: target.requestTarget, headers: headers),
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(Upgrade.notUpgraded(channel)) }
            )
        )
        pipeline.leftOverBytesStrategy = RemoveAfterUpgradeStrategy.forwardBytes
        if let sslContext {
            // An IP address is not sent as the server name (RFC 6066 forbids it): NIOSSL then checks
            // the certificate's IP addresses against the address connected to.
            let tls = try NIOSSLClientHandler(context: sslContext, serverHostname: TLSPinCheck.isIPAddress(target.host) ? nil : target.host)
            try channel.pipeline.syncOperations.addHandler(tls, position: .first)
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

    init(_ upgrader: NIOTypedWebSocketClientUpgrader<UpgradeResult>, gate: NIOLoopBound<UpgradeGate>) {
        self.upgrader = upgrader
        self.gate = gate
    }

    var supportedProtocol: String { upgrader.supportedProtocol }
    var requiredUpgradeHeaders: [String] { upgrader.requiredUpgradeHeaders }

    func addCustom(upgradeRequestHeaders: inout HTTPHeaders) {
        upgrader.addCustom(upgradeRequestHeaders: &upgradeRequestHeaders)
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

/// Where a `ws`/`wss` URL connects: host, port, the request target, and the `Host` and `Origin`
/// the upgrade request sends.
struct WebSocketTarget: Sendable {
    let secure: Bool
    let host: String
    let port: Int
    let requestTarget: String
    let hostHeader: String
    let origin: String
    /// Whether the URL names its port.
    let explicitPort: Bool

    init?(url: String) {
        let lower = url.lowercased()
        guard let scheme = ["wss", "ws", "https", "http"].first(where: { lower.hasPrefix($0 + "://") }) else { return nil }
        secure = scheme == "wss" || scheme == "https"
        let authority = TransportErrorMapping.hostAndPort(of: url)
        guard !authority.isEmpty else { return nil }
        var rest = url.dropFirst(scheme.count + 3)
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[end...] } else { rest = "" }
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        requestTarget = rest.hasPrefix("/") ? String(rest) : "/" + rest
        let (name, portText) = TransportErrorMapping.split(authority: Substring(authority))
        if let portText {
            guard let number = Int(portText) else { return nil }
            port = number
        } else {
            port = secure ? 443 : 80
        }
        host = String(name)
        explicitPort = portText != nil
        let bracketed = host.contains(":") ? "[\(host)]" : host
        hostHeader = explicitPort ? "\(bracketed):\(port)" : bracketed
        origin = "\(scheme)://\(bracketed)"
    }

    /// The proxy `http_proxy` (for `ws`) or `https_proxy` (for `wss`) names, unless `no_proxy`
    /// covers the host; only `http://host:port` proxies, as swift-websocket reads them, with the
    /// credentials of `http://user:password@host:port` (percent-decoded).
    func proxyFromEnvironment() -> Proxy? {
        let value = secure ? (Self.environment("https_proxy") ?? Self.environment("HTTPS_PROXY") ?? Self.environment("http_proxy")) : Self.environment("http_proxy")
        guard let value else { return nil }
        if let noProxy = Self.environment("no_proxy") ?? Self.environment("NO_PROXY") {
            for entry in noProxy.split(separator: ",") {
                var filter = entry.drop { $0 == " " }
                if let space = filter.firstIndex(of: " ") { filter = filter[..<space] }
                if filter.first == "." { filter = filter.dropFirst() }
                if filter == "*" || (!filter.isEmpty && host.hasSuffix(filter)) { return nil }
            }
        }
        guard value.lowercased().hasPrefix("http://"), let proxy = WebSocketTarget(url: value), proxy.explicitPort else { return nil }
        let authority = value.dropFirst("http://".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let credentials = authority.lastIndex(of: "@").map { at in
            authority[..<at].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                .map { String($0).percentDecoded ?? String($0) }.joined(separator: ":")
        }
        return Proxy(host: proxy.host, port: proxy.port, credentials: credentials)
    }

    /// A proxy to tunnel through: where it is, and its `user:password` when its URL has them.
    struct Proxy: Sendable {
        let host: String
        let port: Int
        let credentials: String?
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
