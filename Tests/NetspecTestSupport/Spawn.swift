internal import CNetspecSpawn
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting a child with `posix_spawn`, for ``ChildProcess/run(_:_:directory:environment:input:mergingErrors:)``.
///
/// Not Foundation's `Process`: on Linux, Swift 6.3's `Process.run()` copies a whole 256-byte
/// `d_name` out of each `/proc/self/fd` entry that `readdir` returns, reading past glibc's buffer
/// when an entry ends a page; every few runs of this suite (hundreds of CLI children) that page was
/// unmapped and the test process crashed (swift-corelibs-foundation #5472, fixed after 6.3.1).
enum Spawn {
    /// A pipe whose two ends close on `exec` (the child gets its end through `dup2`).
    static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard netspec_pipe_cloexec(&ends) == 0 else { throw SpawnError("pipe2: errno \(errno)") }
        return (ends[0], ends[1])
    }

    /// Starts `executable` with standard input, output and error on the given descriptors.
    static func start(
        _ executable: String, _ arguments: [String], directory: String?, environment: [String: String],
        stdin: Int32, stdout: Int32, stderr: Int32
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        // Only the three: descriptors other tests left open without close-on-exec stay out.
        netspec_spawn_addclosefrom(&actions, 3)
        if let directory { netspec_spawn_addchdir(&actions, directory) }

        // Signals back to their defaults and none blocked, whatever the test process does with them
        // (an ignored SIGPIPE would be inherited, and `netspec … | head` would behave differently).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM] { sigaddset(&defaults, signal) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            : posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw SpawnError("cannot start \(executable): \(String(cString: strerror(status)))") }
        return pid
    }

    /// Everything readable from a descriptor until end of file; the descriptor is then closed.
    static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        readChunks(descriptor) { bytes += $0 }
        return bytes
    }

    /// Reads a descriptor until end of file (or an error other than EINTR), handing each chunk
    /// to `chunk`; the descriptor is then closed.
    static func readChunks(_ descriptor: Int32, _ chunk: ([UInt8]) -> Void) {
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                chunk(Array(buffer[0..<count]))
            } else if count == 0 || errno != EINTR {
                return
            }
        }
    }

    /// Writes all of `bytes` (as much as the reader takes: a child that exits early closes its
    /// end), then closes the descriptor.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else if count < 0, errno != EINTR {
                return
            }
        }
    }

    /// Waits for a child to end: its exit status, or the number of the signal that ended it (as
    /// `Process.terminationStatus` says it).
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : signal
    }

    /// Writing to a pipe whose reader has gone must fail with EPIPE, not end the test process.
    static let ignoresBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()
}

/// A child process that could not be started.
struct SpawnError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
