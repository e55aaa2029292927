import NetspecModel

/// Values that may hold runtime expressions, and 1.1's Selector Objects.
extension ArazzoReader {
    /// A value as written, with the strings inside it that are or embed runtime expressions.
    func plainValue(_ node: YAMLNode) -> ArazzoValue {
        ArazzoValue(json: node.jsonValue, at: node.mark, expressions: Self.expressionStrings(in: node))
    }

    /// A parameter's or replacement's `value`, or an output: in a 1.1 document a mapping with a
    /// `selector` (or, for outputs, any mapping: `selector: true`) is a Selector Object, whose
    /// `context`, `selector` and `type` are all required.
    mutating func value(_ node: YAMLNode, _ what: String = "a value", selector: Bool = false) -> ArazzoValue {
        guard minor == 1, let mapping = MappingReader(node), selector || mapping["selector"] != nil else { return plainValue(node) }
        guard let object = object(node, "\(what): a selector", v10: ["context", "selector", "type"]) else { return plainValue(node) }
        let context = text(object, "context", "\(what): a selector", required: true)
        let query = text(object, "selector", "\(what): a selector", required: true)
        var type: (type: String, version: String?)?
        if object["type"] == nil {
            fail(node.mark, "\(what): a selector: no 'type' (expected 'jsonpath', 'xpath' or 'jsonpointer')")
        } else {
            type = selectorType(object, "type", "\(what): a selector", types: ["jsonpath", "xpath", "jsonpointer"])
        }
        guard let context, let query, let type else { return plainValue(node) }
        return ArazzoValue(
            json: node.jsonValue, at: node.mark,
            selector: Selector(context: context, selector: query, type: type.type, version: type.version),
            expressions: [context]
        )
    }

    /// Every string scalar under `node` that starts with `$` or embeds `{$`, with its place.
    static func expressionStrings(in node: YAMLNode) -> [Located<String>] {
        var found: [Located<String>] = []
        var stack = [node]
        while let node = stack.popLast() {
            if let items = node.sequence {
                stack.append(contentsOf: items.reversed())
            } else if let pairs = node.mapping {
                stack.append(contentsOf: pairs.map(\.value).reversed())
            } else if case let .string(text)? = node.scalar?.resolved, text.hasPrefix("$") || text.contains("{$") {
                found.append(Located(text, at: node.mark))
            }
        }
        return found
    }
}
