#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one owner of an open file descriptor for a file part while it is being sent.
///
/// The descriptor is opened read-only in `init` and closed in `deinit`, so it cannot outlive the
/// iterator that holds it, whether iteration finishes, fails, or is abandoned. Reads use `pread`
/// with explicit offsets, so the object keeps no file position of its own.
final class MultipartFile {
    /// The path, for messages.
    let path: String

    /// The open descriptor.
    private let descriptor: Int32

    /// Opens `path` for reading.
    ///
    /// - Throws: ``MultipartError`` with the system's reason if it cannot be opened.
    init(path: String) throws(MultipartError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw MultipartError.cannotRead(path, code: errno) }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    // MARK: - Reading

    /// Fills `buffer` with the file's bytes starting at `offset`.
    ///
    /// - Parameters:
    ///   - buffer: where the bytes go; all of it is filled unless this throws.
    ///   - offset: the file offset of the first byte.
    ///   - expectedSize: the file's recorded size, for the message if it ends early.
    /// - Throws: ``MultipartError`` if a read fails or the file ends before `buffer` is full.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int, expectedSize: Int) throws(MultipartError) {
        var filled = 0
        while filled < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
            if count > 0 {
                filled += count
            } else if count == 0 {
                throw MultipartError.fileShrank(path, expected: expectedSize, read: offset + filled)
            } else if errno != EINTR {
                throw MultipartError.cannotRead(path, code: errno)
            }
        }
    }

    /// Checks that the file ends at `size`, the length recorded when its part was made.
    ///
    /// - Throws: ``MultipartError`` with the file's current size if it has grown.
    func expectEnd(at size: Int) throws(MultipartError) {
        var probe: UInt8 = 0
        while true {
            let count = pread(descriptor, &probe, 1, off_t(size))
            if count == 0 { return }
            if count > 0 { break }
            if errno != EINTR { throw MultipartError.cannotRead(path, code: errno) }
        }
        var info = stat()
        let now = fstat(descriptor, &info) == 0 ? Int(info.st_size) : size + 1
        throw MultipartError.fileGrew(path, expected: size, now: now)
    }
}

@available(*, unavailable)
extension MultipartFile: Sendable {}
