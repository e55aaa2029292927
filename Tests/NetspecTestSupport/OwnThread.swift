import Foundation

/// Runs long synchronous work (seconds of CPU: compiling every schema of a real API document) on
/// the one thread kept for such work, and waits for it without holding a thread of the
/// concurrency pool.
///
/// Why: Swift Testing runs tests on the cooperative pool, one thread per core — two here. Two
/// synchronous tests of several seconds each hold both, and every other test's in-process server
/// and client wait behind them until their 30 s timeouts fire (seen as "timed out after 30 s" in
/// unrelated suites during full runs). A thread of its own for each such test was no better: a
/// dozen of them at once (the real documents' suites) took both cores, and a full run stood still
/// for 20–50 s. So all of them share ONE thread, in turn: heavy work takes at most one core, and
/// the pool keeps the other. The work runs in the calling test's task (the thread is the task's
/// executor), so its expectations are the test's.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withTaskExecutorPreference(ThreadTaskExecutor.heavyWork) { try work() }
}

/// Runs long asynchronous work that is mostly CPU (asking an MCP server about every operation of a
/// real document) with the same one thread as its task executor, so that its jobs, and those of
/// the default actors it calls, run there and not on the concurrency pool's two threads.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withTaskExecutorPreference(ThreadTaskExecutor.heavyWork) { try await work() }
}

/// A task executor with one thread that runs its jobs in the order they come.
final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {
    /// The one thread of the whole test run for long CPU-bound work (``onOwnThread(_:)``).
    static let heavyWork = ThreadTaskExecutor()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init() {
        let thread = Thread { [self] in run() }
        thread.stackSize = 8 << 20
        thread.name = "netspec-tests.heavy"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
