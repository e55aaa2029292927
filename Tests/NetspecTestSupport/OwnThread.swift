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
