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

extension YAMLNode {
    /// The first plain scalar in the node (itself, an item, a mapping's value) that ``jsonValue``
    /// reads as an integer wider than 64 bits and changes, being held as a `Double`, with the
    /// digits it would be sent as (``YAMLScalarValue/integerLoss(plain:)``); `nil` when none.
    package var firstIntegerLoss: (node: YAMLNode, sent: String)? {
        switch kind {
        case let .scalar(scalar):
            guard scalar.style == .plain, scalar.tag == nil, let sent = YAMLScalarValue.integerLoss(plain: scalar.value) else { return nil }
            return (self, sent)
        case let .sequence(items):
            for item in items { if let loss = item.firstIntegerLoss { return loss } }
            return nil
        case let .mapping(pairs):
            for pair in pairs { if let loss = pair.value.firstIntegerLoss { return loss } }
            return nil
        }
    }
}
