/// A YAML mapping being read by the spec loader: key lookup in source order, and the keys that
/// are not allowed in it (for "unknown key … (did you mean …?)" errors).
package struct MappingReader {
    /// The mapping node itself.
    package let node: YAMLNode
    /// The mapping's entries in source order.
    package let pairs: YAMLPairs

    /// Creates a reader, or `nil` when the node is not a mapping.
    package init?(_ node: YAMLNode) {
        guard let pairs = node.mapping else { return nil }
        self.node = node
        self.pairs = pairs
    }

    /// The value under a key.
    package subscript(key: String) -> YAMLNode? {
        entry(key)?.value
    }

    /// The entry under a key, with its key node (for the key's position).
    func entry(_ key: String) -> YAMLPair? {
        pairs[key: key]
    }

    /// The entries whose key is one of `keys`, in source order.
    func entries(withKeyIn keys: [String]) -> [YAMLPair] {
        pairs.filter { $0.key.hasText(in: keys) }
    }

    /// The entries whose key is not in `allowed`, with a "did you mean" hint for each.
    ///
    /// A linear scan comparing key bytes: the lists are short, and most lengths differ.
    func unknownKeys(allowed: [String]) -> [(name: String, mark: Mark, hint: String)] {
        var unknown: [(name: String, mark: Mark, hint: String)] = []
        for pair in pairs where !pair.key.hasText(in: allowed) {
            let name = pair.key.string ?? ""
            unknown.append((name, pair.key.mark, Suggestions.hint(for: name, in: allowed)))
        }
        return unknown
    }
}

extension YAMLNode {
    /// A phrase naming what the node is, for "expected …, found …" messages.
    package var foundDescription: String {
        switch kind {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case let .scalar(scalar):
            switch scalar.resolved {
            case .null: return "nothing"
            case let .bool(value): return "the boolean \(value)"
            case let .int(value): return "the number \(value)"
            case let .double(value): return "the number \(value)"
            case let .string(value): return "the string '\(value)'"
            }
        }
    }

    /// The position of the character at `offset` inside this scalar's text, accounting for an
    /// opening quote; the node's own position for block scalars.
    func mark(atOffset offset: Int) -> Mark {
        guard let scalar = self.scalar else { return mark }
        switch scalar.style {
        case .plain: return Mark(line: mark.line, column: mark.column + offset)
        case .singleQuoted, .doubleQuoted: return Mark(line: mark.line, column: mark.column + 1 + offset)
        case .literal, .folded: return mark
        }
    }
}
