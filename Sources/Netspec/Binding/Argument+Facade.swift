extension Argument {
    /// The argument dictionary of a typed facade's method (`netspec facade`, docs/swift.md's
    /// "Typed facades"; here and not on ``Service``, where it would take a name from the
    /// endpoints `api.name` reaches): each labelled value converted as a by-name call converts it, and each
    /// `nil` left out — a facade's optional parameter defaults to `nil`, which means "not given"
    /// (its default, if any, applies), never an explicit null.
    ///
    /// ```swift
    /// let limit: Int? = nil
    /// let arguments = try Argument.arguments(for: "getTodos", ["username": "johne", "limit": limit])   // ["username": "johne"]
    /// ```
    /// - Parameters:
    ///   - endpoint: the endpoint's name, for the message of a value that cannot be converted.
    ///   - values: the arguments by parameter name, in the facade's order; `"_"` is the unlabelled parameter.
    /// - Throws: ``CallError/argument(_:)`` naming the parameter whose value cannot become an
    ///   argument (an `Encodable` that does not encode).
    public static func arguments(
        for endpoint: String, _ values: KeyValuePairs<String, (any ArgumentConvertible)?>
    ) throws(CallError) -> [String: Argument] {
        var arguments: [String: Argument] = [:]
        arguments.reserveCapacity(values.count)
        for case let (name, value?) in values {
            do {
                arguments[name] = try value.makeArgument()
            } catch {
                throw .argument(CallError.ArgumentError(endpoint: endpoint, parameter: name, reason: .wrongType, message: "cannot convert the argument: \(error)"))
            }
        }
        return arguments
    }
}
