import NetspecModel

/// How one endpoint's messages are written and read: values as compact JSON checked against
/// `send:`, received JSON through `keyPath` and checked against `receive:`, `until` ending the stream.
struct WebSocketMessageCodec: Sendable {
    let endpoint: String
    let settings: WebSocketSettings
    let keyPath: JSONValue.KeyPath?
    /// The caller's key path (`CallOptions.keyPath`, `--keypath`), applied after the spec's.
    var callKeyPath: JSONValue.KeyPath? = nil
    let until: String?

    /// What a received frame is to the reader.
    enum Received {
        case message(WebSocket.Message)
        /// The `until` text: the stream ends cleanly.
        case end
    }

    /// The frame a value is sent as.
    ///
    /// - Throws: ``CallError/argument(_:)`` for a value that does not have the `send:` type.
    func encode(_ value: JSONValue) throws(CallError) -> WebSocket.Message {
        switch settings.messages {
        case .json:
            if let mismatch = sendTypeMismatch(value) {
                throw .binding(CallError.ArgumentError(
                    endpoint: endpoint, parameter: nil, reason: .wrongType, message: "the message does not have \(mismatch); nothing was sent"
                ))
            }
            return .text(value.description)
        case .text:
            if case let .string(text) = value { return .text(text) }
            return .text(value.description)
        case .binary:
            if case let .string(text) = value { return .binary(Array(text.utf8)) }
            return .binary(value.serialized())
        }
    }

    /// How a value breaks the `send:` type of `messages: json` (`the 'send: (text: String)' type
    /// at 'text': …`), or `nil` when it has it or there is none.
    func sendTypeMismatch(_ value: JSONValue) -> String? {
        guard settings.messages == .json, let type = settings.sendType else { return nil }
        do {
            _ = try ResultShaper(endpoint: endpoint).shape(value, as: type, path: "")
            return nil
        } catch {
            let place = error.keyPath.isEmpty ? "" : " at '\(error.keyPath)'"
            return "the 'send: \(type)' type\(place): \(error.message)"
        }
    }

    /// A received text frame.
    func decode(text: String) throws(CallError.ResultDecodingError) -> Received {
        if let until, text == until { return .end }
        switch settings.messages {
        case .json: return .message(.value(try parse(Array(text.utf8))))
        case .text, .binary: return .message(.text(text))
        }
    }

    /// A received frame: a text (``decode(text:)``) or bytes (``decode(binary:)``); a value,
    /// which no frame is, as it is.
    func decode(_ frame: WebSocket.Message) throws(CallError.ResultDecodingError) -> Received {
        switch frame {
        case let .text(text): try decode(text: text)
        case let .binary(bytes): try decode(binary: bytes)
        case let .value(value): .message(.value(value))
        }
    }

    /// A received binary frame (read as JSON for `messages: json`).
    func decode(binary: [UInt8]) throws(CallError.ResultDecodingError) -> Received {
        if let until, binary.elementsEqual(until.utf8) { return .end }
        switch settings.messages {
        case .json: return .message(.value(try parse(binary)))
        case .text, .binary: return .message(.binary(binary))
        }
    }

    /// A JSON message: parsed, `keyPath` applied, `receive:` checked.
    private func parse(_ bytes: [UInt8]) throws(CallError.ResultDecodingError) -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw CallError.ResultDecodingError(endpoint: endpoint, keyPath: "", message: "a message is not JSON (\(error)): \(Self.excerpt(bytes))")
        }
        let shaper = ResultShaper(endpoint: endpoint)
        var selected = try shaper.select(value, keyPath: keyPath)
        if let type = settings.receiveType { selected = try shaper.shape(selected, as: type, path: keyPath?.description ?? "") }
        return try shaper.select(selected, keyPath: callKeyPath)
    }

    /// The start of a message, for errors.
    private static func excerpt(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(80), as: UTF8.self)
        return bytes.count > 80 ? text + "…" : text
    }
}
