import Foundation
import Testing

@testable import Netspec

/// A fresh directory under the system's temporary directory, removed when the value is dropped.
final class MultipartScratchDirectory {
    /// The directory's path, without a trailing slash.
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "netspec-multipart-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `bytes` to a file named `name` in the directory and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let filePath = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: filePath))
        return filePath
    }

    /// Makes a sparse file of `size` bytes (no disk blocks) named `name`, writing `markers` at
    /// their offsets, and returns its path.
    func makeSparseFile(named name: String, size: Int, markers: [Int: UInt8] = [:]) throws -> String {
        let filePath = path + "/" + name
        let descriptor = open(filePath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(size)) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for (offset, byte) in markers {
            var value = byte
            guard pwrite(descriptor, &value, 1, off_t(offset)) == 1 else { throw POSIXError(.EIO) }
        }
        return filePath
    }

    /// Sets the length of the file at `filePath`, as if it changed after its part was made.
    func resize(_ filePath: String, to size: Int) throws {
        guard truncate(filePath, off_t(size)) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}

/// Helpers for reading the multipart sequences and the process's state in tests.
enum MultipartProbe {
    /// All chunks of one pass over `chunks`.
    static func chunks(of chunks: MultipartChunks) async throws -> [[UInt8]] {
        var all: [[UInt8]] = []
        for try await chunk in chunks {
            all.append(chunk)
        }
        return all
    }

    /// The body as text, for readable failures.
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The paths that this process's open descriptors refer to (`/proc/self/fd`).
    static func openFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) }
    }

    /// How many descriptors refer to `path`.
    static func openCount(of path: String) -> Int {
        openFiles().filter { $0 == path }.count
    }
}
