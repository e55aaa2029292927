import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// A profile's `proxy:` and `noProxy:` (docs/profiles.md, "Proxy"): a profile could not set a
/// proxy, so a call under it went where the environment said. The profile's now wins over the
/// environment's variables, and the command line's `--proxy`/`--noproxy` over the profile's; a
/// value that cannot be used is an error at its `file:line:column` (exit 78), in ProxyRoute's words.
@Suite struct ProfileProxyTests {
    /// A fresh `XDG_CONFIG_HOME` whose profile `p` has `settings`: the spec of a server at
    /// `baseURL`, the config file and the environment.
    static func setUp(baseURL: String, settings: String) throws -> (spec: String, config: String, environment: [String: String]) {
        let spec = try CallProxyTests.spec(baseURL)
        let home = URL(fileURLWithPath: spec).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        let config = home + "/netspec/config.yaml"
        try "profiles:\n  p:\n\(settings)".write(toFile: config, atomically: true, encoding: .utf8)
        return (spec, config, ["XDG_CONFIG_HOME": home])
    }

    static let variables = CallProxyOptionTests.variables

    /// The profile's proxy carries the call with no variable set (its credentials from `{ env: }`),
    /// and `-v` names it; its `noProxy` sends a listed host direct.
    @Test func aProfilesProxyCarriesTheCall() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"ok":true}"#)) { server in
            let proxy = try await RawServer.connectProxy()
            let port = proxy.server.port
            let plain = try Self.setUp(baseURL: server.baseURL, settings: "    proxy: http://127.0.0.1:\(port)\n")
            let run = try await CLI.run(["call", plain.spec, "get", "--profile", "p", "-v"], environment: plain.environment, unsetting: Self.variables)
            let secret = try Self.setUp(baseURL: server.baseURL, settings: "    proxy: { env: NETSPEC_TEST_PROFILE_PROXY }\n")
            let credentials = try await CLI.run(
                ["call", secret.spec, "get", "--profile", "p"],
                environment: secret.environment.merging(["NETSPEC_TEST_PROFILE_PROXY": "http://ada:p%40ss@127.0.0.1:\(port)"]) { $1 }, unsetting: Self.variables
            )
            let listed = try Self.setUp(baseURL: server.baseURL, settings: "    proxy: http://127.0.0.1:\(port)\n    noProxy: example.com, 127.0.0.1\n")
            let direct = try await CLI.run(["call", listed.spec, "get", "--profile", "p"], environment: listed.environment, unsetting: Self.variables)
            try await proxy.server.shutdown()
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == "{\"ok\":true}\n")
            #expect(run.stderr.hasPrefix("* via proxy http://127.0.0.1:\(port) (profile p: proxy)\n> GET \(server.baseURL)/get HTTP/1.1\n"), "\(run.stderr)")
            #expect(credentials.status == 0, "\(credentials.stderr)")
            #expect(direct.status == 0, "\(direct.stderr)")
            #expect(proxy.connects() == ["127.0.0.1:\(server.port)", "127.0.0.1:\(server.port)"])
            // base64 of "ada:p@ss"
            #expect(proxy.heads() == [["host: 127.0.0.1"], ["host: 127.0.0.1", "proxy-authorization: Basic YWRhOnBAc3M="]])
            #expect(server.requestCount == 3)
        }
    }

    /// `--proxy` and `--noproxy` win over the profile's; the profile's proxy and list win over the
    /// environment's (a proxy at 127.0.0.1:9, where nothing listens, is the one not to use).
    @Test func theCommandLineWinsOverTheProfileAndTheProfileOverTheEnvironment() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"ok":true}"#)) { server in
            let proxy = try await RawServer.connectProxy()
            let address = "127.0.0.1:\(proxy.server.port)"
            let elsewhere = try Self.setUp(baseURL: server.baseURL, settings: "    proxy: http://127.0.0.1:9\n")
            let given = try await CLI.run(["call", elsewhere.spec, "get", "--profile", "p", "--proxy", address], environment: elsewhere.environment, unsetting: Self.variables)
            let notListed = try await CLI.run(["call", elsewhere.spec, "get", "--profile", "p", "--noproxy", "127.0.0.1"], environment: elsewhere.environment, unsetting: Self.variables)
            let profile = try Self.setUp(baseURL: server.baseURL, settings: "    proxy: http://\(address)\n    noProxy: localhost\n")
            let environment = profile.environment.merging(["http_proxy": "127.0.0.1:9", "no_proxy": "127.0.0.1"]) { $1 }
            let overEnvironment = try await CLI.run(
                ["call", profile.spec, "get", "--profile", "p"], environment: environment, unsetting: Self.variables.filter { $0 != "http_proxy" && $0 != "no_proxy" }
            )
            try await proxy.server.shutdown()
            for run in [given, notListed, overEnvironment] { #expect(run.status == 0, "\(run.stderr)") }
            #expect(proxy.connects() == ["127.0.0.1:\(server.port)", "127.0.0.1:\(server.port)"])
            #expect(server.requestCount == 3)
        }
    }

    /// A value that cannot be used is an error at its place when the config is read (exit 78), as
    /// ProxyRoute says it, for every command that reads the profile; nothing is sent.
    @Test(arguments: [
        ("    proxy: socks4://127.0.0.1:1080\n", "3:12", "profile p: proxy 'socks4://127.0.0.1:1080' cannot be used: socks4:// proxies are not supported (use http://, socks5:// or socks5h://)"),
        ("    proxy: 127.0.0.1:99999\n", "3:12", "profile p: proxy '127.0.0.1:99999' cannot be used: its port '99999' is not a number from 1 to 65535"),
        ("    proxy: http://ada:secret@127.0.0.1:3128\n", "3:12",
         "profile p: 'proxy' holds a user and password (user:password@), a secret: give it as { env: NAME }, never written in the file"),
        ("    noProxy: \"${HOSTS}\"\n", "3:14", "profile p: 'noProxy' is used as it is written and has no ${NAME} variables; give a value from the environment as { env: NAME }"),
        ("    proxy: [a]\n", "3:12", "profile p: 'proxy' is text or { env: NAME }"),
    ])
    func aValueThatCannotBeUsedIsAnErrorAtItsPlace(_ settings: String, _ place: String, _ message: String) async throws {
        try await withTestServer(TestHandlers.json(body: "{}")) { server in
            let profile = try Self.setUp(baseURL: server.baseURL, settings: settings)
            for command in [["call", profile.spec, "get"], ["call", profile.spec, "get", "--dry-run"], ["config", "show", profile.spec]] {
                let result = try await CLI.run(command + ["--profile", "p"], environment: profile.environment, unsetting: Self.variables)
                #expect(result.status == 78, "\(command)")
                #expect(result.stderr == "\(profile.config):\(place): error: \(message)\n", "\(command)")
                #expect(!result.stderr.contains("secret@"))
            }
            #expect(server.requestCount == 0)
        }
    }

    /// `config show` says where each comes from, a proxy's credentials from the environment redacted.
    @Test func configShowSaysWhereTheyComeFrom() async throws {
        let profile = try Self.setUp(baseURL: "http://127.0.0.1:9", settings: "    proxy: { env: NETSPEC_TEST_PROFILE_PROXY }\n    noProxy: localhost\n")
        let result = try await CLI.run(
            ["config", "show", profile.spec, "--profile", "p"],
            environment: profile.environment.merging(["NETSPEC_TEST_PROFILE_PROXY": "http://ada:secret@127.0.0.1:3128"]) { $1 }, unsetting: Self.variables
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("""
            proxy: http://<redacted>@127.0.0.1:3128 (from $NETSPEC_TEST_PROFILE_PROXY) (profile p, \(profile.config):3:12)
            noProxy: localhost (profile p, \(profile.config):4:14)

            """), "\(result.stdout)")
    }

    /// A `{ env: NAME }` proxy is checked when the call reads it, at the setting's place.
    @Test func aProxyFromTheEnvironmentThatCannotBeUsedIsAnErrorAtItsPlace() async throws {
        try await withTestServer(TestHandlers.json(body: "{}")) { server in
            let profile = try Self.setUp(baseURL: server.baseURL, settings: "    proxy: { env: NETSPEC_TEST_PROFILE_PROXY }\n")
            let result = try await CLI.run(
                ["call", profile.spec, "get", "--profile", "p"],
                environment: profile.environment.merging(["NETSPEC_TEST_PROFILE_PROXY": "socks4://ada:secret@127.0.0.1:1080"]) { $1 }, unsetting: Self.variables
            )
            #expect(result.status == 78)
            #expect(result.stderr == "\(profile.config):3:12: error: profile p: proxy 'socks4://<redacted>@127.0.0.1:1080' cannot be used: socks4:// proxies are not supported (use http://, socks5:// or socks5h://) (from $NETSPEC_TEST_PROFILE_PROXY)\n")
            #expect(server.requestCount == 0)
        }
    }

    /// `--curl` carries the profile's proxy and list, which the call goes through (it carried the
    /// command line's only, so the line went another way): a `{ env: NAME }` proxy as `"${NAME}"`,
    /// which the shell expands (it was its value with the credentials `<redacted>`, so the line
    /// did not run), its value with `--show-secrets`; one whose name the shell cannot expand as
    /// its redacted value; `--proxy` wins over the profile's proxy and keeps its list; a profile's
    /// `noProxy` alone is `--noproxy`; a profile's proxy without one leaves `no_proxy` to curl.
    @Test func theCurlLineCarriesTheProfilesProxy() async throws {
        let both = try Self.setUp(baseURL: "http://127.0.0.1:9", settings: "    proxy: { env: NETSPEC_TEST_PROFILE_PROXY }\n    noProxy: .internal, 10.0.0.0/8\n")
        let environment = both.environment.merging(["NETSPEC_TEST_PROFILE_PROXY": "http://ada:secret@proxy.example:3128"]) { $1 }
        let call = ["call", both.spec, "get", "--profile", "p", "--curl"]
        let curl = try await CLI.run(call, environment: environment, unsetting: Self.variables)
        let shown = try await CLI.run(call + ["--show-secrets"], environment: environment, unsetting: Self.variables)
        let given = try await CLI.run(call + ["-x", "proxy.example:8080"], environment: environment, unsetting: Self.variables)
        let odd = try Self.setUp(baseURL: "http://127.0.0.1:9", settings: "    proxy: { env: NETSPEC-TEST-PROXY }\n")
        let oddName = try await CLI.run(
            ["call", odd.spec, "get", "--profile", "p", "--curl"], environment: odd.environment.merging(["NETSPEC-TEST-PROXY": "http://ada:secret@proxy.example:3128"]) { $1 },
            unsetting: Self.variables
        )
        let list = try Self.setUp(baseURL: "http://127.0.0.1:9", settings: "    noProxy: localhost\n")
        let listOnly = try await CLI.run(["call", list.spec, "get", "--profile", "p", "--curl"], environment: list.environment, unsetting: Self.variables)
        let proxy = try Self.setUp(baseURL: "http://127.0.0.1:9", settings: "    proxy: proxy.example:3128\n")
        let proxyOnly = try await CLI.run(
            ["call", proxy.spec, "get", "--profile", "p", "--curl"], environment: proxy.environment.merging(["no_proxy": "localhost"]) { $1 },
            unsetting: Self.variables.filter { $0 != "no_proxy" }
        )
        let start = "curl http://127.0.0.1:9/get -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed"
        for run in [curl, shown, given, oddName, listOnly, proxyOnly] { #expect(run.status == 0, "\(run.stderr)") }
        #expect(curl.stdout == "\(start) --proxy \"${NETSPEC_TEST_PROFILE_PROXY}\" --noproxy '.internal, 10.0.0.0/8'\n")
        #expect(shown.stdout == "\(start) --proxy http://ada:secret@proxy.example:3128 --noproxy '.internal, 10.0.0.0/8'\n")
        #expect(given.stdout == "\(start) --proxy proxy.example:8080 --noproxy '.internal, 10.0.0.0/8'\n")
        #expect(oddName.stdout == "\(start) --proxy 'http://<redacted>@proxy.example:3128'\n")
        #expect(listOnly.stdout == "\(start) --noproxy localhost\n")
        #expect(proxyOnly.stdout == "\(start) --proxy proxy.example:3128\n")
    }

    /// `netspec check`'s curl line carries the profile's proxy (its `netspec call` line has
    /// `--profile`, which gives it), a `{ env: NAME }` one as `"${NAME}"` (it was its value with
    /// the credentials `<redacted>`, which does not run); the check went through it.
    @Test func checksCurlLineCarriesTheProfilesProxy() async throws {
        let (spec, home) = try CheckReproduceCallerHeadersTests.setUp()
        try "profiles:\n  px:\n    proxy: { env: NETSPEC_TEST_PROFILE_PROXY }\n    noProxy: example.com, localhost\n"
            .write(toFile: home + "/netspec/config.yaml", atomically: true, encoding: .utf8)
        let token = CheckReproduceCallerHeadersTests.token
        try await withTestServer(TestHandlers.text(status: 500, body: "down")) { server in
            let proxy = try await RawServer.connectProxy()
            let port = proxy.server.port
            let base = server.baseURL
            let result = try await CLI.run(
                ["check", spec, "--base-url", base, "--phases", "examples", "--checks", "not_a_server_error", "--var", "\(token)=VAR-SEKRIT", "--profile", "px"],
                environment: ["XDG_CONFIG_HOME": home, "NETSPEC_TEST_PROFILE_PROXY": "http://ada:secret@127.0.0.1:\(port)"], unsetting: Self.variables + [token]
            )
            try await proxy.server.shutdown()
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stdout.contains("""
                  Reproduce with:
                    netspec call \(spec) listItems --base-url \(base) --profile px --var \(token)="$\(token)"
                    curl \(base)/items \(CheckReproduceCallerHeadersTests.curlDefaults) -H "Authorization: Bearer ${\(token)}" --compressed \
                --proxy "${NETSPEC_TEST_PROFILE_PROXY}" --noproxy 'example.com, localhost'

                """), "\(result.stdout)")
            #expect(!result.stdout.contains("secret"))
            #expect(proxy.connects() == ["127.0.0.1:\(server.port)"])
        }
    }
}
