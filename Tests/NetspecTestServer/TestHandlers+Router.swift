/// One entry of ``TestHandlers/router(_:)``: a method (or any) and a path pattern.
struct TestRoute: Sendable {
    let method: String?
    let path: String
    let isPrefix: Bool
    let handler: TestHandler

    /// Parses `"GET /users"`, `"/users"` (any method) or `"GET /files/*"` (path prefix).
    init(_ key: String, handler: @escaping TestHandler) {
        let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
        method = parts.count == 2 ? parts[0].uppercased() : nil
        var path = parts.last ?? "/"
        isPrefix = path.hasSuffix("*")
        if isPrefix { path.removeLast() }
        self.path = path
        self.handler = handler
    }

    func matches(_ request: TestRequest) -> Bool {
        if let method, method != request.method { return false }
        return isPrefix ? request.path.hasPrefix(path) : request.path == path
    }
}

extension TestHandlers {
    /// Routes each request to the first entry whose method and path match, else answers `404`
    /// with `{"error":"no route","method":…,"path":…}`.
    ///
    /// ```swift
    /// TestHandlers.router([
    ///     "GET /users": TestHandlers.json(body: #"[{"id":1}]"#),
    ///     "POST /users": TestHandlers.echo,
    ///     "/files/*": TestHandlers.dripBody(bytes: 10, every: .milliseconds(10)),  // any method, a prefix
    /// ])
    /// ```
    ///
    /// - Parameter routes: `"METHOD /path"` or `"/path"` keys, in priority order; a trailing `*`
    ///   matches any path with that prefix. Paths are compared raw (still percent-encoded), without the query.
    public static func router(_ routes: KeyValuePairs<String, TestHandler>) -> TestHandler {
        let table = routes.map { TestRoute($0.key, handler: $0.value) }
        return { request, writer in
            if let route = table.first(where: { $0.matches(request) }) {
                try await route.handler(request, writer)
            } else {
                let body = #"{"error":"no route","method":\#(jsonString(request.method)),"path":\#(jsonString(request.path))}"#
                try await writer.respond(status: 404, headers: [("Content-Type", "application/json")], body: body)
            }
        }
    }

    /// `text` as a JSON string literal, with the escapes RFC 8259 requires.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
