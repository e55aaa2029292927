import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NetspecTestServer
import Testing

@testable import Netspec
@testable import NetspecURLSession

/// `URLSessionTransport` and `Provider.Options.proxy`: it ignored the setting, so `.direct` and
/// `.url(…)` sent the request as the platform's URLSession would have (on Linux, through the
/// proxy the environment names, or directly). On Apple platforms a request now goes through a
/// session whose `connectionProxyDictionary` names the proxy, or none; on Linux, where
/// FoundationNetworking's libcurl reads only the environment, a setting libcurl would not follow
/// is a configuration error before anything is sent. libcurl's variables are injected
/// (`libcurlEnvironment`), as the proxy tests inject theirs.
@Suite(.timeLimit(.minutes(1)))
struct URLSessionProxyTests {
    static let spec = "netspec: 1\nservice: S\nendpoints:\n  e: { GET: /e }\n"

    /// `e` called on `baseURL` through a URLSession transport whose libcurl reads `libcurl`.
    static func call(_ baseURL: String, proxy: Provider.Options.Proxy, libcurl: [String: String]) async -> Result<String, CallError> {
        var options = Provider.Options(usesEnvironment: false)
        options.proxy = proxy
        let transport = URLSessionTransport(configuration: .ephemeral, libcurlEnvironment: .environment(libcurl))
        do {
            let api = Service(spec: try Spec(yaml: spec), provider: Provider(baseURL: baseURL, options: options, transport: transport))
            return .success(try await api.call("e").text ?? "")
        } catch let error as CallError {
            return .failure(error)
        } catch {
            return .failure(.transport(TransportError(kind: .other, message: "\(error)")))
        }
    }

    /// The configuration error's reason and message, or what came instead.
    static func problem(_ result: Result<String, CallError>) -> String {
        guard case let .failure(.configuration(problem)) = result else { return "not a configuration error: \(result)" }
        return "\(problem.reason): \(problem.description)"
    }

    /// The body, or the error.
    static func text(_ result: Result<String, CallError>) -> String {
        switch result {
        case let .success(text): text
        case let .failure(error): "\(error)"
        }
    }

