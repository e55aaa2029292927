import Foundation

/// Child processes for the tests, started with posix_spawn (``Spawn`` says why not Foundation's
/// `Process`). Their pipes are read and their exits awaited on threads of their own
/// (``blocking(_:)``), never on the concurrency pool.
public enum ChildProcess {
    /// What one run printed and its exit status.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output, decoded as UTF-8.
        public var stdout: String
        /// Standard error, decoded as UTF-8; empty when it was merged into ``stdout``.
        public var stderr: String

        /// A result from its parts.
        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// Where a child's standard input comes from.
    public enum Input: Sendable {
        /// A pipe given these bytes and then closed: empty, and not a terminal, for `[]`.
        case bytes([UInt8])
        /// `/dev/null`.
        case nullDevice
    }

    /// Runs `executable` with `arguments` to its end and returns everything it printed.
    ///
    /// - Parameters:
    ///   - directory: the working directory; `nil` keeps this process's.
    ///   - environment: changes to this process's environment: a `nil` value removes the variable.
    ///   - input: the child's standard input.
    ///   - mergingErrors: standard error goes to the same pipe as standard output, interleaved
    ///     as printed; the result's ``Result/stderr`` is then empty.
    ///   - timeLimit: how long the child may run before it is killed (SIGKILL), its result then
    ///     saying so on standard error (a command that should end but serves forever fails its
    ///     test instead of hanging the run); `nil`: no limit.
    public static func run(
        _ executable: String, _ arguments: [String], directory: String? = nil, environment: [String: String?] = [:],
        input: Input = .bytes([]), mergingErrors: Bool = false, timeLimit: Duration? = nil
    ) async throws -> Result {
        let child = try launch(executable, arguments, directory: directory, environment: environment, input: input, errors: mergingErrors ? .merged : .pipe)
        // Kills the child unless it ends first. On a thread of its own, like the pipes' readers:
        // a watchdog on the concurrency pool waited for a thread as long as the pool was busy
        // (37 s under a full run's load, past a child that should have been killed at 0.2 s).
        let watchdog = timeLimit.map { Watchdog(pid: child.pid, limit: $0) }
        // Written while the output is read, so a child that prints before it reads cannot
        // fill its output pipe and wait forever.
        async let written: Void = blocking {
            guard let writer = child.stdin, case let .bytes(bytes) = input else { return }
            Spawn.writeAll(bytes, to: writer)
        }
        async let out = blocking { Spawn.readAll(child.stdout) }
        async let err = blocking { child.stderr.map(Spawn.readAll) ?? [] }
        let (_, stdoutBytes, stderrBytes) = await (written, out, err)
        let status = await exitStatus(of: child.pid)
        let killed = await watchdog?.childEnded() ?? false
        return Result(
            status: status,
            stdout: String(decoding: stdoutBytes, as: UTF8.self),
            stderr: String(decoding: stderrBytes, as: UTF8.self) + (killed ? "\n[killed: still running after \(timeLimit.map { "\($0)" } ?? "")]\n" : "")
        )
    }

    /// A started child: its process ID and this process's ends of its pipes, which the reader
    /// closes (``drain(_:_:)`` does).
    public struct Started: Sendable {
        /// The process ID.
        public let pid: Int32
        /// The write end of its standard input; `nil` for `/dev/null`.
        public let stdin: Int32?
        /// The read end of its standard output.
        public let stdout: Int32
        /// The read end of its standard error; `nil` when merged into standard output or shared
        /// with this process.
        public let stderr: Int32?
    }

    /// Starts a child whose output this process reads as it arrives (``drain(_:_:)``) and whose
    /// exit it awaits (``exitStatus(of:)``). Its standard input is empty and closed.
    public static func start(
        _ executable: String, _ arguments: [String], directory: String? = nil, environment: [String: String?] = [:]
    ) throws -> Started {
        let child = try launch(executable, arguments, directory: directory, environment: environment, input: .bytes([]), errors: .pipe)
        if let writer = child.stdin { close(writer) }
        return Started(pid: child.pid, stdin: nil, stdout: child.stdout, stderr: child.stderr)
    }

