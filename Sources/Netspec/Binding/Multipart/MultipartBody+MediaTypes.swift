extension PreparedRequest.Multipart.Part {
    /// The media type for a file, guessed from its extension (case-insensitive), or
    /// `application/octet-stream` when the extension is missing or unknown.
    ///
    /// A dot that starts the file name (`.env`) does not begin an extension.
    static func guessedContentType(forPath path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return octetStream }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        return mediaTypes[fileExtension] ?? octetStream
    }

    // MARK: - Table

    /// The media type of bytes with no known format (RFC 2046 §4.5.1).
    static let octetStream = "application/octet-stream"

    /// Media types by lowercase file extension, from the IANA registry; a deliberately small table
    /// of what APIs commonly receive as uploads.
    static let mediaTypes: [String: String] = [
        // Text and structured data.
        "txt": "text/plain",
        "text": "text/plain",
        "md": "text/markdown",
        "csv": "text/csv",
        "tsv": "text/tab-separated-values",
        "html": "text/html",
        "htm": "text/html",
        "css": "text/css",
        "js": "text/javascript",
        "json": "application/json",
        "jsonl": "application/jsonl",
        "ndjson": "application/x-ndjson",
        "xml": "application/xml",
        "yaml": "application/yaml",
        "yml": "application/yaml",
        "pdf": "application/pdf",
        // Archives.
        "zip": "application/zip",
        "gz": "application/gzip",
        "tgz": "application/gzip",
        "tar": "application/x-tar",
        // Images.
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "svg": "image/svg+xml",
        "heic": "image/heic",
        "ico": "image/vnd.microsoft.icon",
        // Audio and video.
        "mp3": "audio/mpeg",
        "m4a": "audio/mp4",
        "wav": "audio/wav",
        "ogg": "audio/ogg",
        "flac": "audio/flac",
        "mp4": "video/mp4",
        "mov": "video/quicktime",
        "webm": "video/webm",
    ]
}
