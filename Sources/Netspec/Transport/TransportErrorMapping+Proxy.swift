import AsyncHTTPClient
import NIOCore
import NIOPosix

extension TransportErrorMapping {
    /// The failure of a request that went through a proxy (``Provider/Options/Proxy``) when the
    /// proxy is what failed, naming it and the variable that set it: a connection to it that
    /// failed (`cannot connect to the proxy 127.0.0.1:9 (https_proxy): connection refused`), a
    /// `CONNECT` it refused or asked credentials for, a SOCKS handshake that failed; `nil` for
    /// a request that went through none, and for any other error.
    static func proxyFailure(_ error: any Error, url: String, options: TransportOptions) -> TransportError? {
        guard let route = try? options.proxy.route(for: url) else { return nil }
        let target = tunnelTarget(of: url)
        var direct = options
        direct.proxy = .direct
        switch error as? HTTPClientError {
        case .proxyAuthenticationRequired?:
            let message = route.user == nil
                ? "\(route.named) asks for credentials (407 Proxy Authentication Required) to tunnel to \(target): give them in \(route.source) as http://user:password@\(route.authority)"
                : "\(route.named) refused the credentials of \(route.source) (407 Proxy Authentication Required) to tunnel to \(target)"
            return TransportError(kind: .connect, message: message)
        case .invalidProxyResponse?:
            return TransportError(kind: .connect, message: "\(route.named) refused to tunnel to \(target): its answer to CONNECT \(target) was not 2xx")
        case .httpProxyHandshakeTimeout?, .socksHandshakeTimeout?:
            return TransportError(kind: .timeout, message: "\(route.named) did not open a tunnel to \(target) within \(DurationText(options.connectTimeout))")
        case .connectTimeout?:
            return map(error, url: url, options: direct, host: route.named)
        default:
            break
        }
        switch error {
        case let failure as NIOConnectionError where failure.connectionErrors.isEmpty && (failure.dnsAError != nil || failure.dnsAAAAError != nil):
            return TransportError(kind: .connect, message: "cannot resolve host \(route.host) of \(route.named)")
        case is NIOConnectionError, ChannelError.connectTimeout:
            return map(error, url: url, options: direct, host: route.named)
        default:
            let type = String(reflecting: Swift.type(of: error))
            guard type.hasPrefix("NIOSOCKS.") else { return nil }
            return TransportError(kind: .connect, message: "\(route.named) did not connect to \(target) (SOCKS: \(error))")
        }
    }

    /// `host:port` of a URL, with its scheme's default port when it names none: what a `CONNECT` asks for.
    static func tunnelTarget(of url: String) -> String {
        let authority = hostAndPort(of: url)
        guard TransportErrorMapping.split(authority: Substring(authority)).port == nil else { return authority }
        let secure = url.prefix(6).lowercased().hasPrefix("https:") || url.prefix(4).lowercased() == "wss:"
        return authority + (secure ? ":443" : ":80")
    }
}