    /// Reads a descriptor until end of file, handing each chunk to `chunk`, then closes it. Blocks:
    /// call it through ``blocking(_:)``.
    public static func drain(_ descriptor: Int32, _ chunk: ([UInt8]) -> Void) {
        Spawn.readChunks(descriptor, chunk)
    }

    /// Waits (on a thread of its own) for a child to exit: its status, or the signal that ended it.
    public static func exitStatus(of pid: Int32) async -> Int32 {
        await blocking { Spawn.wait(pid) }
    }

    /// Kills a child (SIGKILL) that is still running after its time limit, from a thread of its own.
    private final class Watchdog: @unchecked Sendable {
        private let ended = DispatchSemaphore(value: 0)
        private let finished = DispatchSemaphore(value: 0)
        // Written by the watchdog's thread before it signals `finished`, read after.
        private var fired = false

        init(pid: Int32, limit: Duration) {
            let (seconds, attoseconds) = limit.components
            let deadline = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
            Thread { [self] in
                if ended.wait(timeout: deadline) == .timedOut {
                    kill(pid, SIGKILL)
                    fired = true
                }
                finished.signal()
            }.start()
        }

        /// Says the child has ended; answers whether the watchdog had killed it.
        func childEnded() async -> Bool {
            ended.signal()
            await ChildProcess.blocking { [self] in finished.wait() }
            return fired
        }
    }

    /// Where a launched child's standard error goes.
    enum Errors {
        /// A pipe of its own, which this process reads.
        case pipe
        /// The standard output's pipe.
        case merged
        /// This process's standard error.
        case inherited
    }

    /// Starts a child with posix_spawn (see ``Spawn``), this process's environment changed by
    /// `environment`, its standard input and output on fresh pipes.
    static func launch(
        _ executable: String, _ arguments: [String], directory: String?, environment: [String: String?], input: Input, errors destination: Errors
    ) throws -> Started {
        Spawn.ignoresBrokenPipes
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let output = try Spawn.pipe()
        let errors = switch destination {
        case .pipe: try Spawn.pipe()
        case .merged: output
        case .inherited: (read: Int32(-1), write: Int32(2))
        }
        let stdin: (read: Int32, write: Int32?)
        switch input {
        case .bytes:
            let pipe = try Spawn.pipe()
            stdin = (pipe.read, pipe.write)
        case .nullDevice:
            stdin = (open("/dev/null", O_RDONLY | O_CLOEXEC), nil)
        }
        let pid: pid_t
        do {
            pid = try Spawn.start(
                executable, arguments, directory: directory, environment: merged,
                stdin: stdin.read, stdout: output.write, stderr: errors.write
            )
        } catch {
            let ours = destination == .pipe ? [errors.read, errors.write] : []
            for descriptor in [output.read, output.write, stdin.read] + ours + (stdin.write.map { [$0] } ?? []) { close(descriptor) }
            throw error
        }
        // The child holds its own copies now: closing ours lets the reads end when it does.
        for descriptor in [output.write, stdin.read] + (destination == .pipe ? [errors.write] : []) { close(descriptor) }
        return Started(pid: pid, stdin: stdin.write, stdout: output.read, stderr: destination == .pipe ? errors.read : nil)
    }

    /// Runs a blocking call on a thread of its own. Not on the concurrency pool nor on Dispatch's
    /// global queues, which share threads on Linux: with two cores, blocking them would stall the
    /// in-process test server's handlers until the child gave up.
    public static func blocking<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}

extension ChildProcess {
    /// Runs curl with `arguments` against a server of the tests: silent (`-s`), and given
    /// ``hangTimeout`` to end (`--max-time`).
    public static func curl(_ arguments: [String]) async throws -> Result {
        try await run("/usr/bin/env", ["curl", "-s", "--max-time", String(hangTimeout.components.seconds)] + arguments)
    }
}
