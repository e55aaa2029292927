/// What a `stream: websocket` endpoint declares about its connection and its messages.
///
/// ```yaml
/// chat:
///   GET: /rooms/{room}/socket
///   stream: websocket
///   subprotocols: [chat.v1]     # offered in Sec-WebSocket-Protocol
///   messages: json              # json (default) | text | binary
///   send: Message               # checked before a value is sent
///   receive: Message            # each received message is checked (after keyPath)
///   keyPath: data               # applied to each received JSON message
///   until: "[DONE]"             # a message with this text ends the stream
///   ping: 20                    # seconds between pings (a missing pong closes the connection)
///   mock: { messages: [{ text: hi }] }
/// ```
package struct WebSocketSettings: Sendable, Hashable {
    /// How messages are written and read.
    package enum MessageKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// JSON values in text frames (binary frames are read as JSON too).
        case json
        /// Text frames, as they are.
        case text
        /// Binary frames, as bytes.
        case binary

        /// The kind's name as written after `messages:`.
        package var description: String { rawValue }
    }

    /// How messages are written and read (`messages:`, default `json`).
    package var messages: MessageKind
    /// The subprotocols offered in `Sec-WebSocket-Protocol`, in order.
    package var subprotocols: [String]
    /// The type every sent JSON value must have (`send:`).
    package var sendType: ValueType?
    /// The type every received JSON message must have after `keyPath` (`receive:`).
    package var receiveType: ValueType?
    /// Seconds between pings; a pong that does not come back in that time closes the connection.
    package var pingInterval: Double?

    /// Settings.
    package init(
        messages: MessageKind = .json, subprotocols: [String] = [], sendType: ValueType? = nil,
        receiveType: ValueType? = nil, pingInterval: Double? = nil
    ) {
        self.messages = messages
        self.subprotocols = subprotocols
        self.sendType = sendType
        self.receiveType = receiveType
        self.pingInterval = pingInterval
    }
}

