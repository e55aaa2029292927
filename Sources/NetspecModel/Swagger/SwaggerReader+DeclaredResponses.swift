extension SwaggerReader {
    /// Every response an operation declares (``DeclaredResponse``): its status as written, the
    /// media types it answers in (what the operation `produces`, `application/json` when it says
    /// none, for a response with a `schema`; none without one) and its `headers`, each its own
    /// schema (`type`, `format`, `items`, `enum`, bounds) with its `collectionFormat`. Swagger 2.0
    /// headers cannot be required.
    mutating func declaredResponses(_ node: YAMLNode?, produces: [String]) -> [DeclaredResponse] {
        guard let responses = node.flatMap(MappingReader.init) else { return [] }
        let types = produces.isEmpty ? ["application/json"] : produces.map(MediaType.base(of:))
        var found: [DeclaredResponse] = []
        for pair in responses.pairs {
            guard let written = pair.key.string, let status = OpenAPIReader.statusKey(written), !written.hasSuffix("XX"), !written.hasSuffix("xx") else { continue }
            let position = "\(base.path(of: pair.key)):\(pair.key.mark)"
            // `404:` with nothing under it (as Jupyter writes): a status without a body.
            guard let response = base.resolve(pair.value).flatMap(MappingReader.init) else {
                found.append(DeclaredResponse(status: status, mediaTypes: [], headers: [], position: position))
                continue
            }
            var headers: [DeclaredResponse.Header] = []
            for header in response["headers"].flatMap(MappingReader.init).map({ Array($0.pairs) }) ?? [] {
                guard let name = header.key.string, name.lowercased() != "content-type",
                      let resolved = base.resolve(header.value), let object = MappingReader(resolved) else { continue }
                headers.append(DeclaredResponse.Header(
                    name: name, required: false, schema: base.modelSchema(resolved),
                    listSeparator: Self.separator(object["collectionFormat"]?.string), position: "\(base.path(of: header.key)):\(header.key.mark)"
                ))
            }
            found.append(DeclaredResponse(status: status, mediaTypes: response["schema"] == nil ? [] : types, headers: headers, position: position))
        }
        return found
    }
}
