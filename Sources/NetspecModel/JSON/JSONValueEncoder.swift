/// An `Encoder` that builds a ``JSONValue`` tree from `Encodable` values, with no text in between.
///
/// Containers write into reference-typed nodes, so nested and super encoders can fill their part
/// of the tree after the parent container has moved on; ``finish()`` turns the nodes into values.
/// Keyed containers keep the order in which keys were first encoded; encoding a key again replaces
/// its value in place.
///
/// Behaviour matches Foundation's `JSONEncoder` with default strategies: a nested value that
/// encodes nothing becomes `{}`, a top-level one is an error; NaN and infinities are an error;
/// `URL` is a string, `Data` a Base64 string and `Decimal` a number. `Float`s keep their short
/// decimal form (`Float(0.1)` encodes as `0.1`, not `0.10000000149011612`). Unsigned integers
/// above `Int.max` become `.double`, rounded to the nearest representable value.
internal struct JSONValueEncoder: Encoder {
    let node: Node
    let path: CodingPathNode?
    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: Node, path: CodingPathNode?) {
        self.node = node
        self.path = path
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedContainer(node: node, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, path: path)
    }

    // MARK: - Tree

    /// One value under construction.
    final class Node {
        enum Kind { case unset, single, array, object }

        /// A finished value, or a node that may still be filled in.
        enum Child {
            case value(JSONValue)
            case node(Node)

            func finish() -> JSONValue {
                switch self {
                case .value(let value): value
                case .node(let node): node.finish()
                }
            }
        }

        private(set) var kind = Kind.unset
        private var single = JSONValue.null
        private(set) var children: [Child] = []
        private var keys: [String] = []
        private var positions: [String: Int] = [:]

        func becomeObject() {
            guard kind != .object else { return }
            reset(to: .object)
        }

        func becomeArray() {
            guard kind != .array else { return }
            reset(to: .array)
        }

        func set(_ value: JSONValue) {
            reset(to: .single)
            single = value
        }

        func append(_ child: Child) {
            children.append(child)
        }

        func set(_ child: Child, forKey key: String) {
            if let position = positions[key] {
                children[position] = child
            } else {
                positions[key] = children.count
                keys.append(key)
                children.append(child)
            }
        }

        private func reset(to newKind: Kind) {
            kind = newKind
            single = .null
            children = []
            keys = []
            positions = [:]
        }

        /// The finished value; a node nothing was encoded into is an empty object.
        func finish() -> JSONValue {
            switch kind {
            case .unset:
                return .object(JSONObject())
            case .single:
                return single
            case .array:
                return .array(children.map { $0.finish() })
            case .object:
                var members: [JSONObject.Member] = []
                members.reserveCapacity(keys.count)
                for position in keys.indices {
                    members.append(JSONObject.Member(key: keys[position], value: children[position].finish()))
                }
                return .object(JSONObject(members: members, keysAreUnique: true))
            }
        }
    }

    // MARK: - Boxing

    /// Encodes `value` into a child: directly for scalars, ``JSONValue`` and the Foundation types
    /// with a JSON form of their own, through `encode(to:)` (into a new node) for everything else.
    static func box<T: Encodable>(_ value: T, path: @autoclosure () -> CodingPathNode?) throws -> Node.Child {
        if T.self == String.self { return .value(.string(unsafeBitCast(value, to: String.self))) }
        if T.self == Int.self { return .value(.int(unsafeBitCast(value, to: Int.self))) }
        if T.self == Double.self {
            return .value(try box(unsafeBitCast(value, to: Double.self), codingPath: path().keys))
        }
        if T.self == Bool.self { return .value(.bool(unsafeBitCast(value, to: Bool.self))) }
        if T.self == JSONValue.self { return .value(unsafeBitCast(value, to: JSONValue.self)) }
        if JSONValueDecoder.isFoundationValueType(T.self), let special = try encodeFoundationValue(value, path().keys) {
            return .value(special)
        }
        let node = Node()
        try value.encode(to: JSONValueEncoder(node: node, path: path()))
        return .node(node)
    }

    static func box(_ value: Double, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: codingPath, debugDescription: "Unable to encode Double.\(value) directly in JSON"))
        }
        return .double(value)
    }

    static func box(_ value: Float, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: codingPath, debugDescription: "Unable to encode Float.\(value) directly in JSON"))
        }
        // The shortest decimal text of the Float, read back as a Double: 0.1, not 0.10000000149011612.
        return .double(Double(value.description) ?? Double(value))
    }

    static func box<T: FixedWidthInteger>(_ value: T) -> JSONValue {
        if let exact = Int(exactly: value) { .int(exact) } else { .double(Double(value)) }
    }
}

// MARK: - Single value container

extension JSONValueEncoder {
    struct SingleValueContainer: SingleValueEncodingContainer {
        let node: Node
        let path: CodingPathNode?
        var codingPath: [any CodingKey] { path.keys }

        func encodeNil() { node.set(.null) }
        func encode(_ value: Bool) { node.set(.bool(value)) }
        func encode(_ value: String) { node.set(.string(value)) }
        func encode(_ value: Double) throws { node.set(try box(value, codingPath: codingPath)) }
        func encode(_ value: Float) throws { node.set(try box(value, codingPath: codingPath)) }
        func encode(_ value: Int) { node.set(.int(value)) }
        func encode(_ value: Int8) { node.set(box(value)) }
        func encode(_ value: Int16) { node.set(box(value)) }
        func encode(_ value: Int32) { node.set(box(value)) }
        func encode(_ value: Int64) { node.set(box(value)) }
        func encode(_ value: UInt) { node.set(box(value)) }
        func encode(_ value: UInt8) { node.set(box(value)) }
        func encode(_ value: UInt16) { node.set(box(value)) }
        func encode(_ value: UInt32) { node.set(box(value)) }
        func encode(_ value: UInt64) { node.set(box(value)) }
        func encode<T: Encodable>(_ value: T) throws {
            node.set(try box(value, path: path).finish())
        }
    }
}
