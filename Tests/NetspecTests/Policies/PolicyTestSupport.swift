import Foundation
import Logging
import NetspecTestServer
import NIOConcurrencyHelpers
@testable import Netspec

/// Helpers shared by the policy tests.
enum PolicyTestSupport {
    /// A service for inline YAML (`netspec: 1` and `service:` are added), calling a test server.
    static func service(_ yaml: String, server: TestServer, options: Provider.Options = .init(usesEnvironment: false),
                        variables: [String: String] = [:], interceptors: [any Interceptor] = []) throws -> Service {
        let spec = try Spec(yaml: "netspec: 1\nservice: Test\n" + yaml, file: "test.yaml")
        return Service(spec: spec, provider: Provider(baseURL: server.baseURL, variables: variables, options: options, interceptors: interceptors))
    }

    /// The echo server's report of the request it received.
    static func echo(_ response: Response) throws -> JSONValue {
        try JSONValue(parsing: response.body)
    }

    /// The value of a header in an echo report.
    static func header(_ name: String, in echo: JSONValue) -> String? {
        echo["headers"]?.array?.first { $0[0]?.string?.lowercased() == name.lowercased() }?[1]?.string
    }
}

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

/// Counts values across tasks.
final class Counter: Sendable {
    private let value = NIOLockedValueBox(0)
    func increment() -> Int { value.withLockedValue { $0 += 1; return $0 } }
    var count: Int { value.withLockedValue { $0 } }
}
