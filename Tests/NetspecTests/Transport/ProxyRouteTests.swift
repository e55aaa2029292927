import Testing

@testable import Netspec

/// The proxy a request goes through, as curl reads the environment (`Provider.Options.Proxy`,
/// `ProxyRoute`, `NoProxy`): which variable for which scheme, a value without a scheme or a port,
/// credentials, `no_proxy`'s forms, and the exact error for a value that cannot be used. The
/// variables are injected, never set in the process (other tests run at the same time).
@Suite struct ProxyRouteTests {
    /// How a route reads in the tables: `http proxy.local:1080 (http_proxy)`, with `user:password`
    /// before the parenthesis when the value has them; `direct` for none.
    static func describe(_ route: ProxyRoute?) -> String {
        guard let route else { return "direct" }
        return "\(route.kind == .http ? "http" : "socks5") \(route.authority)\(route.credentials.map { " " + $0 } ?? "") (\(route.source))"
    }

    static func route(_ url: String, _ variables: [String: String]) throws -> String {
        describe(try Provider.Options.Proxy.environment(variables).route(for: url))
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var variables: [String: String]
        var url: String
        var route: String
        var testDescription: String { "\(variables) \(url)" }
    }

    @Test(arguments: [
        // No scheme: http://; no port: 1080 (curl's defaults).
        Row(variables: ["http_proxy": "proxy.local"], url: "http://api.example.com/x", route: "http proxy.local:1080 (http_proxy)"),
        Row(variables: ["http_proxy": "http://proxy.local"], url: "http://api.example.com", route: "http proxy.local:1080 (http_proxy)"),
        Row(variables: ["http_proxy": " HTTP://Proxy.Local:8080/ "], url: "http://api.example.com", route: "http proxy.local:8080 (http_proxy)"),
        Row(variables: ["http_proxy": "proxy.local:3128"], url: "http://api.example.com", route: "http proxy.local:3128 (http_proxy)"),
        // Credentials, percent-decoded; a user without a password has an empty one.
        Row(variables: ["http_proxy": "http://ada:p%40ss@proxy.local:3128"], url: "http://api.example.com", route: "http proxy.local:3128 ada:p@ss (http_proxy)"),
        Row(variables: ["http_proxy": "ada@proxy.local:3128"], url: "http://api.example.com", route: "http proxy.local:3128 ada: (http_proxy)"),
        Row(variables: ["https_proxy": "http://[::1]:3128"], url: "https://api.example.com", route: "http [::1]:3128 (https_proxy)"),
        // curl reads no HTTP_PROXY, and no http_proxy for https.
        Row(variables: ["HTTP_PROXY": "http://proxy.local:3128"], url: "http://api.example.com", route: "direct"),
        Row(variables: ["http_proxy": "http://proxy.local:3128"], url: "https://api.example.com", route: "direct"),
        Row(variables: ["HTTPS_PROXY": "proxy.local:3128"], url: "https://api.example.com", route: "http proxy.local:3128 (HTTPS_PROXY)"),
        Row(variables: ["https_proxy": "a.local:1", "HTTPS_PROXY": "b.local:2"], url: "https://api.example.com", route: "http a.local:1 (https_proxy)"),
        // all_proxy when the scheme's own is not set; SOCKS 5.
        Row(variables: ["all_proxy": "socks5h://s.local"], url: "https://api.example.com", route: "socks5 s.local:1080 (all_proxy)"),
        Row(variables: ["ALL_PROXY": "socks5://s.local:9050"], url: "http://api.example.com", route: "socks5 s.local:9050 (ALL_PROXY)"),
        Row(variables: ["all_proxy": "a.local:1", "http_proxy": "h.local:2"], url: "http://api.example.com", route: "http h.local:2 (http_proxy)"),
        // WebSockets: ws as http, wss as https.
        Row(variables: ["http_proxy": "h.local:2", "https_proxy": "s.local:3"], url: "ws://api.example.com/chat", route: "http h.local:2 (http_proxy)"),
        Row(variables: ["http_proxy": "h.local:2", "https_proxy": "s.local:3"], url: "wss://api.example.com/chat", route: "http s.local:3 (https_proxy)"),
        // Empty is unset; another scheme has no proxy.
        Row(variables: ["https_proxy": "  "], url: "https://api.example.com", route: "direct"),
        Row(variables: ["https_proxy": "s.local:3", "http_proxy": "h.local:2"], url: "ftp://api.example.com", route: "direct"),
        // no_proxy: checked before the value is read (a bad value for a listed host is no error).
        Row(variables: ["https_proxy": "socks4://x", "no_proxy": "api.example.com"], url: "https://api.example.com", route: "direct"),
        Row(variables: ["https_proxy": "p.local:1", "NO_PROXY": ".example.com"], url: "https://api.example.com:8443/x", route: "direct"),
        Row(variables: ["https_proxy": "p.local:1", "no_proxy": "other.com", "NO_PROXY": "example.com"], url: "https://api.example.com", route: "http p.local:1 (https_proxy)"),
        // Loopback goes through the proxy unless no_proxy lists it, as with curl.
        Row(variables: ["http_proxy": "p.local:1"], url: "http://127.0.0.1:8080/x", route: "http p.local:1 (http_proxy)"),
        Row(variables: ["http_proxy": "p.local:1", "no_proxy": "localhost"], url: "http://127.0.0.1:8080/x", route: "http p.local:1 (http_proxy)"),
        Row(variables: ["http_proxy": "p.local:1", "no_proxy": "localhost,127.0.0.1"], url: "http://127.0.0.1:8080/x", route: "direct"),
        Row(variables: ["http_proxy": "p.local:1", "no_proxy": "::1"], url: "http://[::1]:8080/x", route: "direct"),
    ])
    func theEnvironmentNamesTheProxy(row: Row) throws {
        #expect(try Self.route(row.url, row.variables) == row.route)
    }

