import Foundation
import Logging
import NIOConcurrencyHelpers
import Netspec

/// Records sleeps instead of waiting, and fixes the jitter and the date.
final class RecordingTiming: Sendable {
    private let sleeps = NIOLockedValueBox<[Duration]>([])
    let now: Date
    let random: Double

    init(now: Date = Date(timeIntervalSince1970: 1_700_000_000), random: Double = 0.5) {
        self.now = now
        self.random = random
    }

    var recorded: [Duration] { sleeps.withLockedValue { $0 } }

    var timing: RetryTiming {
        RetryTiming(
            sleep: { duration in self.sleeps.withLockedValue { $0.append(duration) } },
            now: { self.now },
            random: { self.random }
        )
    }
}

/// A swift-log handler that keeps every message in memory.
final class CapturingLogHandler: LogHandler, Sendable {
    private let storage: NIOLockedValueBox<[(Logger.Level, String)]>
    private let level: NIOLockedValueBox<Logger.Level>

    init(level: Logger.Level) {
        storage = NIOLockedValueBox([])
        self.level = NIOLockedValueBox(level)
    }

    var messages: [(level: Logger.Level, text: String)] { storage.withLockedValue { $0.map { ($0.0, $0.1) } } }

    var logLevel: Logger.Level {
        get { level.withLockedValue { $0 } }
        set { level.withLockedValue { $0 = newValue } }
    }

    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    func log(event: LogEvent) {
        storage.withLockedValue { $0.append((event.level, event.message.description)) }
    }

    func logger() -> Logger {
        Logger(label: "test") { _ in self }
    }
}
