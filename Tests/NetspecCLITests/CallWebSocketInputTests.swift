import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec call` on a WebSocket: what standard input's lines are sent as (a binary line's bytes
/// exactly, text and JSON refused when not UTF-8 or not of the `send:` type), and the options a
/// WebSocket does not take.
@Suite struct CallWebSocketInputTests {
    static func spec(_ baseURL: String) throws -> String {
        try CLI.temporarySpec("""
            netspec: 1
            service: Sockets
            baseURL: \(baseURL)
            endpoints:
              echo:
                GET: /echo
                stream: websocket
              text:
                GET: /echo
                stream: websocket
                messages: text
              bin:
                GET: /echo
                stream: websocket
                messages: binary
              typed:
                GET: /echo
                stream: websocket
                send: "(text: String)"
            """, name: "sockets.yaml")
    }

    /// A binary message is the line's bytes, not UTF-8 and a `\r` included (it lost U+FFFD for
    /// 0xFF and its `\r`); received bytes print as base64 without `-r`.
    @Test func binaryLinesAreSentAsTheirBytes() async throws {
        try await WebSocketTestServer.with { port in
            let spec = try Self.spec("http://127.0.0.1:\(port)")
            let result = try await CLI.run(["call", spec, "bin"], stdin: [0x61, 0xFF, 0x62, 0x0A, 0x63, 0x0D, 0x0A, 0x00, 0x0A])
            #expect(result.status == 0, "\(result.stderr)")
            // base64 of 61 FF 62, of 63 0D and of 00.
            #expect(result.stdout == "Yf9i\nYw0=\nAA==\n")
            #expect(result.stderr == "")
        }
    }

    /// Text and JSON lines must be UTF-8: one that is not is a usage error naming the line and the
    /// byte (it was sent with U+FFFD in place of the byte).
    @Test(arguments: [
        ("text", [0x61, 0xFF, 0x62, 0x0A], "line 1 of standard input is not UTF-8 (0xFF at byte 2); the messages are text"),
        ("echo", Array(#"{"a":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8) + [0x0A], "line 1 of standard input is not UTF-8 (0xC3 at byte 7); the messages are JSON"),
    ] as [(String, [UInt8], String)])
    func aLineThatIsNotUTF8IsAUsageError(_ endpoint: String, _ input: [UInt8], _ message: String) async throws {
        try await WebSocketTestServer.with { port in
            let result = try await CLI.run(["call", try Self.spec("http://127.0.0.1:\(port)"), endpoint], stdin: input)
            #expect(result.status == 64)
            #expect(result.stdout == "")
            #expect(result.stderr == "error: endpoint '\(endpoint)': \(message)\n")
        }
    }

    /// Standard input that cannot be read (a directory: EISDIR) exits 74 naming it, as it does
    /// for a `_` parameter (it exited 1).
    @Test func standardInputThatCannotBeReadExits74() async throws {
        try await WebSocketTestServer.with { port in
            let spec = try Self.spec("http://127.0.0.1:\(port)")
            let result = try await ChildProcess.run(
                "/bin/sh", ["-c", #"exec "$0" "$@" < /"#, CLI.executable, "call", spec, "echo"],
                directory: CLI.root, environment: CLI.environment(), timeLimit: hangTimeout)
            #expect(result.status == 74, "\(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderr == "error: cannot read standard input: Is a directory\n")
        }
    }

    /// Text lines still lose a `\r` before their `\n`, and `-` (or `-\r`) ends the input.
    @Test func textLinesLoseTheirLineEnd() async throws {
        try await WebSocketTestServer.with { port in
            let spec = try Self.spec("http://127.0.0.1:\(port)")
            let result = try await CLI.run(["call", spec, "text"], stdin: Array("über\r\nzwei\n-\r\nnever\n".utf8))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "über\nzwei\n")
        }
    }

    /// A JSON line that is not of the `send:` type is bad input, as a line that is not JSON is
    /// (it exited 1 with "cannot send on the WebSocket").
    @Test func aLineThatBreaksTheSendTypeIsAUsageError() async throws {
        try await WebSocketTestServer.with { port in
            let result = try await CLI.run(["call", try Self.spec("http://127.0.0.1:\(port)"), "typed"], stdin: Array("{\"text\":5}\n".utf8))
            #expect(result.status == 64)
            #expect(result.stdout == "")
            #expect(result.stderr == """
                error: endpoint 'typed': line 1 of standard input does not have the 'send: (text: String)' type at 'text': \
                expected String, found Int; it and the lines after it were not sent

                """)
        }
    }

    /// A JSON line with an integer wider than 64 bits that a Double changes is refused, as such a
    /// parameter is (it was sent with the Double's digits, silently); one a Double keeps is sent.
    @Test func aLineWithAnIntegerADoubleChangesIsAUsageError() async throws {
        try await WebSocketTestServer.with { port in
            let spec = try Self.spec("http://127.0.0.1:\(port)")
            let result = try await CLI.run(["call", spec, "echo"], stdin: Array("{\"n\":1}\n{\"id\":123456789012345678901234567890}\n{\"n\":2}\n".utf8))
            #expect(result.status == 64)
            #expect(result.stdout == "")
            #expect(result.stderr == """
                error: endpoint 'echo': line 2 of standard input has 123456789012345678901234567890, more significant digits than \
                Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as \
                123456789012345677877719597056, so it and the lines after it were not sent

                """)
            let kept = try await CLI.run(["call", spec, "echo"], stdin: Array("{\"id\":12345678901234567}\n".utf8))
            #expect(kept.status == 0, "\(kept.stderr)")
            #expect(kept.stdout == "{\"id\":12345678901234567}\n")
        }
    }

    /// Options a WebSocket would ignore are usage errors naming them: its upgrade follows no
    /// redirect, it is never cached, and no response is checked against the document.
    @Test(arguments: [
        (["--max-redirects", "5"], "--max-redirects follows redirects, and 'echo' is a WebSocket, whose upgrade follows none (a 3xx answer fails it)"),
        (["--no-follow"], "--no-follow acts on redirects, and 'echo' is a WebSocket, whose upgrade follows none (a 3xx answer fails it)"),
        (["--no-cache"], "--no-cache acts on the HTTP cache, and 'echo' is a WebSocket, which is never cached"),
        (["--validate"], "--validate checks a response against the document, and 'echo' is a WebSocket (its messages are checked against 'receive:')"),
        (["-o", "/dev/null"], "-o writes a response body, and 'echo' is a WebSocket (its messages are printed as lines)"),
    ])
    func optionsAWebSocketDoesNotTakeAreUsageErrors(_ options: [String], _ message: String) async throws {
        let result = try await CLI.run(["call", try Self.spec("http://127.0.0.1:9"), "echo"] + options, stdin: Array("{}\n".utf8))
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: \(message)\n"), "\(result.stderr)")
    }
}
