// MARK: - YAMLNode

/// One node of a parsed YAML document: a scalar, a mapping or a sequence, with where it
/// starts in the source and its explicit tag.
///
/// Trees are immutable values. A node reached through an alias (`*name`) is the anchored
/// node itself, shared rather than copied, so it carries the **anchored node's** mark and
/// tag, not the alias's. The one exception is a mapping key written as an alias: keys
/// always carry the mark where they are written, so key errors point at the right place.
/// Mappings keep their source order; merge keys (`<<`) are already applied (see
/// ``YAMLMappingBuilder``).
///
/// `==` and `hash(into:)` walk the whole subtree (recursively; trees are at most
/// ``YAMLLimits/maxDepth`` deep).
struct YAMLNode: Sendable, Hashable {
    /// The three kinds of YAML node.
    enum Kind: Sendable, Hashable {
        /// A scalar, such as `GET` or `"String?"`.
        case scalar(YAMLScalar)
        /// A mapping, in source order, with unique scalar keys.
        case mapping([YAMLPair])
        /// A sequence, in source order.
        case sequence([YAMLNode])
    }

    /// What the node is, with its content.
    var kind: Kind
    /// Where the node starts: its first character, or the anchor or tag written before it.
    var mark: Mark
    /// The explicit tag as libyaml resolves it (`!!str` becomes `tag:yaml.org,2002:str`,
    /// `!` stays `!`), or `nil` when the node has none.
    var tag: String?

    /// Creates a node.
    init(kind: Kind, mark: Mark, tag: String? = nil) {
        self.kind = kind
        self.mark = mark
        self.tag = tag
    }
}

// MARK: - YAMLPair

/// One entry of a mapping: a scalar key node and its value node.
struct YAMLPair: Sendable, Hashable {
    /// The key; always a ``YAMLNode/Kind/scalar(_:)`` node.
    var key: YAMLNode
    /// The value.
    var value: YAMLNode

    /// Creates a pair.
    init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

// MARK: - Accessors

extension YAMLNode {
    /// The scalar, if this is a scalar node.
    var scalar: YAMLScalar? {
        if case .scalar(let scalar) = kind { scalar } else { nil }
    }

    /// The pairs, if this is a mapping node.
    var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = kind { pairs } else { nil }
    }

    /// The items, if this is a sequence node.
    var sequence: [YAMLNode]? {
        if case .sequence(let items) = kind { items } else { nil }
    }

    /// `"scalar"`, `"mapping"` or `"sequence"`, for messages such as
    /// "expected a mapping, found a sequence".
    var kindName: String {
        switch kind {
        case .scalar: "scalar"
        case .mapping: "mapping"
        case .sequence: "sequence"
        }
    }

    /// The scalar's text, if this is a scalar node.
    var string: String? { scalar?.value }

    /// The value for the key whose text is `key`, if this is a mapping that has it.
    ///
    /// A linear search: fine for the small mappings of a spec; for big ones, walk
    /// ``mapping`` once instead.
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = kind else { return nil }
        return pairs.first { $0.key.scalar?.value == key }?.value
    }
}
