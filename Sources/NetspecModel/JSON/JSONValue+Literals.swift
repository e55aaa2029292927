// MARK: - Literal conformances
//
// These let tests and request bodies read like JSON:
// `let value: JSONValue = ["id": 1, "tags": ["a", "b"], "note": nil, "score": 0.5]`.

extension JSONValue: ExpressibleByNilLiteral {
    /// Creates ``null`` from the literal `nil`.
    ///
    /// - Parameter nilLiteral: The `nil` literal.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates ``bool(_:)`` from `true` or `false`.
    ///
    /// - Parameter value: The literal.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates ``int(_:)`` from an integer literal.
    ///
    /// - Parameter value: The literal.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates ``double(_:)`` from a floating-point literal, even an integral one such as `2.0`.
    ///
    /// - Parameter value: The literal.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// Creates ``string(_:)`` from a string literal.
    ///
    /// - Parameter value: The literal.
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    /// Creates ``string(_:)`` from an interpolated string literal such as `"user \(id)"`.
    ///
    /// - Parameter stringInterpolation: The interpolation the compiler built.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self = .string(String(stringInterpolation: stringInterpolation))
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates ``array(_:)`` from an array literal.
    ///
    /// - Parameter elements: The literal's elements.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates ``object(_:)`` from a dictionary literal, keeping the members in written order.
    ///
    /// A key written twice keeps its first position and takes the last value, as in
    /// ``JSONObject/init(_:)``.
    ///
    /// - Parameter elements: The literal's key-value pairs.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}
