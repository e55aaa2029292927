/// `Content-Encoding: x-gzip`: gzip data under the old name RFC 9110 §8.4.1.3 says to read as `gzip`.
extension TestHandlers {
    /// What ``xGzip(status:body:contentType:label:fault:)`` does to the gzip data.
    public enum GzipFault: Sendable, CaseIterable {
        /// The data as made.
        case none
        /// Cut in half (the HTTP framing is fine: `Content-Length` says what is sent).
        case truncated
        /// Followed by bytes that are no gzip member.
        case trailingBytes
        /// Its deflate data overwritten with 0xFF bytes: a block of the reserved type 3, not valid deflate.
        case corrupt
    }

    /// Answers with `body` gzip-compressed, labelled `label` (`x-gzip` by default, any case).
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - body: The uncompressed text (JSON by default).
    ///   - contentType: The `Content-Type` of the uncompressed body.
    ///   - label: The `Content-Encoding` value.
    ///   - fault: What is done to the compressed data.
    public static func xGzip(
        status: Int = 200, body: String = "{}", contentType: String = "application/json", label: String = "x-gzip", fault: GzipFault = .none
    ) -> TestHandler {
        var bytes = Zlib.compress(Array(body.utf8), as: .gzip)
        switch fault {
        case .none: break
        case .truncated: bytes = Array(bytes.prefix(bytes.count / 2))
        case .trailingBytes: bytes += Array("garbage".utf8)
        case .corrupt:
            // After the 10-byte gzip header: 0xFF bytes are no valid block (BTYPE 11 is reserved).
            for index in 10..<(bytes.count - 8) { bytes[index] = 0xFF }
        }
        return respond(status: status, contentType: contentType, body: bytes, headers: [("Content-Encoding", label)])
    }
}
