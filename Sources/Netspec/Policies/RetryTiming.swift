#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The time source retries use: how to wait, what time it is (for `Retry-After` dates), and the
/// jitter. Tests pass their own to control the clock; calls use ``system``.
package struct RetryTiming: Sendable {
    /// Waits for a duration (throws when the task is cancelled).
    package var sleep: @Sendable (Duration) async throws -> Void
    /// The current date.
    package var now: @Sendable () -> Date
    /// A random number in `0..<1` for jitter.
    package var random: @Sendable () -> Double

    /// Creates a timing.
    package init(
        sleep: @escaping @Sendable (Duration) async throws -> Void,
        now: @escaping @Sendable () -> Date,
        random: @escaping @Sendable () -> Double
    ) {
        self.sleep = sleep
        self.now = now
        self.random = random
    }

    /// Real time: `Task.sleep`, the system clock, and the system random generator.
    package static let system = RetryTiming(
        sleep: { try await Task.sleep(for: $0) },
        now: { Date() },
        random: { Double.random(in: 0..<1) }
    )
}
