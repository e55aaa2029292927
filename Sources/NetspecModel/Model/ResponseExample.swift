/// One example of a response, as the document gives it: a value written in its media type when a
/// mock answers (an OpenAPI or Swagger example), or a Netspec spec's `mock:` prepared when the spec
/// loads (a body, headers, a WebSocket's messages).
package struct ResponseExample: Sendable, Hashable {
    /// Its name (`name:` in a list of mocks, an OpenAPI `examples` key), which a mock server's
    /// `Prefer: example=NAME` chooses.
    package var name: String?
    /// What it is.
    package var payload: Payload
    /// Where it is declared.
    package var mark: Mark
    /// Whether it is of its response's first media type, which decides whether the response is
    /// answered without an example (``DeclaredResponse/answersWithoutExample``).
    package var isOfFirstType = true

    /// An example.
    package init(name: String?, payload: Payload, mark: Mark, isOfFirstType: Bool = true) {
        self.name = name
        self.payload = payload
        self.mark = mark
        self.isOfFirstType = isOfFirstType
    }

    /// What an example is.
    package enum Payload: Sendable, Hashable {
        /// A document's example: `value`, written in `mediaType` (as written, lower-cased) laid
        /// out by `layout`, and sent with the `Content-Type` `contentType` (`application/json` for
        /// a wildcard's, and for the JSON of a response's first media type). An example that
        /// cannot be written in its type is not offered.
        case value(JSONValue, mediaType: String, contentType: String, layout: MediaLayout)
        /// A Netspec spec's `mock:`, prepared when the spec loads: the body's bytes (JSON
        /// serialized, events written as their stream), the headers (its `Content-Type` among
        /// them), and for a WebSocket the messages it receives. Also an OpenAPI 3.2 Example's
        /// `serializedValue` in a media type that is neither JSON nor text: the body as it is
        /// sent, with that type as its `Content-Type`.
        case prepared(body: [UInt8], headers: [Field], messages: [JSONValue]?)
    }

    /// A header of a prepared example.
    package struct Field: Sendable, Hashable {
        /// The header name.
        package let name: String
        /// The header value.
        package let value: String

        /// A header.
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }
}
