import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// WebSocket endpoints against Python `websockets` (a peer none of us wrote, pinned in
/// Tests/Peers/requirements.txt): every message kind in every fragmentation, with and without
/// permessage-deflate; a server that never answers pings; one that pings us.
@Suite(.serialized, .enabled(if: Peers.python != nil, "needs the Python peers (Tests/Peers/setup.sh); see the printed reason"))
struct WebSocketPeerTests {
    static func withPeer(_ body: (WebSocketPeer) async throws -> Void) async throws {
        let peer = try await ChildProcess.blocking { Result { try WebSocketPeer.start(python: Peers.python!) } }.get()
        defer { Thread { peer.stop() }.start() }
        try await body(peer)
    }

    @Test func everyKindInEveryFragmentationCompressedOrNot() async throws {
        try await Self.withPeer { peer in
            for server in ["echo", "plain"] {
                let api = try WebSocketSpecs.service(peer.baseURL(server))
                for parts in [1, 3, 100] {
                    let large = String(repeating: "0123456789", count: 20_000)
                    #expect(try await WebSocketHummingbirdTests.roundTrip(api, "echo", parts: parts, [.value(["a": [1, 2]]), .value(.string(large))])
                        == [.value(["a": [1, 2]]), .value(.string(large))], "\(server) parts=\(parts)")
                    #expect(try await WebSocketHummingbirdTests.roundTrip(api, "echoText", parts: parts, [.text("héllo"), .text(large)])
                        == [.text("héllo"), .text(large)], "\(server) parts=\(parts)")
                    let bytes = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
                    #expect(try await WebSocketHummingbirdTests.roundTrip(api, "echoBinary", parts: parts, [.binary([]), .binary(bytes)])
                        == [.binary([]), .binary(bytes)], "\(server) parts=\(parts)")
                }
            }
        }
    }

    @Test func permessageDeflateIsAgreedWhenTheServerOffersIt() async throws {
        try await Self.withPeer { peer in
            let compressed = try await WebSocketSpecs.service(peer.baseURL("echo")).echo.connect()
            #expect(compressed.extensions.hasPrefix("permessage-deflate"))
            await compressed.close()
            let plain = try await WebSocketSpecs.service(peer.baseURL("plain")).echo.connect()
            #expect(plain.extensions == "")
            await plain.close()
        }
    }

    @Test func aServerThatNeverAnswersPingsIsClosed() async throws {
        try await Self.withPeer { peer in
            let yaml = """
                netspec: 1
                service: S
                baseURL: \(peer.baseURL("deaf"))
                endpoints:
                  deaf: { GET: /, stream: websocket, ping: 0.2 }
                """
            let api = Service(spec: try Spec(yaml: yaml, file: "deaf.yaml"), provider: Provider(options: .init(usesEnvironment: false)))
            do {
                for try await message in try await api.deaf.connect().messages { Issue.record("unexpected \(message)") }
                Issue.record("no error")
            } catch let CallError.transport(error) {
                #expect(error.closeCode == 1001)
                #expect(error.description == "WebSocket 'deaf': the server did not answer a ping within 200 ms, so the connection was closed (1001)")
            }
        }
    }

    @Test func pingsFromTheServerAreAnswered() async throws {
        try await Self.withPeer { peer in
            // The server pings every 0.2 s and closes (1011) if a pong does not come within 10 s;
            // its message comes after 11 s, so it arrives only if every ping was answered. (Limits
            // of 1 s and 3 s were missed under a full run's load: CPU-bound suites hold the two
            // cooperative threads that answer pings for seconds at a time.)
            let api = try WebSocketSpecs.service(peer.baseURL("pinging"))
            let socket = try await api.echoText.connect()
            var iterator = try socket.messages.makeAsyncIterator()
            #expect(try await iterator.next() == .text("still here"))
            await socket.close()
            #expect(socket.receivedClose?.code == 1000)
        }
    }

    @Test func aMessageOverTheLimitFromThePeer() async throws {
        try await Self.withPeer { peer in
            var options = Provider.Options(usesEnvironment: false)
            options.streams.maxWebSocketMessageSize = 64 * 1024
            for server in ["echo", "plain"] {
                let yaml = WebSocketSpecs.yaml(peer.baseURL(server)).replacingOccurrences(of: "GET: /big", with: "GET: /echo")
                let api = Service(spec: try Spec(yaml: yaml, file: "ws.yaml"), provider: Provider(variables: ["TOKEN": "t"], options: options))
                do {
                    for try await message in try await api.big.connect(n: 100_000).messages { Issue.record("unexpected \(message)") }
                    Issue.record("no error from \(server)")
                } catch let CallError.transport(error) {
                    #expect(error.closeCode == 1009, "\(server): \(error)")
                }
            }
        }
    }
}
