internal import NIOCore
internal import Synchronization
import struct NIOConcurrencyHelpers.NIOLockedValueBox

/// The state one ``TestServer`` shares with all its connections: the handler, the counters,
/// and the open channels and running handler tasks that `shutdown()` must end.
final class ServerCore: Sendable {
    let handler: TestHandler
    let requests = Atomic<Int>(0)
    let connectionsAccepted = Atomic<Int>(0)
    let connectionsOpen = Atomic<Int>(0)
    let peakBufferedBody = Atomic<Int>(0)
    private let registry = NIOLockedValueBox(Registry())

    private struct Registry {
        var channels: [ObjectIdentifier: any Channel] = [:]
        var tasks: [Int: Task<Void, Never>] = [:]
        var nextTaskID = 0
        var shuttingDown = false
    }

    init(handler: @escaping TestHandler) {
        self.handler = handler
    }

    // MARK: - Connections

    /// Registers an accepted connection. Returns `false` once shutdown has begun.
    func connectionOpened(_ channel: any Channel) -> Bool {
        let accepted = registry.withLockedValue { registry in
            guard !registry.shuttingDown else { return false }
            registry.channels[ObjectIdentifier(channel)] = channel
            return true
        }
        guard accepted else { return false }
        connectionsAccepted.add(1, ordering: .relaxed)
        connectionsOpen.add(1, ordering: .relaxed)
        channel.closeFuture.whenComplete { _ in
            self.connectionsOpen.subtract(1, ordering: .relaxed)
            self.registry.withLockedValue { _ = $0.channels.removeValue(forKey: ObjectIdentifier(channel)) }
        }
        return true
    }

    /// Refuses new connections from now on and returns those still open.
    func beginShutdown() -> [any Channel] {
        registry.withLockedValue { registry in
            registry.shuttingDown = true
            return Array(registry.channels.values)
        }
    }

    // MARK: - Handler tasks

    /// Runs the handler for one request in a new task, finishing the response when it returns.
    func runHandler(request: TestRequest, writer: TestResponseWriter) -> Task<Void, Never> {
        // The task is created under the lock so that it cannot deregister before it registers.
        registry.withLockedValue { registry in
            let id = registry.nextTaskID
            registry.nextTaskID += 1
            let task = Task(executorPreference: HandlerExecutor.shared) {
                do {
                    try await self.handler(request, writer)
                    await writer.handlerReturned(error: nil)
                } catch {
                    await writer.handlerReturned(error: error)
                }
                self.registry.withLockedValue { _ = $0.tasks.removeValue(forKey: id) }
            }
            registry.tasks[id] = task
            return task
        }
    }

    /// Returns when every handler task has finished.
    func waitForHandlers() async {
        while let task = registry.withLockedValue({ $0.tasks.values.first }) {
            await task.value
        }
    }

    // MARK: - Body accounting

    /// Raises the peak of body bytes buffered for a single request to `level` if it is higher.
    func recordBufferedBody(_ level: Int) {
        var peak = peakBufferedBody.load(ordering: .relaxed)
        while level > peak {
            let (exchanged, original) = peakBufferedBody.compareExchange(
                expected: peak, desired: level, ordering: .relaxed)
            if exchanged { return }
            peak = original
        }
    }
}
