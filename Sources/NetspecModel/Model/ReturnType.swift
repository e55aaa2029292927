/// What an endpoint's call returns, from the spec's `returns:` key.
package enum ReturnType: Sendable, Hashable, CustomStringConvertible {
    /// `Void`: the body is ignored and the result is empty.
    case void
    /// `Headers`: the response headers as an object of names to values (the default for `HEAD`).
    case headers
    /// A value of this type; `JSON` is the default.
    case value(ValueType)

    /// The return type as it is written in a spec.
    package var description: String {
        switch self {
        case .void: "Void"
        case .headers: "Headers"
        case let .value(type): type.description
        }
    }
}