    struct NoProxyRow: Sendable, CustomTestStringConvertible {
        var list: String
        var host: String
        var bypasses: Bool
        var testDescription: String { "'\(list)' \(host)" }
    }

    @Test(arguments: [
        NoProxyRow(list: "*", host: "anything.example", bypasses: true),
        NoProxyRow(list: " * ", host: "10.0.0.1", bypasses: true),
        NoProxyRow(list: "example.com", host: "example.com", bypasses: true),
        NoProxyRow(list: "example.com", host: "api.example.com", bypasses: true),
        NoProxyRow(list: ".example.com", host: "example.com", bypasses: true),
        NoProxyRow(list: ".example.com", host: "a.b.example.com", bypasses: true),
        NoProxyRow(list: "example.com", host: "notexample.com", bypasses: false),
        NoProxyRow(list: "api.example.com", host: "example.com", bypasses: false),
        NoProxyRow(list: "Example.COM.", host: "API.example.com", bypasses: true),
        NoProxyRow(list: "example.com", host: "example.com.", bypasses: true),
        NoProxyRow(list: " a.com ,, example.com ", host: "example.com", bypasses: true),
        // A blank not followed by a comma ends the list (curl).
        NoProxyRow(list: "a.com example.com", host: "example.com", bypasses: false),
        // No wildcards but `*` alone.
        NoProxyRow(list: "*.example.com", host: "api.example.com", bypasses: false),
        NoProxyRow(list: "*, a.com", host: "b.com", bypasses: false),
        // A name never matches an address, nor an address a name.
        NoProxyRow(list: "localhost", host: "127.0.0.1", bypasses: false),
        NoProxyRow(list: "127.0.0.1", host: "localhost", bypasses: false),
        NoProxyRow(list: "localhost", host: "localhost", bypasses: true),
        NoProxyRow(list: "127.0.0.1", host: "127.0.0.1", bypasses: true),
        NoProxyRow(list: "10.0.0.0/8", host: "10.1.2.3", bypasses: true),
        NoProxyRow(list: "10.0.0.0/8", host: "11.1.2.3", bypasses: false),
        NoProxyRow(list: "192.168.1.0/25", host: "192.168.1.127", bypasses: true),
        NoProxyRow(list: "192.168.1.0/25", host: "192.168.1.128", bypasses: false),
        NoProxyRow(list: "10.0.0.0", host: "10.0.0.1", bypasses: false),
        NoProxyRow(list: "::1", host: "[::1]", bypasses: true),
        NoProxyRow(list: "fd00::/8", host: "fd12::1", bypasses: true),
        NoProxyRow(list: "fd00::/8", host: "fe80::1", bypasses: false),
        NoProxyRow(list: "::1", host: "127.0.0.1", bypasses: false),
        NoProxyRow(list: "", host: "example.com", bypasses: false),
    ])
    func noProxyMatchesAsCurlDoes(row: NoProxyRow) {
        #expect(NoProxy.bypasses(host: row.host, list: row.list) == row.bypasses)
    }

