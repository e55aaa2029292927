public import HTTPTypes

extension CallError {
    /// The server answered with a status that is not 2xx (or a 3xx that was not followed); for a
    /// WebSocket (`stream: websocket`), its upgrade request was answered with any status but
    /// 101 Switching Protocols (a 403, a 200…), and ``body`` is the answer's first 64 KiB.
    public struct HTTPStatusError: Error, Sendable, CustomStringConvertible {
        /// The endpoint called.
        public let endpoint: String
        /// The status code.
        public let status: Int
        /// The reason phrase, e.g. `Not Found`.
        public let reasonPhrase: String
        /// The response headers.
        public let headerFields: HTTPFields
        /// The response body as received (at most the response size limit).
        public let body: [UInt8]

        /// Creates a status error.
        public init(endpoint: String, status: Int, reasonPhrase: String, headerFields: HTTPFields, body: [UInt8]) {
            self.endpoint = endpoint
            self.status = status
            self.reasonPhrase = reasonPhrase
            self.headerFields = headerFields
            self.body = body
        }

        /// The body parsed as JSON, when it is JSON.
        public var json: JSONValue? {
            try? JSONValue(parsing: body)
        }

        /// The body as text, when it is UTF-8.
        public var bodyText: String? {
            String(validating: body, as: UTF8.self)
        }

        /// The status line, e.g. `HTTP 404 Not Found`.
        public var statusLine: String {
            Self.statusLine(status, reasonPhrase)
        }

        /// The one way a status line is written: `HTTP 404 Not Found`, or with a version
        /// `HTTP/1.1 404 Not Found` (as curl and HTTPie show a response head).
        package static func statusLine(_ status: Int, _ reasonPhrase: String, version: String? = nil) -> String {
            let start = version.map { "HTTP/\($0) \(status)" } ?? "HTTP \(status)"
            return reasonPhrase.isEmpty ? start : start + " " + reasonPhrase
        }

        /// The description without the body: `endpoint 'E': HTTP 404 Not Found`.
        package var headline: String {
            let text = "endpoint '\(endpoint)': \(statusLine)"
            return status < 300 ? text + ", not 101 Switching Protocols (the WebSocket upgrade)" : text
        }

        /// `endpoint 'E': HTTP 404 Not Found: <the start of the body>`; a 1xx or 2xx status (the
        /// answer to a WebSocket's upgrade) says it was not 101: `endpoint 'E': HTTP 200 OK, not 101
        /// Switching Protocols (the WebSocket upgrade): <the start of the body>`.
        public var description: String {
            var text = headline
            if let json {
                text += ": " + String(json.description.prefix(500))
            } else if let bodyText = PrintableText.text(body), !bodyText.isEmpty {
                text += ": " + String(bodyText.prefix(500))
            }
            return text
        }
    }
}


extension Service {
    /// Throws an ``CallError/CallError.HTTPStatusError`` for a status that is not 2xx.
    func checkStatus(_ response: TransportResponse, body: [UInt8], endpoint: Endpoint) throws {
        guard (200..<300).contains(response.status) else {
            throw CallError.HTTPStatusError(
                endpoint: endpoint.name, status: response.status, reasonPhrase: response.reasonPhrase,
                headerFields: response.headerFields, body: body
            )
        }
    }
}
