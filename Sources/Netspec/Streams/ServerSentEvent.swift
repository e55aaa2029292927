/// One Server-Sent Event as dispatched by the WHATWG event-stream interpretation rules.
///
/// Values of this type come out of an ``EventStream`` (`api.x.events(…)`, or the internal
/// `ServerSentEventParser`) once a blank line ends an event block that carried at least one
/// `data` field. Blocks without `data` never become a `ServerSentEvent`, but their `id` and
/// `retry` fields still take effect.
///
/// ```
/// id: 7
/// event: update
/// data: {"price": 10}
/// data: {"price": 11}
///
/// ```
/// dispatches `ServerSentEvent(event: "update", data: "{\"price\": 10}\n{\"price\": 11}", id: "7")`.
///
/// https://html.spec.whatwg.org/multipage/server-sent-events.html#dispatchMessage
public struct ServerSentEvent: Sendable, Hashable {

    // MARK: - Properties

    /// The event type: the last `event` field of the block, or `"message"` when it set none.
    ///
    /// > "If the event type buffer has a value other than the empty string, change the type of the
    /// > newly created event to equal the value of the event type buffer." — otherwise it stays
    /// > `message`.
    public var event: String

    /// The values of the block's `data` fields, joined with `"\n"`.
    ///
    /// `data` and `data:` contribute an empty line, so two of them give `"\n"`.
    public var data: String

    /// The stream's *last event ID* at the moment of dispatch, or `nil` when it is empty.
    ///
    /// The last event ID persists across events: an event whose block has no `id` field carries
    /// the ID set by an earlier block. `id` with an empty value resets it, giving `nil` here.
    public var id: String?

    /// The reconnection time in milliseconds from a valid `retry` field in this event's block,
    /// or `nil` when the block had none.
    ///
    /// The stream-level value, which also covers blocks that dispatched nothing, is the parser's
    /// `reconnectionTime`.
    public var retry: Int?

    // MARK: - Initialization

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - event: The event type; `"message"` unless the stream named another.
    ///   - data: The data lines joined with `"\n"`.
    ///   - id: The last event ID at dispatch; `nil` when empty.
    ///   - retry: A reconnection time in milliseconds set by this event's block.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

// MARK: - CustomStringConvertible

extension ServerSentEvent: CustomStringConvertible {
    /// The event in wire form, one field per line (without the terminating blank line); data
    /// holding a line break (LF, CR or CR LF) takes one `data:` line per line of it.
    public var description: String {
        var lines: [String] = []
        if let id { lines.append("id: \(id)") }
        if event != "message" { lines.append("event: \(event)") }
        if let retry { lines.append("retry: \(retry)") }
        for line in Self.dataLines(data) {
            lines.append("data: \(line)")
        }
        return lines.joined(separator: "\n")
    }
}

extension ServerSentEvent {
    /// Whether `character` ends a line of an event stream: LF, CR or CR LF ("\r\n" is one
    /// Character, equal to neither "\r" nor "\n").
    package static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r" || character == "\r\n"
    }

    /// The lines of `data`, one `data:` field each when the event is written.
    static func dataLines(_ data: String) -> [Substring] {
        data.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak)
    }
}
