import Netspec
import Synchronization

/// One client's conversation with an ``MCPServer``: the requests it has in flight, so that
/// `notifications/cancelled` stops one, and the log level it asked for with `logging/setLevel`.
///
/// stdio has one session for the whole process (``MCPServer/serve(lines:write:)``); Streamable
/// HTTP one per `Mcp-Session-Id`. A server used without one (``MCPServer/respond(to:)``) answers
/// every request, but cannot cancel and sends no log messages.
public final class MCPSession: Sendable {
    /// A log message's severity (RFC 5424's, as MCP names them), least severe first.
    public enum LogLevel: String, Sendable, CaseIterable, Comparable {
        case debug, info, notice, warning, error, critical, alert, emergency

        public static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    private struct State {
        var inFlight: [String: Task<JSONValue?, Never>] = [:]
        /// Cancelled before their task was registered (the notification overtook the request).
        var cancelledEarly: Set<String> = []
        var level: LogLevel?
    }

    private let state = Mutex(State())

    /// Creates a session with no request in flight and no log messages until the client sets a level.
    public init() {}

    /// The least severe level the client wants log messages of; `nil` (the default) until it
    /// sends `logging/setLevel`: no messages.
    public var logLevel: LogLevel? {
        get { state.withLock { $0.level } }
        set { state.withLock { $0.level = newValue } }
    }

    /// Whether a message of `level` goes to the client.
    func logs(_ level: LogLevel) -> Bool {
        state.withLock { $0.level.map { level >= $0 } ?? false }
    }

    /// Runs `work` as the request `id`'s task, which ``cancel(_:)`` cancels; `nil` when it was
    /// cancelled (MCP: no response to a cancelled request).
    func run(_ id: JSONValue, _ work: @escaping @Sendable () async -> JSONValue?) async -> JSONValue? {
        let key = Self.key(id)
        let task = Task { await work() }
        let early = state.withLock { state in
            state.inFlight[key] = task
            return state.cancelledEarly.remove(key) != nil
        }
        if early { task.cancel() }
        let result = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        state.withLock { _ = $0.inFlight.removeValue(forKey: key) }
        return task.isCancelled ? nil : result
    }

    /// Cancels the request `id` (a `notifications/cancelled`); one not started yet is cancelled
    /// when it starts, one already answered is left alone.
    func cancel(_ id: JSONValue) {
        let key = Self.key(id)
        let task = state.withLock { state in
            if let task = state.inFlight[key] { return Optional(task) }
            if state.cancelledEarly.count < 1024 { state.cancelledEarly.insert(key) }
            return nil
        }
        task?.cancel()
    }

    /// Cancels every request in flight (the session ended).
    func cancelAll() {
        for task in state.withLock({ Array($0.inFlight.values) }) { task.cancel() }
    }

    /// The number of requests in flight.
    var inFlightCount: Int { state.withLock { $0.inFlight.count } }

    /// `1` and `"1"` are different ids.
    private static func key(_ id: JSONValue) -> String {
        String(decoding: id.serialized(), as: UTF8.self)
    }
}
