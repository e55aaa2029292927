import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What a finished child process reports.
struct ChildResult {
    /// Wall time from just before `posix_spawn` to the return of `wait4`.
    var nanoseconds: UInt64
    /// The exit status, or 128 + the signal that ended it.
    var status: Int32
    /// Peak resident set size in bytes, from ``Spawn/runMeasuringMemory(_:through:stdout:)`` only.
    ///
    /// A child spawned straight from this (large) process inherits its high-water RSS at exec,
    /// because `posix_spawn` shares the parent's memory until then, so its own `ru_maxrss` is wrong.
    var maxResidentBytes: Int?
}

/// Starting processes with `posix_spawn`: no shell, no Foundation `Process` in the timed path.
enum Spawn {
    /// Where a child's standard streams go.
    enum Stream {
        case inherit
        case null
        case file(String)
        case descriptor(Int32)
    }

    /// Starts `arguments[0]` (an absolute path) and returns its process id.
    static func start(
        _ arguments: [String], stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .inherit,
        closing extraDescriptors: [Int32] = [], environment: [String: String] = [:]
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .inherit:
                break
            case .null:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case let .file(path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case let .descriptor(source):
                posix_spawn_file_actions_adddup2(&actions, source, descriptor)
            }
        }
        for descriptor in extraDescriptors { posix_spawn_file_actions_addclose(&actions, descriptor) }

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        // This process's environment, with `environment`'s variables set over it.
        var variables: [UnsafeMutablePointer<CChar>?] = []
        if !environment.isEmpty {
            var index = 0
            while let entry = environ[index] {
                let text = String(cString: entry)
                let name = String(text.prefix { $0 != "=" })
                if environment[name] == nil { variables.append(strdup(text)) }
                index += 1
            }
            for (name, value) in environment { variables.append(strdup(name + "=" + value)) }
            variables.append(nil)
        }
        defer { for pointer in variables { free(pointer) } }
        let result = variables.isEmpty
            ? posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
            : posix_spawn(&pid, arguments[0], &actions, nil, argv, &variables)
        guard result == 0 else {
            throw BenchError("cannot start \(arguments[0]): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Waits for a child; returns its exit status (128 + the signal that ended it).
    @discardableResult
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Runs a command to its end, timing it from spawn to reaped.
    static func run(_ arguments: [String], stdout: Stream = .null, stderr: Stream = .inherit, environment: [String: String] = [:]) throws -> ChildResult {
        let start = monotonicNanoseconds()
        let pid = try Self.start(arguments, stdout: stdout, stderr: stderr, environment: environment)
        let status = wait(pid)
        let elapsed = monotonicNanoseconds() - start
        return ChildResult(nanoseconds: elapsed, status: status, maxResidentBytes: nil)
    }

    /// Runs a command through the small `peak-rss` program, which forks it and reports its `ru_maxrss`.
    static func runMeasuringMemory(
        _ arguments: [String], through peakRSS: String, stdout: Stream = .null, environment: [String: String] = [:]
    ) throws -> ChildResult {
        let report = NSTemporaryDirectory() + "netspec-bench-rss-\(getpid())"
        defer { unlink(report) }
        var result = try run([peakRSS, report] + arguments, stdout: stdout, environment: environment)
        guard let text = try? String(contentsOfFile: report, encoding: .utf8) else {
            throw BenchError("peak-rss wrote no report for \(arguments[0])")
        }
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let kibibytes = Int(fields[1]) else { throw BenchError("peak-rss: \(text)") }
        result.maxResidentBytes = kibibytes * 1024
        return result
    }

    /// The full path of a program found on `PATH`.
    static func which(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}

/// A long-lived child whose standard input and output are pipes, spoken to a line at a time.
final class LineChild {
    let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var buffered: [UInt8] = []

    init(_ arguments: [String]) throws {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw BenchError("pipe failed") }
        pid = try Spawn.start(
            arguments, stdin: .descriptor(toChild[0]), stdout: .descriptor(fromChild[1]), stderr: .inherit,
            closing: [toChild[1], fromChild[0]]
        )
        close(toChild[0])
        close(fromChild[1])
        input = toChild[1]
        output = fromChild[0]
        _ = fcntl(input, F_SETFD, FD_CLOEXEC)
        _ = fcntl(output, F_SETFD, FD_CLOEXEC)
    }

    func send(_ line: String) throws {
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw BenchError("cannot write to child \(pid)")
            }
            offset += written
        }
    }

    /// The next line the child prints, without its line end; `nil` at the end of its output.
    func readLine() -> String? {
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(output, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffered.append(contentsOf: chunk[..<count])
        }
    }

    /// Closes the child's standard input (it exits on that), and reaps it.
    func finish() {
        close(input)
        close(output)
        _ = Spawn.wait(pid)
    }
}
