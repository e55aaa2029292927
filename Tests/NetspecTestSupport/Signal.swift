/// A one-shot signal from a handler task to the test, shared by the test targets.
public final class Signal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    public func fire() {
        continuation.yield()
    }

    /// Waits for `fire()`; `false` if it did not come within `timeout` (a safety net, not a measurement).
    public func wait(timeout: Duration = .seconds(10)) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { [stream] in
                for await _ in stream { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next()!
            group.cancelAll()
            return first
        }
    }
}
