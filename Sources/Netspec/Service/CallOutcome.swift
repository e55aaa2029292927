/// What a call gives in its endpoint's own form (``Service/perform(_:options:)``): one value, or
/// the stream or connection a stream endpoint opens.
package enum CallOutcome: Sendable {
    /// An endpoint that answers one value.
    case value(Response)
    /// A `stream: sse` endpoint's events.
    case events(EventStream)
    /// A `stream: lines` endpoint's values.
    case lines(JSONLineStream)
    /// A `stream: bytes` endpoint's chunks.
    case bytes(ByteStream)
    /// A `stream: websocket` endpoint's connection.
    case webSocket(WebSocket)
}
