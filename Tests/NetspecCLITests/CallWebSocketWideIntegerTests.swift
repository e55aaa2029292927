import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec call` on a `stream: websocket` endpoint never changes a message's integer silently:
/// one with more digits than a Double keeps prints as the server wrote it when the message prints
/// whole, and with `--keypath` prints as before with one warning line for the message, as a
/// response's does (``CallWideIntegerOutputTests``). Against a real WebSocket server on 127.0.0.1
/// (`/say`: each line of `text` as a message, then a normal close).
@Suite struct CallWebSocketWideIntegerTests {
    static func spec(_ baseURL: String) throws -> String {
        try CLI.temporarySpec("""
            netspec: 1
            service: Sockets
            baseURL: \(baseURL)
            endpoints:
              say:
                GET: /say
                stream: websocket
                params: { text: String }
            """, name: "sockets.yaml")
    }

    /// `netspec call sockets.yaml say text=MESSAGES FLAGS`, the server sending each line of `messages`.
    static func call(_ messages: String, _ flags: [String] = []) async throws -> CLI.Result {
        try await WebSocketTestServer.with { port in
            try await CLI.run(["call", try Self.spec("http://127.0.0.1:\(port)"), "say", "text=\(messages)"] + flags)
        }
    }

    /// Each message whole: the digits as the server wrote them, a negative nested one too, no warning.
    @Test func messagesKeepTheDigits() async throws {
        let result = try await Self.call("""
            {"id": 123456789012345678901234567890, "name": "x"}
            [7, -98765432109876543210987654321]
            """)
        #expect(result.stdout == """
            {"id":123456789012345678901234567890,"name":"x"}
            [7,-98765432109876543210987654321]

            """)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// `--keypath` selects the number: the Double's digits, and one warning for each message,
    /// naming where the number was, in the words of a response's.
    @Test func aKeyPathWarnsForEachMessage() async throws {
        let result = try await Self.call("""
            {"id": 123456789012345678901234567890}
            {"id": 98765432109876543210987654321}
            """, ["--keypath", "id"])
        #expect(result.stdout == "123456789012345677877719597056\n98765432109876546265216450560\n")
        #expect(result.stderr == """
            warning: the answer's integer at /id, 123456789012345678901234567890, has more digits than netspec keeps (about 17); \
            printed as 123456789012345677877719597056
            warning: the answer's integer at /id, 98765432109876543210987654321, has more digits than netspec keeps (about 17); \
            printed as 98765432109876546265216450560

            """)
        #expect(result.status == 0)
    }

    /// Numbers a Double or an Int keeps print as before, with no warning, whole or under a key path.
    @Test func ordinaryNumbersDoNotWarn() async throws {
        let message = #"{"n": 1, "f": 2.5, "i": 9223372036854775807, "d": 9007199254740992}"#
        let whole = try await Self.call(message)
        #expect(whole.stdout == #"{"n":1,"f":2.5,"i":9223372036854775807,"d":9007199254740992}"# + "\n")
        #expect(whole.stderr == "")
        let selected = try await Self.call(message, ["--keypath", "i"])
        #expect(selected.stdout == "9223372036854775807\n")
        #expect(selected.stderr == "")
        #expect(selected.status == 0)
    }
}
