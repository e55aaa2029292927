import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// Servers that break RFC 6455 (MisbehavingWebSocketServer): each error says what the server
/// did, and it is the first error that is said, also when the server then drops the connection
/// (the reset used to be reported in its place) or holds it open; the client closes with the
/// code the error calls for. A close frame without a code is a normal end (1005). A 101 answer
/// with a wrong Sec-WebSocket-Accept, or a subprotocol or extension that was not offered, fails
/// the upgrade naming the header.
@Suite struct WebSocketProtocolErrorTests {
    typealias Server = MisbehavingWebSocketServer

    static func spec(_ port: Int) -> String {
        """
        netspec: 1
        service: S
        baseURL: http://127.0.0.1:\(port)
        endpoints:
          json: { GET: /, stream: websocket }
          proto: { GET: /, stream: websocket, subprotocols: [chat.v1] }
        """
    }

    enum Outcome: Equatable, CustomStringConvertible {
        case messages([JSONValue])
        case failed(String, closeCode: Int?)

        var description: String {
            switch self {
            case let .messages(values): "messages \(values)"
            case let .failed(text, code): "failed \(code.map(String.init) ?? "-"): \(text)"
            }
        }
    }

    /// Reads every message of `endpoint` from a server that answers with `bytes`: the messages,
    /// or the error after them; and the server, to ask what the client sent it.
    static func read(
        _ bytes: [UInt8], ending: Server.Ending, headers: [String] = [], accept: String? = nil, endpoint: String = "json"
    ) async throws -> (outcome: Outcome, port: Int, server: Server) {
        let server = try await Server.start(headers: headers, accept: accept, bytes: bytes, ending: ending)
        var options = WebSocketSpecs.patient
        options.streams.maxWebSocketMessageSize = 1000
        let api = Service(spec: try Spec(yaml: spec(server.port), file: "ws.yaml"), provider: Provider(options: options))
        var values: [JSONValue] = []
        let outcome: Outcome
        do {
            for try await message in try await api.connect(endpoint).messages { values.append(message.value) }
            outcome = .messages(values)
        } catch let CallError.transport(error) {
            outcome = .failed((values.isEmpty ? "" : "after \(values): ") + error.description, closeCode: error.closeCode)
        } catch {
            outcome = .failed((values.isEmpty ? "" : "after \(values): ") + "\(error)", closeCode: nil)
        }
        return (outcome, server.port, server)
    }

    static func frame(_ opcode: UInt8, _ payload: [UInt8], _ fin: Bool, _ rsv: UInt8) -> [UInt8] {
        Server.frame(opcode, payload, fin: fin, rsv: rsv)
    }

    static func text(_ text: String) -> [UInt8] { Server.frame(0x1, Array(text.utf8)) }

