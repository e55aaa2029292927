/// An example response from a spec's `mock:` key, used instead of the network when mocks are on.
///
/// ```yaml
/// mock:
///   status: 200                     # default 200
///   headers: { X-Rate-Limit: "10" }
///   body: { id: 1, name: Leanne }   # JSON; a string is sent as text
///   events: [ "hello", { event: done, data: "[DONE]" } ]   # for stream endpoints
///   messages: [ { text: hi }, "bye" ]   # instead, for stream: websocket endpoints
/// ```
/// `mock:` may also be a list of such mappings, each with an optional `name:` and its own
/// `status`: the first is the one calls use; a mock server chooses among them (`Prefer: code=404`,
/// `Prefer: example=NAME`).
///
/// The response is prepared once, when the spec loads: JSON bodies are serialized, `events` are
/// written as a `text/event-stream` (for `stream: sse`) or as JSON lines (for `stream: lines`),
/// so a mocked call runs through the same decoding as a real one.
package struct Mock: Sendable, Hashable {
    /// The status code (for a range or `default` mock, the one it answers when a request asks
    /// for one it covers).
    package var status: Int
    /// The response headers, in order (a `Content-Type` is added when the spec gives none).
    package var headers: [MockHeader]
    /// The response body bytes.
    package let body: [UInt8]
    /// Where the mock is declared.
    package let mark: Mark
    /// The example's name (`name:` in a list of mocks, an OpenAPI `examples` key), which a mock
    /// server's `Prefer: example=NAME` chooses.
    package var name: String? = nil
    /// A `stream: websocket` endpoint's messages, received in order when mocks are on
    /// (`mock: { messages: [...] }`): JSON values, written by the endpoint's message kind.
    package var messages: [JSONValue]? = nil

    /// For a response the document declares for a range (`4XX`) or as `default`: that key,
    /// upper-cased; `nil` for one status.
    package var statusPattern: String? = nil

    /// For a body written from an object or an array in a media type that is not JSON (a form,
    /// XML; ``MediaRendering``): that value, which is what the document's schema is checked
    /// against. `nil` for a JSON body, which is checked itself, and for text.
    package var value: JSONValue? = nil

    /// Whether the mock answers `code`: its own status, a status in its range, or any status
    /// for `default`.
    package func covers(_ code: Int) -> Bool {
        switch statusPattern {
        case nil: code == status
        case "DEFAULT"?: true
        case let pattern?: pattern.first?.wholeNumberValue == code / 100
        }
    }

    /// Its `Content-Type`, lower-cased without parameters; `nil` for a mock without one.
    package var contentType: String? {
        headers.first { $0.name.lowercased() == "content-type" }.map { MediaType.base(of: $0.value) }
    }

    /// The mock with `extra` headers after its own (a response's declared headers).
    package func adding(_ extra: [MockHeader]) -> Mock {
        guard !extra.isEmpty else { return self }
        var copy = self
        copy.headers += extra
        return copy
    }

    /// One mock response header.
    package struct MockHeader: Sendable, Hashable {
        /// The header name.
        package let name: String
        /// The header value.
        package let value: String
    }
}
