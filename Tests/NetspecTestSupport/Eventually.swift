/// Polls `condition` every few milliseconds until it holds or `timeout` passes.
///
/// Use it for what a test cannot await directly, e.g. a server noticing that a connection
/// closed: `#expect(try await eventually { server.openConnectionCount == 0 })`.
///
/// - Parameters:
///   - timeout: How long to wait at most (a safety net, not a measurement): 60 s by default, as
///     for the first 25–40 s of a full run on two cores a task can wait that long for a thread
///     (see ``hangTimeout``; 5 s failed once in four runs).
///   - condition: Checked at once, then after each pause.
/// - Returns: `true` as soon as `condition` holds; `false` if it still does not after `timeout`.
/// - Throws: `CancellationError` when the task is cancelled while waiting.
public func eventually(
    timeout: Duration = .seconds(60), _ condition: () -> Bool
) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try await Task.sleep(for: .milliseconds(5))
    }
    return true
}
