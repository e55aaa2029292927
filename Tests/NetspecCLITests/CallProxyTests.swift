import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec call` honours `http_proxy`, `https_proxy`, `all_proxy` and `no_proxy` as curl does, for
/// HTTP calls (which ignored them) and WebSockets alike; a value that cannot be used is a
/// configuration error (exit 78) naming the variable, where it was ignored.
@Suite struct CallProxyTests {
    static func spec(_ baseURL: String) throws -> String {
        try CLI.temporarySpec("""
            netspec: 1
            service: Proxied
            baseURL: \(baseURL)
            endpoints:
              get: { GET: /get }
              echo:
                GET: /echo
                stream: websocket
            """, name: "proxied.yaml")
    }

    /// The call goes through the proxy's `CONNECT` tunnel to the server; `no_proxy` listing the
    /// host sends it directly.
    @Test func anHTTPCallGoesThroughTheProxy() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"ok":true}"#)) { server in
            let spec = try Self.spec(server.baseURL)
            let proxy = try await RawServer.connectProxy()
            let proxied = try await CLI.run(["call", spec, "get"], environment: ["http_proxy": "127.0.0.1:\(proxy.server.port)"], unsetting: ["no_proxy", "NO_PROXY"])
            let direct = try await CLI.run(
                ["call", spec, "get"], environment: ["http_proxy": "127.0.0.1:\(proxy.server.port)", "no_proxy": "127.0.0.1"], unsetting: ["NO_PROXY"]
            )
            try await proxy.server.shutdown()
            #expect(proxied.status == 0, "\(proxied.stderr)")
            #expect(proxied.stdout == "{\"ok\":true}\n")
            #expect(direct.status == 0, "\(direct.stderr)")
            #expect(proxy.connects() == ["127.0.0.1:\(server.port)"])
            #expect(server.requestCount == 2)
        }
    }

    @Test func aValueThatCannotBeUsedExits78NamingIt() async throws {
        try await withTestServer(TestHandlers.json(body: "{}")) { server in
            let spec = try Self.spec(server.baseURL)
            let result = try await CLI.run(["call", spec, "get"], environment: ["http_proxy": "socks4://ada:secret@127.0.0.1:1080"], unsetting: ["no_proxy", "NO_PROXY"])
            #expect(result.status == 78)
            #expect(result.stdout == "")
            #expect(result.stderr == """
                error: endpoint 'get': http_proxy 'socks4://<redacted>@127.0.0.1:1080' cannot be used: socks4:// proxies are not supported (use http://, socks5:// or socks5h://)

                """)
            #expect(server.requestCount == 0)
        }
    }

    /// A WebSocket's proxy written without its scheme was not used (it needed `http://host:port`).
    @Test func aWebSocketGoesThroughAProxyWrittenWithoutScheme() async throws {
        try await WebSocketTestServer.with { port in
            let spec = try Self.spec("http://127.0.0.1:\(port)")
            let proxy = try await RawServer.connectProxy()
            let result = try await CLI.run(
                ["call", spec, "echo"], stdin: Array("{\"a\": 1}\n".utf8),
                environment: ["http_proxy": "127.0.0.1:\(proxy.server.port)"], unsetting: ["no_proxy", "NO_PROXY"]
            )
            try await proxy.server.shutdown()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "{\"a\":1}\n")
            #expect(proxy.connects() == ["127.0.0.1:\(port)"])
        }
    }

    @Test func aWebSocketsProxyThatCannotBeUsedExits78() async throws {
        let spec = try Self.spec("http://127.0.0.1:9")
        let result = try await CLI.run(
            ["call", spec, "echo"], stdin: Array("1\n".utf8), environment: ["all_proxy": "socks4://127.0.0.1:1080"], unsetting: ["http_proxy", "no_proxy", "NO_PROXY"]
        )
        #expect(result.status == 78)
        #expect(result.stderr == """
            error: endpoint 'echo': all_proxy 'socks4://127.0.0.1:1080' cannot be used: socks4:// proxies are not supported (use http://, socks5:// or socks5h://)

            """)
    }
}
