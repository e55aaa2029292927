#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a `ws`/`wss` URL connects: host, port, the request target, and the `Host` the upgrade
/// request sends. It sends no `Origin` of its own: RFC 6455 §4.1 asks it of browsers, and curl and
/// websocat send none (a server such as gorilla/websocket's compares one with `Host`).
struct WebSocketTarget: Sendable {
    let secure: Bool
    let host: String
    let port: Int
    let requestTarget: String
    let hostHeader: String
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
