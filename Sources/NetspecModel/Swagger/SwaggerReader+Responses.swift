/// Swagger 2.0 responses: the success response's stream kind (from `produces`) and the mocks
/// from `examples` (by media type) or the schema's `example`.
extension SwaggerReader {
    /// The success response's stream kind, and the mocks: the success response's example first
    /// (the one calls use), then every other status's; a status without an example is a mock
    /// without a body (a mock server's `Prefer: code=404`).
    mutating func readResponses(_ node: YAMLNode?, produces: [String], context: String, mark: Mark) -> (Endpoint.StreamKind?, Mock?, [Mock]) {
        guard let node else {
            report("\(context)an operation needs 'responses'", at: mark)
            return (nil, nil, [])
        }
        guard let responses = MappingReader(node) else { return (nil, nil, []) }
        // The media type a success answers with: a stream wins over JSON, JSON over the rest.
        func rank(_ type: String) -> Int {
            switch MediaType.streamKind(type) {
            case .sse?: 0
            case .lines?: 1
            default: MediaType.isJSON(type) ? 2 : 3
            }
        }
        let stream = produces.min { rank($0) < rank($1) }.flatMap(MediaType.streamKind)
        let success = responses.pairs.first { ($0.key.string ?? "").hasPrefix("2") } ?? responses.entry("default")
        var mocks: [Mock] = []
        var mock: Mock?
        if let success, stream == nil, let response = base.resolve(success.value).flatMap(MappingReader.init) {
            readResponse(response, status: Int(success.key.string ?? "") ?? 200, mark: success.key.mark, produces: produces, isSuccess: true, into: &mocks)
            mock = mocks.first
        }
        for pair in responses.pairs where pair.key.string != success?.key.string {
            // `default` (when it is not the success response) answers any status not declared.
            let isDefault = pair.key.string == "default"
            guard let code = isDefault ? 500 : pair.key.string.flatMap({ Int($0) }), (100...599).contains(code) else {
                let key = pair.key.string ?? ""
                if !key.hasPrefix("x-") {
                    warn("\(context)response '\(key)' is not a status code, 'default' or an 'x-' extension; it is not read", at: pair.key.mark)
                }
                continue
            }
            let first = mocks.count
            if let other = base.resolve(pair.value).flatMap(MappingReader.init) {
                readResponse(other, status: code, mark: pair.key.mark, produces: produces, isSuccess: false, into: &mocks)
            } else {
                // `404:` with nothing under it (as Jupyter writes): a status without a body.
                mocks.append(Mock(status: code, headers: [], body: [], mark: pair.key.mark))
            }
            if isDefault { for index in first..<mocks.count { mocks[index].statusPattern = "DEFAULT" } }
        }
        return (stream, mock, Array(mocks.dropFirst(mock == nil ? 0 : 1)))
    }

    /// Every response's `schema`, by status as written, for each media type the operation
    /// `produces` (`application/json` when it says none).
    mutating func responseSchemas(_ node: YAMLNode?, produces: [String]) -> [ResponseSchema] {
        guard let responses = node.flatMap(MappingReader.init) else { return [] }
        let types = produces.isEmpty ? ["application/json"] : produces.map(MediaType.base(of:))
        var found: [ResponseSchema] = []
        for pair in responses.pairs {
            guard let status = pair.key.string, !status.hasPrefix("x-"), let response = base.resolve(pair.value).flatMap(MappingReader.init),
                  let schema = base.modelSchema(response["schema"]) else { continue }
            for type in types {
                let rendering = MediaType.isXML(type) || MediaType.isForm(type)
                    ? base.mediaRendering(type, media: nil, schema: response["schema"], context: "", warns: false) : nil
                found.append(ResponseSchema(status: status, mediaType: type, schema: schema, rendering: rendering))
            }
        }
        return found
    }

