import NetspecModel

/// What one call's arguments say about how a parameter is written, beyond its value: a path or
/// query value given as ``Argument/reserved(_:)`` keeps RFC 3986's reserved characters (`{+name}`
/// for one call), and an empty path value the call gives is meant (Jupyter's root,
/// `/api/contents/`), where one left to a `${NAME}` default is not.
struct ArgumentMarks {
    /// The parameters given as ``Argument/reserved(_:)``, by index.
    private(set) var reserved: Set<Int> = []
    /// The path parameters the call gives an empty value, by index.
    private(set) var emptyPaths: Set<Int> = []

    /// Notes what an argument of the parameter at `index` says (nothing, for most).
    mutating func note(_ argument: Argument, index: Int, parameter: Parameter) {
        switch argument {
        case let .reserved(text):
            reserved.insert(index)
            if text.isEmpty, parameter.location == .path { emptyPaths.insert(index) }
        case let .value(value) where parameter.location == .path:
            if value.text.isEmpty, !value.isNull { emptyPaths.insert(index) }
        default:
            break
        }
    }
}

extension RequestBuilder {
    /// A ``Argument/reserved(_:)`` argument's value: text for a path or a query parameter, read as
    /// the parameter's type where it is not a string (`"42"` for an integer).
    func reservedValue(_ text: String, of parameter: Parameter) throws(CallError.ArgumentError) -> BoundValue {
        _ = try reservedCodec(for: parameter, codec: parameter.codec)
        let type = parameter.type.unwrapped
        let value: JSONValue = type == .string || type == .json ? .string(text) : type.value(fromText: text) ?? .string(text)
        return try bind(.value(value), to: parameter.type, parameter: parameter, encoder: nil)
    }

    /// The form a parameter given as ``Argument/reserved(_:)`` is written in: its own, with
    /// reserved characters kept; an error naming the parameter where there is no such form.
    func reservedCodec(for parameter: Parameter, codec: ParameterCodec) throws(CallError.ArgumentError) -> ParameterCodec {
        switch codec {
        case .path(.segment), .path(.encodedSegment), .path(.reserved):
            return .path(.reserved)
        case var .query(items):
            items.escaping = .reservedKept
            return .query(items)
        case .path(.styled(let style, _, _, _)):
            throw error(parameter, .invalidValue, "its value is written in the '\(style)' style, so it cannot be sent with reserved characters as they are")
        default:
            let place = parameter.location == .query ? "this query parameter's form" : "a \(parameter.location) parameter"
            throw error(parameter, .invalidValue, "only a path or query value can be sent with reserved characters as they are (--allow-reserved, .reserved), not \(place)")
        }
    }
}
