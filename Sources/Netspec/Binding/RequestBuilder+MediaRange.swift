import NetspecModel

/// A raw body declared under a media range (an OpenAPI request body's `image/*` or `text/*`:
/// "any such type is accepted", OpenAPI 3.1 §4.8.14) goes out under a concrete type, as a
/// request's `Content-Type` must be one (RFC 9110 §8.3): a file's type by its extension where
/// the range covers it (`_@photo.png` under `image/*`: `image/png`), else `text/plain` for
/// `text/*` and `application/octet-stream` for any other range. The range's parameters stay
/// (`text/*; charset=utf-8` → `text/plain; charset=utf-8`). `*/*` declares no type at all: such
/// a body goes as bytes or JSON (``ParameterCodec/Body``).
extension MediaType {
    /// The `Content-Type` a body of `declared` (maybe a range) goes out under; `path` is the file sent, if any.
    static func concrete(_ declared: String, file path: String?) -> String {
        let base = base(of: declared)
        guard base.hasSuffix("/*") else { return declared }
        let parameters = declared.firstIndex(of: ";").map { String(declared[$0...]) } ?? ""
        if let path {
            let guessed = PreparedRequest.Multipart.Part.guessedContentType(forPath: path)
            if covers(base, guessed) { return guessed + parameters }
        }
        return (base == "text/*" ? "text/plain" : PreparedRequest.Multipart.Part.octetStream) + parameters
    }
}

extension PreparedRequest.Body {
    /// The file the body is read from, if any.
    var filePath: String? {
        switch self {
        case let .file(path, _), let .fileRange(path, _, _): path
        default: nil
        }
    }
}
