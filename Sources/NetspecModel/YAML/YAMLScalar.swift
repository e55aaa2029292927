// MARK: - YAMLScalar

/// A scalar node's text, how it was written, and its explicit tag; what it means under the
/// YAML 1.2 core schema is worked out when asked (``resolved``), since most scalars of a
/// spec are only ever read as text.
package struct YAMLScalar: Sendable, Hashable {
    /// How a scalar was written in the source (libyaml's `yaml_scalar_style_t`).
    enum Style: UInt8, Sendable, Hashable {
        /// `name`, unquoted.
        case plain
        /// `'name'`.
        case singleQuoted
        /// `"name"`.
        case doubleQuoted
        /// A `|` block scalar.
        case literal
        /// A `>` block scalar.
        case folded
    }

    /// The scalar's text with quoting, escapes and block folding already applied.
    let value: String
    /// How the scalar was written.
    let style: Style
    /// The explicit tag, as libyaml resolves it, or `nil`.
    let tag: String?

    /// The value under the YAML 1.2 core schema and the node's tag (see ``resolve(_:style:tag:)``).
    package var resolved: YAMLScalarValue { Self.resolve(value, style: style, tag: tag) }

    /// Whether the scalar is written as a plain null (`key:`, `~`, `null`): what an empty
    /// value in a spec looks like. Cheaper than comparing ``resolved`` to `.null`.
    var isPlainNull: Bool {
        guard style == .plain else { return false }
        return tag == nil ? YAMLScalarValue.isNull(plain: value) : resolved == .null
    }

    /// Creates a scalar.
    init(value: String, style: Style, tag: String? = nil) {
        self.value = value
        self.style = style
        self.tag = tag
    }
}

// MARK: - Tag-aware resolution

extension YAMLScalar {
    /// The value of a scalar given its text, style and explicit tag.
    ///
    /// | tag | result |
    /// |---|---|
    /// | none, plain style | ``YAMLScalarValue/init(plain:)``: null, bool, int, double or string |
    /// | none, any quoted or block style | `.string` |
    /// | `!` (non-specific) or `!!str` | `.string` |
    /// | `!!null`, `!!bool`, `!!int` | the core-schema value if it is of that kind, else `.string` |
    /// | `!!float` | the core-schema value as a `Double` if it is numeric, else `.string` |
    /// | any other tag (`!Custom`, `!!binary`, …) | as if untagged; the tag stays on the node |
    ///
    /// Tagged core types resolve whatever the style, so `!!int "42"` is `.int(42)`.
    static func resolve(_ value: String, style: Style, tag: String?) -> YAMLScalarValue {
        guard let tag else {
            return style == .plain ? YAMLScalarValue(plain: value) : .string(value)
        }
        let core = YAMLScalarValue(plain: value)
        switch tag {
        case "!", Tag.str:
            return .string(value)
        case Tag.null:
            if case .null = core { return core }
        case Tag.bool:
            if case .bool = core { return core }
        case Tag.int:
            if case .int = core { return core }
        case Tag.float:
            if case .int(let int) = core { return .double(Double(int)) }
            if case .double = core { return core }
        default:
            return style == .plain ? core : .string(value)
        }
        return .string(value)
    }

    /// The YAML 1.1/1.2 global tags this layer interprets, as libyaml resolves `!!name`.
    enum Tag {
        static let str = "tag:yaml.org,2002:str"
        static let null = "tag:yaml.org,2002:null"
        static let bool = "tag:yaml.org,2002:bool"
        static let int = "tag:yaml.org,2002:int"
        static let float = "tag:yaml.org,2002:float"
        static let merge = "tag:yaml.org,2002:merge"
    }
}
