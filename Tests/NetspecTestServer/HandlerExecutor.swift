import Dispatch

/// Where test server handlers run: threads of their own, not Swift's cooperative pool.
///
/// With two cores the pool has two threads, and Swift Testing queues every test on it at once:
/// a handler task queued behind hundreds of test jobs (or behind a test that computes for a
/// while) answered after the client's 10 s deadline, and the test failed with a timeout that
/// had nothing to do with what it tested. A concurrent queue of its own is overcommitting, so
/// a handler runs as soon as its request arrives.
final class HandlerExecutor: TaskExecutor {
    static let shared = HandlerExecutor()

    private let queue = DispatchQueue(label: "netspec.test-server.handlers", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
