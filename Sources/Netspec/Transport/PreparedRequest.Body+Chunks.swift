extension PreparedRequest.Body {
    /// The body as chunks read when reached, for a transport that streams what is not in memory:
    /// a file, a range of one, or a multipart body (files read with `pread`, one at a time);
    /// `nil` for an empty body or bytes, which are sent as they are.
    package var streamedChunks: MultipartChunks? {
        switch self {
        case .empty, .bytes: nil
        case let .file(path, size): MultipartChunks(file: path, size: size)
        case let .fileRange(path, offset, length): MultipartChunks(file: path, offset: offset, length: length)
        case let .multipart(body): body.chunks()
        }
    }
}
