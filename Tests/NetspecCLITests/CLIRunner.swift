import Foundation

/// Runs the built `netspec` executable as a subprocess, as a user would.
enum CLI {
    /// What one run printed and its exit status.
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built executable, next to the test bundle.
    static let executable: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("netspec").path
    }()

    /// The repository root.
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Runs `netspec` with arguments in the repository root.
    ///
    /// - Parameters:
    ///   - arguments: the command line after `netspec`.
    ///   - stdin: bytes piped to standard input; `nil` leaves standard input empty (not a terminal).
    ///   - environment: extra environment variables.
    static func run(_ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String] = [:]) async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin)) }
        try input.fileHandleForWriting.close()
        async let out = blocking { output.fileHandleForReading.readDataToEndOfFile() }
        async let err = blocking { errors.fileHandleForReading.readDataToEndOfFile() }
        let (stdoutData, stderrData) = await (out, err)
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
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }

    /// Writes a temporary spec file and returns its path.
    static func temporarySpec(_ yaml: String, name: String = "spec.yaml") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("netspec-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
