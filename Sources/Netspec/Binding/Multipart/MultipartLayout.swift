/// A ``PreparedRequest/Multipart`` flattened into the runs of bytes and the files that are written one after
/// another, checked once before the first byte is sent.
///
/// Byte contents and part headers are shared with the body (arrays are copy-on-write), so building
/// a layout copies no bytes; only the closing delimiter is new.
struct MultipartLayout: Sendable {
    /// A run of the body: bytes in memory, or a file read when it is reached; a file must hold
    /// exactly its recorded size.
    typealias Segment = PreparedRequest.Multipart.Part.Content

    /// The runs, in order.
    let segments: [Segment]

    /// The total length in bytes: the sum of the segments' counts, the body's
    /// ``PreparedRequest/Multipart/contentLength``.
    let length: Int

    /// Lays out `body`, refusing header values that would corrupt the framing.
    ///
    /// - Throws: ``MultipartError`` if the boundary is not allowed by RFC 2046 §5.1.1 or a part's
    ///   content type holds CR or LF.
    init(validating body: PreparedRequest.Multipart) throws(MultipartError) {
        guard PreparedRequest.Multipart.isValidBoundary(body.boundary) else {
            throw MultipartError.invalidBoundary(body.boundary)
        }
        var segments: [Segment] = []
        segments.reserveCapacity(body.parts.count * 3 + 1)
        for (part, header) in zip(body.parts, body.partHeaders) {
            if let contentType = part.contentType, contentType.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) {
                throw MultipartError.lineBreakInContentType(part: part.name)
            }
            segments.append(.bytes(header))
            segments.append(part.content)
            segments.append(.bytes(PreparedRequest.Multipart.lineBreak))
        }
        segments.append(.bytes(body.closingDelimiter))
        self.segments = segments
        self.length = body.contentLength
    }

    /// A layout that is one whole file, for a raw file body.
    init(file path: String, size: Int) {
        segments = [.file(path: path, size: size)]
        length = size
    }

    /// A layout that is a range of a file, for a raw body.
    init(file path: String, offset: Int, length: Int) {
        segments = [.fileRange(path: path, offset: offset, length: length)]
        self.length = length
    }
}
