/// Runs an operation with a time limit.
package enum Deadline {
    /// The operation's result, or ``TransportError`` (`timeout`, naming `host` when given) when
    /// `limit` passes first; the operation is then cancelled (which cancels its request on the wire).
    package static func run<T: Sendable>(_ limit: Duration?, host: String? = nil, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        guard let limit else { return try await operation() }
        return try await run(until: .now.advanced(by: limit), limit: limit, host: host, operation)
    }

    /// The operation's result, or ``TransportError`` (`timeout` after `limit`, naming `host`)
    /// when `end` comes first; the operation is then cancelled. A download's each read
    /// (``DeadlineChunkSource``) runs until the end its whole body has.
    package static func run<T: Sendable>(
        until end: ContinuousClock.Instant, limit: Duration, host: String?, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: Outcome<T>.self) { group in
            group.addTask { .finished(try await operation()) }
            group.addTask {
                do {
                    try await Task.sleep(until: end, clock: .continuous)
                    return .timedOut
                } catch {
                    return .cancelled
                }
            }
            defer { group.cancelAll() }
            // A cancelled caller gets the operation's own answer to it (a transport's
            // `TransportError` `cancelled`), not the timer's `CancellationError`.
            while let outcome = try await group.next() {
                switch outcome {
                case let .finished(value): return value
                case .timedOut: throw TransportError.timedOut(after: limit, host: host)
                case .cancelled: continue
                }
            }
            throw CancellationError()
        }
    }

    private enum Outcome<T: Sendable>: Sendable {
        case finished(T)
        case timedOut
        /// The timer was cancelled before the limit.
        case cancelled
    }
}
