import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS

/// Certificate pinning for async-http-client, which has no hook for it (its issue #285: it makes
/// `NIOSSLClientHandler(context:serverHostname:)` itself, and NIOSSL's `TLSConfiguration` has no
/// verification callback).
///
/// How: before a request to a pinned host, this check makes its own TLS handshake with the
/// server (same client certificate and version), takes the chain the server presents through a
/// NIOSSL custom verification callback, and compares each certificate's SPKI or DER SHA-256 with
/// the host's pins. No pin matching fails the call here, before async-http-client sends a byte.
/// Then the request goes out on a client whose trust roots are only the certificates that
/// matched (marked as trusted anchors, so an intermediate or a leaf can anchor a chain), with
/// normal verification (expiry, hostname, signatures): a different server answering the real
/// connection passes only with a chain through a pinned certificate.
///
/// When every anchor is a matched certificate itself (a pinned CA, or a self-signed pinned
/// server), those anchors alone hold every connection to the pins, so the check's result is kept
/// for a minute and requests in that time skip its handshake (a server that changed its chain
/// then fails the TLS handshake, kind `tls`, still before any request byte).
///
/// Trade-offs: one more TCP and TLS handshake per request to a host whose pinned leaf is not
/// self-signed, and once a minute otherwise (the `tls` benchmark shows it); the check's handshake verifies nothing but the pins — the real connection does the
/// verification, against the anchors instead of the CA bundle or the system roots (as a pinned
/// certificate is what is trusted). BoringSSL, as NIOSSL configures it, cannot anchor a chain at
/// a leaf that is not self-signed (no `X509_V_FLAG_PARTIAL_CHAIN`), so a pinned leaf anchors the
/// real connection at the issuer it was presented with: the leaf itself is held to its pin by the
/// check before each request, the real connection to that issuer. A renewed certificate with
/// the same key passes a `sha256/` pin.
enum TLSPinCheck {
    /// Pre-flight contexts by settings: making one loads certificates from files.
    private static let contexts = NIOLockedValueBox<[TLSClientSettings: NIOSSLContext]>([:])

    /// Checks the chain `host:port` presents against `pins`.
    ///
    /// - Returns: the certificates (DER) to anchor the real connection at, and whether they alone
    ///   hold every connection to the pins (each is a matched certificate itself, not the issuer
    ///   of a matched leaf).
    /// - Throws: ``TransportError`` of kind `pinning` naming the host, the pins and what
    ///   the server presented when none matches; `tls`/`connect`/`timeout` when the handshake fails.
    static func check(
        host: String, port: Int, pins: [Provider.TLS.Pin], settings: TLSClientSettings, connectTimeout: Duration
    ) async throws(TransportError) -> (anchors: [[UInt8]], enforcePins: Bool) {
        let chain = try await presentedChain(host: host, port: port, settings: settings, connectTimeout: connectTimeout)
        var matched: [[UInt8]] = []
        var enforcePins = true
        var presented: [String] = []
        let kinds = Set(pins.map(\.kind))
        for (index, certificate) in chain.enumerated() {
            let publicKey = Provider.TLS.Pin(kind: .publicKey, digest: try PEMFiles.digestOfPublicKey(certificate))
            let whole = Provider.TLS.Pin(kind: .certificate, digest: try PEMFiles.digestOfCertificate(certificate))
            if kinds.contains(.publicKey) || kinds.count == 0 { presented.append(publicKey.description) }
            if kinds.contains(.certificate) { presented.append(whole.description) }
            if pins.contains(publicKey) || pins.contains(whole) {
                // BoringSSL anchors a chain only at a certificate of the trust store that is not
                // the leaf (NIOSSL has no partial chains): a pinned leaf anchors at its issuer as
                // presented, unless it is the whole chain (a self-signed server).
                let anchor = index == 0 && chain.count > 1 ? chain[1] : certificate
                if anchor !== certificate { enforcePins = false }
                do { matched.append(try anchor.toDERBytes()) } catch { continue }
            }
        }
        guard !matched.isEmpty else {
            throw TransportError(
                kind: .pinning,
                message: "certificate pinning failed for \(host): the server's certificates match none of the pins "
                    + "\(pins.map(\.description).joined(separator: ", ")); it presented \(presented.joined(separator: ", "))"
            )
        }
        return (matched, enforcePins)
    }

