import NIOCore
import Synchronization
import NIOHTTP1
import NIOPosix

/// The loopback redirect of an authorization code login (RFC 8252 §7.3): a one-shot HTTP server
/// on `127.0.0.1` and a port the system picks, that takes the browser's `GET /callback?code=…`,
/// answers it with a page that says the login can go on in the terminal, and hands the query
/// over. Any other path is a 404 (browsers ask for `/favicon.ico`).
final class OAuthLoopback: Sendable {
    /// The port the system gave.
    let port: Int
    private let channel: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>

    private init(port: Int, channel: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>) {
        self.port = port
        self.channel = channel
    }

    /// Listens on `127.0.0.1`, a random port.
    static func start() async throws -> OAuthLoopback {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: child)
                }
            }
        return OAuthLoopback(port: channel.channel.localAddress?.port ?? 0, channel: channel)
    }

    /// The redirect URI to send.
    var redirectURI: String { "http://127.0.0.1:\(port)/callback" }

    /// The query of the first `GET /callback`, as name-value pairs (percent-decoded); the
    /// server stops listening when it returns. `nil` when `timeout` passes first.
    func callback(timeout: Duration) async throws -> [String: String]? {
        defer { channel.channel.close(promise: nil) }
        return try await withThrowingTaskGroup(of: [String: String]?.self) { group in
            group.addTask { [channel] in
                try await channel.executeThenClose { connections in
                    for try await connection in connections {
                        // A connection that fails (a browser that gave up on /favicon.ico) ends only itself.
                        if let query = await Self.serve(connection) { return query }
                    }
                    return nil
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Answers one connection's requests; the callback's query when one was it. The query counts
    /// once it is read, even if the connection fails after (the browser closing first).
    private static func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>) async -> [String: String]? {
        let received = Mutex<[String: String]?>(nil)
        do {
            try await answer(connection, received: received)
        } catch {
            // The query, if it came, still counts.
        }
        return received.withLock { $0 }
    }

    private static func answer(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, received: borrowing Mutex<[String: String]?>) async throws {
        try await connection.executeThenClose { inbound, outbound in
            var target: String?
            for try await part in inbound {
                switch part {
                case let .head(head): target = head.uri
                case .body: continue
                case .end:
                    let uri = target ?? ""
                    let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
                    let isCallback = path == "/callback"
                    if isCallback { received.withLock { $0 = query(of: uri) } }
                    let page = isCallback
                        ? "<!doctype html><title>netspec</title><p>The login goes on in the terminal; this window can be closed.</p>\n"
                        : "not found\n"
                    var headers = HTTPHeaders([("Content-Type", isCallback ? "text/html; charset=utf-8" : "text/plain"), ("Connection", "close")])
                    headers.add(name: "Content-Length", value: String(page.utf8.count))
                    try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: isCallback ? .ok : .notFound, headers: headers)))
                    try await outbound.write(.body(.byteBuffer(ByteBuffer(string: page))))
                    try await outbound.write(.end(nil))
                    return
                }
            }
        }
    }

    /// `a=1&b=x%20y` → `["a": "1", "b": "x y"]`.
    static func query(of uri: String) -> [String: String] {
        guard let mark = uri.firstIndex(of: "?") else { return [:] }
        var result: [String: String] = [:]
        for pair in uri[uri.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            if result[name] == nil { result[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return result
    }

    private static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                      let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
