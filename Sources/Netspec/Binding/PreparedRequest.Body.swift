import HTTPTypes

extension PreparedRequest {
    /// The body of a ``PreparedRequest``.
    public enum Body: Sendable, Hashable {
        /// No body.
        case empty
        /// Bytes in memory (JSON, form, text, `Data`).
        case bytes([UInt8])
        /// A file streamed from disk; its size was taken when the request was built.
        case file(path: String, size: Int)
        /// `length` bytes of a file from `offset`, streamed from disk.
        case fileRange(path: String, offset: Int, length: Int)
        /// A `multipart/form-data` body whose file parts are streamed.
        case multipart(PreparedRequest.Multipart)

        /// The body's length in bytes.
        public var contentLength: Int {
            switch self {
            case .empty: 0
            case let .bytes(bytes): bytes.count
            case let .file(_, size): size
            case let .fileRange(_, _, length): length
            case let .multipart(body): body.contentLength
            }
        }

        /// Whether there is no body.
        public var isEmpty: Bool {
            if case .empty = self { true } else { false }
        }
    }
}
