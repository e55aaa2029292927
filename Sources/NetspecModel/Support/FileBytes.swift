#if canImport(Glibc)
package import Glibc
#elseif canImport(Musl)
package import Musl
#elseif canImport(Darwin)
package import Darwin
#endif

/// Reads whole files and checks file paths with POSIX calls, reporting the system's reason on
/// failure.
package enum FileBytes {
    /// Why a file could not be read.
    ///
    /// The ``message`` is only the reason; each caller says what it was reading, for example
    /// `cannot read '/x/a.bin': No such file or directory`.
    package enum Failure: Error {
        /// A system call failed with this `errno`.
        case system(errno: Int32)
        /// The path names a directory.
        case directory
        /// The path names a FIFO, socket or device, where a regular file is needed.
        case notRegularFile
        /// The file holds more than the limit, in bytes.
        case tooLarge(limit: Int)

        /// The reason, such as `No such file or directory`, `it is a directory` or
        /// `file is larger than the 64 MiB limit`.
        package var message: String {
            switch self {
            case let .system(code): FileBytes.describe(errno: code)
            case .directory: "it is a directory"
            case .notRegularFile: "it is not a regular file"
            case let .tooLarge(limit): "file is larger than the \(ByteCount(limit)) limit"
            }
        }
    }

    /// The file's bytes.
    ///
    /// - Parameters:
    ///   - path: the file's path.
    ///   - limit: the largest size accepted, in bytes.
    package static func contents(ofFile path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(errno: errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .directory }
        return try contents(ofDescriptor: descriptor, limit: limit, expectedSize: Int(info.st_size))
    }

    /// Everything left to read from an open descriptor (a file, a pipe: standard input), up to
    /// `limit` bytes; the one way the package reads a whole input with a size limit.
    package static func contents(ofDescriptor descriptor: Int32, limit: Int, expectedSize: Int = 0) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, min(expectedSize, limit)) + 1)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { throw .tooLarge(limit: limit) }
        }
        return bytes
    }

    /// The size of the regular file at `path`, after checking that it can be opened for reading.
    ///
    /// The type is checked before the file is opened, so a FIFO is refused rather than waited on.
    ///
    /// - Throws: ``Failure/system(errno:)`` if it does not exist or cannot be read,
    ///   ``Failure/directory`` or ``Failure/notRegularFile`` (a FIFO or device has no length known
    ///   in advance).
    package static func regularFileSize(path: String) throws(Failure) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .system(errno: errno) }
        try requireRegularFile(info)
        // Permission problems surface now rather than halfway through a request.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(errno: errno) }
        close(descriptor)
        return Int(info.st_size)
    }

    /// Throws unless `info` is a regular file's: ``Failure/directory`` or ``Failure/notRegularFile``.
    static func requireRegularFile(_ info: stat) throws(Failure) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .directory
        default: throw .notRegularFile
        }
    }

    /// The system's text for an `errno` value, such as `No such file or directory`.
    package static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    // MARK: - Writing

    /// Writes a file so that a reader never sees half of it: into a new temporary file beside it
    /// (mode `mode`), renamed into place when `write` succeeds, removed otherwise. Missing parent
    /// directories are made with mode 0700. Returns whether the file was written.
    @discardableResult
    static func writeAtomically(to path: String, mode: mode_t = 0o600, _ write: (Int32) -> Bool) -> Bool {
        if let slash = path.lastIndex(of: "/"), slash > path.startIndex, !makeDirectories(String(path[..<slash])) { return false }
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return false }
        fchmod(descriptor, mode)
        let written = write(descriptor)
        close(descriptor)
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// ``writeAtomically(to:mode:_:)`` of bytes.
    @discardableResult
    package static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) -> Bool {
        writeAtomically(to: path, mode: mode) { descriptor in bytes.withUnsafeBytes { writeAll(descriptor, $0) } }
    }

    /// Makes `path` and its missing parents (mode 0700), as `mkdir -p` does; whether `path` is a
    /// directory afterwards (if not, `errno` says why: `ENOTDIR` where a file is in the way).
    @discardableResult
    package static func makeDirectories(_ path: String) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                errno = ENOTDIR
                return false
            }
            return true
        }
        if let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            guard makeDirectories(String(path[..<slash])) else { return false }
        }
        return mkdir(path, 0o700) == 0 || errno == EEXIST
    }

    /// Writes all of `bytes`, however many calls it takes: `write(2)` at the descriptor's own
    /// offset, or `pwrite(2)` from `offset` on. Short and interrupted writes are retried; `false`
    /// when a write fails (`errno` says why) or writes nothing.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int? = nil) -> Bool {
        var done = 0
        while done < bytes.count {
            let start = bytes.baseAddress! + done, left = bytes.count - done
            let count = if let offset { pwrite(descriptor, start, left, off_t(offset + done)) } else { write(descriptor, start, left) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    /// ``writeAll(_:_:at:)`` of bytes.
    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], at offset: Int? = nil) -> Bool {
        bytes.withUnsafeBytes { writeAll(descriptor, $0, at: offset) }
    }

    /// `path` absolute, with its symbolic links and `.`/`..` resolved (`realpath(3)`); `nil` when
    /// it names nothing.
    package static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` names a regular file.
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
