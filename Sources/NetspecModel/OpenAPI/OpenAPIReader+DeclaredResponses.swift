extension OpenAPIReader {
    /// Every response an operation declares: its status as written, its `content`'s media
    /// types and its `headers` (a `$ref`'d response or header followed), for checking what a
    /// server answers (``DeclaredResponse``). Keys that are not statuses are left out (the
    /// response reader warns about them).
    mutating func declaredResponses(_ node: YAMLNode?) -> [DeclaredResponse] {
        guard let responses = node.flatMap(MappingReader.init) else { return [] }
        var found: [DeclaredResponse] = []
        for pair in responses.pairs {
            guard let written = pair.key.string, let status = Self.statusKey(written),
                  let response = resolve(pair.value).flatMap(MappingReader.init) else { continue }
            var mediaTypes: [String] = []
            for media in response["content"].flatMap(MappingReader.init).map({ Array($0.pairs) }) ?? [] {
                guard let type = media.key.string else { continue }
                let base = MediaType.base(of: type)
                if !mediaTypes.contains(base) { mediaTypes.append(base) }
            }
            var headers: [DeclaredResponse.Header] = []
            for header in response["headers"].flatMap(MappingReader.init).map({ Array($0.pairs) }) ?? [] {
                guard let name = header.key.string, name.lowercased() != "content-type",
                      let object = resolve(header.value).flatMap(MappingReader.init) else { continue }
                // `schema`, or a `content` map's one media type's schema.
                let schemaNode = object["schema"] ?? object["content"].flatMap(MappingReader.init)?.pairs.first.flatMap { MappingReader($0.value)?["schema"] }
                headers.append(DeclaredResponse.Header(
                    name: name, required: object["required"]?.scalar?.resolved == .bool(true), schema: modelSchema(schemaNode),
                    position: "\(path(of: header.key)):\(header.key.mark)"
                ))
            }
            found.append(DeclaredResponse(status: status, mediaTypes: mediaTypes, headers: headers, position: "\(path(of: pair.key)):\(pair.key.mark)"))
        }
        return found
    }

    /// A response key as ``DeclaredResponse/status`` keeps it: a code (`200`), a range upper-cased
    /// (`2XX`) or `default`; `nil` for anything else (an `x-` extension, a typo).
    static func statusKey(_ written: String) -> String? {
        if written == "default" { return written }
        let upper = written.uppercased()
        if upper.count == 3, upper.hasSuffix("XX"), ("1"..."5").contains(upper.prefix(1)) { return upper }
        if let code = Int(written), (100...599).contains(code) { return written }
        return nil
    }
}
