public import Netspec
import HTTPTypes

extension StubTransport {
    /// What a ``StubTransport`` answers one request with: a response (status, headers, body), or
    /// an error thrown as the network transport throws its own, either after a delay.
    ///
    /// ```swift
    /// stub.answer("getOrder", with:
    ///     .json(["id": 7, "status": "paid"]),
    ///     .text("no such order", status: 404),
    ///     .failure(TransportError(kind: .timeout, message: "timed out after 10 s")),
    ///     .status(204).delayed(by: .milliseconds(50)))
    /// ```
    public struct Answer: Sendable {
        /// The status code.
        public var status: Int
        /// The response's header fields, by name and value, in order.
        public var headers: [(name: String, value: String)]
        /// The response body.
        public var body: [UInt8]
        /// The error thrown instead of a response, if any: a ``TransportError`` for what the
        /// network does (a call turns any other error into one of kind `other`).
        public var error: (any Error)?
        /// How long the answer takes to arrive.
        public var delay: Duration

        /// Creates an answer with a response.
        public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = [], delay: Duration = .zero) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
        }

        /// A JSON body (`Content-Type: application/json`): `.json(["id": 7, "tags": ["a"]])`.
        public static func json(_ value: JSONValue, status: Int = 200, headers: [(name: String, value: String)] = []) -> Answer {
            Answer(status: status, headers: [("Content-Type", "application/json")] + headers, body: value.serialized())
        }

        /// A body of JSON text as written (`Content-Type: application/json`), for JSON a
        /// ``JSONValue`` does not write, such as keys in an order or a malformed document.
        public static func json(text: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> Answer {
            Answer(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(text.utf8))
        }

        /// A text body (`Content-Type: text/plain; charset=utf-8`, unless `contentType` says
        /// another, such as `text/event-stream` for a stream of events).
        public static func text(
            _ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8", headers: [(name: String, value: String)] = []
        ) -> Answer {
            Answer(status: status, headers: [("Content-Type", contentType)] + headers, body: Array(text.utf8))
        }

        /// A body of bytes (`Content-Type: application/octet-stream`, unless `contentType` says another).
        public static func bytes(
            _ bytes: [UInt8], status: Int = 200, contentType: String = "application/octet-stream", headers: [(name: String, value: String)] = []
        ) -> Answer {
            Answer(status: status, headers: [("Content-Type", contentType)] + headers, body: bytes)
        }

        /// A status without a body: `.status(204)`, `.status(404)`.
        public static func status(_ status: Int, headers: [(name: String, value: String)] = []) -> Answer {
            Answer(status: status, headers: headers)
        }

        /// The error the request fails with instead of a response:
        /// `.failure(TransportError(kind: .connect, message: "connection refused"))`.
        public static func failure(_ error: any Error) -> Answer {
            var answer = Answer()
            answer.error = error
            return answer
        }

        /// The same answer, arriving after `delay` (a call's time limit and cancellation apply).
        public func delayed(by delay: Duration) -> Answer {
            var answer = self
            answer.delay = delay
            return answer
        }

        /// The response the answer gives, or its error thrown.
        func response() throws -> TransportResponse {
            if let error { throw error }
            var fields = HTTPFields()
            for (name, value) in headers {
                guard let field = HTTPField.Name(name) else {
                    throw TransportError(kind: .invalidResponse, message: "StubTransport: the answer's header name '\(name)' is not a valid field name")
                }
                fields.append(HTTPField(name: field, value: value))
            }
            return TransportResponse(status: status, headerFields: fields, body: TransportResponse.Body(bytes: body))
        }
    }
}
