#if canImport(Glibc)
    // `Int(exactly: Double)` calls libm's rounding functions; the Glibc module links libm.
    internal import Glibc
#endif

/// A JSON value decoded without a schema. Object member order is kept as received.
///
/// `JSONValue` is what every call returns when its result type is `JSON`, and what request bodies
/// are built from. It is a plain value: `Sendable`, `Hashable`, and cheap to copy (arrays and objects
/// share storage until mutated).
///
/// Numbers keep the distinction JSON text makes: a number written without a fraction or an
/// exponent that fits in `Int` is ``int(_:)``; every other number is ``double(_:)``. Equality is
/// structural, so `.int(1)` and `.double(1.0)` are different values; use ``double`` or ``int`` to
/// compare numerically. Objects compare equal when they have the same members in any order.
///
/// Build values with literals:
///
/// ```swift
/// let body: JSONValue = ["name": "Ada", "tags": ["admin"], "age": 36, "manager": nil]
/// ```
///
/// - Important: Because `JSONValue` is `ExpressibleByNilLiteral`, a bare `nil` where a `JSONValue`
///   (not a `JSONValue?`) is expected means ``null``. Comparisons such as `json["id"] == nil`
///   still test for a missing value, but `cond ? value : nil` typed as `JSONValue` yields `.null`.
///
/// - SeeAlso: [RFC 8259](https://www.rfc-editor.org/rfc/rfc8259), The JavaScript Object Notation
///   (JSON) Data Interchange Format.
public enum JSONValue: Sendable, Hashable {
    /// The JSON literal `null`.
    case null
    /// The JSON literal `true` or `false`.
    case bool(Bool)
    /// A number written with integer syntax (no fraction, no exponent) that fits in `Int`.
    case int(Int)
    /// Any other number: one with a fraction or an exponent, or an integer outside `Int`'s range.
    case double(Double)
    /// A string.
    case string(String)
    /// An array of values.
    case array([JSONValue])
    /// An object whose members keep their order.
    case object(JSONObject)
}

// MARK: - Accessors

extension JSONValue {
    /// The string if this is ``string(_:)``, otherwise `nil`.
    public var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The value as an `Int`, if it is one exactly.
    ///
    /// Returns the payload of ``int(_:)``, or the payload of ``double(_:)`` when that double is
    /// integral and exactly representable as `Int` (`2.0` gives `2`; `2.5` and `1e30` give `nil`).
    public var int: Int? {
        switch self {
        case .int(let value): value
        case .double(let value): Int(exactly: value)
        default: nil
        }
    }

    /// The value as a `Double`: the payload of ``double(_:)``, or ``int(_:)`` converted.
    ///
    /// Integers beyond 2^53 are rounded to the nearest `Double`.
    public var double: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The Boolean if this is ``bool(_:)``, otherwise `nil`.
    public var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The elements if this is ``array(_:)``, otherwise `nil`.
    public var array: [JSONValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The object if this is ``object(_:)``, otherwise `nil`.
    public var object: JSONObject? {
        if case .object(let value) = self { value } else { nil }
    }

    /// Whether this is ``null``.
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// The name of this value's kind, for error messages.
    ///
    /// One of `"null"`, `"Bool"`, `"Int"`, `"Double"`, `"String"`, `"array"` and `"object"`.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .array: "array"
        case .object: "object"
        }
    }
}

// MARK: - Subscripts

extension JSONValue {
    /// The value of the member named `key` if this is an object that has one, otherwise `nil`.
    ///
    /// - Parameter key: The member name; compared with `String` equality.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { object[key] } else { nil }
    }

    /// The element at `index` of an array, or the value of the member at position `index` of an object.
    ///
    /// On an array this is ordinary indexing. On an object it reads the member *value* at that
    /// position in member order, which is how tuple-shaped results such as
    /// `(list: [User], count: Int)` are read positionally: `result[0]` is the `list` member and
    /// `result[1]` the `count` member. Any other value, and any index out of bounds (including
    /// negative indexes), gives `nil`.
    ///
    /// - Parameter index: A zero-based position.
    public subscript(index: Int) -> JSONValue? {
        // Spelled out: in a ternary, a bare `nil` could become `JSONValue.null` (ExpressibleByNilLiteral).
        switch self {
        case .array(let elements) where elements.indices.contains(index):
            return elements[index]
        case .object(let object) where object.indices.contains(index):
            return object[index].value
        default:
            return Optional.none
        }
    }
}
