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
    /// ``CallError/configuration(_:)`` naming the endpoint, the variable and its value; nothing is sent.
    ///
    /// An HTTP proxy is asked for a `CONNECT` tunnel for `http` URLs too (async-http-client does
    /// not send `GET http://…` to a proxy, as curl does without `--proxytunnel`).
    public struct Proxy: Sendable, Hashable {
        enum Source: Sendable, Hashable {
            /// The variables: the process environment's when `nil`; `noProxy` (named `noProxyName`
            /// in messages) in place of `no_proxy`'s list when given.
            case environment([String: String]?, noProxy: String? = nil, noProxyName: String = "no_proxy")
            /// The proxy `url` (named `name` in messages), but to the hosts `noProxy` lists.
            case url(String, noProxy: String, name: String = "Provider.Options.proxy", noProxyName: String = "noProxy")
            case direct
        }

        let source: Source
        /// The environment variable a profile's `proxy: { env: NAME }` was read from (the proxy of
        /// ``Source/url(_:noProxy:name:noProxyName:)``), which a printed curl command names in
        /// place of its value; `nil` for a proxy given as text.
        var proxyVariable: String? = nil

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

        /// The command line's `--proxy URL`: that proxy, named `name` in messages (`--proxy`), but
        /// to the hosts `noProxy` lists (named `noProxyName`: `--noproxy`, else `no_proxy`).
        package static func url(_ url: String, noProxy: String, name: String, noProxyName: String) -> Proxy {
            Proxy(source: .url(url, noProxy: noProxy, name: name, noProxyName: noProxyName))
        }

        /// The command line's `--noproxy LIST` without `--proxy`: the environment's proxies, but
        /// to the hosts `noProxy` lists (`*`: none), in place of `no_proxy`'s list.
        package static func environment(noProxy: String, name: String) -> Proxy {
            Proxy(source: .environment(nil, noProxy: noProxy, noProxyName: name))
        }

        /// What is wrong with the proxy URL `value` (`--proxy`'s), in the words of a variable's
        /// configuration error (`--proxy 'socks4://<redacted>@proxy.local' cannot be used: …`);
        /// `nil` when it can be used.
        package static func problem(with value: String, source: String) -> String? {
            do {
                _ = try ProxyRoute.parse(value, source: source)
                return nil
            } catch {
                return error.description
            }
        }

        /// The proxy URL `value` with its credentials, if any, replaced by `<redacted>`.
        package static func redacted(_ value: String) -> String { ProxyRoute.redacted(value) }

        /// How a request to `url` goes, for `-v`: `via proxy http://<redacted>@proxy.local:3128 (https_proxy)`
        /// (credentials redacted), `direct: no_proxy lists api.example.com`, or `nil` when no
        /// proxy is set for it (or the proxy cannot be used: the call says so).
        package func note(for url: String) -> String? {
            switch try? routing(for: url) {
            case let .proxy(route, text)?:
                let scheme = text.trimmingBlanks.firstRange(of: "://").map { text.trimmingBlanks[..<$0.lowerBound].lowercased() } ?? "http"
                return "via proxy \(scheme)://\(route.user == nil ? "" : "<redacted>@")\(route.authority) (\(route.source))"
            case let .bypassed(host, list)?:
                return "direct: \(list) lists \(host)"
            case .direct?, nil:
                return nil
            }
        }

        /// What a printed curl command carries so that it goes the same way (curl's `--proxy` and
        /// `--noproxy` values): the proxy chosen in place of the environment's (`--proxy`, a
        /// profile's `proxy:`, ``url(_:noProxy:)``) and the list in place of `no_proxy`'s
        /// (`--noproxy`, a profile's `noProxy:`; `*` for ``direct``); `nil` for what curl reads
        /// from the same variables itself.
        /// `proxyVariable` names the environment variable a profile's `proxy: { env: NAME }` was
        /// read from (`nil` otherwise), for a line that writes `"${NAME}"` in place of the value.
        package var curlValues: (proxy: String?, proxyVariable: String?, noProxy: String?) {
            switch source {
            case .direct:
                return (nil, nil, "*")
            case let .url(url, list, _, listName):
                return (url, proxyVariable, ["no_proxy", "NO_PROXY"].contains(listName) ? nil : list)
            case let .environment(_, list, _):
                return (nil, nil, list)
            }
        }

        /// The proxy a request to `url` goes through; `nil` when it connects directly (no proxy
        /// set for its scheme, a host `no_proxy` lists, a URL that is not `http`, `https`, `ws`
        /// or `wss`).
        ///
        /// - Throws: ``CallError/configuration(_:)`` for a proxy that cannot be used (``ProxyRoute/parse(_:source:)``).
        func route(for url: String) throws(CallError) -> ProxyRoute? {
            guard case let .proxy(route, _) = try routing(for: url) else { return nil }
            return route
        }

        /// The proxy variable `name` (`https_proxy`, `no_proxy`…) and its value, read as curl reads
        /// it: from `variables` when given, else the process environment; `nil` when it is unset or
        /// blank (spaces and tabs only: `https_proxy='  '` is no proxy). Every reader of the
        /// variables reads them here: a request's routing, a profile's proxy, the command line's `--proxy`.
        package static func variable(_ name: String, in variables: [String: String]? = nil) -> (name: String, text: String)? {
            let text = variables.map { $0[name] } ?? getenv(name).map { String(cString: $0) }
            return text.flatMap { $0.trimmingBlanks.isEmpty ? nil : (name: name, text: $0) }
        }

        /// The hosts reached directly: `no_proxy`, else `NO_PROXY` (``variable(_:in:)``).
        package static func noProxyVariable(in variables: [String: String]? = nil) -> (name: String, text: String)? {
            variable("no_proxy", in: variables) ?? variable("NO_PROXY", in: variables)
        }

        /// How a request to `url` goes: directly (no proxy for its scheme), directly because a
        /// list names its host (the list's name), or through a proxy (with the value read).
        enum Routing {
            case direct
            case bypassed(host: String, list: String)
            case proxy(ProxyRoute, text: String)
        }

        func routing(for url: String) throws(CallError) -> Routing {
            let lower = url.prefix(6).lowercased()
            let secure: Bool
            if lower.hasPrefix("https:") || lower.hasPrefix("wss:") {
                secure = true
            } else if lower.hasPrefix("http:") || lower.hasPrefix("ws:") {
                secure = false
            } else {
                return .direct
            }
            let value: (name: String, text: String)?
            let noProxy: (name: String, text: String)?
            switch source {
            case .direct:
                return .direct
            case let .url(text, list, name, listName):
                value = (name, text)
                noProxy = (listName, list)
            case let .environment(variables, list, listName):
                // curl reads no HTTP_PROXY: a CGI program has the request's `Proxy:` header there.
                let names = secure ? ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] : ["http_proxy", "all_proxy", "ALL_PROXY"]
                value = names.lazy.compactMap { Self.variable($0, in: variables) }.first
                noProxy = list.map { (listName, $0) } ?? Self.noProxyVariable(in: variables)
            }
            guard let value else { return .direct }
            let host = String(TransportErrorMapping.split(authority: Substring(TransportErrorMapping.hostAndPort(of: url))).host)
            if let noProxy, NoProxy.bypasses(host: host, list: noProxy.text) { return .bypassed(host: host, list: noProxy.name) }
            return .proxy(try ProxyRoute.parse(value.text, source: value.name), text: value.text)
        }
    }
}
