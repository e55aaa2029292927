/// Runs an operation with a time limit.
enum Deadline {
    /// The operation's result, or ``TransportError`` (`timeout`) when `limit` passes first; the
    /// operation is then cancelled (which cancels its request on the wire).
    static func run<T: Sendable>(_ limit: Duration?, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        guard let limit else { return try await operation() }
        return try await withThrowingTaskGroup(of: Outcome<T>.self) { group in
            group.addTask { .finished(try await operation()) }
            group.addTask {
                try await Task.sleep(for: limit)
                return .timedOut
            }
            defer { group.cancelAll() }
            switch try await group.next() {
            case let .finished(value)?: return value
            case .timedOut?: throw TransportError.timedOut(after: limit)
            case nil: throw CancellationError()
            }
        }
    }

    private enum Outcome<T: Sendable>: Sendable {
        case finished(T)
        case timedOut
    }
}
