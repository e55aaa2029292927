/// A ``MultipartBody`` flattened into the runs of bytes and the files that are written one after
/// another, checked once before the first byte is sent.
///
/// Byte contents are shared with the body's parts (arrays are copy-on-write), so building a layout
/// copies no content; only the small header runs are new.
struct MultipartLayout: Sendable {
    /// A run of the body: bytes in memory, or a file read when it is reached.
    enum Segment: Sendable {
        /// Bytes written as they are.
        case bytes([UInt8])
        /// A file whose first `size` bytes are written; it must hold exactly `size` bytes.
        case file(path: String, size: Int)

        /// The number of bytes the segment contributes.
        var count: Int {
            switch self {
            case .bytes(let bytes): bytes.count
            case .file(_, let size): size
            }
        }
    }

    /// The runs, in order.
    let segments: [Segment]

    /// The total length in bytes; equal to ``MultipartBody/contentLength``.
    let length: Int

    /// Lays out `body`, refusing header values that would corrupt the framing.
    ///
    /// - Throws: ``MultipartError`` if the boundary is not allowed by RFC 2046 §5.1.1 or a part's
    ///   content type holds CR or LF.
    init(validating body: MultipartBody) throws(MultipartError) {
        guard MultipartBody.isValidBoundary(body.boundary) else {
            throw MultipartError.invalidBoundary(body.boundary)
        }
        var segments: [Segment] = []
        segments.reserveCapacity(body.parts.count * 3 + 1)
        for part in body.parts {
            if let contentType = part.contentType, contentType.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) {
                throw MultipartError.lineBreakInContentType(part: part.name)
            }
            segments.append(.bytes(body.header(for: part)))
            switch part.content {
            case .bytes(let bytes): segments.append(.bytes(bytes))
            case .file(let path, let size): segments.append(.file(path: path, size: size))
            }
            segments.append(.bytes(MultipartBody.lineBreak))
        }
        segments.append(.bytes(body.closingDelimiter))
        self.segments = segments
        self.length = segments.reduce(0) { $0 + $1.count }
    }

    /// A layout that is one whole file, for a raw file body.
    init(file path: String, size: Int) {
        segments = [.file(path: path, size: size)]
        length = size
    }
}
