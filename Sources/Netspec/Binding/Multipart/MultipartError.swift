import NetspecModel

/// A failure to produce a `multipart/form-data` body: a file part that cannot be read, a file that
/// changed while it was being sent, or a part or boundary that cannot be written as a header.
///
/// The ``message`` names the file or the part, for example
/// `cannot read '/x/a.bin': No such file or directory`.
package struct MultipartError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in sentence form, naming the file or the part.
    package let message: String

    /// The ``message``.
    package var description: String { message }

    init(_ message: String) {
        self.message = message
    }
}

// MARK: - Messages

extension MultipartError {
    /// `open`, `stat` or `pread` failed with `code`, e.g. `cannot read '/x/a.bin': No such file or directory`.
    static func cannotRead(_ path: String, code: Int32) -> MultipartError {
        MultipartError("cannot read '\(path)': \(FileBytes.describe(errno: code))")
    }

    /// A file part's path cannot be used: the message of ``cannotRead(_:code:)``,
    /// ``isDirectory(_:)`` or ``notRegularFile(_:)``.
    static func unusableFile(_ path: String, _ failure: FileBytes.Failure) -> MultipartError {
        switch failure {
        case .directory: isDirectory(path)
        case .notRegularFile: notRegularFile(path)
        default: MultipartError("cannot read '\(path)': \(failure.message)")
        }
    }

    /// The path names a directory.
    static func isDirectory(_ path: String) -> MultipartError {
        MultipartError("'\(path)' is a directory, not a file")
    }

    /// The path names a FIFO, socket or device, whose length cannot be known before it is read.
    static func notRegularFile(_ path: String) -> MultipartError {
        MultipartError("'\(path)' is not a regular file")
    }

    /// The file ended before the size recorded when its part was made.
    static func fileShrank(_ path: String, expected: Int, read: Int) -> MultipartError {
        MultipartError("file '\(path)' changed size while it was being sent (expected \(expected) bytes, read \(read))")
    }

    /// The file holds more than the size recorded when its part was made.
    static func fileGrew(_ path: String, expected: Int, now: Int) -> MultipartError {
        MultipartError("file '\(path)' changed size while it was being sent (expected \(expected) bytes, now \(now))")
    }

    /// A part's content type would break out of its header line.
    static func lineBreakInContentType(part name: String) -> MultipartError {
        MultipartError("the content type of part '\(name)' contains a line break")
    }

    /// The boundary is not one that RFC 2046 §5.1.1 allows.
    static func invalidBoundary(_ boundary: String) -> MultipartError {
        MultipartError(
            "invalid multipart boundary '\(boundary)': it must be 1 to 70 letters, digits or "
                + "'()+_,-./:=? characters and must not end with a space"
        )
    }

    /// ``PreparedRequest/Multipart/collect(upTo:)`` was asked for a body longer than its limit.
    static func tooLarge(length: Int, limit: Int) -> MultipartError {
        MultipartError("the multipart body is \(length) bytes, more than the limit of \(limit) bytes")
    }
}
