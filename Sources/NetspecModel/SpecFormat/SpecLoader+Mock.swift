/// Reading `mock:` into examples prepared to be served (``ResponseExample/Payload/prepared(body:headers:messages:)``).
extension SpecLoader {
    static let mockKeys = ["name", "status", "headers", "body", "events", "messages", "resource"]
    static let mockEventKeys = ["event", "data", "id", "retry"]

    /// `mock:` as one mapping or a list of them (named examples for a mock server to choose).
    mutating func readMocks(_ node: YAMLNode, stream: Endpoint.StreamKind?, context: ErrorContext) -> [(status: Int, example: ResponseExample)] {
        guard let items = node.sequence else { return Self.isOnlyResource(node) ? [] : readMock(node, stream: stream, context: context).map { [$0] } ?? [] }
        var mocks: [(status: Int, example: ResponseExample)] = []
        var names: Set<String> = []
        for item in items where !Self.isOnlyResource(item) {
            guard let mock = readMock(item, stream: stream, context: context) else { continue }
            if let name = mock.example.name, !names.insert(name).inserted {
                report("\(context)mock: the example name '\(name)' is used twice", at: item.mark)
            }
            mocks.append(mock)
        }
        if mocks.isEmpty, items.isEmpty { report("\(context)mock: the list is empty", at: node.mark) }
        return mocks
    }

