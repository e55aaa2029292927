import Foundation
import NetspecTestServer
import NetspecTestSupport

/// Runs one suite of this test bundle again, alone, in a child process.
///
/// For measurements that belong to a whole process, such as the peak or current resident size:
/// tests run in parallel in the parent, so they would be counted too. The child is marked by an
/// environment variable, which the suite checks to run only there.
enum FreshProcess {
    /// Whether this process is a child started for the suite marked by `variable`.
    static func isChild(_ variable: String) -> Bool {
        ProcessInfo.processInfo.environment[variable] != nil
    }

    /// Whether a child can be started and measured here: `/proc` and running the bundle as
    /// `binary --testing-library swift-testing --filter …` are Linux's.
    static var isSupported: Bool {
        FileManager.default.fileExists(atPath: "/proc/self/status")
    }

    /// Runs the suites matching `filter` in a child marked by `variable`.
    ///
    /// - Returns: the child's exit status and everything it printed.
    static func run(filter: String, marking variable: String) async throws -> (status: Int32, output: String) {
        let result = try await ChildProcess.run(
            CommandLine.arguments[0], ["--testing-library", "swift-testing", "--filter", filter],
            environment: [variable: "1", "NO_COLOR": "1"], input: .nullDevice, mergingErrors: true)
        return (result.status, result.stdout)
    }

    /// A field of `/proc/self/status` in bytes, such as `VmHWM` (peak) or `VmRSS` (current).
    static func memory(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.drop { !$0.isNumber }.prefix { $0.isNumber }
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
