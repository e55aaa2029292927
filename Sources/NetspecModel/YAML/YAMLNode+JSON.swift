/// Conversions from YAML nodes in a spec to JSON values (for defaults and mock bodies).
extension YAMLNode {
    /// The node as JSON by the YAML 1.2 core schema: plain scalars become null, booleans and
    /// numbers; quoted and block scalars stay strings; mappings keep their key order.
    package var jsonValue: JSONValue {
        switch kind {
        case let .scalar(scalar):
            switch scalar.resolved {
            case .null: return .null
            case let .bool(value): return .bool(value)
            case let .int(value): return .int(value)
            case let .double(value): return .double(value)
            case let .string(value): return .string(value)
            }
        case let .sequence(items):
            return .array(items.map(\.jsonValue))
        case let .mapping(pairs):
            var object = JSONObject()
            for pair in pairs {
                object[pair.key.scalar?.value ?? ""] = pair.value.jsonValue
            }
            return .object(object)
        }
    }
}
