import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// WebSocket endpoints against Hummingbird's WebSocket server (permessage-deflate on): every
/// message kind in every fragmentation, auth and subprotocols on the upgrade, `until`, closes.
@Suite struct WebSocketHummingbirdTests {
    typealias Message = WebSocket.Message

    /// Sends `messages` and reads as many replies.
    static func roundTrip(_ api: Service, _ endpoint: String, parts: Int, _ messages: [Message]) async throws -> [Message] {
        let socket = try await api.connect(endpoint, ["parts": .value(.int(parts))])
        var replies: [Message] = []
        for message in messages {
            try await socket.send(message)
        }
        for try await reply in try socket.messages {
            replies.append(reply)
            if replies.count == messages.count { break }
        }
        await socket.close()
        return replies
    }

    static let large = String(repeating: "abcdefghij", count: 10_000)

    @Test(arguments: [1, 3, 200])
    func everyKindInEveryFragmentation(parts: Int) async throws {
        try await WebSocketTestServer.with { port in
            let api = try WebSocketSpecs.service("http://127.0.0.1:\(port)")
            #expect(try await Self.roundTrip(api, "echo", parts: parts, [.value(["a": 1]), .value([1, "two", nil]), .value(.string(Self.large))])
                == [.value(["a": 1]), .value([1, "two", nil]), .value(.string(Self.large))])
            #expect(try await Self.roundTrip(api, "echoText", parts: parts, [.text("hello"), .text(Self.large)]) == [.text("hello"), .text(Self.large)])
            let bytes = (0..<70_000).map { UInt8($0 % 251) }
            #expect(try await Self.roundTrip(api, "echoBinary", parts: parts, [.binary([0, 1, 2, 255]), .binary(bytes)]) == [.binary([0, 1, 2, 255]), .binary(bytes)])
        }
    }

    @Test func theCallReturnsTheConnection() async throws {
        try await WebSocketTestServer.with { port in
            let api = try WebSocketSpecs.service("http://127.0.0.1:\(port)")
            let socket = try await api.echo.connect()
            #expect(socket.status == 101)
            #expect(socket.headerFields[.secWebSocketExtensions]?.hasPrefix("permessage-deflate") == true)
            try await socket.send(["n": 1])
            try await socket.send(text: "{\"n\": 2}")
            var values: [JSONValue] = []
            for try await message in try socket.messages {
                values.append(message.value)
                if values.count == 2 { break }
            }
            #expect(values == [["n": 1], ["n": 2]])
            await socket.close()
            #expect(socket.sentClose == .init(code: 1000))
            #expect(socket.receivedClose?.code == 1000)
        }
    }

    @Test func authSubprotocolsAndParametersGoOnTheUpgrade() async throws {
        try await WebSocketTestServer.with { port in
            let api = try WebSocketSpecs.service("http://127.0.0.1:\(port)")
            let socket: WebSocket = try await api.headers.connect(room: "a", since: 5)
            var iterator = try socket.messages.makeAsyncIterator()
            #expect(try await iterator.next() == .value(["authorization": "Bearer t0ken", "room": "a", "protocol": "chat.v1, chat.v2", "query": "since=5"]))
            await socket.close(code: 4001, reason: "done")
            #expect(try await iterator.next() == nil)
            #expect(socket.sentClose == .init(code: 4001, reason: "done"))
        }
    }

    @Test func exchangeClosesOnceTheRepliesHaveArrived() async throws {
        try await WebSocketTestServer.with { port in
            let api = try WebSocketSpecs.service("http://127.0.0.1:\(port)")
            let socket = try await api.echo.connect()
            let outgoing: [JSONValue] = [["q": 1], ["q": 2], ["q": 3]]
            var replies: [JSONValue] = []
            for try await reply in try socket.exchange(AsyncStream { continuation in
                for value in outgoing { continuation.yield(value) }
                continuation.finish()
            }) {
                replies.append(reply.value)
            }
            #expect(replies == outgoing)
            #expect(socket.sentClose == .init(code: 1000))
            #expect(socket.receivedClose?.code == 1000)
        }
    }

    @Test func untilEndsTheStreamCleanly() async throws {
        try await WebSocketTestServer.with { port in
            let api = try WebSocketSpecs.service("http://127.0.0.1:\(port)")
            var values: [JSONValue] = []
            for try await message in try await api.feed.connect(count: 3).messages { values.append(message.value) }
            #expect(values == [["n": 0], ["n": 1], ["n": 2]])
        }
    }

    @Test func typesAreCheckedBothWays() async throws {
        try await WebSocketTestServer.with { port in
            let api = try WebSocketSpecs.service("http://127.0.0.1:\(port)")
            let socket = try await api.typed.connect()
            await #expect(throws: CallError.self) { try await socket.send(["text": 5]) }
            do {
                try await socket.send(["text": 5])
            } catch {
                #expect("\(error)" == "endpoint 'typed': the message does not have the 'send: (text: String)' type at 'text': expected String, found Int; nothing was sent")
            }
            try await socket.send(["text": "hi"])
            var iterator = try socket.messages.makeAsyncIterator()
            #expect(try await iterator.next() == .value("hi"))
            await socket.close()
        }
    }

    /// A value of `exchange` that breaks `send:` ends the messages with the argument error `send`
    /// throws for it (it was a transport error, "cannot send on the WebSocket", though the
    /// connection was fine).
    @Test func exchangeEndsWithTheArgumentErrorOfAValueOfTheWrongType() async throws {
        try await WebSocketTestServer.with { port in
            let api = try WebSocketSpecs.service("http://127.0.0.1:\(port)")
            let socket = try await api.typed.connect()
            let values = AsyncStream<JSONValue> { continuation in
                continuation.yield(["text": 5])
                continuation.finish()
            }
            do {
                for try await message in try socket.exchange(values) { Issue.record("unexpected \(message)") }
                Issue.record("no error")
            } catch let CallError.argument(error) {
                #expect(error.description == "endpoint 'typed': the message does not have the 'send: (text: String)' type at 'text': expected String, found Int; nothing was sent")
            } catch {
                Issue.record("expected an argument error, got \(error)")
            }
        }
    }

    @Test func anAbnormalCloseThrowsWithItsCode() async throws {
        try await WebSocketTestServer.with { port in
            let api = try WebSocketSpecs.service("http://127.0.0.1:\(port)")
            do {
                for try await message in try await api.closes.connect().messages { Issue.record("unexpected \(message)") }
                Issue.record("no error")
            } catch let CallError.transport(error) {
                #expect(error.closeCode == 4000)
                #expect(error.description == "WebSocket 'closes': the server closed the connection with 4000 (bye)")
            }
        }
    }

    @Test func aMessageOverTheLimitIsAClearError() async throws {
        try await WebSocketTestServer.with { port in
            var options = WebSocketSpecs.patient
            options.streams.maxWebSocketMessageSize = 1000
            let api = try WebSocketSpecs.service("http://127.0.0.1:\(port)", options: options)
            do {
                for try await message in try await api.big.connect(n: 5000).messages { Issue.record("unexpected \(message)") }
                Issue.record("no error")
            } catch let CallError.transport(error) {
                #expect(error.closeCode == 1009)
                #expect(error.description.contains("larger than the limit of 1000 bytes"), "\(error)")
            }
            // Under the limit it arrives.
            var iterator = try await api.big.connect(n: 900).messages.makeAsyncIterator()
            #expect(try await iterator.next() == .binary(Array(repeating: 0x61, count: 900)))
        }
    }

    /// Hummingbird answers an upgrade it does not take with 400: a status error, as an HTTP
    /// call's (WebSocketUpgradeRequestTests has the other statuses).
    @Test func aRefusedUpgradeIsAnError() async throws {
        try await WebSocketTestServer.with { port in
            // The refusal, not the time limit, is what is tested.
            let api = try WebSocketSpecs.service("http://127.0.0.1:\(port)")
            do {
                _ = try await api.missing.connect()
                Issue.record("no error")
            } catch CallError.status(let error) {
                #expect(error.status == 400)
                #expect("\(error)" == "endpoint 'missing': HTTP 400 Bad Request")
            } catch {
                Issue.record("expected a status error, got \(error)")
            }
        }
    }

    @Test func cancellingTheReaderClosesWith1001() async throws {
        try await WebSocketTestServer.with { port in
            let api = try WebSocketSpecs.service("http://127.0.0.1:\(port)")
            let socket = try await api.echo.connect()
            let messages = try socket.messages
            let reader = Task {
                for try await _ in messages {}
            }
            reader.cancel()
            _ = await reader.result
            #expect(try await eventually { socket.receivedClose != nil })
            #expect(socket.sentClose == .init(code: 1001))
        }
    }

    @Test func mocksReplayTheirMessages() async throws {
        let api = try WebSocketSpecs.service("http://127.0.0.1:9", options: .init(mocks: .enabled, usesEnvironment: false))
        var values: [JSONValue] = []
        let socket = try await api.mocked.connect()
        try await socket.send(["ignored": true])
        for try await message in try socket.messages { values.append(message.value) }
        #expect(values == ["one", "two"])
    }
}
