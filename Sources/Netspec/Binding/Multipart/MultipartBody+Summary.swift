extension PreparedRequest.Multipart {
    /// The body as readable text, for a dry run that shows the request without sending it.
    ///
    /// The layout is the wire format with LF line breaks. Text parts appear as they are; byte parts
    /// that are not UTF-8 text appear as `<N bytes>`, and file parts as `<file PATH, N bytes>`
    /// (no file is read). For example:
    ///
    /// ```
    /// --netspec-4kQ…
    /// Content-Disposition: form-data; name="title"
    ///
    /// Holiday
    /// --netspec-4kQ…
    /// Content-Disposition: form-data; name="photo"; filename="beach.jpg"
    /// Content-Type: image/jpeg
    ///
    /// <file /tmp/beach.jpg, 48213 bytes>
    /// --netspec-4kQ…--
    /// ```
    package func summary() -> String {
        var text = ""
        for part in parts {
            text += "--\(boundary)\n"
            for line in headerLines(for: part) {
                text += line + "\n"
            }
            text += "\n" + Self.summary(of: part.content) + "\n"
        }
        return text + "--\(boundary)--\n"
    }

    // MARK: - Helpers

    /// A part's content as the summary shows it.
    private static func summary(of content: Part.Content) -> String {
        switch content {
        case .bytes(let bytes):
            if let text = PrintableText.text(bytes) { return text }
            return "<\(bytes.count) bytes>"
        case .file(let path, let size):
            return "<file \(path), \(size) bytes>"
        case .fileRange(let path, let offset, let length):
            return "<file \(path), bytes \(offset)-\(offset + length - 1), \(length) bytes>"
        }
    }
}
