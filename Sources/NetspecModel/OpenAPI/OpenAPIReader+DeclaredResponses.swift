// Reading an operation's `responses` into the model's one description of them (Responses): each
// status once, its media types with their schemas and layouts, its headers with their schemas
// and the values a mock sends, its examples in the order a mock offers them.

extension OpenAPIReader {
    /// The success response's stream kind (the first 2xx, else `default`), and every response
    /// whose key is a status (``ResponseStatus``; the others are warned about by the key check),
    /// a `$ref`'d response or header followed.
    mutating func readResponses(_ node: YAMLNode?, context: String) -> (Endpoint.StreamKind?, Responses) {
        guard let responses = node.flatMap(MappingReader.init) else { return (nil, Responses()) }
        checkKeys(responses, .responses, context: context)
        for response in responses.pairs.compactMap({ resolve($0.value).flatMap(MappingReader.init) }) {
            checkKeys(response, .response, context: context)
            checkExampleAndHeaderKeys(response, context: context)
            for media in contentEntries(response["content"]).compactMap({ MappingReader($0.value) }) {
                checkKeys(media, .mediaType, context: context)
                checkExampleAndHeaderKeys(media, context: context, keepsBoth: true)
            }
        }
        let success = responses.pairs.first { ($0.key.string ?? "").hasPrefix("2") } ?? responses.entry("default")
        var declared = Responses()
        var stream: Endpoint.StreamKind?
        for pair in responses.pairs {
            guard let written = pair.key.string, let status = ResponseStatus(written: written),
                  let object = resolve(pair.value).flatMap(MappingReader.init) else { continue }
            let isSuccess = written == success?.key.string
            var response = DeclaredResponse(status: status, position: "\(path(of: pair.key)):\(pair.key.mark)", mark: pair.key.mark)
            checkHeadTexts(object, context: "\(context)response '\(written)': ")
            response.summary = isVersion32 ? object["summary"]?.string : nil
            response.content = responseContent(object)
            response.headers = responseHeaders(object, context: "\(context)response '\(written)': ")
            response.links = responseLinks(object)
            let kind = readExamples(object, isSuccess: isSuccess, context: context, into: &response)
            if isSuccess {
                stream = kind
                declared.successIndex = declared.declared.count
            }
            declared.declared.append(response)
        }
        return (stream, declared)
    }

    /// Refuses what a response writes into the head of the mock's answer and cannot be there: a
    /// `content` key (its `Content-Type`) holding a line break or another control character, and
    /// a `headers` name that is not an RFC 9110 token (empty; a space, ':', a line break), each an
    /// error at that character. 3.2's rules refuse such a name already (``checkHeaders32(_:context:)``).
    private mutating func checkHeadTexts(_ response: MappingReader, context: String) {
        for media in contentEntries(response["content"]) {
            _ = reportHeaderBreak(in: media.key, "\(context)the response's media type", header: "the response's Content-Type header", source: "OpenAPI Response Object")
        }
        guard !isVersion32 else { return }
        for pair in response["headers"].flatMap(MappingReader.init)?.pairs.map({ $0 }) ?? [] {
            _ = reportHeaderName(pair.key, context: context, source: "OpenAPI Response Object")
        }
    }

    /// A response's media types, each once, in the document's order: its schema and item schema
    /// (OpenAPI 3.2's `itemSchema`) and, for XML and forms, how values are laid out in it.
    private mutating func responseContent(_ response: MappingReader) -> [DeclaredResponse.Content] {
        var content: [DeclaredResponse.Content] = []
        for media in contentEntries(response["content"]) {
            guard let type = media.key.string else { continue }
            let base = MediaType.base(of: type)
            guard !content.contains(where: { $0.mediaType == base }) else { continue }
            let object = MappingReader(media.value)
            if base.hasPrefix("multipart/"), let item = object?["itemSchema"] {
                warnIn(path(of: item), "'itemSchema' of \(base) is not read: a multipart answer is not split into its parts as they arrive, so its parts are not checked", at: item.mark)
            }
            let layout = object.map { object in
                MediaType.isXML(base) || MediaType.isForm(base)
                    ? mediaLayout(base, media: object, schema: object["schema"], context: "", warns: false) : MediaLayout()
            } ?? MediaLayout()
            content.append(DeclaredResponse.Content(
                mediaType: base, schema: modelSchema(object?["schema"]), itemSchema: modelSchema(object?["itemSchema"]), layout: layout
            ))
        }
        return content
    }

