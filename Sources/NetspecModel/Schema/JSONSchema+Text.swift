// Values read from text — query items, form fields, headers, cookies, path segments, the command
// line's `name=text` — carry no types: `41317483`, `now` and `true` are all text. A schema says
// what each piece of text stands for. This is the one rule that turns them into typed values,
// shared by the client (command-line items) and the mock server (a request read back), so that
// what one sends the other reads as the same value.

extension JSONSchema {
    /// `value` as read from text (strings at its leaves; objects and arrays as bracket names built
    /// them), with each string typed as the schema at its place takes it:
    ///
    /// 1. a string the schema at its place takes stays a string (`now` for Stripe's
    ///    `anyOf: [{enum: [now]}, {type: integer}]`; `007` for a `string`);
    /// 2. else the number, Boolean or null it spells, when the schema there takes that
    ///    (`41317483` is that integer for the same `anyOf`);
    /// 3. else that scalar when its type is one the schema there admits and a string is not (`5`
    ///    is the integer 5 for `{type: integer, minimum: 10}`, whose problem is then its minimum);
    ///    otherwise the text.
    ///
    /// An object whose names are `0`, `1`, … (every index once) is an array where the schema at its
    /// place admits an array and not an object (`items[0][price]=p`). The schema at a place is
    /// every subschema that applies there: `properties`, `patternProperties`,
    /// `additionalProperties`, `prefixItems` and `items`, through `$ref`, `allOf`, `anyOf`,
    /// `oneOf`, `then` and `else`. A value the schema takes as it is is returned as it is.
    package func typingText(_ value: JSONValue) -> JSONValue {
        guard value.holdsText, !isValid(value, direction: .request) else { return value }
        return TextTyping(graph: graph).typed(value, at: [root], depth: 0)
    }
}

/// The walk of ``JSONSchema/typingText(_:)``: a value and the schema nodes that apply at its place.
private struct TextTyping {
    let graph: SchemaGraph

    /// How deep values and schema references are followed.
    static let depthLimit = 32

    func typed(_ value: JSONValue, at places: [Int32], depth: Int) -> JSONValue {
        guard depth < Self.depthLimit, !places.isEmpty else { return value }
        switch value {
        case let .string(text):
            guard let scalar = JSONValue.scalar(spelledBy: text) else { return value }
            if places.contains(where: { accepts($0, value) }) { return value }
            if places.contains(where: { accepts($0, scalar) }) { return scalar }
            let types = places.reduce(into: SchemaTypes()) { $0.formUnion(admittedTypes($1, depth: 0)) }
            return types.admits(scalar) && !types.admits(value) ? scalar : value
        case let .object(object):
            let applying = self.applying(places)
            if let items = object.indexedItems {
                let types = places.reduce(into: SchemaTypes()) { $0.formUnion(admittedTypes($1, depth: 0)) }
                if types.contains(.array), !types.contains(.object) { return typed(.array(items), at: places, depth: depth) }
            }
            var typed = JSONObject()
            for (key, member) in object {
                typed[key] = self.typed(member, at: memberPlaces(key, in: applying), depth: depth + 1)
            }
            return .object(typed)
        case let .array(items):
            let applying = self.applying(places)
            return .array(items.enumerated().map { index, item in typed(item, at: itemPlaces(index, in: applying), depth: depth + 1) })
        default:
            return value
        }
    }

    private func accepts(_ node: Int32, _ value: JSONValue) -> Bool {
        JSONSchema(graph: graph, root: node).isValid(value, direction: .request)
    }

    /// The nodes and every node that may apply with them: what `$ref`, `allOf`, `anyOf`, `oneOf`,
    /// `then` and `else` lead to, each once.
    private func applying(_ places: [Int32]) -> [Int32] {
        var seen = Set<Int32>()
        var order: [Int32] = []
        var pending = places
        while let node = pending.popLast() {
            guard seen.insert(node).inserted, seen.count <= 4_096 else { continue }
            order.append(node)
            for keyword in graph.nodes[Int(node)].keywords {
                switch keyword {
                case let .ref(target), let .dynamicRef(target, _): pending.append(target)
                case let .allOf(branches), let .anyOf(branches, _), let .oneOf(branches, _): pending += branches
                case let .conditional(_, then, otherwise): pending += [then, otherwise].compactMap { $0 }
                default: break
                }
            }
        }
        return order
    }

