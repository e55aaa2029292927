/// The declared type of a parameter or of a result, parsed once from a type string such as
/// `String?`, `[User]`, `[String: Int]` or `(list: [(id: String, name: String)], count: Int)`.
///
/// Model names (`User`) stand for JSON objects; Netspec does not know their fields.
package indirect enum ValueType: Sendable, Hashable, CustomStringConvertible {
    /// `String`.
    case string
    /// `Int`: a 64-bit integer.
    case int
    /// `Double`.
    case double
    /// `Bool`.
    case bool
    /// `Data`: raw bytes (a file part, a raw body, base64 inside JSON).
    case data
    /// `URL`: a file URL for parts and bodies (streamed from disk), a URL string elsewhere.
    case url
    /// `JSON`: any JSON value.
    case json
    /// `Date`: ISO 8601 text (`2026-11-22`, `2026-11-22T10:00:00Z`), checked when bound, and a
    /// `Date` when decoded in Swift.
    case date
    /// A model name such as `User`: a JSON object whose fields Netspec does not check.
    case model(String)
    /// `[T]`.
    case array(ValueType)
    /// `[String: T]`.
    case dictionary(ValueType)
    /// `(a: T, U)`: a tuple whose elements are read by label or by position.
    case tuple([TupleElement])
    /// `T?`.
    case optional(ValueType)

    /// One element of a tuple type.
    package struct TupleElement: Sendable, Hashable {
        /// The element's label, or `nil` for a positional element.
        public var label: String?
        /// The element's type.
        public var type: ValueType

        /// Creates a tuple element.
        public init(label: String?, type: ValueType) {
            self.label = label
            self.type = type
        }
    }

    // MARK: - Properties

    /// Whether the type is `T?`.
    public var isOptional: Bool {
        if case .optional = self { true } else { false }
    }

    /// The type without its outermost `?`.
    public var unwrapped: ValueType {
        if case let .optional(wrapped) = self { wrapped } else { self }
    }

    /// Whether the type is a scalar (`String`, `Int`, `Double`, `Bool`, `Date`), ignoring `?`.
    public var isScalar: Bool {
        switch unwrapped {
        case .string, .int, .double, .bool, .date: true
        default: false
        }
    }

    /// The type as it is written in a spec, e.g. `[String: Int]?`.
    public var description: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .data: "Data"
        case .url: "URL"
        case .json: "JSON"
        case .date: "Date"
        case let .model(name): name
        case let .array(element): "[\(element)]"
        case let .dictionary(value): "[String: \(value)]"
        case let .optional(wrapped): "\(wrapped)?"
        case let .tuple(elements):
            "(" + elements.map { element in
                element.label.map { "\($0): \(element.type)" } ?? "\(element.type)"
            }.joined(separator: ", ") + ")"
        }
    }
}
