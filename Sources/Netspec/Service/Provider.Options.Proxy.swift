#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Provider.Options {
    /// Which proxy HTTP calls and WebSockets go through: by default the one the environment
    /// names, read as curl reads it (docs/cli.md, "Proxies").
    ///
    /// ```swift
    /// var options = Provider.Options()
    /// options.proxy = .url("http://proxy.internal:3128", noProxy: ".internal, 10.0.0.0/8")
    /// // or: options.proxy = .direct
    /// ```
    ///
    /// With ``environment`` (the default), an `http`/`ws` URL goes through `http_proxy` (only the
    /// lowercase name, as curl reads it), an `https`/`wss` URL through `https_proxy` or
    /// `HTTPS_PROXY`, either else through `all_proxy` or `ALL_PROXY`; `no_proxy` or `NO_PROXY`
    /// lists the hosts reached directly (`*`, names matched as domain suffixes, IP addresses and
    /// CIDR ranges — `localhost` and `127.0.0.1` only when listed). A value without a scheme is
    /// `http://`, one without a port uses 1080, and `http://user:password@host:port` sends
    /// `Proxy-Authorization: Basic`. `socks5://` and `socks5h://` proxies are used too (the proxy
    /// resolves the host name). A value that cannot be used fails the call with a
    /// ``CallError/configuration(_:)`` naming the variable and its value; nothing is sent.
    ///
    /// An HTTP proxy is asked for a `CONNECT` tunnel for `http` URLs too (async-http-client does
    /// not send `GET http://…` to a proxy, as curl does without `--proxytunnel`).
    public struct Proxy: Sendable, Hashable {
        enum Source: Sendable, Hashable {
            /// The variables: the process environment's when `nil`.
            case environment([String: String]?)
            case url(String, noProxy: String)
            case direct
        }

        let source: Source

        /// The proxy the environment names (`http_proxy`, `https_proxy`, `all_proxy`, `no_proxy`), read at each request.
        public static let environment = Proxy(source: .environment(nil))
        /// No proxy: every request connects to its host, whatever the environment says.
        public static let direct = Proxy(source: .direct)

        /// Every `http`, `https`, `ws` and `wss` request goes through the proxy `url` (read as a
        /// proxy variable's value is), but to the hosts `noProxy` lists (as `no_proxy` lists
        /// them); the environment is not read.
        public static func url(_ url: String, noProxy: String = "") -> Proxy {
            Proxy(source: .url(url, noProxy: noProxy))
        }

        /// The variables `variables` instead of the process environment's (for tests, which set
        /// no environment variable another test could see).
        package static func environment(_ variables: [String: String]) -> Proxy {
            Proxy(source: .environment(variables))
        }

        /// The proxy a request to `url` goes through; `nil` when it connects directly (no proxy
        /// set for its scheme, a host `no_proxy` lists, a URL that is not `http`, `https`, `ws`
        /// or `wss`).
        ///
        /// - Throws: ``CallError/configuration(_:)`` for a proxy that cannot be used (``ProxyRoute/parse(_:source:)``).
        func route(for url: String) throws(CallError) -> ProxyRoute? {
            let lower = url.prefix(6).lowercased()
            let secure: Bool
            if lower.hasPrefix("https:") || lower.hasPrefix("wss:") {
                secure = true
            } else if lower.hasPrefix("http:") || lower.hasPrefix("ws:") {
                secure = false
            } else {
                return nil
            }
            let value: (name: String, text: String)?
            let noProxy: String?
            switch source {
            case .direct:
                return nil
            case let .url(text, list):
                value = ("Provider.Options.proxy", text)
                noProxy = list
            case let .environment(variables):
                let read = { (name: String) -> (name: String, text: String)? in
                    let text = variables.map { $0[name] } ?? getenv(name).map { String(cString: $0) }
                    return text.flatMap { $0.trimmingBlanks.isEmpty ? nil : (name, $0) }
                }
                // curl reads no HTTP_PROXY: a CGI program has the request's `Proxy:` header there.
                let names = secure ? ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] : ["http_proxy", "all_proxy", "ALL_PROXY"]
                value = names.lazy.compactMap(read).first
                noProxy = (read("no_proxy") ?? read("NO_PROXY"))?.text
            }
            guard let value else { return nil }
            let host = TransportErrorMapping.split(authority: Substring(TransportErrorMapping.hostAndPort(of: url))).host
            if let noProxy, NoProxy.bypasses(host: String(host), list: noProxy) { return nil }
            return try ProxyRoute.parse(value.text, source: value.name)
        }
    }
}