    /// The schemas of member `key` under the applying nodes.
    private func memberPlaces(_ key: String, in applying: [Int32]) -> [Int32] {
        var places: [Int32] = []
        for node in applying {
            var matched = false
            for keyword in graph.nodes[Int(node)].keywords {
                switch keyword {
                case let .properties(shape):
                    if let named = shape.node(for: key) {
                        places.append(named)
                        matched = true
                    }
                    for pattern in shape.patterns where pattern.pattern.matches(key) {
                        places.append(pattern.node)
                        matched = true
                    }
                    if !matched, let additional = shape.additional {
                        places.append(additional)
                        matched = true
                    }
                case let .unevaluatedProperties(rest) where !matched:
                    places.append(rest)
                default:
                    break
                }
            }
        }
        return places
    }

    /// The schemas of item `index` under the applying nodes.
    private func itemPlaces(_ index: Int, in applying: [Int32]) -> [Int32] {
        var places: [Int32] = []
        for node in applying {
            var matched = false
            for keyword in graph.nodes[Int(node)].keywords {
                switch keyword {
                case let .items(prefix, rest):
                    if index < prefix.count {
                        places.append(prefix[index])
                        matched = true
                    } else if let rest {
                        places.append(rest)
                        matched = true
                    }
                case let .unevaluatedItems(rest) where !matched:
                    places.append(rest)
                default:
                    break
                }
            }
        }
        return places
    }

    /// The JSON types a node admits at most, by its `type`, `enum` and `const`, through `$ref`,
    /// `allOf` (all of them), `anyOf` and `oneOf` (any of them).
    private func admittedTypes(_ index: Int32, depth: Int) -> SchemaTypes {
        let node = graph.nodes[Int(index)]
        if node.isFalse { return [] }
        guard depth < Self.depthLimit else { return .every }
        var types = SchemaTypes.every
        for keyword in node.keywords {
            switch keyword {
            case let .type(allowed):
                types.formIntersection(allowed)
            case let .enumeration(values):
                types.formIntersection(values.reduce(into: SchemaTypes()) { $0.formUnion(.of($1)) })
            case let .constant(value):
                types.formIntersection(.of(value))
            case let .ref(target), let .dynamicRef(target, _):
                types.formIntersection(admittedTypes(target, depth: depth + 1))
            case let .allOf(branches):
                for branch in branches { types.formIntersection(admittedTypes(branch, depth: depth + 1)) }
            case let .anyOf(branches, _), let .oneOf(branches, _):
                types.formIntersection(branches.reduce(into: SchemaTypes()) { $0.formUnion(admittedTypes($1, depth: depth + 1)) })
            default:
                break
            }
        }
        if node.isNullable { types.insert(.null) }
        return types
    }
}

extension SchemaTypes {
    /// Every JSON type.
    static let every: SchemaTypes = [.null, .boolean, .integer, .number, .string, .array, .object]

    /// The type of a value (an integral number is an `integer` and a `number`).
    static func of(_ value: JSONValue) -> SchemaTypes {
        switch value {
        case .null: .null
        case .bool: .boolean
        case .int: [.integer, .number]
        case let .double(number): number.rounded() == number && number.isFinite ? [.integer, .number] : .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }
}

extension JSONValue {
    /// Whether the value holds a string anywhere (text that may stand for another type).
    var holdsText: Bool {
        switch self {
        case .string: true
        case let .array(items): items.contains { $0.holdsText }
        case let .object(object): object.contains { $0.value.holdsText }
        default: false
        }
    }
}

extension JSONObject {
    /// The members in order when the names are the indices `0` to `count - 1` (`items[0]`,
    /// `items[1]`, as bracket names write an array's elements), each a decimal number without
    /// leading zeros; `nil` otherwise.
    package var indexedItems: [JSONValue]? {
        guard !isEmpty else { return nil }
        var items = [JSONValue?](repeating: nil, count: count)
        for (key, value) in self {
            guard let index = Int(key), index >= 0, index < items.count, String(index) == key, items[index] == nil else { return nil }
            items[index] = value
        }
        return items.compactMap { $0 }
    }
}
