/// OpenAPI 3.2's tag nesting (Tag Object, `parent`): the tag a `parent` names must be one of the
/// document's `tags`, and parents must not form a cycle ("circular references between parent and
/// child tags MUST NOT be used"), each a positioned error; the tags, with 3.2's `summary`, `parent`
/// and `kind`, are kept on the spec (``Spec/tags``) for `list` to nest and MCP's search to match
/// (docs/openapi.md, "OpenAPI 3.2").
extension OpenAPIReader {
    /// The document's `tags`: name and description in every version, 3.2's keys in a 3.2 document.
    func documentTags() -> [Spec.Tag] {
        let tags = (root["tags"]?.sequence.map(Array.init) ?? []).compactMap(MappingReader.init)
        return tags.compactMap { tag in
            guard let name = tag["name"]?.string else { return nil }
            let read32 = { (key: String) in isVersion32 ? tag[key]?.string : nil }
            return Spec.Tag(name: name, summary: read32("summary"), description: tag["description"]?.string, parent: read32("parent"), kind: read32("kind"))
        }
    }

    /// Checks every tag's `parent` in a 3.2 document.
    mutating func checkTagParents32() {
        guard isVersion32 else { return }
        let tags = (root["tags"]?.sequence.map(Array.init) ?? []).compactMap(MappingReader.init)
        let names = tags.compactMap { $0["name"]?.string }
        var parents: [String: (name: String, mark: Mark)] = [:]
        for tag in tags {
            guard let name = tag["name"]?.string, let node = tag["parent"], let parent = node.string else { continue }
            guard names.contains(parent) else {
                report("tag '\(name)': its parent '\(parent)' is not a tag of the document, which OpenAPI 3.2.0 requires (Tag Object)" + Suggestions.hint(for: parent, in: names), at: node.mark)
                continue
            }
            parents[name] = (parent, node.mark)
        }
        // Each cycle once, at the `parent` of its first tag in the document's order.
        var reported: Set<String> = []
        for start in names where !reported.contains(start) {
            guard let first = parents[start] else { continue }
            var path = [start]
            var current = first.name
            while current != start, !path.contains(current), let next = parents[current] {
                path.append(current)
                current = next.name
            }
            guard current == start else { continue }
            reported.formUnion(path)
            let cycle = (path + [start]).map { "'\($0)'" }.joined(separator: " → ")
            report("tag '\(start)': its parents form a cycle (\(cycle)), which OpenAPI 3.2.0 does not allow (Tag Object)", at: first.mark)
        }
    }
}
