import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec check --proxy URL --noproxy LIST`: the failure's reproductions went without them, so
/// the printed curl line (and `netspec call` line) went direct, where the check had gone through
/// the proxy. Both now carry them as `netspec call --curl` does (ProxyOptions.curlOptions), the
/// proxy's credentials `<redacted>`.
@Suite struct CheckReproduceProxyTests {
    @Test func theReproductionsCarryTheProxyOptions() async throws {
        let (spec, _) = try CheckReproduceCallerHeadersTests.setUp()
        let token = CheckReproduceCallerHeadersTests.token
        try await withTestServer(TestHandlers.text(status: 500, body: "down")) { server in
            let proxy = try await RawServer.connectProxy()
            let port = proxy.server.port
            let base = server.baseURL
            let result = try await CLI.run(
                ["check", spec, "--base-url", base, "--phases", "examples", "--checks", "not_a_server_error", "--var", "\(token)=VAR-SEKRIT",
                 "--proxy", "http://ada:secret@127.0.0.1:\(port)", "--noproxy", "example.com, localhost"],
                unsetting: CallProxyOptionTests.variables + [token]
            )
            try await proxy.server.shutdown()
            #expect(result.status == 1, "\(result.stderr)")
            let options = "--proxy 'http://<redacted>@127.0.0.1:\(port)' --noproxy 'example.com, localhost'"
            #expect(result.stdout.contains("""
                  Reproduce with:
                    netspec call \(spec) listItems --base-url \(base) --var \(token)="$\(token)" \(options)
                    curl \(base)/items \(CheckReproduceCallerHeadersTests.curlDefaults) -H "Authorization: Bearer ${\(token)}" --compressed \(options)

                """), "\(result.stdout)")
            #expect(!result.stdout.contains("secret"))
            #expect(!result.stdout.contains("SEKRIT"))
            #expect(proxy.connects() == ["127.0.0.1:\(server.port)"])
        }
    }
}
