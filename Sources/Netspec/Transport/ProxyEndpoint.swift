/// The proxy a request goes through, as a transport of another module of the package
/// (`NetspecURLSession`) reads it: ``ProxyRoute``'s facts without async-http-client's types.
package struct ProxyEndpoint: Sendable, Hashable {
    /// Whether it is a SOCKS 5 proxy (`socks5://`, `socks5h://`) rather than an HTTP one.
    package let isSOCKS: Bool
    package let host: String
    package let port: Int
    /// The user name and password of `http://user:password@host:port`, percent-decoded.
    package let user: String?
    package let password: String?
    /// How messages name it: `the proxy 127.0.0.1:3128 (https_proxy)`.
    package let named: String

    init(_ route: ProxyRoute) {
        isSOCKS = route.kind == .socks5
        host = route.host
        port = route.port
        user = route.user
        password = route.password
        named = route.named
    }

    /// Whether `other` is the same proxy with the same credentials, wherever each was read.
    package func isSameProxy(as other: ProxyEndpoint) -> Bool {
        (isSOCKS, host, port, user, password) == (other.isSOCKS, other.host, other.port, other.user, other.password)
    }
}

extension Provider.Options.Proxy {
    /// The proxy a request to `url` goes through (``route(for:)``); `nil` when it connects directly.
    ///
    /// - Throws: ``CallError/configuration(_:)`` for a proxy that cannot be used.
    package func endpoint(for url: String) throws(CallError) -> ProxyEndpoint? {
        try route(for: url).map(ProxyEndpoint.init)
    }
}
