import Testing

@testable import Netspec

/// What `netspec call -v` says of a request's proxy (`Provider.Options.Proxy.note(for:)`), and the
/// command line's `--proxy`/`--noproxy` settings it reads.
@Suite struct ProxyNoteTests {
    @Test func theNoteNamesTheProxyAndWhatSetItWithoutCredentials() {
        let environment = Provider.Options.Proxy.environment([
            "https_proxy": "http://ada:secret@proxy.local:3128", "all_proxy": "socks5h://socks.local", "no_proxy": ".internal",
        ])
        #expect(environment.note(for: "https://api.example.com/v1") == "via proxy http://<redacted>@proxy.local:3128 (https_proxy)")
        #expect(environment.note(for: "ws://api.example.com/v1") == "via proxy socks5h://socks.local:1080 (all_proxy)")
        #expect(environment.note(for: "https://db.internal/v1") == "direct: no_proxy lists db.internal")
        #expect(Provider.Options.Proxy.environment([:]).note(for: "https://api.example.com") == nil)
        #expect(Provider.Options.Proxy.direct.note(for: "https://api.example.com") == nil)
        // A value that cannot be used: the call says so, not the note.
        #expect(Provider.Options.Proxy.environment(["https_proxy": "socks4://p.local"]).note(for: "https://api.example.com") == nil)
    }

    @Test func theCommandLinesSettingsNameTheirOptions() throws {
        let given = Provider.Options.Proxy.url("proxy.local:3128", noProxy: "10.0.0.0/8", name: "--proxy", noProxyName: "--noproxy")
        #expect(given.note(for: "http://api.example.com") == "via proxy http://proxy.local:3128 (--proxy)")
        #expect(given.note(for: "http://10.1.2.3:8080") == "direct: --noproxy lists 10.1.2.3")
        #expect(try given.route(for: "http://api.example.com")?.named == "the proxy proxy.local:3128 (--proxy)")
        #expect(Provider.Options.Proxy.environment(noProxy: "*", name: "--noproxy") != .environment)
        #expect(Provider.Options.Proxy.problem(with: "proxy.local:3128", source: "--proxy") == nil)
        #expect(Provider.Options.Proxy.problem(with: "ada:secret@:3128", source: "--proxy") == "--proxy '<redacted>@:3128' cannot be used: it names no host")
    }
}
