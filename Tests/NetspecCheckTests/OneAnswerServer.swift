import Hummingbird
import Logging
import NIOCore
import Testing

/// A Hummingbird server on a loopback port that answers every request with `answer`: the server a
/// check test plants one behaviour in (an answer that is late, one marked as a mock's).
enum OneAnswerServer {
    /// Runs `body` with the server's base URL (`http://127.0.0.1:PORT`), then stops the server.
    static func with(named name: String, answer: @escaping @Sendable () async throws -> Response, _ body: (String) async throws -> Void) async throws {
        var logger = Logger(label: name)
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let application = Application(
            responder: CallbackResponder { (_: Request, _: BasicRequestContext) in try await answer() },
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: name),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let task = Task { try await application.runService(gracefulShutdownSignals: []) }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        try await body("http://127.0.0.1:\(try #require(await iterator.next()))")
    }
}
