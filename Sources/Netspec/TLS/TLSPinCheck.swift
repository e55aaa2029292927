import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSOCKS
import NIOSSL
import NIOTLS
import NetspecModel

/// Certificate pinning for async-http-client, which has no hook for it (its issue #285: it makes
/// `NIOSSLClientHandler(context:serverHostname:)` itself, and NIOSSL's `TLSConfiguration` has no
/// verification callback).
///
/// How: before a request to a pinned host, this check makes its own TLS handshake with the
/// server (same client certificate and version), takes the chain the server presents through a
/// NIOSSL custom verification callback, and completes it into the verified chain with the trust
/// (``TLSVerifiedChain``: the CA file, the CA directory or the system's roots), as OkHttp's
/// `CertificatePinner` compares pins with the cleaned chain. A chain that does not verify fails
/// the call here with the reason (``TLSFailure``); then each certificate's SPKI or DER SHA-256 is
/// compared with the host's pins, and no pin matching fails the call, naming the chain, before
/// async-http-client sends a byte. The request then goes out on a client whose trust roots are
/// only the certificates that matched, with the CAs of the verified chain between them and the
/// leaf (marked as trusted anchors, so an intermediate can anchor a chain), with normal
/// verification (expiry, hostname, signatures): a different server answering the real
/// connection passes only with a chain through a pinned certificate. A pinned root or
/// intermediate anchors the real connection whether or not the server sends it, as the anchors
/// are the trust BoringSSL looks issuers up in.
///
/// When no anchor stands in for a pinned leaf (the pins are CAs, or a self-signed server), every
/// chain through the anchors leads to a pinned certificate: they alone hold every connection to
/// the pins, so the check's result is kept for a minute and requests in that time skip its
/// handshake (a server that changed its chain then fails the TLS handshake, which the check,
/// run again to say why, reports as kind `pinning`; still before any request byte).
///
/// Trade-offs: one more TCP and TLS handshake per request to a host whose pinned leaf is not
/// self-signed, and once a minute otherwise (the `tls` benchmark shows it). BoringSSL, as NIOSSL
/// configures it, cannot anchor a chain at a leaf that is not self-signed (no
/// `X509_V_FLAG_PARTIAL_CHAIN`), so a pinned leaf anchors the real connection at its issuer in
/// the verified chain (presented or from the trust): the leaf itself is held to its pin by the
/// check before each request, the real connection to that issuer. A renewed certificate with
/// the same key passes a `sha256/` pin.
enum TLSPinCheck {
    /// Pre-flight contexts by settings: making one loads certificates from files.
    private static let contexts = NIOLockedValueBox<[TLSClientSettings: NIOSSLContext]>([:])

    /// Checks the verified chain of `host:port` against `pins`.
    ///
    /// - Returns: the certificates (DER) to anchor the real connection at, and whether they alone
    ///   hold every connection to the pins (none is there for a pinned leaf, as its issuer).
    /// - Throws: ``TransportError``: the chain's ``TLSFailure`` when it does not verify;
    ///   kind `pinning` naming the host, the pins and the chain when no pin matches;
    ///   `tls`/`connect`/`timeout` when the handshake fails. ``CallError/configuration(_:)``
    ///   for a `proxy` value that cannot be used, before any connection (as the request fails).
    static func check(
        host: String, port: Int, pins: [TLSSettings.Pin], settings: TLSClientSettings, connectTimeout: Duration, proxy: Provider.Options.Proxy = .direct
    ) async throws -> (anchors: [[UInt8]], enforcePins: Bool) {
        let chain = try await verifiedChain(host: host, port: port, settings: settings, connectTimeout: connectTimeout, proxy: proxy)
        var matched: [[UInt8]] = []
        var enforcePins = true
        let kinds = [TLSSettings.Pin.Kind.publicKey, .certificate].filter { kind in pins.contains { $0.kind == kind } }
        for (index, certificate) in chain.enumerated() where kinds.contains(where: { pins.contains(certificate.pin($0)) }) {
            // BoringSSL anchors a chain only at a certificate of the trust store that is not
            // the leaf (NIOSSL has no partial chains): a pinned leaf anchors at its issuer,
            // unless it is the whole chain (a self-signed server). A pinned CA above the leaf's
            // issuer anchors with the CAs between them, which the server may not send: any
            // chain through those is a chain through the pinned CA.
            let anchors = index == 0 ? chain[chain.count > 1 ? 1...1 : 0...0] : chain[1...index]
            if index == 0 && chain.count > 1 { enforcePins = false }
            for anchor in anchors where !matched.contains(anchor.der) { matched.append(anchor.der) }
        }
        guard !matched.isEmpty else {
            let described = chain.map { certificate in "\(certificate.subject) (\(kinds.map { certificate.pin($0).description }.joined(separator: ", ")))" }
            throw TransportError(
                kind: .pinning,
                message: "certificate pinning failed for \(host): the verified chain matches none of the pins "
                    + "\(pins.map(\.description).joined(separator: ", ")); it is \(described.joined(separator: ", "))"
            )
        }
        return (matched, enforcePins)
    }

