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
    /// The status code.
    package let status: Int
    /// The response headers, in order (a `Content-Type` is added when the spec gives none).
    package let headers: [MockHeader]
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

    /// One mock response header.
    package struct MockHeader: Sendable, Hashable {
        /// The header name.
        package let name: String
        /// The header value.
        package let value: String
    }
}
