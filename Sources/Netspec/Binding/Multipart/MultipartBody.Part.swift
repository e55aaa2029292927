import NetspecModel

extension PreparedRequest.Multipart {
    /// One part of a `multipart/form-data` body: a named field whose content is held in memory or
    /// read from a file while the body is sent (RFC 7578 §4).
    package struct Part: Sendable, Hashable {
        /// Where a part's content comes from.
        package enum Content: Sendable, Hashable {
            /// Bytes held in memory: a text field, a `Data` value, an encoded JSON value.
            case bytes([UInt8])

            /// A file on disk, read in chunks while the body is sent.
            ///
            /// `size` is the file's length when the part was made; it fixes the body's
            /// `Content-Length`, so a file that no longer has that length makes sending fail.
            /// Prefer ``PreparedRequest/Multipart/Part/file(name:path:filename:contentType:)``, which stats the file.
            case file(path: String, size: Int)

            /// `length` bytes of a file from `offset` (a chunk of a bigger upload), read while the
            /// body is sent; the file must still hold them.
            case fileRange(path: String, offset: Int, length: Int)
        }

        /// The form field's name, sent in `Content-Disposition` (RFC 7578 §4.2).
        package var name: String

        /// The file name sent in `Content-Disposition`, or `nil` for a plain field (RFC 7578 §4.2).
        package var filename: String?

        /// The part's media type, or `nil` to send no `Content-Type` line, which means
        /// `text/plain` (RFC 7578 §4.4).
        ///
        /// - Important: Must not contain CR or LF; a body with such a part fails when it is sent.
        package var contentType: String?

        /// The part's content.
        package var content: Content

        /// Creates a part.
        ///
        /// - Parameters:
        ///   - name: the form field's name.
        ///   - filename: the file name to send, if any.
        ///   - contentType: the media type to send, if any.
        ///   - content: the bytes, or the file to stream.
        package init(name: String, filename: String? = nil, contentType: String? = nil, content: Content) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.content = content
        }

        /// A part whose content is a file on disk, streamed when the body is sent.
        ///
        /// The file is checked now: it must exist, be readable and be a regular file, and its size
        /// is recorded for ``PreparedRequest/Multipart/contentLength``. Its bytes are not read until then.
        ///
        /// - Parameters:
        ///   - name: the form field's name.
        ///   - path: the file's path.
        ///   - filename: the file name to send; the last component of `path` by default.
        ///   - contentType: the media type to send; by default a guess from the file's extension
        ///     (`.json` → `application/json`, `.png` → `image/png`, …), else `application/octet-stream`.
        /// - Returns: the part.
        /// - Throws: ``MultipartError``, such as `cannot read '/x/a.bin': No such file or directory`
        ///   or `'/x' is a directory, not a file`.
        package static func file(
            name: String,
            path: String,
            filename: String? = nil,
            contentType: String? = nil
        ) throws(MultipartError) -> Part {
            let size: Int
            do {
                size = try FileBytes.regularFileSize(path: path)
            } catch {
                throw .unusableFile(path, error)
            }
            return Part(name: name, file: path, size: size, filename: filename, contentType: contentType)
        }

        /// A part for a file already checked, whose size is known, with the defaults of
        /// ``file(name:path:filename:contentType:)``.
        init(name: String, file path: String, size: Int, filename: String?, contentType: String?) {
            self.init(name: name, file: path, content: .file(path: path, size: size), filename: filename, contentType: contentType)
        }

        /// A part for a file's content (whole or a range), with the defaults of
        /// ``file(name:path:filename:contentType:)``.
        init(name: String, file path: String, content: Content, filename: String?, contentType: String?) {
            self.init(
                name: name,
                filename: filename ?? Self.lastComponent(of: path),
                contentType: contentType ?? Self.guessedContentType(forPath: path),
                content: content
            )
        }
    }
}

// MARK: - Helpers

extension PreparedRequest.Multipart.Part.Content {
    /// The number of content bytes: the array's count, or the file's recorded size.
    var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .file(_, let size): size
        case .fileRange(_, _, let length): length
        }
    }
}

extension PreparedRequest.Multipart.Part {
    /// The last non-empty `/`-separated component of `path`, or `path` itself if it has none.
    static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
