// MARK: - Keyed container

extension JSONValueEncoder {
    /// Writes object members in the order their keys are first encoded.
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let path: CodingPathNode?
        var codingPath: [any CodingKey] { path.keys }

        /// The coding path of the member `key`.
        private func path(_ key: Key) -> CodingPathNode {
            path.appending(key)
        }

        private func set(_ value: JSONValue, _ key: Key) {
            node.set(.value(value), forKey: key.stringValue)
        }

        mutating func encodeNil(forKey key: Key) { set(.null, key) }
        mutating func encode(_ value: Bool, forKey key: Key) { set(.bool(value), key) }
        mutating func encode(_ value: String, forKey key: Key) { set(.string(value), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            set(try box(value, codingPath: path(key).keys), key)
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            set(try box(value, codingPath: path(key).keys), key)
        }
        mutating func encode(_ value: Int, forKey key: Key) { set(.int(value), key) }
        mutating func encode(_ value: Int8, forKey key: Key) { set(box(value), key) }
        mutating func encode(_ value: Int16, forKey key: Key) { set(box(value), key) }
        mutating func encode(_ value: Int32, forKey key: Key) { set(box(value), key) }
        mutating func encode(_ value: Int64, forKey key: Key) { set(box(value), key) }
        mutating func encode(_ value: UInt, forKey key: Key) { set(box(value), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) { set(box(value), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) { set(box(value), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) { set(box(value), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) { set(box(value), key) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            node.set(try box(value, path: path(key)), forKey: key.stringValue)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            JSONValueEncoder(node: child(forKey: key.stringValue), path: path(key)).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            JSONValueEncoder(node: child(forKey: key.stringValue), path: path(key)).unkeyedContainer()
        }

        /// An encoder for the member `super`.
        mutating func superEncoder() -> any Encoder {
            JSONValueEncoder(node: child(forKey: "super"), path: path.appending(JSONCodingKey.super))
        }

        /// An encoder for the member `key`.
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            JSONValueEncoder(node: child(forKey: key.stringValue), path: path(key))
        }

        private func child(forKey key: String) -> Node {
            let child = Node()
            node.set(.node(child), forKey: key)
            return child
        }
    }
}

// MARK: - Unkeyed container

extension JSONValueEncoder {
    /// Appends array elements.
    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: Node
        let path: CodingPathNode?
        var codingPath: [any CodingKey] { path.keys }

        var count: Int { node.children.count }

        /// The coding path of the next element.
        private var nextPath: CodingPathNode {
            path.appending(JSONCodingKey.index(count))
        }

        private func append(_ value: JSONValue) {
            node.append(.value(value))
        }

        mutating func encodeNil() { append(.null) }
        mutating func encode(_ value: Bool) { append(.bool(value)) }
        mutating func encode(_ value: String) { append(.string(value)) }
        mutating func encode(_ value: Double) throws { append(try box(value, codingPath: nextPath.keys)) }
        mutating func encode(_ value: Float) throws { append(try box(value, codingPath: nextPath.keys)) }
        mutating func encode(_ value: Int) { append(.int(value)) }
        mutating func encode(_ value: Int8) { append(box(value)) }
        mutating func encode(_ value: Int16) { append(box(value)) }
        mutating func encode(_ value: Int32) { append(box(value)) }
        mutating func encode(_ value: Int64) { append(box(value)) }
        mutating func encode(_ value: UInt) { append(box(value)) }
        mutating func encode(_ value: UInt8) { append(box(value)) }
        mutating func encode(_ value: UInt16) { append(box(value)) }
        mutating func encode(_ value: UInt32) { append(box(value)) }
        mutating func encode(_ value: UInt64) { append(box(value)) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            node.append(try box(value, path: nextPath))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            let nextNode = nextPath
            return JSONValueEncoder(node: appendChild(), path: nextNode).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nextNode = nextPath
            return JSONValueEncoder(node: appendChild(), path: nextNode).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let nextNode = nextPath
            return JSONValueEncoder(node: appendChild(), path: nextNode)
        }

        private func appendChild() -> Node {
            let child = Node()
            node.append(.node(child))
            return child
        }
    }
}
