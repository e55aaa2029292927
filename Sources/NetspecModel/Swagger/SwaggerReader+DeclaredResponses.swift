// Reading a Swagger 2.0 operation's `responses` into the model's one description of them
// (Responses): each status once (a code or `default`: Swagger 2.0 has no ranges), the media types
// it answers in with the response's `schema`, its headers, its examples.

extension SwaggerReader {
    /// The success response's stream kind (from `produces`), and every response whose key is a
    /// code or `default`; another key that is not an `x-` extension is warned about and not read.
    mutating func readResponses(_ node: YAMLNode?, produces: [String], context: String, mark: Mark) -> (Endpoint.StreamKind?, Responses) {
        guard let node else {
            report("\(context)an operation needs 'responses'", at: mark)
            return (nil, Responses())
        }
        guard let responses = MappingReader(node) else { return (nil, Responses()) }
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
        var declared = Responses()
        for pair in responses.pairs {
            let key = pair.key.string ?? ""
            guard let status = ResponseStatus(written: key), !status.isRange else {
                if !key.hasPrefix("x-") {
                    warn("\(context)response '\(key)' is not a status code, 'default' or an 'x-' extension; it is not read", at: pair.key.mark)
                }
                continue
            }
            let isSuccess = key == success?.key.string
            var response = DeclaredResponse(status: status, position: "\(base.path(of: pair.key)):\(pair.key.mark)", mark: pair.key.mark)
            if let object = base.resolve(pair.value).flatMap(MappingReader.init) {
                response.content = responseContent(object, produces: produces)
                response.headers = responseHeaders(object, context: "\(context)response '\(key)': ")
                // A success stream's examples are not written as streams: it has no mock.
                if !isSuccess || stream == nil { readExamples(object, produces: produces, isSuccess: isSuccess, context: "\(context)response '\(key)': ", into: &response) }
            } else {
                // `404:` with nothing under it (as Jupyter writes): a status without a body.
                response.answersWithoutExample = !isSuccess
            }
            if isSuccess { declared.successIndex = declared.declared.count }
            declared.declared.append(response)
        }
        return (stream, declared)
    }

    /// The media types a response answers in: what the operation `produces` (`application/json`
    /// when it says none), each with the response's `schema` and, for XML and forms, how values
    /// are laid out; none for a response without a `schema`.
    private mutating func responseContent(_ response: MappingReader, produces: [String]) -> [DeclaredResponse.Content] {
        guard let schemaNode = response["schema"] else { return [] }
        let schema = base.modelSchema(schemaNode)
        var content: [DeclaredResponse.Content] = []
        for type in produces.isEmpty ? ["application/json"] : produces.map(MediaType.base(of:)) where !content.contains(where: { $0.mediaType == type }) {
            let layout = MediaType.isXML(type) || MediaType.isForm(type)
                ? base.mediaLayout(type, media: nil, schema: schemaNode, context: "", warns: false) : MediaLayout()
            content.append(DeclaredResponse.Content(mediaType: type, schema: schema, layout: layout))
        }
        return content
    }

    /// A response's `headers`, each its own schema (`type`, `format`, `items`, `enum`, bounds)
    /// with its `collectionFormat` (Swagger 2.0 headers cannot be required), and the value a mock
    /// sends: `x-example` or `example`, else `default`, else the first `enum` value (an array's
    /// items joined as its `collectionFormat` says, `csv` unless it says otherwise).
    /// `Content-Type` comes from the media type, never from a declared header. A name that is not
    /// an RFC 9110 token (empty; a space, ':', a line break) is an error at that character, and so
    /// is a line break or another control character in `x-example`, `example` or `default`.
    private mutating func responseHeaders(_ response: MappingReader, context: String) -> [DeclaredResponse.Header] {
        var headers: [DeclaredResponse.Header] = []
        for pair in response["headers"].flatMap(MappingReader.init).map({ Array($0.pairs) }) ?? [] {
            // Sent as a field of the mock's answer: a name that is not a token cannot be one.
            let badName = base.reportHeaderName(pair.key, context: context, source: "Swagger 2.0, Headers Object")
            guard let name = pair.key.string, name.lowercased() != "content-type",
                  let resolved = base.resolve(pair.value), let header = MappingReader(resolved) else { continue }
            let separator = Self.separator(header["collectionFormat"]?.string)
            let example = header["x-example"] ?? header["example"] ?? header["default"] ?? header["enum"]?.sequence?.first
            if !badName {
                base.reportHeaderValueBreaks(
                    [("its 'x-example'", header["x-example"]), ("its 'example'", header["example"]), ("its 'default'", header["default"]), ("its first 'enum' value", example)],
                    context: "\(context)header '\(name)': ", source: "Swagger 2.0, Headers Object"
                )
            }
            headers.append(DeclaredResponse.Header(
                name: name, required: false, schema: base.modelSchema(resolved), listSeparator: separator,
                position: "\(base.path(of: pair.key)):\(pair.key.mark)", example: example.flatMap { OpenAPIReader.headerText($0.jsonValue, separator: separator) }
            ))
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
}
