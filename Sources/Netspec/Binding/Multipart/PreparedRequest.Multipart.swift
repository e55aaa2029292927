extension PreparedRequest {
    /// A `multipart/form-data` body (RFC 7578) whose file parts are streamed from disk in chunks.
    ///
    /// The body is a value: building one reads no file. File parts record their size when they are
    /// made (`Part.file(name:path:filename:contentType:)`), so ``contentLength`` is exact before any
    /// byte is sent, and `chunks(chunkSize:)` reads each file only when its part is reached.
    ///
    /// ```swift
    /// let body = PreparedRequest.Multipart(parts: [
    ///     PreparedRequest.Multipart.Part(name: "title", content: .bytes(Array("Holiday".utf8))),
    ///     try .file(name: "photo", path: "/tmp/beach.jpg"),
    /// ])
    /// request.headers["Content-Type"] = body.contentType
    /// request.headers["Content-Length"] = String(body.contentLength)
    /// for try await chunk in body.chunks() { try await connection.write(chunk) }
    /// ```
    ///
    /// Each part is written as
    ///
    /// ```
    /// --BOUNDARY\r\n
    /// Content-Disposition: form-data; name="NAME"[; filename="FILENAME"]\r\n
    /// [Content-Type: TYPE\r\n]
    /// \r\n
    /// CONTENT\r\n
    /// ```
    ///
    /// and the body ends with `--BOUNDARY--\r\n` (RFC 2046 §5.1.1). An empty list of parts is a valid
    /// body that holds only that closing line.
    ///
    /// - Important: Header values are not checked when the body is made. A `Part.contentType` that
    ///   holds CR or LF, or a `boundary` that RFC 2046 does not allow, makes `chunks(chunkSize:)`
    ///   and ``collect(upTo:)`` throw a `MultipartError` before the first byte. Names and file names
    ///   are always safe: they are escaped as the HTML standard's form encoder escapes them.
    ///
    /// - SeeAlso: [RFC 7578](https://www.rfc-editor.org/rfc/rfc7578),
    ///   [RFC 2046 §5.1](https://www.rfc-editor.org/rfc/rfc2046#section-5.1)
    public struct Multipart: Sendable, Hashable {
        /// The parts, in the order they are sent (RFC 7578 §5.2: servers may rely on the order).
        package let parts: [Part]

        /// The delimiter between parts, without the leading `--`.
        public let boundary: String

        /// The exact length of the body in bytes, for the `Content-Length` header.
        ///
        /// Computed when the body is made, from the headers and the recorded sizes of file parts; no
        /// file is read.
        public private(set) var contentLength = 0

        /// Each part's ``header(for:)``, in the order of ``parts``, built once when the body is made:
        /// ``contentLength`` and every pass over the body reuse them.
        private(set) var partHeaders: [[UInt8]] = []

        /// Creates a body from its parts.
        ///
        /// - Parameters:
        ///   - parts: the parts, in the order they are sent.
        ///   - boundary: the delimiter; a fresh random one by default. It must not occur in any part's
        ///     content (RFC 2046 §5.1.1), which a random boundary makes vanishingly unlikely.
        package init(parts: [Part], boundary: String = PreparedRequest.Multipart.makeBoundary()) {
            self.parts = parts
            self.boundary = boundary
            partHeaders = parts.map(header(for:))
            var length = closingDelimiter.count
            for (part, header) in zip(parts, partHeaders) {
                length += header.count + part.content.count + Self.lineBreak.count
            }
            contentLength = length
        }

        /// A fresh boundary: `netspec-` followed by 32 random letters and digits (about 190 bits),
        /// drawn from `SystemRandomNumberGenerator`.
        package static func makeBoundary() -> String {
            var generator = SystemRandomNumberGenerator()
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
            let random = (0..<32).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] }
            return "netspec-" + String(random)
        }

        /// The value of the request's `Content-Type` header: `multipart/form-data; boundary=…`.
        ///
        /// The boundary is quoted when it holds characters that a bare parameter value may not
        /// (RFC 2046 §5.1.1 allows, for example, spaces and `:`).
        public var contentType: String {
            "multipart/form-data; boundary=\(Self.parameterValue(boundary))"
        }

        /// The body as a re-iterable asynchronous sequence of byte chunks.
        ///
        /// Every chunk holds exactly `chunkSize` bytes except the last, which holds the rest: small
        /// pieces (headers, text fields) are packed together, and files are read with `pread` straight
        /// into the chunk being built. Each `makeAsyncIterator()` starts again from the first byte, so a
        /// failed request can be retried with the same sequence.
        ///
        /// - Parameter chunkSize: the largest chunk, in bytes; must be positive.
        /// - Returns: the chunks. Iterating throws `MultipartError` if a header value is invalid or a
        ///   file cannot be read or changed size, and `CancellationError` if the task is cancelled.
        /// - Important: An iterator holds one open file descriptor at most, for the file part being
        ///   read; it is closed when that part ends, when iteration fails, or when the iterator is
        ///   dropped. File reads block the calling thread briefly (one `pread` of `chunkSize` bytes).
        package func chunks(chunkSize: Int = 64 * 1024) -> MultipartChunks {
            precondition(chunkSize > 0, "chunkSize must be positive")
            return MultipartChunks(body: self, chunkSize: chunkSize)
        }

        /// The whole body in memory.
        ///
        /// - Parameter limit: the longest body accepted, in bytes.
        /// - Returns: the body's bytes, exactly as `chunks(chunkSize:)` yields them.
        /// - Throws: `MultipartError` if ``contentLength`` exceeds `limit` (checked before anything is
        ///   read) or if iterating fails; `CancellationError` if the task is cancelled.
        /// - Warning: Meant for tests and small bodies. Send large bodies with `chunks(chunkSize:)`.
        public func collect(upTo limit: Int) async throws -> [UInt8] {
            let length = contentLength
            guard length <= limit else { throw MultipartError.tooLarge(length: length, limit: limit) }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(length)
            for try await chunk in chunks() {
                bytes.append(contentsOf: chunk)
            }
            return bytes
        }
    }
}