    /// The verified chain of `host:port`: what it presents, completed with the trust of `settings`.
    ///
    /// - Throws: ``TransportError``: the ``TLSFailure`` of a chain that does not
    ///   verify; `tls`/`connect`/`timeout` when the handshake fails. ``CallError/configuration(_:)``
    ///   for a `proxy` value that cannot be used, before any connection.
    static func verifiedChain(
        host: String, port: Int, settings: TLSClientSettings, connectTimeout: Duration, proxy: Provider.Options.Proxy = .direct
    ) async throws -> [ChainCertificate] {
        let presented = try await presentedChain(host: host, port: port, settings: settings, connectTimeout: connectTimeout, proxy: proxy)
        let trust = try TLSTrust.of(settings)
        switch await TLSVerifiedChain.build(presented: presented, host: host, trust: trust, verifies: settings.verifies) {
        case let .success(chain): return chain
        case let .failure(failure): throw failure.error(authority: "\(host):\(port)")
        }
    }

    /// Anchors whose trust alone holds connections to the pins, by host and settings, for a
    /// minute: requests in that time skip the check's handshake.
    private static let anchorCache = NIOLockedValueBox<[AnchorKey: (anchors: [[UInt8]], expires: NIODeadline)]>([:])

    struct AnchorKey: Hashable {
        var host: String
        var port: Int
        var pins: [TLSSettings.Pin]
        var settings: TLSClientSettings
    }

    /// The anchors for a pinned host: cached ones while they last, else from a check (which
    /// throws as ``check(host:port:pins:settings:connectTimeout:proxy:)`` does).
    static func anchors(
        host: String, port: Int, pins: [TLSSettings.Pin], settings: TLSClientSettings, connectTimeout: Duration, proxy: Provider.Options.Proxy = .direct
    ) async throws -> [[UInt8]] {
        let key = AnchorKey(host: host, port: port, pins: pins, settings: settings)
        let now = NIODeadline.now()
        if let cached = anchorCache.withLockedValue({ $0[key] }), cached.expires > now { return cached.anchors }
        let (anchors, enforcePins) = try await check(host: host, port: port, pins: pins, settings: settings, connectTimeout: connectTimeout, proxy: proxy)
        if enforcePins && settings.verifies {
            anchorCache.withLockedValue { cache in
                if cache.count > 1000 { cache.removeAll() }
                cache[key] = (anchors, now + .seconds(60))
            }
        }
        return anchors
    }

