import ArgumentParser
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What ends a call early from outside: Ctrl-C, and standard output's reader going away.
///
/// - The first SIGINT cancels the running call (closing its connection) and the command exits
///   with status 130; a second one exits at once.
/// - When standard output is a pipe whose reader exits (`netspec call … | head -1`), the call is
///   cancelled within moments and the command exits 141, even while nothing is being written: a
///   thread waits in `poll(2)` for the pipe's error condition. A failed write says the same sooner
///   (``CLIError/brokenPipe``).
enum Interrupt {
    /// Runs `operation` until it ends, is interrupted, or loses its reader.
    ///
    /// - Parameter watchesStandardOutput: whether the operation writes to standard output (so its
    ///   reader going away ends it).
    static func runCancellable(watchesStandardOutput: Bool, _ operation: @escaping @Sendable () async throws -> Void) async throws {
        let task = Task { try await operation() }
        let interrupts = Atomic<Int>(0)
        let readerGone = Atomic<Bool>(false)
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            if interrupts.add(1, ordering: .relaxed).newValue > 1 { _exit(130) }
            task.cancel()
        }
        source.resume()
        defer {
            source.cancel()
            signal(SIGINT, SIG_DFL)
        }
        if watchesStandardOutput, Terminal.standardOutput.isPipe {
            // A thread of its own: it blocks in poll(2) until the reader goes, or the process ends.
            detachThread {
                Terminal.standardOutput.waitForReaderToClose()
                readerGone.store(true, ordering: .relaxed)
                task.cancel()
            }
        }
        let outcome = await task.result
        if interrupts.load(ordering: .relaxed) > 0 { throw ExitCode(130) }
        // A call that finished before its reader went wrote everything: that is a success.
        if case .failure = outcome, readerGone.load(ordering: .relaxed) { throw CLIError.brokenPipe }
        try outcome.get()
    }
}

/// Runs `work` on a new detached thread: not on Dispatch's global queues or the concurrency pool,
/// which share threads on Linux and must never block for long.
func detachThread(_ work: @escaping @Sendable () -> Void) {
    final class Work {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    let context = Unmanaged.passRetained(Work(work)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let created = pthread_create(&thread, nil, { context in
        Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    if created == 0 {
        #if canImport(Darwin)
        pthread_detach(thread!)
        #else
        pthread_detach(thread)
        #endif
    } else {
        // No thread: a failed write still ends the call (CLIError.brokenPipe).
        Unmanaged<Work>.fromOpaque(context).release()
    }
}
