#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import NIOExtras
import NIOHTTP1
import NIOSOCKS

/// An HTTP proxy's `CONNECT` tunnel on a channel of Netspec's own (a pinned host's pre-flight
/// handshake, ``TLSPinCheck``), with `Host` and the proxy URL's credentials as
/// `Proxy-Authorization: Basic`; its failures said as the transport says async-http-client's
/// (``TransportErrorMapping/proxyFailure(_:url:options:)``).
enum ProxyTunnel {
    /// Asks the proxy that `channel` is connected to for a tunnel to `host:port`; the future
    /// succeeds once the proxy answered 2xx and the HTTP handlers are gone (the channel then
    /// carries the tunnel's bytes), and fails with a ``TransportError`` naming the proxy.
    static func open(on channel: any Channel, to host: String, port: Int, through route: ProxyRoute, deadline: NIODeadline) -> EventLoopFuture<Void> {
        channel.eventLoop.flatSubmit {
            let connected = channel.eventLoop.makePromise(of: Void.self)
            let encoder = HTTPRequestEncoder()
            let decoder = ByteToMessageHandler(HTTPResponseDecoder(leftOverBytesStrategy: .forwardBytes))
            let target = (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
            // HTTP/1.1's Host, for CONNECT the target's authority (RFC 9112 §3.2), as a WebSocket's tunnel sends it.
            var headers: HTTPHeaders = ["Host": target]
            if let credentials = route.credentials {
                headers.add(name: "Proxy-Authorization", value: "Basic " + Data(credentials.utf8).base64EncodedString())
            }
            do {
                try channel.pipeline.syncOperations.addHandlers([
                    encoder, decoder, NIOHTTP1ProxyConnectHandler(targetHost: host, targetPort: port, headers: headers, deadline: deadline, promise: connected),
                ])
            } catch {
                connected.fail(error)
            }
            return connected.futureResult.assumeIsolated().flatMapErrorThrowing { error in
                throw failure(error, route: route, target: target)
            }.flatMap {
                channel.pipeline.syncOperations.removeHandler(encoder).and(channel.pipeline.syncOperations.removeHandler(decoder))
            }.map { _ in }.nonisolated()
        }
    }

    /// What a SOCKS 5 proxy is asked to connect to: an IP address as one, a name as a name (the
    /// proxy resolves it), as async-http-client asks.
    static func socksAddress(host: String, port: Int) -> SOCKSAddress {
        (try? SocketAddress(ipAddress: host, port: port)).map(SOCKSAddress.address) ?? .domain(host, port: port)
    }

    /// The tunnel's failure in the words the transport uses for async-http-client's.
    static func failure(_ error: any Error, route: ProxyRoute, target: String) -> any Error {
        guard let error = error as? NIOHTTP1ProxyConnectHandler.Error else { return error }
        if error == .proxyAuthenticationRequired() {
            return TransportError(kind: .connect, message: route.user == nil
                ? "\(route.named) asks for credentials (407 Proxy Authentication Required) to tunnel to \(target): give them in \(route.source) as http://user:password@\(route.authority)"
                : "\(route.named) refused the credentials of \(route.source) (407 Proxy Authentication Required) to tunnel to \(target)")
        }
        if error == .httpProxyHandshakeTimeout() {
            return TransportError(kind: .timeout, message: "\(route.named) did not open a tunnel to \(target) in time")
        }
        return TransportError(kind: .connect, message: "\(route.named) refused to tunnel to \(target): its answer to CONNECT \(target) was not 2xx")
    }
}
