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

    /// Where the character at `offset` (in characters) of this scalar's text was written: the
    /// text has its quoting, escapes, folding and block indentation applied, so the scalar's
    /// source is read again from `file` (the document's path; a node an overlay added is read
    /// from the overlay) and walked as the parser read it (``ScalarSourceWalk``). Where the
    /// source cannot be read (a document given by URL or as text, not a regular file) or no
    /// longer gives the text, the place is estimated: the node's start plus the offset, after
    /// an opening quote; a block scalar's indicator.
    func mark(atOffset offset: Int, in file: String) -> Mark {
        let start = mark
        guard let scalar = self.scalar else { return start }
        let text = scalar.value
        let characters = text.index(text.startIndex, offsetBy: max(offset, 0), limitedBy: text.endIndex) ?? text.endIndex
        let scalarOffset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: characters)
        let path = start.file ?? file
        if FileBytes.isRegularFile(path), let bytes = try? FileBytes.contents(ofFile: path, limit: YAMLLimits.default.maxBytes),
           let found = ScalarSourceWalk.position(in: bytes, from: start, style: scalar.style, text: text, scalarOffset: scalarOffset) {
            return Mark(line: found.line, column: found.column, file: start.file)
        }
        switch scalar.style {
        case .plain: return Mark(line: start.line, column: start.column + scalarOffset, file: start.file)
        case .singleQuoted, .doubleQuoted: return Mark(line: start.line, column: start.column + 1 + scalarOffset, file: start.file)
        case .literal, .folded: return start
        }
    }
}
