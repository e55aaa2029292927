/// An example response from a spec's `mock:` key, used instead of the network when mocks are on.
///
/// ```yaml
/// mock:
///   status: 200                     # default 200
///   headers: { X-Rate-Limit: "10" }
///   body: { id: 1, name: Leanne }   # JSON; a string is sent as text
///   events: [ "hello", { event: done, data: "[DONE]" } ]   # for stream endpoints
/// ```
/// The response is prepared once, when the spec loads: JSON bodies are serialized, `events` are
/// written as a `text/event-stream` (for `stream: sse`) or as JSON lines (for `stream: lines`),
/// so a mocked call runs through the same decoding as a real one.
public struct Mock: Sendable, Hashable {
    /// The status code.
    public let status: Int
    /// The response headers, in order (a `Content-Type` is added when the spec gives none).
    public let headers: [MockHeader]
    /// The response body bytes.
    public let body: [UInt8]
    /// Where the mock is declared.
    public let mark: Mark

    /// One mock response header.
    public struct MockHeader: Sendable, Hashable {
        /// The header name.
        public let name: String
        /// The header value.
        public let value: String
    }
}
