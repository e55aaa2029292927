import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// A server that sends its frames and ends its side of the connection together with its 101 (a
/// close just after the upgrade: "4000 bye", a refused token). The client used to lose both the
/// frames and the end when they reached it before the upgrade was done, and then waited for ever
/// (WebSocketConnection.swift says why). Each case opens 20 connections, since the race is won or
/// lost per connection; each must end within ``hangTimeout`` (a hang's safety net, not a
/// measurement: 20 s, at first, was reached once in a full run's start-up load, by one connection
/// of 20 while the other 19 took 3 s each).
@Suite struct WebSocketAtOnceTests {
    static let spec = "netspec: 1\nservice: S\nendpoints:\n  at: { GET: /, stream: websocket, messages: text }\n"

    enum Outcome: Equatable {
        case messages([String])
        case failed(String, closeCode: Int?)
        case hung
    }

    /// Reads every message of a connection to a server that answers with `frames`, 20 times; and
    /// the server's port.
    static func outcomes(_ frames: [[UInt8]]) async throws -> (outcomes: [Outcome], port: Int) {
        let server = try await RawServer.webSocketAtOnce(frames)
        let api = Service(spec: try Spec(yaml: Self.spec), provider: Provider(baseURL: "http://127.0.0.1:\(server.port)", options: WebSocketSpecs.patient))
        var outcomes: [Outcome] = []
        for _ in 0..<20 {
            outcomes.append(await withTaskGroup(of: Outcome.self) { group in
                group.addTask {
                    var texts: [String] = []
                    do {
                        for try await message in try await api.connect("at").messages {
                            if case let .text(text) = message { texts.append(text) }
                        }
                        return .messages(texts)
                    } catch let CallError.transport(error) {
                        return .failed(error.description, closeCode: error.closeCode)
                    } catch {
                        return .failed("\(error)", closeCode: nil)
                    }
                }
                group.addTask {
                    try? await Task.sleep(for: hangTimeout)
                    return .hung
                }
                let first = await group.next() ?? .hung
                group.cancelAll()
                return first
            })
        }
        try await server.shutdown()
        return (outcomes, server.port)
    }

    static func close(_ code: UInt16, _ reason: String) -> [UInt8] {
        [0x8, UInt8(code >> 8), UInt8(code & 0xff)] + Array(reason.utf8)
    }

    @Test func aCloseWithTheUpgradeIsReportedWithItsCode() async throws {
        let outcomes = try await Self.outcomes([Self.close(4000, "bye")]).outcomes
        #expect(outcomes == Array(repeating: .failed("WebSocket 'at': the server closed the connection with 4000 (bye)", closeCode: 4000), count: 20))
    }

    @Test func messagesWithTheUpgradeArriveBeforeTheEnd() async throws {
        let outcomes = try await Self.outcomes([[0x1] + Array("hello".utf8), [0x1] + Array("world".utf8), Self.close(1000, "")]).outcomes
        #expect(outcomes == Array(repeating: .messages(["hello", "world"]), count: 20))
    }

    /// swift-websocket's handler ends the connection with its own error for a text message that
    /// is not UTF-8; it is said as the library says it, with the close code sent (1007).
    @Test func aTextMessageThatIsNotUTF8IsClosedWith1007() async throws {
        let (outcomes, port) = try await Self.outcomes([[0x1, 0x61, 0xff, 0xfe]])
        #expect(outcomes == Array(repeating: .failed("ws://127.0.0.1:\(port)/: the server sent a text message that is not UTF-8; the connection was closed with 1007", closeCode: 1007), count: 20))
    }
}
