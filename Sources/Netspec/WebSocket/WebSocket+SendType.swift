extension WebSocket {
    /// How `value` breaks the endpoint's `send:` type (`the 'send: (text: String)' type at 'text':
    /// …`), or `nil` when it has it (or the endpoint has none, or its messages are not JSON): what
    /// ``send(_:)-(JSONValue)`` refuses, for a caller that names where the value came from
    /// (`netspec call`: the line of standard input).
    package func sendTypeMismatch(_ value: JSONValue) -> String? {
        session.codec.sendTypeMismatch(value)
    }
}