    mutating func readMock(_ node: YAMLNode, stream: Endpoint.StreamKind?, context: ErrorContext) -> (status: Int, example: ResponseExample)? {
        let context = context + "mock: "
        guard let mapping = MappingReader(node) else {
            report("\(context)expected a mapping with 'status', 'headers', 'body' or 'events', found \(node.foundDescription)", at: node.mark)
            return nil
        }
        if stream == .webSocket { return readWebSocketMock(mapping, node: node, context: context) }
        reportUnknownKeys(in: mapping, allowed: Self.mockKeys, context: context)
        if let messages = mapping.entry("messages") {
            report("\(context)'messages' applies only to 'stream: websocket' endpoints", at: messages.key.mark)
        }
        let before = errors.count
        var status = 200
        if let statusNode = mapping["status"], let value = readInt(statusNode, key: "status", context: context) {
            if (100...599).contains(value) { status = value } else {
                report("\(context)\(value) is not an HTTP status code", at: statusNode.mark)
            }
        }
        var headers: [ResponseExample.Field] = []
        if let headersNode = mapping["headers"] {
            for header in readHeaders(headersNode, context: context) {
                headers.append(.init(name: header.name, value: header.value.text))
            }
        }
        let bodyNode = mapping["body"], eventsNode = mapping["events"]
        var body: [UInt8] = []
        var contentType: String?
        if bodyNode != nil, let eventsNode {
            report("\(context)give 'body' or 'events', not both", at: eventsNode.mark)
        } else if let eventsNode {
            switch stream {
            case .sse?:
                body = readMockEvents(eventsNode, context: context)
                contentType = "text/event-stream"
            case .lines?:
                body = readMockLines(eventsNode, context: context)
                contentType = "application/x-ndjson"
            default:
                report("\(context)'events' applies only to 'stream: sse' or 'stream: lines' endpoints; use 'body'", at: eventsNode.mark)
            }
        } else if let bodyNode {
            if case let .scalar(scalar) = bodyNode.kind, case .string = scalar.resolved {
                body = Array(scalar.value.utf8)
                contentType = stream == .sse ? "text/event-stream" : "text/plain; charset=utf-8"
            } else {
                body = bodyNode.jsonValue.serialized()
                contentType = stream == .lines ? "application/x-ndjson" : "application/json"
            }
        }
        guard errors.count == before else { return nil }
        if let contentType, !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.append(.init(name: "Content-Type", value: contentType))
        }
        let name = mapping["name"].flatMap { readString($0, key: "name", context: context) }
        return (status, ResponseExample(name: name, payload: .prepared(body: body, headers: headers, messages: nil), mark: node.mark))
    }

    /// A WebSocket's mock: `messages:`, a list of the messages it receives (and an optional `name:`).
    private mutating func readWebSocketMock(_ mapping: MappingReader, node: YAMLNode, context: ErrorContext) -> (status: Int, example: ResponseExample)? {
        reportUnknownKeys(in: mapping, allowed: Self.mockKeys, context: context)
        for entry in mapping.entries(withKeyIn: ["status", "headers", "body", "events"]) {
            report("\(context)'\(entry.key.scalar?.value ?? "")' does not apply to a WebSocket; give 'messages', the messages it receives", at: entry.key.mark)
        }
        guard let messagesNode = mapping["messages"] else {
            report("\(context)a WebSocket's mock needs 'messages': the list of messages it receives", at: node.mark)
            return nil
        }
        guard let items = messagesNode.sequence else {
            report("\(context)'messages' must be a list, found \(messagesNode.foundDescription)", at: messagesNode.mark)
            return nil
        }
        let name = mapping["name"].flatMap { readString($0, key: "name", context: context) }
        return (101, ResponseExample(name: name, payload: .prepared(body: [], headers: [], messages: items.map(\.jsonValue)), mark: node.mark))
    }

    /// Events written as a `text/event-stream`.
    private mutating func readMockEvents(_ node: YAMLNode, context: ErrorContext) -> [UInt8] {
        guard let items = node.sequence else {
            report("\(context)'events' must be a list, found \(node.foundDescription)", at: node.mark)
            return []
        }
        var text = ""
        for item in items {
            if let mapping = MappingReader(item) {
                reportUnknownKeys(in: mapping, allowed: Self.mockEventKeys, context: context)
                if let event = mapping["event"].flatMap({ readString($0, key: "event", context: context) }) { text += "event: \(event)\n" }
                if let id = mapping["id"].flatMap({ readString($0, key: "id", context: context) }) { text += "id: \(id)\n" }
                if let retry = mapping["retry"].flatMap({ readInt($0, key: "retry", context: context) }) { text += "retry: \(retry)\n" }
                guard let dataNode = mapping["data"] else {
                    report("\(context)an event needs 'data'", at: item.mark)
                    continue
                }
                text += Self.dataLines(Self.eventText(dataNode))
            } else {
                text += Self.dataLines(Self.eventText(item))
            }
            text += "\n"
        }
        return Array(text.utf8)
    }

    /// Values written as newline-delimited JSON.
    private mutating func readMockLines(_ node: YAMLNode, context: ErrorContext) -> [UInt8] {
        guard let items = node.sequence else {
            report("\(context)'events' must be a list, found \(node.foundDescription)", at: node.mark)
            return []
        }
        var bytes: [UInt8] = []
        for item in items {
            bytes += item.jsonValue.serialized()
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// An event's data: a string as it is, anything else as compact JSON.
    private static func eventText(_ node: YAMLNode) -> String {
        if case let .scalar(scalar) = node.kind, case .string = scalar.resolved { return scalar.value }
        return String(decoding: node.jsonValue.serialized(), as: UTF8.self)
    }

    /// `data:` lines for a text, one per line of the text.
    private static func dataLines(_ text: String) -> String {
        var result = ""
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            result += "data: \(line)\n"
        }
        return result
    }
}

/// `mock: { resource: … }`: what a stateful mock server makes of the endpoint (`false`: not a
/// resource's; a mapping: `id`, `ids`, `wrapper`), as OpenAPI's `x-netspec-mock` says it.
extension SpecLoader {
    /// The `resource` of `mock:` (or of one of its list's mappings).
    static func mockResource(_ node: YAMLNode) -> JSONValue? {
        for item in node.sequence.map(Array.init) ?? [node] {
            if let value = MappingReader(item)?["resource"] { return value.jsonValue }
        }
        return nil
    }

    /// Whether a `mock:` mapping holds only `resource`, and so is no mock answer.
    static func isOnlyResource(_ node: YAMLNode) -> Bool {
        guard let mapping = MappingReader(node) else { return false }
        return mapping.pairs.count == 1 && mapping["resource"] != nil
    }
}
