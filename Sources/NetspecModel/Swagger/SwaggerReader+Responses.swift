/// Swagger 2.0 responses' examples: `examples` by media type, or the schema's `example`.
extension SwaggerReader {
    /// One response's examples, added to `response` in the order a mock offers them: `examples`
    /// by media type (JSON first), else the schema's `example` in each type the operation
    /// produces (JSON first; not as a stream). The first JSON example is labelled
    /// `application/json`; one under a range (`*/*`) is answered in a type `produces` lists
    /// (``examplesByType(_:produces:context:)``). A response none of whose examples can be written is answered
    /// without one (its headers, no body), unless it is the success response with a schema and
    /// no header to send (a mocked call answers from its schema, or says it has no mock); a
    /// success response with neither schema nor example is answered with no body.
    /// `context` (`operation 'a': response '200': `) begins a warning about an `examples` key.
    mutating func readExamples(_ object: MappingReader, produces: [String], isSuccess: Bool, context: String, into response: inout DeclaredResponse) {
        let schema = object["schema"]
        func jsonFirst(_ examples: [(mediaType: String, node: YAMLNode)]) -> [(mediaType: String, node: YAMLNode)] {
            examples.filter { MediaType.isJSON($0.mediaType) } + examples.filter { !MediaType.isJSON($0.mediaType) }
        }
        var examples: [(mediaType: String, node: YAMLNode)] = []
        if let byType = object["examples"].flatMap(MappingReader.init) {
            examples = jsonFirst(examplesByType(byType, produces: produces, context: context))
        }
        if examples.isEmpty, let node = schema.flatMap({ base.resolve($0) }).flatMap(MappingReader.init)?["example"] {
            let types = produces.isEmpty ? ["application/json"] : produces.map { $0.lowercased() }.filter { MediaType.streamKind($0) == nil }
            examples = jsonFirst(types.map { ($0, node) })
        }
        var layouts: [String: MediaLayout] = [:]
        for (index, (mediaType, node)) in examples.enumerated() {
            let layout = layouts[mediaType] ?? base.mediaLayout(mediaType, media: nil, schema: schema, context: "", warns: false)
            layouts[mediaType] = layout
            let label = MediaType.isJSON(mediaType) && index == 0 ? "application/json" : mediaType
            response.examples.append(ResponseExample(name: nil, payload: .value(node.jsonValue, mediaType: mediaType, contentType: label, layout: layout), mark: node.mark))
        }
        // A response with neither a schema nor an example (`204: {description: gone}`, a `200`
        // that says only that it succeeded) is answered with its status and no body.
        response.answersWithoutExample = !isSuccess || response.headers.contains { $0.example != nil } || (schema == nil && examples.isEmpty)
    }

    /// A response's `examples`, each under the media type it is answered in. Swagger 2.0's
    /// Example Object: "Property name MUST be one of the Operation produces values (either
    /// implicit or inherited)". A key that is not a media type (`error: false`) is warned about
    /// at its place and not read; a range (`*/*`, `text/*`) stands for the first type `produces`
    /// lists that it covers and that has no example of its own (a JSON one first), or
    /// `application/json` when the operation and the document list none; a range that covers
    /// none of them is warned about and not read.
    private mutating func examplesByType(_ byType: MappingReader, produces: [String], context: String) -> [(mediaType: String, node: YAMLNode)] {
        var examples: [(mediaType: String, node: YAMLNode)] = []
        var ranges: [(type: String, node: YAMLNode, key: YAMLNode)] = []
        for pair in byType.pairs {
            guard let key = pair.key.string else { continue }
            let type = MediaType.base(of: key)
            guard key.contains("/"), MediaType.syntaxProblem(in: key) == nil else {
                warn(
                    "\(context)examples: '\(key)' is not a media type (Swagger 2.0, Example Object: each key is one of the types the operation produces); "
                        + "its example is not read", at: pair.key.mark)
                continue
            }
            if type.hasSuffix("/*") {
                ranges.append((type, pair.value, pair.key))
            } else {
                examples.append((key.lowercased(), pair.value))
            }
        }
        let listed = produces.map(MediaType.base(of:)).filter { MediaType.streamKind($0) == nil }
        for range in ranges {
            if listed.isEmpty {
                if !examples.contains(where: { MediaType.base(of: $0.mediaType) == "application/json" }) { examples.append(("application/json", range.node)) }
                continue
            }
            let free = listed.filter { type in MediaType.covers(range.type, type) && !examples.contains { MediaType.base(of: $0.mediaType) == type } }
            guard let type = free.first(where: MediaType.isJSON) ?? free.first else {
                let written = range.key.string ?? range.type
                warn(
                    "\(context)examples: '\(written)' covers no type the operation produces (\(listed.joined(separator: ", "))) that has no example of its own; "
                        + "its example is not read", at: range.key.mark)
                continue
            }
            examples.append((type, range.node))
        }
        return examples
    }
}
