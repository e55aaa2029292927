import HTTPTypes

/// The stream of a stream endpoint's response, with what is needed to reconnect.
struct ResponseStream: Sendable {
    /// The kind of stream the spec declares.
    let kind: Endpoint.StreamKind
    /// The first connection's body.
    let body: TransportResponse.Body
    /// The data value that ends the stream.
    let until: String?
    /// How to reconnect an event stream that was cut off.
    let reconnection: Reconnection?
    /// Why an event stream without ``reconnection`` is not reconnected, said when it is cut off.
    var notReconnectedBecause: String? = nil
    /// Checks each item against the document's schema, when the call validates responses.
    var itemCheck: StreamItemCheck? = nil
    /// The host (and port) that serves the stream, which messages about it name.
    var host: String? = nil

    /// Why a stream of `method` is not reconnected (``CallSettings/mayRepeat(_:endpoint:provider:)``).
    static func notRepeated(_ method: HTTPRequest.Method) -> String {
        "a \(method.rawValue) stream is not sent again to resume it; a retry policy with `methods: [\(method.rawValue)]` allows it"
    }
}

/// A stream's items checked against the document's schema as they arrive (each JSON line; each
/// event's `data` that is JSON): `.warn` logs a violation, `.strict` fails the stream with it.
struct StreamItemCheck: Sendable {
    /// Checks one item; `item` names it in messages (`line 3`, `event 2`).
    let check: @Sendable (_ value: JSONValue, _ item: String) throws -> Void
    /// Whether an event stream's item is the whole event (OpenAPI 3.2's `itemSchema` of
    /// `text/event-stream`: an object of its `data`, `event`, `id` and `retry`) rather than its
    /// `data` read as JSON (a `schema`).
    var checksWholeEvents = false
}

/// How a Server-Sent Events stream reconnects when its connection drops (WHATWG "reestablish the
/// connection"): after the server's `retry` delay or a default, with `Last-Event-ID` when an id
/// is known, a bounded number of times in a row; a 204 response stops the stream.
struct Reconnection: Sendable {
    /// The delay when the server sent no `retry`.
    var defaultDelay: Duration
    /// How many reconnections may fail or deliver nothing in a row before the stream fails.
    var maxAttempts: Int
    /// Opens the stream again; `nil` when the server answered 204 No Content.
    var connect: @Sendable (_ lastEventID: String?) async throws -> TransportResponse.Body?
}
