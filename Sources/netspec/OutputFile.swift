#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser

/// The file given with `-o`, opened for writing a download as curl does: created, or truncated
/// if it exists, and written in place (so `-o /dev/null` or a named pipe work too).
///
/// Failures are ``CLIError/output(_:status:)`` naming the file and the system's reason, for example
/// `error: cannot write 'out.bin': No space left on device`.
final class OutputFile {
    private let path: String
    private var descriptor: Int32

    init(path: String) throws(CLIError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Self.failure("cannot create", path, status: ExitStatus.cannotCreate) }
    }

    deinit {
        if descriptor >= 0 { _ = closeDescriptor(descriptor) }
    }

    /// Writes all of `bytes`, retrying short and interrupted writes; `EPIPE` (`-o /dev/stdout`
    /// into a closed pipe) is ``CLIError/brokenPipe``.
    func write(_ bytes: [UInt8]) throws(CLIError) {
        guard writeAll(bytes, to: descriptor) else { throw CLIError.writeFailure(errno: errno, target: "'\(path)'") }
    }

    /// Closes the file; a failure here can be a delayed write error (on NFS, for example).
    func close() throws(CLIError) {
        let result = closeDescriptor(descriptor)
        descriptor = -1
        if result != 0 { throw Self.failure("cannot write", path, status: ExitStatus.ioError) }
    }

    /// Checks that `path` can be created, before a long run that writes it when it ends: its folder
    /// must exist and take a file, or the error opening it would give is thrown now (73).
    static func checkFolder(of path: String) throws(CLIError) {
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        if access(folder, W_OK | X_OK) != 0 { throw failure("cannot create", path, status: ExitStatus.cannotCreate) }
    }

    /// The failure `errno` describes.
    private static func failure(_ action: String, _ path: String, status: ExitCode) -> CLIError {
        .output("error: \(action) '\(path)': \(String(cString: strerror(errno)))", status: status)
    }
}

// `close(2)`, named apart so the method above does not shadow it.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
