import Foundation

/// A fresh directory under the system's temporary directory for the files a test makes, removed
/// when the value is dropped.
public final class ScratchDirectory: Sendable {
    /// The directory's path, without a trailing slash.
    public let path: String

    /// Makes the directory.
    public init() throws {
        var template = Array((NSTemporaryDirectory() + "netspec-test-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `bytes` to a file named `name` in the directory and returns its path.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String) throws -> String {
        let filePath = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: filePath))
        return filePath
    }

    /// Makes a sparse file of `size` bytes (no disk blocks) named `name`, writing `markers` at
    /// their offsets, and returns its path.
    public func makeSparseFile(named name: String, size: Int, markers: [Int: UInt8] = [:]) throws -> String {
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

    /// Sets the length of the file at `filePath`, as if it changed after it was opened or measured.
    public func resize(_ filePath: String, to size: Int) throws {
        guard truncate(filePath, off_t(size)) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