    /// One response's examples appended as mocks, each written in its media type
    /// (``MediaRendering``) and with the response's `headers` that give a value: `examples` by
    /// media type (JSON first), else the schema's `example` in each type the operation produces
    /// (JSON first). An example that cannot be written in its type is not offered in it.
    private mutating func readResponse(_ response: MappingReader, status: Int, mark: Mark, produces: [String], isSuccess: Bool, into mocks: inout [Mock]) {
        let headers = responseHeaders(response)
        let schema = response["schema"]
        func jsonFirst(_ examples: [(mediaType: String, node: YAMLNode)]) -> [(mediaType: String, node: YAMLNode)] {
            examples.filter { MediaType.isJSON($0.mediaType) } + examples.filter { !MediaType.isJSON($0.mediaType) }
        }
        var examples: [(mediaType: String, node: YAMLNode)] = []
        if let byType = response["examples"].flatMap(MappingReader.init) {
            examples = jsonFirst(byType.pairs.compactMap { pair in pair.key.string.map { ($0.lowercased(), pair.value) } })
        }
        if examples.isEmpty, let node = schema.flatMap({ base.resolve($0) }).flatMap(MappingReader.init)?["example"] {
            // Stream examples are not written as streams.
            let types = produces.isEmpty ? ["application/json"] : produces.map { $0.lowercased() }.filter { MediaType.streamKind($0) == nil }
            examples = jsonFirst(types.map { ($0, node) })
        }
        var renderings: [String: MediaRendering] = [:]
        let first = mocks.count
        for (mediaType, node) in examples {
            let rendering = renderings[mediaType] ?? base.mediaRendering(mediaType, media: nil, schema: schema, context: "", warns: false)
            renderings[mediaType] = rendering
            let value = node.jsonValue
            guard let body = rendering.body(for: value) else { continue }
            // The first JSON example, and a wildcard's, are labelled `application/json`.
            let label = MediaType.isJSON(mediaType) && mocks.count == first || rendering.contentType != rendering.mediaType ? "application/json" : mediaType
            mocks.append(Mock(
                status: status, headers: [Mock.MockHeader(name: "Content-Type", value: label)], body: body, mark: node.mark,
                value: rendering.checkedValue(of: value)
            ).adding(headers))
        }
        // The success response without an example has no mock (a call with --mock says so, or
        // answers from its schema) unless it declares headers to send; another status without
        // one is still a status to choose.
        if mocks.count == first, !isSuccess || !headers.isEmpty { mocks.append(Mock(status: status, headers: headers, body: [], mark: mark)) }
    }

    /// A response's `headers` that give a value to send (Swagger 2.0 header objects: `x-example`
    /// or `example`, else `default`, else the first `enum` value; an array's items joined as its
    /// `collectionFormat` says, `csv` unless it says otherwise). `Content-Type` comes from the
    /// media type, never from a declared header.
    private mutating func responseHeaders(_ response: MappingReader) -> [Mock.MockHeader] {
        guard let declared = response["headers"].flatMap(MappingReader.init) else { return [] }
        var headers: [Mock.MockHeader] = []
        for pair in declared.pairs {
            guard let name = pair.key.string, name.lowercased() != "content-type",
                  let header = base.resolve(pair.value).flatMap(MappingReader.init) else { continue }
            let node = header["x-example"] ?? header["example"] ?? header["default"] ?? header["enum"]?.sequence?.first
            guard let node, let value = Self.headerText(node.jsonValue, separator: Self.separator(header["collectionFormat"]?.string)) else { continue }
            headers.append(Mock.MockHeader(name: name, value: value))
        }
        return headers
    }

    /// What joins an array's items for a `collectionFormat` (`multi` has no meaning in a header: `,`).
    static func separator(_ format: String?) -> String {
        switch format {
        case "ssv": " "
        case "tsv": "\t"
        case "pipes": "|"
        default: ","
        }
    }

    /// A value as a header's text: a scalar as written, an array's scalars joined by `separator`.
    private static func headerText(_ value: JSONValue, separator: String) -> String? {
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
