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
            // A mapping's keys are unique (the parser refuses a repeated one; an overlay merges
            // into the existing key): the members are made in one go, with no lookup per key.
            var members: [JSONObject.Member] = []
            members.reserveCapacity(pairs.count)
            for pair in pairs {
                members.append(JSONObject.Member(key: pair.key.string ?? "", value: pair.value.jsonValue))
            }
            return .object(JSONObject(members: members, keysAreUnique: true))
        }
    }
}
