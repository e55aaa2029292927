public import Foundation

/// Child processes for the tests. Their pipes are read and their exits awaited on threads of
/// their own (``blocking(_:)``), never on the concurrency pool.
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

    /// A process, not yet started, that runs `executable` with `arguments`.
    ///
    /// - Parameters:
    ///   - directory: the working directory; `nil` keeps this process's.
    ///   - environment: changes to this process's environment: a `nil` value removes the variable.
    public static func make(
        _ executable: String, _ arguments: [String], directory: String? = nil, environment: [String: String?] = [:]
    ) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        return process
    }

    /// Runs `executable` with `arguments` to its end and returns everything it printed.
    ///
    /// - Parameters:
    ///   - directory: the working directory; `nil` keeps this process's.
    ///   - environment: changes to this process's environment: a `nil` value removes the variable.
    ///   - input: the child's standard input.
    ///   - mergingErrors: standard error goes to the same pipe as standard output, interleaved
    ///     as printed; the result's ``Result/stderr`` is then empty.
    public static func run(
        _ executable: String, _ arguments: [String], directory: String? = nil, environment: [String: String?] = [:],
        input: Input = .bytes([]), mergingErrors: Bool = false
    ) async throws -> Result {
        Spawn.ignoresBrokenPipes
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let output = try Spawn.pipe()
        let errors = mergingErrors ? output : try Spawn.pipe()
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
            for descriptor in Set([output.read, output.write, errors.read, errors.write, stdin.read] + (stdin.write.map { [$0] } ?? [])) {
                close(descriptor)
            }
            throw error
        }
        // The child holds its own copies now: closing ours lets the reads below end when it does.
        for descriptor in Set([output.write, errors.write, stdin.read]) { close(descriptor) }
        // Written while the output is read, so a child that prints before it reads cannot
        // fill its output pipe and wait forever.
        async let written: Void = blocking {
            guard let writer = stdin.write, case let .bytes(bytes) = input else { return }
            Spawn.writeAll(bytes, to: writer)
        }
        async let out = blocking { Spawn.readAll(output.read) }
        async let err = blocking { mergingErrors ? [] : Spawn.readAll(errors.read) }
        let (_, stdoutBytes, stderrBytes) = await (written, out, err)
        let status = await blocking { Spawn.wait(pid) }
        return Result(
            status: status,
            stdout: String(decoding: stdoutBytes, as: UTF8.self),
            stderr: String(decoding: stderrBytes, as: UTF8.self)
        )
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
