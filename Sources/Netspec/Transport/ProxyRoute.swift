import AsyncHTTPClient
import NetspecModel

/// A proxy that a request goes through, read from a proxy URL as curl reads one: `http://` when
/// it names no scheme, port 1080 when it names no port, and `user:password@` (percent-decoded)
/// sent as `Proxy-Authorization: Basic`. HTTP calls and WebSockets read it the same way
/// (``Provider/Options/Proxy``).
struct ProxyRoute: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// An HTTP proxy: a `CONNECT` tunnel to the target.
        case http
        /// A SOCKS 5 proxy (`socks5://`, `socks5h://`); the proxy resolves the host name.
        case socks5
    }

    let kind: Kind
    let host: String
    let port: Int
    /// The user name and password of `http://user:password@host:port`, percent-decoded.
    let user: String?
    let password: String?
    /// Where the value came from, for messages: `https_proxy`, `Provider.Options.proxy`.
    let source: String

    /// `host:port`, an IPv6 address in brackets.
    var authority: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }

    /// `user:password`, as `Proxy-Authorization: Basic` encodes it; `nil` without a user.
    var credentials: String? { user.map { "\($0):\(password ?? "")" } }

    /// How messages name it: `the proxy 127.0.0.1:3128 (https_proxy)`.
    var named: String { "the \(kind == .socks5 ? "SOCKS proxy" : "proxy") \(authority) (\(source))" }

    /// async-http-client's configuration for it.
    var clientProxy: HTTPClient.Configuration.Proxy {
        switch kind {
        case .http: .server(host: host, port: port, authorization: user.map { .basic(username: $0, password: password ?? "") })
        case .socks5: .socksServer(host: host, port: port)
        }
    }

    /// Reads a proxy URL as curl does.
    ///
    /// - Parameter source: the variable (or option) that holds it, which an error names.
    /// - Throws: ``CallError/configuration(_:)`` (reason `setup`) for a value that cannot be
    ///   used, naming `source` and the value (its credentials redacted):
    ///   `https_proxy 'socks4://proxy.local' cannot be used: socks4:// proxies are not supported (use http://, socks5:// or socks5h://)`.
    static func parse(_ value: String, source: String) throws(CallError) -> ProxyRoute {
        func refuse(_ why: String) -> CallError {
            .configuration(CallError.ConfigurationError(
                endpoint: "", parameter: nil, reason: .setup, message: "\(source) '\(redacted(value))' cannot be used: \(why)"
            ))
        }
        let trimmed = value.trimmingBlanks
        var rest = Substring(trimmed)
        var scheme = "http"
        if let mark = rest.firstRange(of: "://") {
            scheme = rest[..<mark.lowerBound].lowercased()
            rest = rest[mark.upperBound...]
        }
        let kind: Kind
        switch scheme {
        case "http": kind = .http
        case "socks5", "socks5h": kind = .socks5
        case "https": throw refuse("a proxy reached over TLS (https://) is not supported (use http://, socks5:// or socks5h://)")
        case "": throw refuse("it names no scheme before '://'")
        default: throw refuse("\(scheme):// proxies are not supported (use http://, socks5:// or socks5h://)")
        }
        // The authority: a path, query or fragment after it is not used (curl ignores it too).
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var user: String?, password: String?
        if let at = authority.lastIndex(of: "@") {
            let parts = authority[..<at].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts[0].percentDecodedProxyPart, let secret = parts.count > 1 ? parts[1].percentDecodedProxyPart : ""
            else { throw refuse("its user name or password is not valid percent-encoding") }
            (user, password) = (name, parts.count > 1 ? secret : nil)
            authority = authority[authority.index(after: at)...]
        }
        let (name, portText) = TransportErrorMapping.split(authority: authority)
        guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "[" || $0 == "]" }) else { throw refuse("it names no host") }
        var port = 1080
        if let portText, !portText.isEmpty {
            guard portText.allSatisfy(\.isASCII), let number = Int(portText), (1...65535).contains(number) else {
                throw refuse("its port '\(portText)' is not a number from 1 to 65535")
            }
            port = number
        }
        if kind == .socks5, user != nil {
            throw refuse("a SOCKS proxy with a user name and password is not supported (async-http-client sends none)")
        }
        return ProxyRoute(kind: kind, host: name.lowercased(), port: port, user: user, password: password, source: source)
    }

    /// The value with its credentials, if any, replaced by `<redacted>`.
    static func redacted(_ value: String) -> String {
        let start = value.firstRange(of: "://")?.upperBound ?? value.startIndex
        let authority = value[start...].prefix { !"/?#".contains($0) }
        guard let at = authority.lastIndex(of: "@") else { return value }
        return String(value[..<start]) + "<redacted>" + String(value[at...])
    }
}

extension StringProtocol {
    /// Without the spaces and tabs around it.
    var trimmingBlanks: SubSequence {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return self[endIndex...] }
        return self[first...last]
    }

    /// Percent-decoded, `nil` for a `%` not followed by two hex digits or bytes that are not UTF-8.
    fileprivate var percentDecodedProxyPart: String? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next()?.hexDigitValue, let low = iterator.next()?.hexDigitValue else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
