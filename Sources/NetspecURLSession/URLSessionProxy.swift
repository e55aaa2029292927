import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Netspec

/// How ``URLSessionTransport`` honours `Provider.Options.proxy` (``TransportOptions/proxy``),
/// and refuses, before anything is sent, what its platform's URLSession cannot do.
///
/// On Apple platforms a session's `connectionProxyDictionary` names its proxies: a request with
/// `.direct` or `.url(_:noProxy:)` goes through a session of its own whose dictionary names the
/// proxy its URL goes through (HTTP or SOCKS), or none; `.environment` keeps the configuration's
/// proxies (the system's settings). On Linux, FoundationNetworking keeps the dictionary but never
/// gives it to libcurl, which reads the proxy environment variables itself: a request is sent only
/// when what libcurl will do is what the setting asks.
enum URLSessionProxy {
    /// The proxy a session's dictionary names.
    struct Key: Hashable, Sendable {
        var isSOCKS: Bool
        var host: String
        var port: Int
    }

    /// The session a request goes through.
    enum Choice: Hashable, Sendable {
        /// The transport's own session, with its configuration's proxies.
        case configured
        /// A session whose dictionary names this proxy only, or none for `nil`.
        case dictionary(Key?)
    }

    /// Whether the platform's URLSession uses `connectionProxyDictionary`.
    #if canImport(FoundationNetworking)
    static let usesDictionary = false
    #else
    static let usesDictionary = true
    #endif

    /// The session for a request to `url`.
    ///
    /// - Parameters:
    ///   - environment: the variables libcurl reads on Linux (the process's; others in tests).
    ///   - usesDictionary: whether the platform's URLSession uses `connectionProxyDictionary`.
    /// - Throws: ``CallError/configuration(_:)`` for a proxy that cannot be used, or a setting
    ///   URLSession cannot follow on this platform.
    static func choice(
        for url: String, options: TransportOptions, environment: Provider.Options.Proxy, usesDictionary: Bool = usesDictionary
    ) throws(CallError) -> Choice {
        let host = TransportErrorMapping.hostAndPort(of: url)
        guard usesDictionary else {
            let wanted = try options.proxy.endpoint(for: url)
            let libcurls: String
            do {
                let read = try environment.endpoint(for: url)
                if read == nil && wanted == nil { return .configured }
                if let read, let wanted, read.isSameProxy(as: wanted) { return .configured }
                libcurls = read.map { "through \($0.named)" } ?? "directly"
            } catch {
                let reason = if case let .configuration(problem) = error { problem.message } else { "\(error)" }
                libcurls = "through the proxy they name (\(reason))"
            }
            throw refusal(
                "URLSessionTransport cannot send the request to \(host) \(wanted.map { "through \($0.named)" } ?? "directly (Provider.Options.proxy)") "
                    + "on Linux: FoundationNetworking's libcurl takes no proxy setting from a program but reads the environment's proxy variables, "
                    + "which send it \(libcurls); send through AsyncHTTPClientTransport for this setting")
        }
        if options.proxy == .environment { return .configured }
        guard let wanted = try options.proxy.endpoint(for: url) else { return .dictionary(nil) }
        guard wanted.user == nil else {
            throw refusal(
                "URLSessionTransport cannot send the request to \(host) through \(wanted.named) with a user name and password: "
                    + "a session's proxy dictionary takes no credentials; send through AsyncHTTPClientTransport for this setting")
        }
        return .dictionary(Key(isSOCKS: wanted.isSOCKS, host: wanted.host, port: wanted.port))
    }

    /// The `connectionProxyDictionary` naming `key`'s proxy, every proxy off for `nil`
    /// (the keys of `kCFNetworkProxiesHTTPEnable` and the others, which iOS does not declare).
    static func dictionary(_ key: Key?) -> [AnyHashable: Any] {
        guard let key else { return ["HTTPEnable": false, "HTTPSEnable": false, "SOCKSEnable": false] }
        if key.isSOCKS { return ["SOCKSEnable": true, "SOCKSProxy": key.host, "SOCKSPort": key.port] }
        return [
            "HTTPEnable": true, "HTTPProxy": key.host, "HTTPPort": key.port,
            "HTTPSEnable": true, "HTTPSProxy": key.host, "HTTPSPort": key.port,
        ]
    }

    private static func refusal(_ message: String) -> CallError {
        .configuration(CallError.ConfigurationError(endpoint: "", parameter: nil, reason: .setup, message: message))
    }
}
