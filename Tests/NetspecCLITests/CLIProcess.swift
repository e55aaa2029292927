import Foundation
import NetspecTestServer
import NIOConcurrencyHelpers
import NetspecTestSupport

/// A running `netspec` child whose output is read as it arrives, so a test can wait for the first
/// event and then interrupt it (Ctrl-C is SIGINT).
final class CLIProcess: Sendable {
    private let child: ChildProcess.Started
    private let stdoutBytes: OutputBuffer
    private let stderrBytes: OutputBuffer
    private let readers: [Task<Void, Never>]
    /// Waits for the exit from the start, so that `isRunning` can ask without reaping the child.
    private let exit: Task<Int32, Never>
    private let exitStatus: NIOLockedValueBox<Int32?>

    /// Starts `netspec arguments` in the repository root with standard input closed, with
    /// `environment`'s variables set.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let child = try ChildProcess.start(CLI.executable, arguments, directory: CLI.root, environment: CLI.environment(environment))
        let (stdoutBytes, stderrBytes, exitStatus) = (OutputBuffer(), OutputBuffer(), NIOLockedValueBox<Int32?>(nil))
        self.child = child
        self.stdoutBytes = stdoutBytes
        self.stderrBytes = stderrBytes
        self.exitStatus = exitStatus
        readers = [Self.drain(child.stdout, into: stdoutBytes)] + (child.stderr.map { [Self.drain($0, into: stderrBytes)] } ?? [])
        exit = Task {
            let status = await ChildProcess.exitStatus(of: child.pid)
            exitStatus.withLockedValue { $0 = status }
            return status
        }
    }

    private static func drain(_ descriptor: Int32, into buffer: OutputBuffer) -> Task<Void, Never> {
        Task { await ChildProcess.blocking { ChildProcess.drain(descriptor) { buffer.append($0) } } }
    }

    private var isRunning: Bool { exitStatus.withLockedValue { $0 == nil } }

    var stdout: String { stdoutBytes.text }
    var stderr: String { stderrBytes.text }

    /// Waits until standard output contains `text`; `false` if the child exits first or after
    /// `timeout` (a safety net, not a measurement: ``hangTimeout``, as a child started in the first
    /// 30 s of a full run on two cores waited over 20 s for its first line once, 2026-11-26).
    func waitForOutput(containing text: String, timeout: Duration = hangTimeout) async -> Bool {
        _ = try? await eventually(timeout: timeout) { stdout.contains(text) || !isRunning }
        return stdout.contains(text)
    }

    /// Waits until standard error contains `text`, as ``waitForOutput(containing:timeout:)``.
    func waitForErrors(containing text: String, after start: String = "", timeout: Duration = hangTimeout) async -> Bool {
        func found() -> Bool {
            let errors = stderr
            guard let range = start.isEmpty ? errors.startIndex..<errors.startIndex : errors.range(of: start) else { return false }
            return errors[range.upperBound...].contains(text)
        }
        _ = try? await eventually(timeout: timeout) { found() || !isRunning }
        return found()
    }

    /// Sends SIGINT, as Ctrl-C in a terminal does.
    func interrupt() {
        kill(child.pid, SIGINT)
    }

    /// Sends SIGTERM, as a service manager stopping it does.
    func terminate() {
        kill(child.pid, SIGTERM)
    }

    /// Waits for the child to exit and returns its result once all output has been read.
    func wait() async -> CLI.Result {
        let status = await exit.value
        for reader in readers { await reader.value }
        return CLI.Result(status: status, stdout: stdout, stderr: stderr)
    }
}

/// Bytes read from a pipe, shared between the reading task and the test.
final class OutputBuffer: Sendable {
    private let bytes = NIOLockedValueBox<[UInt8]>([])

    func append(_ chunk: [UInt8]) { bytes.withLockedValue { $0.append(contentsOf: chunk) } }
    var text: String { String(decoding: bytes.withLockedValue { $0 }, as: UTF8.self) }
}

/// Network helpers for `netspec call` tests.
enum CLINetwork {
    /// util-linux `script`, which runs a command on a pseudo-terminal.
    static let scriptPath = "/usr/bin/script"

    /// Runs `netspec arguments` with its standard output on a pseudo-terminal (through `script`),
    /// as in an interactive shell; line ends come back as `\n`.
    static func runOnTerminal(_ arguments: [String], environment: [String: String] = [:]) async throws -> CLI.Result {
        let quoted = ([CLI.executable] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        var result = try await ChildProcess.run(
            scriptPath, ["-qec", quoted.joined(separator: " "), "/dev/null"], directory: CLI.root,
            environment: CLI.environment(environment), input: .nullDevice)
        result.stdout = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        return result
    }

    /// `netspec call SPEC ENDPOINT --base-url SERVER ARGUMENTS…`.
    static func call(
        _ spec: String, _ endpoint: String, _ arguments: [String] = [], server: TestServer, stdin: [UInt8]? = nil
    ) async throws -> CLI.Result {
        try await CLI.run(["call", spec, endpoint, "--base-url", server.baseURL] + arguments, stdin: stdin)
    }
}
