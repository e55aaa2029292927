/// OpenAPI 3.2's `components/mediaTypes` (Components Object; Media Type Object): a content map's
/// value may be a Reference Object, `$ref: '#/components/mediaTypes/X'` (or a media type in another
/// file, resolved as every `$ref` is: relative to its file, `$self` as the base). The reader follows
/// it here, once per node, and every place that reads a content map (a request body's, a response's,
/// a parameter's or header's) reads it through ``contentEntries(_:)``: the model is made of the
/// object the reference names, so binding, validation, the mock, MCP and `check` see it as if it
/// were written in place. A reference that names nothing, a cycle of references, or a target that
/// is not a Media Type Object is an error at its place, said once however often it is used.
///
/// 3.0 and 3.1 have no referenceable Media Type Object: their content maps are read as written.
extension OpenAPIReader {
    /// Where following a node's media type reference stands (``mediaTypeObjects``).
    enum MediaTypeObject {
        /// Being followed: meeting it again is a cycle.
        case following
        case found(YAMLNode)
        /// Followed, and reported as wrong where it is.
        case failed
    }

    /// A Media Type Object's fields in OpenAPI 3.2.0.
    static let mediaTypeFields = ["schema", "itemSchema", "example", "examples", "encoding", "prefixEncoding", "itemEncoding", "description"]

    /// A content map's entries in the document's order, each value the Media Type Object it
    /// stands for (in a 3.2 document a `$ref` is followed; an entry whose reference fails is left
    /// out, its error given).
    mutating func contentEntries(_ node: YAMLNode?) -> [YAMLPair] {
        guard let content = node.flatMap(MappingReader.init) else { return [] }
        guard isVersion32 else { return Array(content.pairs) }
        return content.pairs.compactMap { pair in
            mediaTypeObject(pair.value, name: nil, trail: []).map { YAMLPair(key: pair.key, value: $0) }
        }
    }

    /// The first entry of a content map (a parameter's or header's one media type), as ``contentEntries(_:)`` reads it.
    mutating func firstContentEntry(_ node: YAMLNode?) -> YAMLPair? {
        guard let first = node.flatMap(MappingReader.init)?.pairs.first else { return nil }
        guard isVersion32 else { return first }
        return mediaTypeObject(first.value, name: nil, trail: []).map { YAMLPair(key: first.key, value: $0) }
    }

    /// Checks `components/mediaTypes` (3.2): a mapping of names to Media Type Objects (or
    /// references to them), each followed as a content map's would be.
    mutating func checkMediaTypeComponents32(_ components: MappingReader) {
        guard let entry = components.entry("mediaTypes") else { return }
        guard let mediaTypes = MappingReader(entry.value) else {
            reportIn(path(of: entry.value), "'mediaTypes' must be a mapping of names to Media Type Objects, found \(entry.value.foundDescription) (OpenAPI 3.2.0, Components Object)", at: entry.value.mark)
            return
        }
        for pair in mediaTypes.pairs {
            let name = pair.key.string ?? ""
            let pointer = "#/components/mediaTypes/" + name.replacing("~", with: "~0").replacing("/", with: "~1")
            _ = mediaTypeObject(pair.value, name: pointer, trail: [])
        }
    }

    /// The Media Type Object `node` is, or names through `$ref`s. `name` is how it was reached
    /// (the reference that led here, or a component's pointer; `nil` for a value written in a
    /// content map, which is not checked for being an object: the content map's readers skip one
    /// that is not); `trail` the nodes being followed, for a cycle's message.
    private mutating func mediaTypeObject(_ node: YAMLNode, name: String?, trail: [(node: NodeIdentity, name: String)]) -> YAMLNode? {
        let identity = NodeIdentity(node)
        switch mediaTypeObjects[identity] {
        case let .found(object)?: return object
        case .failed?: return nil
        case .following?, nil: break
        }
        guard let mapping = MappingReader(node), let reference = mapping.entry("$ref") else {
            guard let name, let problem = Self.mediaTypeObjectProblem(node) else { return node }
            reportIn(path(of: node), "'\(name)' is not a Media Type Object: \(problem) (OpenAPI 3.2.0, Media Type Object)", at: node.mark)
            mediaTypeObjects[identity] = .failed
            return nil
        }
        let target = reference.value.string ?? ""
        let trail = trail + [(identity, name ?? "")]
        mediaTypeObjects[identity] = .following
        var result: YAMLNode?
        if let next = resolve(node, once: true) {
            if let start = trail.firstIndex(where: { $0.node == NodeIdentity(next) }) {
                let cycle = trail[start...].map(\.name) + [trail[start].name.isEmpty ? target : trail[start].name]
                let named = cycle.enumerated().map { $0.offset == 0 && $0.element.isEmpty ? "the content map's entry" : "'\($0.element)'" }
                reportIn(
                    path(of: node),
                    "'$ref: \(target)' closes a cycle of media type references (\(named.joined(separator: " → "))), so it names no Media Type Object (OpenAPI 3.2.0, Components Object)",
                    at: reference.value.mark
                )
            } else {
                result = mediaTypeObject(next, name: target, trail: trail)
            }
        }
        mediaTypeObjects[identity] = result.map(MediaTypeObject.found) ?? .failed
        return result
    }

    /// Why a node named as a Media Type Object is not one: not a mapping, or a mapping none of
    /// whose keys (extensions aside) is a Media Type Object's field (a schema put under
    /// `mediaTypes`, say); `nil` when it is one. Unknown keys beside known ones are warned about
    /// where the object is read, as in any Media Type Object.
    private static func mediaTypeObjectProblem(_ node: YAMLNode) -> String? {
        guard let mapping = MappingReader(node) else { return "it is \(node.foundDescription), not a mapping" }
        let keys = mapping.pairs.compactMap(\.key.string).filter { !$0.hasPrefix("x-") }
        guard !keys.isEmpty, !keys.contains(where: mediaTypeFields.contains) else { return nil }
        return "none of its keys (\(keys.map { "'\($0)'" }.joined(separator: ", "))) is a field of one (\(mediaTypeFields.joined(separator: ", ")))"
    }
}