    #if canImport(FoundationNetworking)
    /// On Linux a proxy of `.url(…)`, HTTP or SOCKS, is refused (it was ignored: the request went
    /// to the server directly); nothing reaches the proxy or the server.
    @Test(arguments: [("http", "proxy"), ("socks5h", "SOCKS proxy")])
    func aProxyURLIsRefusedOnLinuxBeforeSending(scheme: String, named: String) async throws {
        let proxy = try await RecordingProxy.start(.tunnelAsOrigin)
        try await withTestServer(TestHandlers.json(body: #"{"direct":true}"#)) { server in
            let result = await Self.call(server.baseURL, proxy: .url("\(scheme)://127.0.0.1:\(proxy.port)"), libcurl: [:])
            #expect(Self.problem(result) == """
                setup: endpoint 'e': URLSessionTransport cannot send the request to 127.0.0.1:\(server.port) through the \(named) 127.0.0.1:\(proxy.port) \
                (Provider.Options.proxy) on Linux: FoundationNetworking's libcurl takes no proxy setting from a program but reads the \
                environment's proxy variables, which send it directly; send through AsyncHTTPClientTransport for this setting
                """)
            #expect(server.requestCount == 0)
        }
        try await proxy.shutdown()
        #expect(proxy.heads() == [])
    }

    /// On Linux `.direct` is refused when libcurl would send the request through the proxy the
    /// environment names (it went through that proxy), and sent when libcurl connects directly too.
    @Test func directIsRefusedOnLinuxWhenTheEnvironmentNamesAProxy() async throws {
        let proxy = try await RecordingProxy.start(.tunnelAsOrigin)
        try await withTestServer(TestHandlers.json(body: #"{"direct":true}"#)) { server in
            let variables = ["http_proxy": "127.0.0.1:\(proxy.port)"]
            let refused = await Self.call(server.baseURL, proxy: .direct, libcurl: variables)
            #expect(Self.problem(refused) == """
                setup: endpoint 'e': URLSessionTransport cannot send the request to 127.0.0.1:\(server.port) directly (Provider.Options.proxy) on Linux: \
                FoundationNetworking's libcurl takes no proxy setting from a program but reads the environment's proxy variables, which \
                send it through the proxy 127.0.0.1:\(proxy.port) (http_proxy); send through AsyncHTTPClientTransport for this setting
                """)
            #expect(server.requestCount == 0)
            let listed = await Self.call(server.baseURL, proxy: .direct, libcurl: variables.merging(["no_proxy": "127.0.0.0/8"]) { $1 })
            #expect(Self.text(listed) == #"{"direct":true}"#)
            let unset = await Self.call(server.baseURL, proxy: .url("http://127.0.0.1:\(proxy.port)", noProxy: "127.0.0.1"), libcurl: [:])
            #expect(Self.text(unset) == #"{"direct":true}"#)
            #expect(server.requestCount == 2)
        }
        try await proxy.shutdown()
        #expect(proxy.heads() == [])
    }
    #endif

    /// The same proxy, read from the setting and from libcurl's variables, is what libcurl does:
    /// the transport's own session; a value neither can use is the proxy's configuration error.
    @Test func onLinuxASettingLibcurlFollowsKeepsTheSession() throws {
        let url = "https://api.example.com/v1"
        let libcurl = Provider.Options.Proxy.environment(["https_proxy": "http://ada:pw@proxy.local:3128"])
        let same = TransportOptions(proxy: .url(" ada:pw@PROXY.local:3128"))
        let kept = try URLSessionProxy.choice(for: url, options: same, environment: libcurl, usesDictionary: false)
        #expect(kept == .configured)
        let other = TransportOptions(proxy: .url("http://proxy.local:3128"))
        #expect(throws: CallError.self) { try URLSessionProxy.choice(for: url, options: other, environment: libcurl, usesDictionary: false) }
        let unusable = TransportOptions(proxy: .environment(["https_proxy": "socks4://proxy.local"]))
        let error = #expect(throws: CallError.self) {
            try URLSessionProxy.choice(for: url, options: unusable, environment: .environment([:]), usesDictionary: false)
        }
        #expect(error.map { Self.problem(.failure($0)) } == """
            setup: https_proxy 'socks4://proxy.local' cannot be used: socks4:// proxies are not supported (use http://, socks5:// or socks5h://)
            """)
    }

    /// Where URLSession reads `connectionProxyDictionary` (Apple platforms): `.url` names its
    /// proxy, `.direct` and a host `noProxy` lists none, `.environment` keeps the system's, and
    /// credentials, which the dictionary cannot carry, are refused.
    @Test func withAProxyDictionaryEachSettingHasItsSession() throws {
        let choice = { (proxy: Provider.Options.Proxy, url: String) throws(CallError) -> URLSessionProxy.Choice in
            try URLSessionProxy.choice(for: url, options: TransportOptions(proxy: proxy), environment: .environment([:]), usesDictionary: true)
        }
        let http = URLSessionProxy.Key(isSOCKS: false, host: "proxy.local", port: 3128)
        let choices = [
            try choice(.url("http://Proxy.Local:3128", noProxy: ".internal"), "https://api.example.com"),
            try choice(.url("http://proxy.local:3128", noProxy: ".internal"), "https://db.internal"),
            try choice(.url("socks5h://proxy.local"), "http://api.example.com"),
            try choice(.direct, "https://api.example.com"),
            try choice(.environment, "https://api.example.com"),
        ]
        #expect(choices == [
            .dictionary(http), .dictionary(nil), .dictionary(URLSessionProxy.Key(isSOCKS: true, host: "proxy.local", port: 1080)),
            .dictionary(nil), .configured,
        ])
        let error = #expect(throws: CallError.self) { try choice(.url("http://ada:pw@proxy.local:3128"), "https://api.example.com:8443/x") }
        #expect(error.map { Self.problem(.failure($0)) } == """
            setup: URLSessionTransport cannot send the request to api.example.com:8443 through the proxy proxy.local:3128 (Provider.Options.proxy) \
            with a user name and password: a session's proxy dictionary takes no credentials; send through AsyncHTTPClientTransport for this setting
            """)
    }

    /// A proxy's session is made once, with the dictionary naming it (or every proxy off).
    @Test func aProxysSessionIsMadeOnceWithItsDictionary() {
        let transport = URLSessionTransport(configuration: .ephemeral, libcurlEnvironment: .environment([:]))
        let key = URLSessionProxy.Key(isSOCKS: false, host: "proxy.local", port: 3128)
        let made = transport.proxySession(key)
        #expect(made.session === transport.proxySession(key).session)
        #expect(made.session !== transport.session && made.session !== transport.proxySession(nil).session)
        let dictionary = made.session.configuration.connectionProxyDictionary ?? [:]
        #expect(dictionary["HTTPSProxy"] as? String == "proxy.local" && dictionary["HTTPSPort"] as? Int == 3128)
        #expect(dictionary["HTTPProxy"] as? String == "proxy.local" && dictionary["HTTPEnable"] as? Bool == true)
        let off = transport.proxySession(nil).session.configuration.connectionProxyDictionary ?? [:]
        #expect(off.count == 3 && off["HTTPEnable"] as? Bool == false && off["HTTPSEnable"] as? Bool == false)
    }
}