    /// The certificates `host:port` presents in a TLS handshake (leaf first), read through a
    /// custom verification callback; the connection is closed before any application data. It
    /// goes through the proxy `proxy` names for the host, as the request does: an HTTP proxy's
    /// `CONNECT` tunnel (``ProxyTunnel``), a SOCKS 5 proxy's connection. A `proxy` value that
    /// cannot be used is the request's configuration error (``ProxyRoute``'s words, exit 78 on
    /// the command line), thrown before any connection: never a direct one in the proxy's place.
    private static func presentedChain(
        host: String, port: Int, settings: TLSClientSettings, connectTimeout: Duration, proxy: Provider.Options.Proxy
    ) async throws -> [ChainCertificate] {
        let url = "https://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        let context = try self.context(for: settings)
        let captured = NIOLockedValueBox<[NIOSSLCertificate]>([])
        let serverName = Self.isIPAddress(host) ? nil : host
        let route = try proxy.route(for: url)
        let handshake = { @Sendable (channel: any Channel) throws in
            let handler = try NIOSSLClientHandler(context: context, serverHostname: serverName) { certificates, promise in
                captured.withLockedValue { $0 = certificates }
                promise.succeed(.certificateVerified)
            }
            let waiter = HandshakeWaiter(eventLoop: channel.eventLoop)
            do {
                try channel.pipeline.syncOperations.addHandlers(handler, waiter)
            } catch {
                waiter.promise.fail(error)
                throw error
            }
        }
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(TimeAmount(connectTimeout))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        switch route?.kind {
                        case nil: try handshake(channel)
                        case .socks5?:
                            // The SOCKS 5 proxy's connection holds the handshake's bytes until it is made.
                            try channel.pipeline.syncOperations.addHandler(SOCKSClientHandler(targetAddress: ProxyTunnel.socksAddress(host: host, port: port)))
                            try handshake(channel)
                        case .http?: break
                        }
                    }
                }
                .connect(host: route?.host ?? host, port: route?.port ?? port)
                .get()
            defer { channel.close(promise: nil) }
            if let route, route.kind == .http {
                try await ProxyTunnel.open(on: channel, to: host, port: port, through: route, deadline: .now() + TimeAmount(connectTimeout)).get()
                try await channel.eventLoop.submit { try handshake(channel) }.get()
            }
            let waiter = try await channel.pipeline.handler(type: HandshakeWaiter.self).get()
            // A server that accepts the connection and never answers must not hang the call:
            // the handshake gets as long as the connection did.
            let timeout = channel.eventLoop.scheduleTask(in: TimeAmount(connectTimeout)) {
                waiter.promise.fail(TransportError(kind: .timeout, message: "the TLS handshake with \(host):\(port) timed out after \(DurationText(connectTimeout))"))
            }
            defer { timeout.cancel() }
            try await waiter.promise.futureResult.get()
        } catch let failure as TLSFailure {
            throw failure.error(authority: "\(host):\(port)")
        } catch {
            let tls = TLSSettings(minimumVersion: settings.minimumVersion, clientCertificate: settings.clientCertificate.map { ($0.certificateFile, $0.keyFile) })
            throw TransportErrorMapping.map(error, url: url, options: TransportOptions(connectTimeout: connectTimeout, tls: tls, proxy: proxy))
        }
        let chain = captured.withLockedValue { $0 }
        guard !chain.isEmpty else { throw TransportError(kind: .tls, message: "TLS with \(host):\(port) failed: the server presented no certificate") }
        return try chain.map(ChainCertificate.init)
    }

    private static func context(for settings: TLSClientSettings) throws(TransportError) -> NIOSSLContext {
        if let context = contexts.withLockedValue({ $0[settings] }) { return context }
        var configuration = try settings.makeConfiguration()
        // The callback replaces verification here, so no roots are needed (the real connection verifies).
        configuration.certificateVerification = .noHostnameVerification
        configuration.trustRoots = .certificates([])
        do {
            let context = try NIOSSLContext(configuration: configuration)
            contexts.withLockedValue { $0[settings] = context }
            return context
        } catch {
            throw TransportError(kind: .tls, message: "cannot set up TLS: the client certificate does not go with its key, or a certificate cannot be used")
        }
    }

    /// Whether `host` is an IPv4 or IPv6 address (not a name).
    static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
}

/// Completes its promise when the TLS handshake completes, fails it on an error or a close.
///
/// The promise is made when the handler is added and settled however the channel ends: a
/// connection that never opens (nothing listening: the channel is closed without ever being
/// active) removes the handler, which fails it, so no path leaves it unfulfilled (SwiftNIO's
/// debug builds stop the process over a promise that is never settled).
private final class HandshakeWaiter: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny
    let promise: EventLoopPromise<Void>

    init(eventLoop: any EventLoop) { promise = eventLoop.makePromise() }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted = event { promise.succeed(()) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(TLSFailure.closed)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        promise.fail(TLSFailure.closed)
    }
}