    struct BadRow: Sendable, CustomTestStringConvertible {
        var name: String
        var value: String
        var message: String
        var testDescription: String { value }
    }

    @Test(arguments: [
        BadRow(name: "https_proxy", value: "socks4://proxy.local:1080", message: "socks4:// proxies are not supported (use http://, socks5:// or socks5h://)"),
        BadRow(name: "https_proxy", value: "https://proxy.local", message: "a proxy reached over TLS (https://) is not supported (use http://, socks5:// or socks5h://)"),
        BadRow(name: "HTTPS_PROXY", value: "://proxy.local", message: "it names no scheme before '://'"),
        BadRow(name: "https_proxy", value: "http://proxy.local:80x", message: "its port '80x' is not a number from 1 to 65535"),
        BadRow(name: "https_proxy", value: "proxy.local:70000", message: "its port '70000' is not a number from 1 to 65535"),
        BadRow(name: "https_proxy", value: "http://:3128", message: "it names no host"),
        BadRow(name: "all_proxy", value: "socks5://ada:secret@proxy.local",
               message: "a SOCKS proxy with a user name and password is not supported (async-http-client sends none)"),
        BadRow(name: "https_proxy", value: "http://ada:%zz@proxy.local", message: "its user name or password is not valid percent-encoding"),
    ])
    func aValueThatCannotBeUsedIsAConfigurationErrorNamingIt(row: BadRow) throws {
        let error = #expect(throws: CallError.self) {
            try Provider.Options.Proxy.environment([row.name: row.value]).route(for: "https://api.example.com/x")
        }
        guard case let .configuration(problem)? = error else {
            Issue.record("expected a configuration error, got \(String(describing: error))")
            return
        }
        #expect(problem.reason == .setup)
        // Credentials are never printed.
        #expect(problem.description == "\(row.name) '\(ProxyRoute.redacted(row.value))' cannot be used: \(row.message)")
        #expect(!problem.description.contains("secret"))
    }

    @Test func theRedactedValueHidesTheCredentialsOnly() {
        #expect(ProxyRoute.redacted("socks5://ada:secret@proxy.local") == "socks5://<redacted>@proxy.local")
        #expect(ProxyRoute.redacted("ada:secret@proxy.local:1") == "<redacted>@proxy.local:1")
        #expect(ProxyRoute.redacted("http://proxy.local:1/a@b") == "http://proxy.local:1/a@b")
    }

    @Test func aSwiftCallerChoosesTheProxyOrNone() throws {
        let fixed = Provider.Options.Proxy.url("proxy.internal:3128", noProxy: ".internal, 10.0.0.0/8")
        #expect(Self.describe(try fixed.route(for: "https://api.example.com")) == "http proxy.internal:3128 (Provider.Options.proxy)")
        #expect(Self.describe(try fixed.route(for: "http://api.example.com")) == "http proxy.internal:3128 (Provider.Options.proxy)")
        #expect(Self.describe(try fixed.route(for: "https://db.internal")) == "direct")
        #expect(Self.describe(try fixed.route(for: "http://10.2.3.4:8080")) == "direct")
        #expect(Self.describe(try Provider.Options.Proxy.direct.route(for: "https://api.example.com")) == "direct")
        #expect(Provider.Options().proxy == .environment)
        #expect(Provider.Options().transportOptions.proxy == .environment)
    }
}
