import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `--proxy URL` (`-x`) and `--noproxy LIST`, as curl's: the proxy a call goes through without any
/// variable set, the hosts reached directly, a value that cannot be used refused as a usage error
/// (exit 64), `-v` saying which proxy a request went through, and `--curl` carrying them.
@Suite struct CallProxyOptionTests {
    /// The proxy variables a machine may have, unset for each run.
    static let variables = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"]

    @Test func theCallGoesThroughTheGivenProxyWithNoVariableSet() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"ok":true}"#)) { server in
            let spec = try CallProxyTests.spec(server.baseURL)
            let proxy = try await RawServer.connectProxy()
            let long = try await CLI.run(["call", spec, "get", "--proxy", "http://ada:p%40ss@127.0.0.1:\(proxy.server.port)"], unsetting: Self.variables)
            let short = try await CLI.run(["call", spec, "get", "-x", "127.0.0.1:\(proxy.server.port)"], unsetting: Self.variables)
            try await proxy.server.shutdown()
            #expect(long.status == 0, "\(long.stderr)")
            #expect(long.stdout == "{\"ok\":true}\n")
            #expect(short.status == 0, "\(short.stderr)")
            #expect(proxy.connects() == ["127.0.0.1:\(server.port)", "127.0.0.1:\(server.port)"])
            // base64 of "ada:p@ss"
            #expect(proxy.heads() == [["host: 127.0.0.1", "proxy-authorization: Basic YWRhOnBAc3M="], ["host: 127.0.0.1"]])
            #expect(server.requestCount == 2)
        }
    }

    /// `--noproxy` lists the hosts reached directly, in place of `no_proxy` (`*`: every host), with
    /// `--proxy` or with the environment's proxy; `--proxy` alone still honours `no_proxy`, as curl.
    @Test func noProxySendsTheCallDirect() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"ok":true}"#)) { server in
            let spec = try CallProxyTests.spec(server.baseURL)
            let proxy = try await RawServer.connectProxy()
            let address = "127.0.0.1:\(proxy.server.port)"
            let runs = [
                try await CLI.run(["call", spec, "get", "--proxy", address, "--noproxy", "example.com, 127.0.0.1"], unsetting: Self.variables),
                try await CLI.run(["call", spec, "get", "--noproxy", "*"], environment: ["http_proxy": address], unsetting: Self.variables.filter { $0 != "http_proxy" }),
                try await CLI.run(["call", spec, "get", "--proxy", address], environment: ["no_proxy": "127.0.0.1"], unsetting: Self.variables.filter { $0 != "no_proxy" }),
            ]
            // `--noproxy` replaces no_proxy's list: an empty one sends every host through the proxy.
            let overridden = try await CLI.run(
                ["call", spec, "get", "--noproxy", "localhost"], environment: ["http_proxy": address, "no_proxy": "127.0.0.1"],
                unsetting: ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "NO_PROXY"]
            )
            try await proxy.server.shutdown()
            for run in runs + [overridden] { #expect(run.status == 0, "\(run.stderr)") }
            #expect(proxy.connects() == ["127.0.0.1:\(server.port)"])
            #expect(server.requestCount == 4)
        }
    }

    @Test(arguments: [
        ("socks4://ada:secret@127.0.0.1:1080", "Error: --proxy 'socks4://<redacted>@127.0.0.1:1080' cannot be used: socks4:// proxies are not supported (use http://, socks5:// or socks5h://)"),
        ("127.0.0.1:99999", "Error: --proxy '127.0.0.1:99999' cannot be used: its port '99999' is not a number from 1 to 65535"),
        ("https://proxy.example:3128", "Error: --proxy 'https://proxy.example:3128' cannot be used: a proxy reached over TLS (https://) is not supported (use http://, socks5:// or socks5h://)"),
    ])
    func aValueThatCannotBeUsedIsAUsageError(_ value: String, _ message: String) async throws {
        try await withTestServer(TestHandlers.json(body: "{}")) { server in
            let spec = try CallProxyTests.spec(server.baseURL)
            for command in [["call", spec, "get"], ["check", spec, "--base-url", server.baseURL], ["run", spec], ["mcp", spec], ["auth", "login", spec]] {
                let result = try await CLI.run(command + ["--proxy", value], unsetting: Self.variables)
                #expect(result.status == 64, "\(command[0])")
                #expect(result.stdout == "")
                #expect(result.stderr.components(separatedBy: "\n").first == message, "\(command[0])")
                #expect(!result.stderr.contains("secret"))
            }
            #expect(server.requestCount == 0)
        }
    }

    /// A preview and the in-process mock connect to nothing: the options have nothing to act on.
    @Test(arguments: [
        (["--dry-run", "--proxy", "127.0.0.1:3128"], "--dry-run prints the request and sends nothing, so --proxy has nothing to act on"),
        (["--dry-run", "--noproxy", "*"], "--dry-run prints the request and sends nothing, so --noproxy has nothing to act on"),
        (["--mock", "-x", "127.0.0.1:3128"], "--mock answers from the document in this process and connects to nothing, so --proxy has nothing to act on"),
    ])
    func aPreviewOrTheMockTakesNoProxy(_ flags: [String], _ message: String) async throws {
        let result = try await CLI.run(["call", try CallProxyTests.spec("http://127.0.0.1:9"), "get"] + flags, unsetting: Self.variables)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: " + message + "\n")
    }

    /// `-v` says, before each request, which proxy it goes through and what set it (credentials
    /// redacted), or which list sent it direct.
    @Test func verboseSaysWhichProxyTheRequestWentThrough() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"ok":true}"#)) { server in
            let spec = try CallProxyTests.spec(server.baseURL)
            let proxy = try await RawServer.connectProxy()
            let port = proxy.server.port
            let given = try await CLI.run(["call", spec, "get", "-v", "--proxy", "ada:secret@127.0.0.1:\(port)"], unsetting: Self.variables)
            let variable = try await CLI.run(
                ["call", spec, "get", "-v"], environment: ["http_proxy": "127.0.0.1:\(port)"], unsetting: Self.variables.filter { $0 != "http_proxy" }
            )
            let listed = try await CLI.run(["call", spec, "get", "-v", "--proxy", "127.0.0.1:\(port)", "--noproxy", "127.0.0.1"], unsetting: Self.variables)
            let none = try await CLI.run(["call", spec, "get", "-v"], unsetting: Self.variables)
            try await proxy.server.shutdown()
            let request = "> GET http://127.0.0.1:\(server.port)/get HTTP/1.1\n"
            #expect(given.stderr.hasPrefix("* via proxy http://<redacted>@127.0.0.1:\(port) (--proxy)\n" + request), "\(given.stderr)")
            #expect(!given.stderr.contains("secret"))
            #expect(variable.stderr.hasPrefix("* via proxy http://127.0.0.1:\(port) (http_proxy)\n" + request), "\(variable.stderr)")
            #expect(listed.stderr.hasPrefix("* direct: --noproxy lists 127.0.0.1\n" + request), "\(listed.stderr)")
            #expect(none.stderr.hasPrefix(request), "\(none.stderr)")
            #expect(proxy.connects().count == 2)
        }
    }

    /// `--curl` carries them as curl's own options, the proxy's credentials redacted unless `--show-secrets`.
    @Test func theCurlLineCarriesTheProxyOptions() async throws {
        let spec = try CallProxyTests.spec("http://127.0.0.1:9")
        let options = ["--proxy", "http://ada:secret@proxy.example:3128", "--noproxy", ".internal, 10.0.0.0/8"]
        let curl = try await CLI.run(["call", spec, "get", "--curl"] + options, unsetting: Self.variables)
        let shown = try await CLI.run(["call", spec, "get", "--curl", "--show-secrets", "-x", "proxy.example:3128"], unsetting: Self.variables)
        let plain = try await CLI.run(["call", spec, "get", "--curl"], environment: ["http_proxy": "proxy.example:3128"], unsetting: Self.variables.filter { $0 != "http_proxy" })
        #expect(curl.status == 0, "\(curl.stderr)")
        #expect(curl.stdout == "curl http://127.0.0.1:9/get -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed --proxy 'http://<redacted>@proxy.example:3128' --noproxy '.internal, 10.0.0.0/8'\n")
        #expect(shown.stdout == "curl http://127.0.0.1:9/get -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed --proxy proxy.example:3128\n")
        #expect(plain.stdout == "curl http://127.0.0.1:9/get -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed\n")
    }

    /// `--proxy` without `--noproxy` takes `no_proxy`'s list, read as a request's routing reads the
    /// variables (`Provider.Options.Proxy.variable(_:in:)`): an all-blank `no_proxy` is unset, so
    /// `NO_PROXY`'s is the list (it was taken for a list naming no host).
    @Test func anAllBlankNoProxyIsUnsetUnderTheGivenProxy() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"ok":true}"#)) { server in
            let spec = try CallProxyTests.spec(server.baseURL)
            let result = try await CLI.run(
                ["call", spec, "get", "-v", "--proxy", "127.0.0.1:9"], environment: ["no_proxy": " \t", "NO_PROXY": "127.0.0.1"],
                unsetting: Self.variables.filter { $0 != "no_proxy" && $0 != "NO_PROXY" }
            )
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("* direct: NO_PROXY lists 127.0.0.1\n> GET \(server.baseURL)/get HTTP/1.1\n"), "\(result.stderr)")
            #expect(server.requestCount == 1)
        }
    }
}
