import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec call` on `stream: websocket` endpoints: standard input's lines out, messages in as
/// lines, exit statuses, `--mock`, `-v`, Ctrl-C.
@Suite struct CallWebSocketTests {
    static func spec(_ baseURL: String) throws -> String {
        try CLI.temporarySpec("""
            netspec: 1
            service: Sockets
            baseURL: \(baseURL)
            endpoints:
              echo:
                GET: /echo
                stream: websocket
                params: { parts: Int? }
              text:
                GET: /echo
                stream: websocket
                messages: text
              closes:
                GET: /close4000
                stream: websocket
              peer:
                GET: /
                stream: websocket
              mocked:
                GET: /echo
                stream: websocket
                mock: { messages: [{ text: hi }, "bye"] }
            """, name: "sockets.yaml")
    }

    @Test(arguments: [1, 4])
    func linesAreSentAndRepliesPrinted(parts: Int) async throws {
        try await WebSocketTestServer.with { port in
            let spec = try Self.spec("http://127.0.0.1:\(port)")
            let result = try await CLI.run(["call", spec, "echo", "parts=\(parts)"], stdin: Array("{\"a\": 1}\n[1, 2]\n\"x\"\n-\n{\"never\": 1}\n".utf8))
            #expect(result.status == 0)
            #expect(result.stdout == "{\"a\":1}\n[1,2]\n\"x\"\n")
            #expect(result.stderr == "")
            let text = try await CLI.run(["call", spec, "text"], stdin: Array("hello\nnot json\n".utf8))
            #expect(text.stdout == "hello\nnot json\n")
            let raw = try await CLI.run(["call", spec, "echo", "--keypath", "a", "-r"], stdin: Array("{\"a\": \"bare\"}\n".utf8))
            #expect(raw.stdout == "bare\n")
        }
    }

    /// `http_proxy` is honoured as curl and swift-websocket honour it: the upgrade goes through the
    /// proxy's `CONNECT` tunnel (`no_proxy` unset, since a machine's own may list 127.0.0.1).
    @Test func theConnectionGoesThroughHTTPProxy() async throws {
        try await WebSocketTestServer.with { port in
            let spec = try Self.spec("http://127.0.0.1:\(port)")
            let proxy = try await RawServer.connectProxy()
            let result = try await CLI.run(
                ["call", spec, "echo"], stdin: Array("{\"a\": 1}\n".utf8),
                environment: ["http_proxy": "http://127.0.0.1:\(proxy.server.port)"], unsetting: ["no_proxy", "NO_PROXY"]
            )
            try await proxy.server.shutdown()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "{\"a\":1}\n")
            #expect(proxy.connects() == ["127.0.0.1:\(port)"])
            // HTTP/1.1 requires Host of every request (RFC 9112 §3.2); swift-websocket sent none.
            #expect(proxy.heads() == [["Host: 127.0.0.1:\(port)"]])
        }
    }

    /// The proxy URL's credentials go as `Proxy-Authorization: Basic`, as curl sends them (they
    /// were dropped).
    @Test func theProxysCredentialsAreSent() async throws {
        try await WebSocketTestServer.with { port in
            let spec = try Self.spec("http://127.0.0.1:\(port)")
            let proxy = try await RawServer.connectProxy()
            let result = try await CLI.run(
                ["call", spec, "echo"], stdin: Array("{\"a\": 1}\n".utf8),
                environment: ["http_proxy": "http://ada:p%40ss@127.0.0.1:\(proxy.server.port)"], unsetting: ["no_proxy", "NO_PROXY"]
            )
            try await proxy.server.shutdown()
            #expect(result.status == 0, "\(result.stderr)")
            // base64 of "ada:p@ss".
            #expect(proxy.heads() == [["Host: 127.0.0.1:\(port)", "Proxy-Authorization: Basic YWRhOnBAc3M="]])
        }
    }

    @Test func verboseShowsTheUpgradeAndTheCloseFrames() async throws {
        try await WebSocketTestServer.with { port in
            let spec = try Self.spec("http://127.0.0.1:\(port)")
            let result = try await CLI.run(["call", spec, "echo", "-v"], stdin: Array("1\n".utf8))
            #expect(result.status == 0)
            #expect(result.stdout == "1\n")
            #expect(result.stderr == """
                > GET http://127.0.0.1:\(port)/echo HTTP/1.1
                > Host: 127.0.0.1:\(port)
                > Accept: */*
                > User-Agent: netspec/0.1.0
                > Sec-WebSocket-Extensions: permessage-deflate
                > Connection: upgrade
                > Upgrade: websocket
                > Sec-WebSocket-Version: 13
                >
                < HTTP/1.1 101 Switching Protocols
                < Upgrade: websocket
                < Connection: Upgrade
                < Sec-WebSocket-Extensions: permessage-deflate
                <
                > close 1000
                < close 1000

                """)
        }
    }

    @Test func aLineThatIsNotJSONIsAUsageError() async throws {
        try await WebSocketTestServer.with { port in
            let result = try await CLI.run(["call", try Self.spec("http://127.0.0.1:\(port)"), "echo"], stdin: Array("nope\n".utf8))
            #expect(result.status == 64)
            #expect(result.stderr == "error: endpoint 'echo': line 1 of standard input is not JSON (line 1, column 1: invalid literal, expected 'null'); the messages are JSON\n")
        }
    }

    @Test func anAbnormalCloseExits1WithItsCodeAndReason() async throws {
        try await WebSocketTestServer.with { port in
            let result = try await CLI.run(["call", try Self.spec("http://127.0.0.1:\(port)"), "closes"])
            #expect(result.status == 1)
            #expect(result.stderr == "error: WebSocket 'closes': the server closed the connection with 4000 (bye)\n")
        }
    }

    @Test func mockReplaysTheMessages() async throws {
        let result = try await CLI.run(["call", try Self.spec("http://127.0.0.1:9"), "mocked", "--mock"])
        #expect(result.status == 0)
        #expect(result.stdout == "{\"text\":\"hi\"}\n\"bye\"\n")
    }

    @Test func lingerAppliesOnlyToWebSockets() async throws {
        let result = try await CLI.run(["call", try CLI.temporarySpec("netspec: 1\nservice: S\nendpoints:\n  e: { GET: /e }\n"), "e", "--linger", "1"])
        #expect(result.status == 64)
        #expect(result.stderr == "error: --linger applies to WebSocket endpoints, and 'e' returns a whole response\n")
    }

    @Test func interruptClosesWith1001AndExits130() async throws {
        try await WebSocketTestServer.with { port in
            let child = try CLIProcess(["call", try Self.spec("http://127.0.0.1:\(port)"), "echo", "-v"])
            #expect(await child.waitForErrors(containing: "< HTTP/1.1 101"))
            child.interrupt()
            let result = await child.wait()
            #expect(result.status == 130)
            // The server's answering close is printed when it comes within the closing wait; a full
            // run on two cores has starved this in-process server past it, so only ours is required.
            #expect(result.stderr.hasSuffix("> close 1001\n< close 1000\n") || result.stderr.hasSuffix("> close 1001\n"), "\(result.stderr)")
        }
    }

    /// Python `websockets` (a peer none of us wrote) closing with 1011.
    @Test(.enabled(if: Peers.python != nil, "needs the Python peers (Tests/Peers/setup.sh); see the printed reason"))
    func aPythonServerClosingWith1011() async throws {
        let peer = try await ChildProcess.blocking { Result { try WebSocketPeer.start(python: Peers.python!) } }.get()
        defer { Thread { peer.stop() }.start() }
        let spec = try Self.spec(peer.baseURL("close1011"))
        let result = try await CLI.run(["call", spec, "peer"])
        #expect(result.status == 1)
        #expect(result.stdout == "{\"hello\":\"world\"}\n")
        #expect(result.stderr == "error: WebSocket 'peer': the server closed the connection with 1011 (overloaded)\n")
        let echo = try await CLI.run(["call", try Self.spec(peer.baseURL("echo")), "text"], stdin: Array("über\nzwei\n".utf8))
        #expect(echo.status == 0)
        #expect(echo.stdout == "über\nzwei\n")
    }
}