    /// Anchors whose trust alone holds connections to the pins, by host and settings, for a
    /// minute: requests in that time skip the check's handshake.
    private static let anchorCache = NIOLockedValueBox<[AnchorKey: (anchors: [[UInt8]], expires: NIODeadline)]>([:])

    struct AnchorKey: Hashable {
        var host: String
        var port: Int
        var pins: [Provider.TLS.Pin]
        var settings: TLSClientSettings
    }

    /// The anchors for a pinned host: cached ones while they last, else from a check.
    static func anchors(
        host: String, port: Int, pins: [Provider.TLS.Pin], settings: TLSClientSettings, connectTimeout: Duration
    ) async throws(TransportError) -> [[UInt8]] {
        let key = AnchorKey(host: host, port: port, pins: pins, settings: settings)
        let now = NIODeadline.now()
        if let cached = anchorCache.withLockedValue({ $0[key] }), cached.expires > now { return cached.anchors }
        let (anchors, enforcePins) = try await check(host: host, port: port, pins: pins, settings: settings, connectTimeout: connectTimeout)
        if enforcePins && settings.verifies {
            anchorCache.withLockedValue { cache in
                if cache.count > 1000 { cache.removeAll() }
                cache[key] = (anchors, now + .seconds(60))
            }
        }
        return anchors
    }

    /// The certificates `host:port` presents in a TLS handshake (leaf first), read through a
    /// custom verification callback; the connection is closed before any application data.
    private static func presentedChain(
        host: String, port: Int, settings: TLSClientSettings, connectTimeout: Duration
    ) async throws(TransportError) -> [NIOSSLCertificate] {
        let url = "https://\(host):\(port)"
        let context = try self.context(for: settings)
        let captured = NIOLockedValueBox<[NIOSSLCertificate]>([])
        let serverName = Self.isIPAddress(host) ? nil : host
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(TimeAmount(connectTimeout))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let handler = try NIOSSLClientHandler(context: context, serverHostname: serverName) { certificates, promise in
                            captured.withLockedValue { $0 = certificates }
                            promise.succeed(.certificateVerified)
                        }
                        try channel.pipeline.syncOperations.addHandler(handler)
                        try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(promise: channel.eventLoop.makePromise()))
                    }
                }
                .connect(host: host, port: port)
                .get()
            defer { channel.close(promise: nil) }
            let waiter = try await channel.pipeline.handler(type: HandshakeWaiter.self).get()
            // A server that accepts the connection and never answers must not hang the call:
            // the handshake gets as long as the connection did.
            let timeout = channel.eventLoop.scheduleTask(in: TimeAmount(connectTimeout)) {
                waiter.promise.fail(TransportError(kind: .timeout, message: "the TLS handshake with \(host):\(port) timed out after \(DurationText(connectTimeout))"))
            }
            defer { timeout.cancel() }
            try await waiter.promise.futureResult.get()
        } catch {
            throw TransportErrorMapping.map(error, url: url, options: TransportOptions(connectTimeout: connectTimeout))
        }
        let chain = captured.withLockedValue { $0 }
        guard !chain.isEmpty else { throw TransportError(kind: .tls, message: "TLS with \(host):\(port) failed: the server presented no certificate") }
        return chain
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
            throw TransportError(kind: .tls, message: "cannot set up TLS: \(error)")
        }
    }

    private static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
}

/// Completes its promise when the TLS handshake completes, fails it on an error or a close.
private final class HandshakeWaiter: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny
    let promise: EventLoopPromise<Void>

    init(promise: EventLoopPromise<Void>) { self.promise = promise }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted = event { promise.succeed(()) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(ChannelError.eof)
        context.fireChannelInactive()
    }
}
