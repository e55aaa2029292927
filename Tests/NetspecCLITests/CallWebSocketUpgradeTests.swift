import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec call` on a WebSocket's upgrade: a refusal (another answer than 101) says its status and
/// body and exits by its status as a call does; `-v` and `--dry-run` show the upgrade request as it
/// is sent (but its `Sec-WebSocket-Key`), and `--curl` is refused.
@Suite struct CallWebSocketUpgradeTests {
    static func spec(_ port: Int) throws -> String {
        try CLI.temporarySpec("""
            netspec: 1
            service: Sockets
            baseURL: http://127.0.0.1:\(port)
            endpoints:
              at: { GET: /ws, stream: websocket }
              sub: { GET: /ws, stream: websocket, messages: text, subprotocols: [chat.v1, chat.v2] }
            """, name: "sockets.yaml")
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var statusLine: String
        var headers: [String] = []
        var body: [UInt8]
        var status: Int32
        var stderr: String
        var testDescription: String { statusLine }
    }

    /// The status line and the body on standard error, and 3/4/5 by the status's class, as for a
    /// call's answer (it was "the server did not upgrade the connection", exit 1, whatever the
    /// answer); a 2xx is no HTTP error: exit 1, saying it was not 101.
    @Test(arguments: [
        Refusal(statusLine: "403 Forbidden", headers: ["Content-Type: text/plain"], body: Array("token expired".utf8), status: 4, stderr: "HTTP/1.1 403 Forbidden\ntoken expired\n"),
        Refusal(statusLine: "503 Service Unavailable", headers: ["Retry-After: 5"], body: Array("busy".utf8), status: 5, stderr: "HTTP/1.1 503 Service Unavailable\nbusy\n"),
        Refusal(statusLine: "302 Found", headers: ["Location: /elsewhere"], body: [], status: 3, stderr: "HTTP/1.1 302 Found\n"),
        Refusal(statusLine: "404 Not Found", body: [0, 1, 0xFF], status: 4, stderr: "HTTP/1.1 404 Not Found\n<3 bytes of binary data>\n"),
        Refusal(
            statusLine: "200 OK", body: Array("<p>hi</p>".utf8), status: 1,
            stderr: "error: endpoint 'at': HTTP 200 OK, not 101 Switching Protocols (the WebSocket upgrade)\nHTTP/1.1 200 OK\n<p>hi</p>\n"
        ),
    ])
    func aRefusedUpgradeSaysItsStatusAndBody(row: Refusal) async throws {
        let server = try await UpgradeAnswerServer.start(answer: UpgradeAnswerServer.refusal(row.statusLine, headers: row.headers, body: row.body))
        let result = try await CLI.run(["call", try Self.spec(server.port), "at"], stdin: [])
        try await server.shutdown()
        #expect(result.status == row.status)
        #expect(result.stdout == "")
        #expect(result.stderr == row.stderr)
    }

    /// `-v` shows the upgrade request line by line as the server gets it (it showed a
    /// `Sec-WebSocket-Extensions` that was not sent, and not the `Host`, the client's own `Origin` or
    /// `Sec-WebSocket-Protocol`), with only the key left out, and the refusal's head.
    @Test func verboseShowsTheUpgradeAsSent() async throws {
        let server = try await UpgradeAnswerServer.start(answer: UpgradeAnswerServer.refusal("403 Forbidden", body: Array("no".utf8)))
        let result = try await CLI.run(["call", try Self.spec(server.port), "sub", "-v", "-H", "Origin: http://app.example"], stdin: [])
        try await server.shutdown()
        let port = server.port
        #expect(result.status == 4)
        #expect(result.stderr == """
            > GET http://127.0.0.1:\(port)/ws HTTP/1.1
            > Host: 127.0.0.1:\(port)
            > Origin: http://app.example
            > Accept: */*
            > User-Agent: netspec/0.1.0
            > Sec-WebSocket-Protocol: chat.v1, chat.v2
            > Sec-WebSocket-Extensions: permessage-deflate
            > Connection: upgrade
            > Upgrade: websocket
            > Sec-WebSocket-Version: 13
            >
            < HTTP/1.1 403 Forbidden
            < Content-Length: 2
            <
            HTTP/1.1 403 Forbidden
            no

            """)
        let shown = result.stderr.split(separator: "\n").filter { $0.hasPrefix("> ") }.map { String($0.dropFirst(2)) }.dropFirst()
        let wire = try #require(server.heads.first).dropFirst().filter { !$0.hasPrefix("Sec-WebSocket-Key: ") }
        #expect(Array(shown) == wire)
    }

    /// `--dry-run` prints the upgrade request (it printed a plain GET with `Accept-Encoding`);
    /// `--curl` is a usage error, since curl's command line cannot carry the messages.
    @Test func dryRunPrintsTheUpgradeAndCurlIsRefused() async throws {
        let spec = try Self.spec(9)
        let dryRun = try await CLI.run(["call", spec, "sub", "--dry-run"])
        #expect(dryRun.status == 0)
        #expect(dryRun.stdout == """
            GET http://127.0.0.1:9/ws HTTP/1.1
            Host: 127.0.0.1:9
            Accept: */*
            User-Agent: netspec/0.1.0
            Sec-WebSocket-Protocol: chat.v1, chat.v2
            Sec-WebSocket-Extensions: permessage-deflate
            Connection: upgrade
            Upgrade: websocket
            Sec-WebSocket-Version: 13


            """)
        let curl = try await CLI.run(["call", spec, "sub", "--curl"])
        #expect(curl.status == 64)
        #expect(curl.stdout == "")
        #expect(curl.stderr == "error: --curl prints a curl command, and 'sub' is a WebSocket, whose upgrade and messages a curl command line cannot carry; --dry-run prints the upgrade request\n")
    }
}
