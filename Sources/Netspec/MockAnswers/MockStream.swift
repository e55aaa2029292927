// A mocked answer in a sequential media type (OpenAPI 3.2's "Sequential Media Types": JSON lines,
// JSON text sequences, event streams), made from the schema of each item: a short stream of valid
// items, framed as the type frames them, which the mock server sends item by item.

import NetspecModel

/// The body of a mocked stream made from its item schema.
enum MockStream {
    /// How many items a mocked stream has.
    static let itemCount = 3

    /// The schema each item of a response's stream is made from, and whether it describes whole
    /// events: a sequential media type's `itemSchema` (for `text/event-stream`, the event object:
    /// `data`, `event`, `id`, `retry`), else its `schema` (each line, each event's `data`) unless
    /// that only says `type: string`; `nil` for any other type.
    static func itemSchema(of entry: ResponseSchema) -> (schema: ModelSchema, wholeEvents: Bool)? {
        guard let kind = MediaType.streamKind(entry.mediaType), kind != .bytes else { return nil }
        if let item = entry.itemSchema { return (item, kind == .sse) }
        guard let schema = entry.schema, schema.json != ["type": "string"] else { return nil }
        return (schema, false)
    }

    /// The items of a mocked stream: with no seed the schema's deterministic value and then two
    /// drawn with the seeds 1 and 2 (the same stream every time); with a seed, three drawn from it
    /// and the two seeds after it. `nil` when the schema gives no value.
    static func items(of schema: JSONSchema, seed: UInt64?) -> [JSONValue]? {
        var items: [JSONValue] = []
        for index in 0..<UInt64(itemCount) {
            let itemSeed: UInt64? = if let seed { seed &+ index } else { index == 0 ? nil : index }
            guard let item = schema.example(direction: .response, seed: itemSeed) else { return nil }
            items.append(item)
        }
        return items
    }

    /// The items framed as `mediaType` frames them: a JSON text a line (`application/jsonl`,
    /// `application/x-ndjson`), each after RS (`application/json-seq`, RFC 7464), or an event
    /// each (`text/event-stream`: a whole event's fields, else `data:` with the item's JSON).
    static func body(of items: [JSONValue], mediaType: String, wholeEvents: Bool) -> [UInt8] {
        var body: [UInt8] = []
        for item in items {
            switch MediaType.base(of: mediaType) {
            case "text/event-stream":
                body += Array((wholeEvents ? eventFields(item) : "data: \(item.text)\n").utf8) + [10]
            case "application/json-seq":
                body += [0x1E] + item.serialized() + [10]
            default:
                body += item.serialized() + [10]
            }
        }
        return body
    }

    /// An event object's fields as an event stream writes them: `event`, `id`, `retry`, then one
    /// `data:` line for each line of `data` (its JSON text when it is not a string).
    private static func eventFields(_ item: JSONValue) -> String {
        guard case let .object(object) = item else { return "data: \(item.text)\n" }
        var text = ""
        for name in ["event", "id"] {
            if case let .string(value)? = object[name] { text += "\(name): \(value)\n" }
        }
        if let retry = object["retry"], case .int = retry { text += "retry: \(retry.text)\n" }
        let data: String = if case let .string(value)? = object["data"] { value } else { object["data"]?.text ?? "" }
        // Every line break the client reads as one (CR LF, CR, LF).
        for line in ServerSentEvent.dataLines(data) { text += "data: \(line)\n" }
        return text
    }
}
