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
}
