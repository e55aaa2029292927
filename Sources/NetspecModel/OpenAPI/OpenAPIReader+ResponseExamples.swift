// A response's examples as a mock offers them, and the success response's stream kind.

extension OpenAPIReader {
    /// One response's examples, added to `response` in the order a mock offers them, and its
    /// stream kind (the success response's is the endpoint's). The media type it answers with
    /// first: a stream over JSON (generators list `application/json` by default beside the one
    /// the route really sends), JSON over anything else; its examples come first, labelled
    /// `application/json` when they are JSON, then those of the other JSON and text types. A
    /// stream's examples are not written as streams: a success stream has no mock, another is a
    /// status without an example. A response without examples of its first type is answered
    /// without one (its headers, no body), unless it is the success response and has no header
    /// to send (a mocked call answers from its schema, or says it has no mock).
    mutating func readExamples(_ object: MappingReader, isSuccess: Bool, context: String, into response: inout DeclaredResponse) -> Endpoint.StreamKind? {
        let content = contentEntries(object["content"])
        guard !content.isEmpty else {
            response.answersWithoutExample = true
            return nil
        }
        func rank(_ type: String, _ offersBoth: Bool) -> Int {
            if offersBoth { return MediaType.isJSON(type) ? 0 : 3 }
            switch MediaType.streamKind(type) {
            case .sse?: return 0
            case .lines?: return 1
            default: return MediaType.isJSON(type) ? 2 : 3
            }
        }
        // JSON and an event stream under one status: one value or events, as the server chooses
        // (``Endpoint/answersValueOrEvents``); the JSON examples are the mocks.
        let offersBoth = isSuccess && Self.offersJSONAndEvents(content)
        let first = content.min { rank(($0.key.string ?? "").lowercased(), offersBoth) < rank(($1.key.string ?? "").lowercased(), offersBoth) }!
        let stream = MediaType.streamKind((first.key.string ?? "").lowercased())
        response.answersWithoutExample = !isSuccess || response.headers.contains { $0.example != nil }
        if stream != nil {
            response.answersWithoutExample = !isSuccess
            return stream
        }
        for pair in [first] + content.filter({ $0.key.index != first.key.index }) {
            let written = (pair.key.string ?? "").lowercased()
            let isFirst = pair.key.index == first.key.index
            guard isFirst || (rank(written, false) >= 2 && written != "application/octet-stream") else { continue }
            let media = MappingReader(pair.value)
            let examples = mediaExamples(media, of: written, context: "\(context)response '\(response.status)': content '\(written)': ")
            guard !examples.isEmpty else { continue }
            let layout = mediaLayout(written, media: media, schema: media?["schema"], context: context, warns: true)
            // A wildcard's JSON is labelled `application/json` too.
            let base = MediaType.base(of: written)
            let label = isFirst && MediaType.isJSON(written) || base == "*/*" || base == "application/*" ? "application/json" : written
            for (name, node, body) in examples {
                // A `serializedValue` of a type that is neither JSON nor text is the body as sent.
                let payload: ResponseExample.Payload = switch body {
                case let .value(value): .value(value, mediaType: written, contentType: label, layout: layout)
                case let .sent(text): .prepared(body: Array(text.utf8), headers: [ResponseExample.Field(name: "Content-Type", value: written)], messages: nil)
                }
                response.examples.append(ResponseExample(name: name, payload: payload, mark: node.mark, isOfFirstType: isFirst))
            }
        }
        return stream
    }

    /// What a media type's example gives: a value, written in the media type when a mock
    /// answers, or a 3.2 `serializedValue` of a type that is neither JSON nor text, the body as
    /// it is sent.
    fileprivate enum ExampleBody {
        case value(JSONValue)
        case sent(String)
    }

    /// A media type's examples: its `example` and its named `examples` (each `value`, or in
    /// OpenAPI 3.2 its `dataValue`, else its `serializedValue` read as the body of `type`; both
    /// kept where a document gives both, which OpenAPI does not allow: `example` answers unless
    /// a name is asked for), else its schema's `example`.
    fileprivate mutating func mediaExamples(_ media: MappingReader?, of type: String, context: String) -> [(name: String?, node: YAMLNode, body: ExampleBody)] {
        var examples: [(name: String?, node: YAMLNode, body: ExampleBody)] = []
        if let example = media?["example"] { examples.append((nil, example, .value(example.jsonValue))) }
        if let named = media?["examples"].flatMap(MappingReader.init) {
            for pair in named.pairs {
                guard let example = resolve(pair.value).flatMap(MappingReader.init) else { continue }
                if let value = example["value"] ?? (isVersion32 ? example["dataValue"] : nil) {
                    examples.append((pair.key.string, value, .value(value.jsonValue)))
                } else if isVersion32, let serialized = example["serializedValue"] {
                    if let body = Self.body(serialized, of: type) {
                        examples.append((pair.key.string, serialized, body))
                    } else if MediaType.isJSON(type), serialized.string != nil {
                        warnIn(path(of: serialized), "\(context)example '\(pair.key.string ?? "")': its 'serializedValue' is not JSON, so a mock does not answer with it", at: serialized.mark)
                    }
                }
            }
        }
        if examples.isEmpty, let example = media?["schema"].flatMap({ resolve($0) }).flatMap(MappingReader.init)?["example"] {
            examples.append((nil, example, .value(example.jsonValue)))
        }
        return examples
    }

    /// A 3.2 Example's `serializedValue` (the body as it is sent) as what a mock answers in
    /// `type`: JSON text parsed (written again compactly), a text type's text as it is, and for
    /// any other concrete type the text itself, sent as the body as it is
    /// (`application/x-www-form-urlencoded`, `application/xml`); `nil` for JSON that does not
    /// parse (the example is then not offered), for a range (`*/*`, `application/*`), which
    /// cannot be the answer's `Content-Type`, and for a multipart type, whose `Content-Type`
    /// needs the body's boundary.
    fileprivate static func body(_ node: YAMLNode, of type: String) -> ExampleBody? {
        guard let text = node.string else { return nil }
        if MediaType.isJSON(type) { return (try? JSONValue(parsing: Array(text.utf8))).map(ExampleBody.value) }
        if MediaType.base(of: type).hasPrefix("text/") { return .value(.string(text)) }
        let base = MediaType.base(of: type)
        return base.contains("*") || base.hasPrefix("multipart/") ? nil : .sent(text)
    }

    /// Whether a media type map has both JSON and `text/event-stream`.
    static func offersJSONAndEvents(_ content: [YAMLPair]) -> Bool {
        let types = content.compactMap { $0.key.string?.lowercased() }
        return types.contains { MediaType.isJSON($0) } && types.contains { $0.hasPrefix("text/event-stream") }
    }

    /// Whether the success response (the first 2xx, else `default`) offers JSON and events.
    mutating func successOffersJSONAndEvents(_ node: YAMLNode?) -> Bool {
        guard let responses = node.flatMap(MappingReader.init),
              let success = responses.pairs.first(where: { ($0.key.string ?? "").hasPrefix("2") }) ?? responses.entry("default"),
              let response = resolve(success.value).flatMap(MappingReader.init) else { return false }
        return Self.offersJSONAndEvents(contentEntries(response["content"]))
    }
}
