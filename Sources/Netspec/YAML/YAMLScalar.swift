// MARK: - YAMLScalar

/// A scalar node's text, how it was written, and what it means under the YAML 1.2 core schema.
///
/// A scalar is immutable: its ``resolved`` value is fixed from its text, style and tag
/// when it is created.
struct YAMLScalar: Sendable, Hashable {
    /// How a scalar was written in the source (libyaml's `yaml_scalar_style_t`).
    enum Style: Sendable, Hashable {
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

    // Stored properties are ordered to pack a scalar into 26 bytes.

    /// The scalar's text with quoting, escapes and block folding already applied.
    private(set) var value: String
    /// The resolved value without a second copy of the text (see ``resolved``).
    private var meaning: Meaning
    /// How the scalar was written.
    private(set) var style: Style

    /// The value under the YAML 1.2 core schema and the node's tag (see ``resolve(_:style:tag:)``).
    var resolved: YAMLScalarValue {
        switch meaning {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .int(let int): .int(int)
        case .double(let double): .double(double)
        case .string: .string(value)
        }
    }

    /// Creates a scalar, resolving its value from its text, style and tag.
    init(value: String, style: Style, tag: String? = nil) {
        self.value = value
        self.style = style
        self.meaning = Meaning(Self.resolve(value, style: style, tag: tag))
    }

    /// ``YAMLScalarValue`` with `.string` holding no text: it is always ``value``.
    /// Keeps a scalar at one string reference, which halves retain traffic while parsing.
    private enum Meaning: Sendable, Hashable {
        case null, bool(Bool), int(Int), double(Double), string

        /// Drops the text of a `.string` value.
        init(_ value: YAMLScalarValue) {
            switch value {
            case .null: self = .null
            case .bool(let bool): self = .bool(bool)
            case .int(let int): self = .int(int)
            case .double(let double): self = .double(double)
            case .string: self = .string
            }
        }
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
