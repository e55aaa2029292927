import Testing

import Netspec

/// Joining the base URL and the endpoint path: a base URL with a path or a trailing slash, a base
/// URL with a query, a literal `?v=2` in the path, absolute endpoint URLs, which base URL wins,
/// and the base URLs that are refused.
@Suite struct BaseURLTests {
    static func url(base: String?, spec: String? = nil, path: String, _ arguments: [String: Argument] = [:], options: CallOptions = .init()) throws -> String {
        let endpoint = "    GET: \(path)\n    params:\n      q: String?\n"
        let service = spec.map { "baseURL: \($0)\n" } ?? ""
        let api = try Binding.service(Binding.yaml(endpoint, service: service), provider: Binding.provider(baseURL: base))
        return try api.prepare("e", arguments, options: options).url
    }

    @Test(arguments: [
        ("https://api.example.com", "/users", "https://api.example.com/users"),
        ("https://api.example.com/", "/users", "https://api.example.com/users"),
        ("https://api.example.com/v1", "/users", "https://api.example.com/v1/users"),
        ("https://api.example.com/v1/", "/users", "https://api.example.com/v1/users"),
        ("https://api.example.com/v1//", "/users/", "https://api.example.com/v1/users/"),
        ("http://localhost:8080", "/", "http://localhost:8080/"),
        ("HTTPS://API.example.com", "/x", "HTTPS://API.example.com/x"),
    ])
    func basePathAndEndpointPathJoinWithOneSlash(base: String, path: String, url: String) throws {
        let actual = try Self.url(base: base, path: path)
        #expect(actual == url)
    }

    @Test(arguments: [
        ("https://api.example.com", "/users?v=2", ["q": "a b"], "https://api.example.com/users?v=2&q=a%20b"),
        ("https://api.example.com", "/users?v=2&sort=asc", [:], "https://api.example.com/users?v=2&sort=asc"),
        ("https://api.example.com/api?key=k1", "/users", [:], "https://api.example.com/api/users?key=k1"),
        ("https://api.example.com/api?key=k1", "/users?v=2", ["q": "x"], "https://api.example.com/api/users?key=k1&v=2&q=x"),
        ("https://api.example.com/api/?key=k1", "/users", [:], "https://api.example.com/api/users?key=k1"),
    ] as [(String, String, [String: Argument], String)])
    func literalQueriesComeFirst(base: String, path: String, arguments: [String: Argument], url: String) throws {
        let actual = try Self.url(base: base, path: path, arguments)
        #expect(actual == url)
    }

    @Test(arguments: [
        ("https://other.example.org/hooks", [String: Argument](), "https://other.example.org/hooks"),
        ("https://other.example.org/hooks?v=1", ["q": "x"], "https://other.example.org/hooks?v=1&q=x"),
    ])
    func absoluteEndpointURLsReplaceTheBase(path: String, arguments: [String: Argument], url: String) throws {
        let actual = try Self.url(base: "https://api.example.com/v1", path: path, arguments)
        #expect(actual == url)
    }

    @Test func absoluteEndpointURLWithAPlaceholder() throws {
        let endpoint = "    GET: https://cdn.example.org/{file}\n    params:\n      file: String\n"
        let actual = try Binding.url(endpoint, ["file": "a b.png"])
        #expect(actual == "https://cdn.example.org/a%20b.png")
    }

    // MARK: - Which base URL

    @Test func theSpecsBaseURLIsTheDefault() throws {
        let actual = try Self.url(base: nil, spec: "https://spec.example.com/v2", path: "/x")
        #expect(actual == "https://spec.example.com/v2/x")
    }

    @Test func theProvidersBaseURLReplacesTheSpecs() throws {
        let actual = try Self.url(base: "https://provider.example.com", spec: "https://spec.example.com", path: "/x")
        #expect(actual == "https://provider.example.com/x")
    }

    @Test func theCallsBaseURLReplacesTheProviders() throws {
        let options = CallOptions(baseURL: "http://127.0.0.1:9000/mock")
        let actual = try Self.url(base: "https://provider.example.com", spec: "https://spec.example.com", path: "/x", options: options)
        #expect(actual == "http://127.0.0.1:9000/mock/x")
    }

    // MARK: - Refused

