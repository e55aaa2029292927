import HTTPTypes

/// Reading a `stream: websocket` endpoint's settings: `messages`, `subprotocols`, `send`,
/// `receive` and `ping`, each only on such an endpoint.
extension SpecLoader {
    /// The keys that apply only to `stream: websocket` endpoints.
    static let webSocketKeys = ["messages", "subprotocols", "send", "receive", "ping"]

    /// The settings of a `stream: websocket` endpoint (`nil` for any other endpoint, with an error
    /// at each WebSocket key it gives).
    mutating func readWebSocket(
        _ mapping: MappingReader, method: HTTPRequest.Method, stream: Endpoint.StreamKind?, context: ErrorContext
    ) -> WebSocketSettings? {
        guard stream == .webSocket else {
            for entry in mapping.entries(withKeyIn: Self.webSocketKeys) {
                let key = entry.key.scalar?.value ?? ""
                report("\(context)'\(key)' applies only to 'stream: websocket' endpoints", at: entry.key.mark)
            }
            return nil
        }
        if method != .get, let node = mapping["stream"] {
            report("\(context)a WebSocket is opened with GET (the upgrade request), but the method is \(method.rawValue)", at: node.mark)
        }
        var settings = WebSocketSettings()
        if let node = mapping["messages"] {
            settings.messages = readChoice(node, key: "messages", what: "message kind", context: context, as: WebSocketSettings.MessageKind.self) ?? .json
        }
        if let node = mapping["subprotocols"] {
            settings.subprotocols = readSubprotocols(node, context: context)
        }
        settings.sendType = mapping["send"].flatMap { readMessageType($0, key: "send", messages: settings.messages, context: context) }
        settings.receiveType = mapping["receive"].flatMap { readMessageType($0, key: "receive", messages: settings.messages, context: context) }
        if let node = mapping["ping"], let seconds = readNumber(node, key: "ping", context: context) {
            if Seconds.isValid(seconds) { settings.pingInterval = seconds } else {
                report("\(context)'ping' must be a positive number of seconds, \(Seconds.longestText), found \(node.scalar?.value ?? "")", at: node.mark)
            }
        }
        return settings
    }

    /// A WebSocket's parameters are bound to its URL and upgrade headers: none can be a body.
    mutating func checkWebSocketParameters(_ parameters: [Parameter], context: ErrorContext) {
        for parameter in parameters where parameter.location == .body || parameter.location == .field || parameter.location == .part {
            report(
                "\(context)parameter '\(parameter.name)' is 'in: \(parameter.location)', but a WebSocket's upgrade request has no body (use path, query or header, and send messages once connected)",
                at: parameter.mark
            )
        }
    }

    /// `subprotocols: [chat.v1, chat.v2]` (or one name): tokens, as `Sec-WebSocket-Protocol` allows.
    private mutating func readSubprotocols(_ node: YAMLNode, context: ErrorContext) -> [String] {
        let items: [YAMLNode] = if let sequence = node.sequence { Array(sequence) } else { [node] }
        var names: [String] = []
        for item in items {
            guard let name = readName(item, key: "subprotocols", context: context) else { continue }
            guard name.utf8.allSatisfy(HTTPToken.isCharacter) else {
                report("\(context)subprotocol '\(name)' is not a token (letters, digits and !#$%&'*+-.^_`|~)", at: item.mark)
                continue
            }
            guard !names.contains(name) else {
                report("\(context)subprotocol '\(name)' is listed twice", at: item.mark)
                continue
            }
            names.append(name)
        }
        return names
    }

    /// `send:` or `receive:`: a type, as `returns` is written; only JSON messages have one.
    private mutating func readMessageType(
        _ node: YAMLNode, key: String, messages: WebSocketSettings.MessageKind, context: ErrorContext
    ) -> ValueType? {
        guard let text = readString(node, key: key, context: context) else { return nil }
        guard messages == .json else {
            report("\(context)'\(key)' gives the type of JSON messages, but the endpoint's messages are \(messages)", at: node.mark)
            return nil
        }
        do {
            return try TypeParser.parseType(text)
        } catch {
            report("\(context)'\(key)': \(error.message)", at: node.mark(atOffset: error.offset, in: file))
            return nil
        }
    }
}
