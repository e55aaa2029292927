import Foundation
import NetspecTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import HummingbirdWSCompression
import Logging
import NIOCore

/// A WebSocket server written by others (Hummingbird's, with permessage-deflate) on 127.0.0.1,
/// for the WebSocket tests and the benchmark. Paths:
///
/// - `/echo`: each message back as it came (`?parts=N`: in N fragments);
/// - `/headers`: first a JSON message of the upgrade's `Authorization`, `X-Room`,
///   `Sec-WebSocket-Protocol` and query, then the echo (the agreed subprotocol is answered);
/// - `/feed?count=N`: N messages `{"n": i}`, then the text `[DONE]`, then a normal close;
/// - `/say?text=T`: each line of `T` as a text message, as it is written, then a normal close;
/// - `/close4000`: closes at once with 4000 "bye";
/// - `/big?n=N`: one binary message of N bytes, then the echo;
/// - anything else: no upgrade (404).
public enum WebSocketTestServer {
    /// Runs `body` with the port of a server that stops when it returns.
    public static func with<T: Sendable>(_ body: @Sendable (Int) async throws -> T) async throws -> T {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "websocket-test-server")
        logger.logLevel = .critical
        let application = Application(
            router: Router(),
            server: .http1WebSocketUpgrade(
                configuration: .init(ws: .init(maxFrameSize: 1 << 24, extensions: [.perMessageDeflate(maxDecompressedFrameSize: 1 << 24)], autoPing: .disabled))
            ) { request, _, _ in
                try upgrade(request)
            },
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await application.runService(gracefulShutdownSignals: [])
                return nil
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw CancellationError() }
            let result = try await body(port)
            group.cancelAll()
            return result
        }
    }

    private static func upgrade(_ request: HTTPRequest) throws -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        let components = URLComponents(string: request.path ?? "/")
        let path = components?.path ?? "/"
        let query = Dictionary((components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        let protocols = request.headerFields[.secWebSocketProtocol]
        var responseFields: HTTPFields = [:]
        if let first = protocols?.split(separator: ",").first { responseFields[.secWebSocketProtocol] = first.trimmingCharacters(in: .whitespaces) }
        switch path {
        case "/echo":
            let parts = Int(query["parts"] ?? "1") ?? 1
            return .upgrade(responseFields) { inbound, outbound, _ in try await echo(inbound, outbound, parts: parts) }
        case "/headers":
            var object: [String: String] = [:]
            object["authorization"] = request.headerFields[.authorization]
            object["room"] = request.headerFields[HTTPField.Name("X-Room")!]
            object["protocol"] = protocols
            object["query"] = components?.query
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            let text = String(decoding: data, as: UTF8.self)
            return .upgrade(responseFields) { inbound, outbound, _ in
                try await outbound.write(.text(text))
                try await echo(inbound, outbound, parts: 1)
            }
        case "/feed":
            let count = Int(query["count"] ?? "3") ?? 3
            return .upgrade(responseFields) { _, outbound, _ in
                for n in 0..<count { try await outbound.write(.text("{\"n\": \(n)}")) }
                try await outbound.write(.text("[DONE]"))
            }
        case "/say":
            let lines = (query["text"] ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return .upgrade(responseFields) { _, outbound, _ in
                for line in lines { try await outbound.write(.text(line)) }
            }
        case "/close4000":
            return .upgrade(responseFields) { _, outbound, _ in
                try await outbound.close(.init(codeNumber: 4000), reason: "bye")
            }
        case "/big":
            let size = Int(query["n"] ?? "0") ?? 0
            return .upgrade(responseFields) { inbound, outbound, _ in
                try await outbound.write(.binary(ByteBuffer(repeating: 0x61, count: size)))
                try await echo(inbound, outbound, parts: 1)
            }
        default:
            return .dontUpgrade
        }
    }

    private static func echo(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, parts: Int) async throws {
        for try await message in inbound.messages(maxSize: 1 << 27) {
            switch message {
            case let .text(text):
                let pieces = fragments(Array(text.utf8), parts)
                if pieces.count == 1 { try await outbound.write(.text(text)); continue }
                try await outbound.withTextMessageWriter { write in
                    for piece in pieces { try await write(String(decoding: piece, as: UTF8.self)) }
                }
            case let .binary(buffer):
                let pieces = fragments(Array(buffer.readableBytesView), parts)
                if pieces.count == 1 { try await outbound.write(.binary(buffer)); continue }
                try await outbound.withBinaryMessageWriter { write in
                    for piece in pieces { try await write(ByteBuffer(bytes: piece)) }
                }
            }
        }
    }

    /// `bytes` in `parts` pieces (cut at UTF-8 character boundaries for text: the pieces are
    /// ASCII in the tests).
    private static func fragments(_ bytes: [UInt8], _ parts: Int) -> [[UInt8]] {
        guard parts > 1, bytes.count > 1 else { return [bytes] }
        let size = max(1, (bytes.count + parts - 1) / parts)
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }
}
