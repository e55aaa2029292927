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
        let process = make(executable, arguments, directory: directory, environment: environment)
        let output = Pipe()
        let errors = mergingErrors ? output : Pipe()
        process.standardOutput = output
        process.standardError = errors
        let writer: FileHandle?
        switch input {
        case .bytes:
            let pipe = Pipe()
            process.standardInput = pipe
            writer = pipe.fileHandleForWriting
        case .nullDevice:
            process.standardInput = FileHandle.nullDevice
            writer = nil
        }
        try process.run()
        // Written while the output is read, so a child that prints before it reads cannot
        // fill its output pipe and wait forever.
        async let written: Void = blocking {
            guard let writer, case let .bytes(bytes) = input else { return }
            if !bytes.isEmpty { writer.write(Data(bytes)) }
            try? writer.close()
        }
        async let out = blocking { output.fileHandleForReading.readDataToEndOfFile() }
        async let err = blocking { mergingErrors ? Data() : errors.fileHandleForReading.readDataToEndOfFile() }
        let (_, stdoutData, stderrData) = await (written, out, err)
        await blocking { process.waitUntilExit() }
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self)
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