    @Test(arguments: [Server.Ending.drop, .hold])
    func aCloseFrameWithoutACodeIsANormalEnd(ending: Server.Ending) async throws {
        let (outcome, _, server) = try await Self.read(Self.text(#"{"a":1}"#) + Self.frame(0x8, [], true, 0), ending: ending)
        #expect(outcome == .messages([["a": 1]]))
        // The client answers with a close frame of its own.
        #expect(try await eventually { server.clientCloses.count == 1 })
        try await server.shutdown()
    }

    /// A frame that breaks the protocol, what the client says of it (after `ws://127.0.0.1:PORT/: `),
    /// and the close code it sends.
    static let frameErrors: [(name: String, bytes: [UInt8], error: String, code: Int)] = [
        ("text not UTF-8", frame(0x1, [0x22, 0xff, 0xfe, 0x22], true, 0), "the server sent a text message that is not UTF-8; the connection was closed with 1007", 1007),
        ("too large", frame(0x2, Array(repeating: 0, count: 1500), true, 0),
         "a message is larger than the limit of 1000 bytes (Provider.Options.streams.maxWebSocketMessageSize); the connection was closed with 1009", 1009),
        ("too large in fragments", frame(0x2, Array(repeating: 0, count: 900), false, 0) + frame(0x0, Array(repeating: 0, count: 900), true, 0),
         "a message is larger than the limit of 1000 bytes (Provider.Options.streams.maxWebSocketMessageSize); the connection was closed with 1009", 1009),
        ("RSV1", frame(0x1, Array(#"{"a":1}"#.utf8), true, 0x40), "the server sent a frame with RSV1 set, which no agreed extension uses; the connection was closed with 1002", 1002),
        ("RSV2 and RSV3", frame(0x1, Array(#"{"a":1}"#.utf8), true, 0x30), "the server sent a frame with RSV2 and RSV3 set, which no agreed extension uses; the connection was closed with 1002", 1002),
        ("reserved opcode", frame(0x3, [0x78], true, 0), "the server sent a frame with the reserved opcode 3; the connection was closed with 1002", 1002),
        ("reserved control opcode", frame(0xB, [], true, 0), "the server sent a frame with the reserved opcode 11; the connection was closed with 1002", 1002),
        ("continuation first", frame(0x0, [0x78], true, 0), "the server sent a continuation frame with no message to continue; the connection was closed with 1002", 1002),
        ("new message inside one", frame(0x1, Array(#"{"a""#.utf8), false, 0) + text(#"{"b":1}"#),
         "the server sent a new text message before the end of the fragmented one; the connection was closed with 1002", 1002),
        ("close of 1 byte", frame(0x8, [0x03], true, 0), "the server sent a close frame of 1 byte (a close code takes 2); the connection was closed with 1002", 1002),
        ("close reason not UTF-8", Server.close(1000, [0xff]), "the server sent a close frame (1000) whose reason is not UTF-8; the connection was closed with 1002", 1002),
        ("close with RSV1", frame(0x8, [0x03, 0xe8], true, 0x40), "the server sent a close frame with RSV1 set; the connection was closed with 1002", 1002),
        ("ping over 125 bytes", frame(0x9, Array(repeating: 0x78, count: 126), true, 0),
         "the server sent a control frame (ping, pong or close) longer than 125 bytes; the connection was closed with 1002", 1002),
    ] + [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000, 65535].map { code in
        ("close code \(code)", Server.close(code), "the server sent a close frame with the code \(code), which must not be sent in a close frame; the connection was closed with 1002", 1002)
    }

    @Test(arguments: [Server.Ending.drop, .hold])
    func aFrameThatBreaksTheProtocolIsSaid(ending: Server.Ending) async throws {
        for (name, bytes, error, code) in Self.frameErrors {
            let (outcome, port, server) = try await Self.read(bytes, ending: ending)
            #expect(outcome == .failed("ws://127.0.0.1:\(port)/: \(error)", closeCode: code), "\(name)")
            #expect(try await eventually { !server.clientCloseCodes.isEmpty }, "\(name)")
            #expect(server.clientCloseCodes.first == code, "\(name)")
            try await server.shutdown()
        }
    }

    /// The messages before the bad frame arrive first, in the same read as it.
    @Test(arguments: [Server.Ending.drop, .hold])
    func theMessagesBeforeTheErrorArrive(ending: Server.Ending) async throws {
        let (outcome, port, server) = try await Self.read(Self.text("1") + Self.text("2") + Self.frame(0x3, [], true, 0), ending: ending)
        #expect(outcome == .failed("after [1, 2]: ws://127.0.0.1:\(port)/: the server sent a frame with the reserved opcode 3; the connection was closed with 1002", closeCode: 1002))
        try await server.shutdown()
    }

    /// A message that is not JSON is said as it is, and the client closes with 1003 (the
    /// server's close 1000 right after it, or the reset, used to win).
    @Test(arguments: [Server.Ending.drop, .hold])
    func aMessageThatIsNotJSON(ending: Server.Ending) async throws {
        let (outcome, _, server) = try await Self.read(Self.text("not json") + Server.close(1000), ending: ending)
        guard case let .failed(text, closeCode) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(text.hasPrefix("endpoint 'json': a message is not JSON ("), "\(text)")
        #expect(text.hasSuffix("): not json"), "\(text)")
        #expect(closeCode == nil)
        #expect(try await eventually { !server.clientCloseCodes.isEmpty })
        #expect(server.clientCloseCodes.first == 1003)
        try await server.shutdown()
    }

    /// Codes that may be sent are the server's close, normal or not.
    @Test func closeCodesThatMayBeSent() async throws {
        for code in [1000, 1001, 1003, 1011, 1012, 1014, 3000, 4999] {
            let (outcome, _, server) = try await Self.read(Server.close(code, Array("why".utf8)), ending: .hold)
            #expect(outcome == (code == 1000 ? .messages([]) : .failed("WebSocket 'json': the server closed the connection with \(code) (why)", closeCode: code)), "\(code)")
            try await server.shutdown()
        }
    }

    /// A 101 answer that breaks the opening handshake, the endpoint, and what the client says
    /// of it (after `ws://127.0.0.1:PORT/: the server did not upgrade the connection to a WebSocket: its 101 answer `).
    static let handshakeErrors: [(name: String, headers: [String], accept: String?, endpoint: String, error: String)] = [
        ("wrong accept", [], "AAAA", "json", "has the Sec-WebSocket-Accept 'AAAA', which does not match the Sec-WebSocket-Key sent"),
        ("no accept", [], "", "json", "has the Sec-WebSocket-Accept '', which does not match the Sec-WebSocket-Key sent"),
        ("subprotocol not offered", ["Sec-WebSocket-Protocol: other.v9"], nil, "proto",
         "chose the subprotocol 'other.v9' in Sec-WebSocket-Protocol, which was not offered (the offer was chat.v1)"),
        ("subprotocol when none was offered", ["Sec-WebSocket-Protocol: chat.v1"], nil, "json",
         "chose the subprotocol 'chat.v1' in Sec-WebSocket-Protocol, which was not offered (none was offered)"),
        ("extension not offered", ["Sec-WebSocket-Extensions: x-unknown"], nil, "json",
         "agreed to the extension 'x-unknown' in Sec-WebSocket-Extensions, which was not offered (the offer was permessage-deflate)"),
        ("one extension of two not offered", ["Sec-WebSocket-Extensions: permessage-deflate, x-other; a=1"], nil, "json",
         "agreed to the extension 'x-other' in Sec-WebSocket-Extensions, which was not offered (the offer was permessage-deflate)"),
    ]

    @Test func aHandshakeThatBreaksTheProtocolFailsTheUpgrade() async throws {
        for (name, headers, accept, endpoint, error) in Self.handshakeErrors {
            let (outcome, port, server) = try await Self.read(Self.text(#"{"a":1}"#) + Server.close(1000), ending: .hold, headers: headers, accept: accept, endpoint: endpoint)
            #expect(outcome == .failed("ws://127.0.0.1:\(port)/: the server did not upgrade the connection to a WebSocket: its 101 answer \(error) (RFC 6455 §4.1); the connection was closed", closeCode: nil), "\(name)")
            try await server.shutdown()
        }
    }

    /// What was offered may be chosen.
    @Test func aHandshakeThatKeepsToTheOffer() async throws {
        let (outcome, _, server) = try await Self.read(
            Self.text(#"{"a":1}"#) + Server.close(1000), ending: .hold, headers: ["Sec-WebSocket-Protocol: chat.v1"], endpoint: "proto"
        )
        #expect(outcome == .messages([["a": 1]]))
        try await server.shutdown()
    }
}
