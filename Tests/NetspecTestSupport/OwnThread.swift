import Foundation

/// Runs long synchronous work (seconds of CPU: compiling every schema of a real API document) on
/// a thread of its own and waits for it without holding a thread of the concurrency pool.
///
/// Why: Swift Testing runs tests on the cooperative pool, one thread per core — two here. Two
/// synchronous tests of several seconds each hold both, and every other test's in-process server
/// and client wait behind them until their 30 s timeouts fire (seen as "timed out after 30 s" in
/// unrelated suites during full runs).
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// Runs long asynchronous work that is mostly CPU (asking an MCP server about every operation of a
/// real document) with a thread of its own as its task executor, so that its jobs, and those of the
/// default actors it calls, run there and not on the concurrency pool's two threads.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
    let executor = ThreadTaskExecutor()
    defer { executor.stop() }
    return try await withTaskExecutorPreference(executor) { try await work() }
}

/// A task executor with one thread that runs its jobs in the order they come.
final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    init() {
        let thread = Thread { [self] in run() }
        thread.stackSize = 8 << 20
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once the jobs queued are run.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty { condition.unlock(); return }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