    /// Each says what is wrong and where (the character, counted from 1).
    @Test(arguments: [
        ("ftp://files.example.com", "it must start with http:// or https://"),
        ("api.example.com", "it must start with http:// or https://"),
        ("/v1", "it must start with http:// or https://"),
        ("https://", "it has no host after 'https://'"),
        ("HTTP:///v1", "it has no host after 'HTTP://'"),
        ("https://api.example.com/#top", "'#' (character 25) would start a fragment, which a base URL cannot have"),
        ("https://api.example.com/v1?a=1#x", "'#' (character 31) would start a fragment, which a base URL cannot have"),
        ("https://api.example.com/é%zz", "'%' (character 26) must start an escape such as %25 (a '%' itself)"),
        ("https://api.example.com/a\tb", "a control character (byte 0x09, character 26) cannot be in a URL"),
        ("https://api.exa mple.com", "a space (character 16) cannot be in a host"),
        ("https://bücher.example", "'ü' (character 10) cannot be in a host; write an international domain name in its xn-- form"),
        ("https://api.example.com%2", "'%' (character 24) must start an escape such as %25"),
        ("http://127.0.0.1:99999", "port 99999 (character 18) is out of range (1 to 65535)"),
        ("http://localhost:65536/v1", "port 65536 (character 18) is out of range (1 to 65535)"),
        ("http://[::1]:70000", "port 70000 (character 14) is out of range (1 to 65535)"),
        ("http://127.0.0.1:00000", "port 00000 (character 18) is out of range (1 to 65535)"),
        ("http://127.0.0.1:123456789012345678901", "port 123456789012345678901 (character 18) is out of range (1 to 65535)"),
        ("http://localhost:abc", "port 'abc' (character 18) is not a number"),
        ("http://h:1:5", "port '1:5' (character 10) is not a number"),
        ("http://[::1]x:80", "']' (character 12) cannot be in a host (an IPv6 address is written in brackets: http://[::1]:8080)"),
        ("http://[::1", "'[' (character 8) cannot be in a host (an IPv6 address is written in brackets: http://[::1]:8080)"),
    ])
    func invalidBaseURLsAreConfigurationErrors(base: String, problem: String) throws {
        let api = try Binding.service(Binding.yaml("    GET: /x\n"), provider: Binding.provider(baseURL: base))
        #expect(Binding.failure(of: api, "e") == "configuration setup: endpoint 'e': invalid base URL '\(base)': \(problem)")
    }

    /// The path and query are percent-encoded where RFC 3986 requires it, as HTTPie does; escapes,
    /// an IPv6 host's brackets and the characters a path and query may hold stay.
    @Test(arguments: [
        ("https://api.example.com/café", "https://api.example.com/caf%C3%A9/x"),
        ("https://api.example.com/a b/", "https://api.example.com/a%20b/x"),
        ("https://api.example.com/a|b%2F", "https://api.example.com/a%7Cb%2F/x"),
        ("https://api.example.com/v[1]?k[]=a b&z=\"", "https://api.example.com/v%5B1%5D/x?k%5B%5D=a%20b&z=%22"),
        ("http://[::1]:8080/api;v=1@x", "http://[::1]:8080/api;v=1@x/x"),
    ])
    func pathsAndQueriesArePercentEncoded(base: String, url: String) throws {
        #expect(try Self.url(base: base, path: "/x") == url)
    }

    /// Ports with leading zeros, the highest one, and an empty one (the scheme's, as RFC 3986 says) are ports.
    @Test(arguments: [
        ("http://127.0.0.1:65535", "http://127.0.0.1:65535/x"),
        ("http://127.0.0.1:08080/v1", "http://127.0.0.1:08080/v1/x"),
        ("http://[::1]:1", "http://[::1]:1/x"),
        ("http://localhost:/v1", "http://localhost:/v1/x"),
    ])
    func portsInRangeAreKept(base: String, url: String) throws {
        #expect(try Self.url(base: base, path: "/x") == url)
    }

    /// Credentials (`user:password@`) are not sent from a URL: refused, and never printed.
    @Test(arguments: ["http://user:PASS-SEKRIT@127.0.0.1:9", "http://TOKEN-SEKRIT@127.0.0.1:9", "http://a@b:PASS@127.0.0.1:9"])
    func credentialsAreRefusedUnprinted(base: String) throws {
        let api = try Binding.service(Binding.yaml("    GET: /x\n"), provider: Binding.provider(baseURL: base))
        #expect(Binding.failure(of: api, "e") == """
            configuration setup: endpoint 'e': invalid base URL 'http://<redacted>@127.0.0.1:9': it holds credentials (before '@'), \
            which netspec does not send from a URL: give them in an Authorization header or by the spec's auth
            """)
    }

    @Test func noBaseURLAtAllIsAConfigurationError() throws {
        let api = try Binding.service(Binding.yaml("    GET: /x\n"), provider: Binding.provider(baseURL: nil))
        #expect(Binding.failure(of: api, "e")
            == "configuration setup: endpoint 'e': no base URL: the spec has no 'baseURL' and none was given (use Provider(baseURL:) or --base-url)")
    }
}
