#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with POSIX calls, reporting the system's reason on failure.
enum FileBytes {
    /// A file that could not be read.
    struct Failure: Error {
        /// The reason, such as `cannot read file: No such file or directory`.
        var message: String
    }

    /// The file's bytes.
    ///
    /// - Parameters:
    ///   - path: the file's path.
    ///   - limit: the largest size accepted, in bytes.
    static func contents(ofFile path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(message: "cannot read file: \(systemError())") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(message: "cannot read file: \(systemError())") }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(message: "cannot read file: it is a directory") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, min(Int(info.st_size), limit)) + 1)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot read file: \(systemError())")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit {
                throw Failure(message: "file is larger than the \(limit / (1024 * 1024)) MiB limit")
            }
        }
        return bytes
    }

    /// The size of a regular file.
    ///
    /// - Throws: the system's reason when the file cannot be read, or "it is a directory".
    static func regularFileSize(path: String) throws(Failure) -> Int {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(message: systemError()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(message: systemError()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(message: (info.st_mode & S_IFMT) == S_IFDIR ? "it is a directory" : "it is not a regular file")
        }
        return Int(info.st_size)
    }

    /// The text of the current `errno`.
    static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
