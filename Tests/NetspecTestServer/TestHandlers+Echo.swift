extension TestHandlers {
    /// Bodies up to this many bytes (8 MiB) are echoed in full; larger ones are only counted
    /// and checksummed.
    public static let echoBufferLimit = 8 * 1024 * 1024

    /// Answers `200 application/json` describing exactly what was received: method, raw
    /// target, path, query, version, headers in order and original case, body length, the
    /// body's CRC-32, and for bodies up to ``echoBufferLimit`` the body itself as `bodyBase64`
    /// (and `bodyText` when it is UTF-8).
    ///
    /// ```json
    /// {"bodyBase64":"aGk=","bodyLength":2,"bodyStreamed":false,"bodyText":"hi","crc32":"d8932aac",
    ///  "headers":[["Host","127.0.0.1:8080"],["Content-Length","2"]],"method":"POST",
    ///  "path":"/a","query":"b=1","target":"/a?b=1","version":"HTTP/1.1"}
    /// ```
    ///
    /// `query` is `null` when the target has no `?`. Bodies above the limit are streamed
    /// through a CRC-32 without being held, and reported with `"bodyStreamed": true`.
    public static let echo: TestHandler = { request, writer in
        let report = try await EchoReport(request: request, limit: echoBufferLimit)
        try await writer.respond(headers: [("Content-Type", "application/json")], body: try report.json())
    }
}