    /// A response's `headers` (`Content-Type` left out: the media type says it): whether required,
    /// the schema (`schema`, or a `content` map's one media type's), and the value a mock sends:
    /// its `example`, or its first named example that gives one (``headerExample(_:explode:mediaType:)``:
    /// a `value`, or in OpenAPI 3.2 a `serializedValue` or `dataValue`; an `externalValue` is not
    /// read), then for a header described by `content` its media type's `example` and `examples`
    /// alike, else its schema's `example`, `default`, `const` or first `enum` value (a list joined
    /// by `,`, as the `simple` style writes it; for a JSON media type, the value's JSON text).
    /// A header named by a token whose `example`, `examples` value or sent value holds a line
    /// break or another control character is an error at that character
    /// (``reportHeaderValueBreaks(_:context:source:)``); JSON text escapes them, so a value sent
    /// as JSON is not checked so.
    private mutating func responseHeaders(_ response: MappingReader, context: String) -> [DeclaredResponse.Header] {
        var headers: [DeclaredResponse.Header] = []
        for pair in response["headers"].flatMap(MappingReader.init).map({ Array($0.pairs) }) ?? [] {
            guard let name = pair.key.string, name.lowercased() != "content-type",
                  let header = resolve(pair.value).flatMap(MappingReader.init) else { continue }
            // A header described by `content` (no `schema`): its one media type's schema and examples.
            let content = header["schema"] == nil ? firstContentEntry(header["content"]) : nil
            let media = content.flatMap { resolve($0.value) }.flatMap(MappingReader.init)
            let schemaNode = header["schema"] ?? media?["schema"]
            let schema = schemaNode.flatMap { resolve($0) }.flatMap(MappingReader.init)
            let explode = header["explode"]?.scalar?.resolved == .bool(true)
            let mediaType = content?.key.string?.lowercased()
            let isJSON = mediaType.map(MediaType.isJSON) ?? false
            func named(_ examples: YAMLNode?) -> [(name: YAMLNode, sent: HeaderExample?)] {
                examples.flatMap(MappingReader.init)?.pairs.map { pair in
                    (pair.key, headerExample(resolve(pair.value).flatMap(MappingReader.init), explode: explode, mediaType: mediaType))
                } ?? []
            }
            let own = named(header["examples"]), inMedia = named(media?["examples"])
            let value = { (node: YAMLNode) in HeaderExample(value: node, json: isJSON) }
            // The first example that gives a value: one given by `externalValue` alone is not read, as a body's is not.
            let given = header["example"].map(value) ?? own.lazy.compactMap(\.sent).first
                ?? media?["example"].map(value) ?? inMedia.lazy.compactMap(\.sent).first
            let fromSchema = schema?["example"] ?? schema?["default"] ?? schema?["const"] ?? schema?["enum"]?.sequence?.first
            let example = given ?? fromSchema.map(value)
            if HTTPToken.isToken(name) {
                let examples = (own + inMedia).flatMap { example in
                    (example.sent?.parts ?? []).map { ("its example '\(ControlCharacters.escaped(example.name.string ?? ""))'", Optional($0)) }
                }
                let written: [(String, YAMLNode?)] = isJSON ? [] : [("its 'example'", header["example"]), ("its media type's 'example'", media?["example"])]
                reportHeaderValueBreaks(
                    written + examples + (example?.parts ?? []).map { ("the value its schema gives", Optional($0)) },
                    context: "\(context)header '\(name)': ", source: "OpenAPI Header Object"
                )
            }
            headers.append(DeclaredResponse.Header(
                name: name, required: header["required"]?.scalar?.resolved == .bool(true), schema: modelSchema(schemaNode),
                position: "\(path(of: pair.key)):\(pair.key.mark)", example: example?.text, isJSON: isJSON
            ))
        }
        return headers
    }

