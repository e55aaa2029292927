/// Swagger 2.0 responses' examples: `examples` by media type, or the schema's `example`.
extension SwaggerReader {
    /// One response's examples, added to `response` in the order a mock offers them: `examples`
    /// by media type (JSON first), else the schema's `example` in each type the operation
    /// produces (JSON first; not as a stream). The first JSON example, and a wildcard's, are
    /// labelled `application/json`. A response none of whose examples can be written is answered
    /// without one (its headers, no body), unless it is the success response with a schema and
    /// no header to send (a mocked call answers from its schema, or says it has no mock); a
    /// success response with neither schema nor example is answered with no body.
    mutating func readExamples(_ object: MappingReader, produces: [String], isSuccess: Bool, into response: inout DeclaredResponse) {
        let schema = object["schema"]
        func jsonFirst(_ examples: [(mediaType: String, node: YAMLNode)]) -> [(mediaType: String, node: YAMLNode)] {
            examples.filter { MediaType.isJSON($0.mediaType) } + examples.filter { !MediaType.isJSON($0.mediaType) }
        }
        var examples: [(mediaType: String, node: YAMLNode)] = []
        if let byType = object["examples"].flatMap(MappingReader.init) {
            examples = jsonFirst(byType.pairs.compactMap { pair in pair.key.string.map { ($0.lowercased(), pair.value) } })
        }
        if examples.isEmpty, let node = schema.flatMap({ base.resolve($0) }).flatMap(MappingReader.init)?["example"] {
            let types = produces.isEmpty ? ["application/json"] : produces.map { $0.lowercased() }.filter { MediaType.streamKind($0) == nil }
            examples = jsonFirst(types.map { ($0, node) })
        }
        var layouts: [String: MediaLayout] = [:]
        for (index, (mediaType, node)) in examples.enumerated() {
            let layout = layouts[mediaType] ?? base.mediaLayout(mediaType, media: nil, schema: schema, context: "", warns: false)
            layouts[mediaType] = layout
            let type = MediaType.base(of: mediaType)
            let label = MediaType.isJSON(mediaType) && index == 0 || type == "*/*" || type == "application/*" ? "application/json" : mediaType
            response.examples.append(ResponseExample(name: nil, payload: .value(node.jsonValue, mediaType: mediaType, contentType: label, layout: layout), mark: node.mark))
        }
        // A response with neither a schema nor an example (`204: {description: gone}`, a `200`
        // that says only that it succeeded) is answered with its status and no body.
        response.answersWithoutExample = !isSuccess || response.headers.contains { $0.example != nil } || (schema == nil && examples.isEmpty)
    }
}
