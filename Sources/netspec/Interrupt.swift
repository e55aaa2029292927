import ArgumentParser
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C handling: the first SIGINT cancels the running call (closing its connection) and the
/// command exits with status 130; a second one exits at once.
enum Interrupt {
    static func runCancellable(_ operation: @escaping @Sendable () async throws -> Void) async throws {
        let task = Task { try await operation() }
        let interrupts = Atomic<Int>(0)
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
        do {
            try await task.value
        } catch {
            if interrupts.load(ordering: .relaxed) > 0 { throw ExitCode(130) }
            throw error
        }
        if interrupts.load(ordering: .relaxed) > 0 { throw ExitCode(130) }
    }
}