    /// A header's example: the node its value is written in, the nodes whose text goes into
    /// the header as written (the node, a `dataValue` object's names and values; none for a
    /// value sent as JSON text, which escapes what a header cannot hold), and the text a mock
    /// sends (`nil` when it cannot be a header's: an object given by `value`, a nested list).
    private struct HeaderExample {
        var node: YAMLNode
        var parts: [YAMLNode]
        var text: String?

        /// A value (`example`, an Example's `value`, a schema's): a scalar as written, a list
        /// joined by `,` (``OpenAPIReader/headerText(_:separator:)``); for a header described by
        /// a JSON media type (`json`), the value's JSON text, compact (`{"limit":100}`, `"hi"`).
        init(value node: YAMLNode, json: Bool) {
            if json {
                self.init(node: node, parts: [], text: String(decoding: node.jsonValue.serialized(), as: UTF8.self))
            } else {
                self.init(node: node, text: OpenAPIReader.headerText(node.jsonValue))
            }
        }

        init(node: YAMLNode, parts: [YAMLNode]? = nil, text: String?) {
            self.node = node
            self.parts = parts ?? [node]
            self.text = text
        }
    }

    /// What a header's Example object sends, `nil` when it gives nothing to send: its `value`,
    /// else in OpenAPI 3.2 its `serializedValue` as written (the value as it goes on the wire,
    /// so it wins over a `dataValue` beside it: OpenAPI 3.2.0, Example Object), else its
    /// `dataValue` written as a header parameter is, in the `simple` style with the header's
    /// `explode` (``ParameterCodec/Serialization/serialized(_:)``, which writes a request's
    /// header parameters): `[a, b]` is `a,b`, `{R: 100, G: 200}` is `R,100,G,200`, exploded
    /// `R=100,G=200`. A header described by `content` (`mediaType`, lower-cased) has a `value`
    /// or `dataValue` as JSON text when that is JSON, else as a value is written. A null or
    /// empty `dataValue` sends nothing.
    private func headerExample(_ example: MappingReader?, explode: Bool, mediaType: String?) -> HeaderExample? {
        guard let example else { return nil }
        let isJSON = mediaType.map(MediaType.isJSON) ?? false
        if let value = example["value"] { return HeaderExample(value: value, json: isJSON) }
        guard isVersion32 else { return nil }
        if let serialized = example["serializedValue"], serialized.scalar?.resolved != .null, let text = serialized.string {
            return HeaderExample(node: serialized, text: text)
        }
        guard let data = example["dataValue"] else { return nil }
        let value = data.jsonValue
        if mediaType != nil { return HeaderExample(value: data, json: isJSON) }
        let serialization = ParameterCodec.Serialization(location: "header", style: "simple", explode: explode, name: "", allowsReserved: false)
        let parts = data.mapping.map { $0.flatMap { [$0.key, $0.value] } }
        let text = try? serialization.serialized(value)
        return HeaderExample(node: data, parts: parts, text: value.isUndefined ? nil : text)
    }

    /// A value as a header's text: a scalar as written, an array's scalars joined by `separator`
    /// (Swagger 2.0's `collectionFormat` may say another than `,`); `nil` for anything else.
    static func headerText(_ value: JSONValue, separator: String = ",") -> String? {
        switch value {
        case let .string(text): text
        case .int, .double, .bool: value.description
        case let .array(items):
            items.allSatisfy { if case .array = $0 { false } else if case .object = $0 { false } else { $0 != .null } }
                ? items.compactMap { headerText($0, separator: separator) }.joined(separator: separator) : nil
        default: nil
        }
    }
}
