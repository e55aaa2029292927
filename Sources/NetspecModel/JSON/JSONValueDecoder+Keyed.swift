// MARK: - Keyed container

extension JSONValueDecoder {
    /// Reads the members of an object by key.
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let object: JSONObject
        let path: CodingPathNode?
        var codingPath: [any CodingKey] { path.keys }

        /// The keys of the members, in member order, that `Key` can represent.
        var allKeys: [Key] {
            object.compactMap { Key(stringValue: $0.key) }
        }

        func contains(_ key: Key) -> Bool {
            object.index(forKey: key.stringValue) != nil
        }

        /// The member's value, or `keyNotFound`.
        private func value(for key: Key) throws -> JSONValue {
            guard let value = object[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key,
                    .init(codingPath: codingPath, debugDescription: "No value associated with key '\(key.stringValue)'")
                )
            }
            return value
        }

        /// The coding path of the member `key`, for errors.
        private func keys(_ key: Key) -> [any CodingKey] {
            path.keys + [key]
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            try value(for: key).isNull
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            try unboxBool(value(for: key), keys(key))
        }

        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            try unboxString(value(for: key), keys(key))
        }

        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            try unboxDouble(value(for: key), keys(key))
        }

        func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
            try unboxFloat(value(for: key), keys(key))
        }

        func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
            try unboxInteger(value(for: key), as: type, keys(key))
        }

        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
            try unboxInteger(value(for: key), as: type, keys(key))
        }

        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
            try unboxInteger(value(for: key), as: type, keys(key))
        }

        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
            try unboxInteger(value(for: key), as: type, keys(key))
        }

        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
            try unboxInteger(value(for: key), as: type, keys(key))
        }

        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
            try unboxInteger(value(for: key), as: type, keys(key))
        }

        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
            try unboxInteger(value(for: key), as: type, keys(key))
        }

        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
            try unboxInteger(value(for: key), as: type, keys(key))
        }

        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
            try unboxInteger(value(for: key), as: type, keys(key))
        }

        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
            try unboxInteger(value(for: key), as: type, keys(key))
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try JSONValueDecoder.decode(type, from: value(for: key), path: path.appending(key))
        }

        /// `nil` when the key is missing or `null`, with one lookup instead of the default's three.
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let value = object[key.stringValue], !value.isNull else { return nil }
            return try JSONValueDecoder.decode(type, from: value, path: path.appending(key))
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONValueDecoder(value: value(for: key), path: path.appending(key)).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try JSONValueDecoder(value: value(for: key), path: path.appending(key)).unkeyedContainer()
        }

        /// A decoder for the member `super`, or for `null` if there is none.
        func superDecoder() throws -> any Decoder {
            JSONValueDecoder(value: object["super"] ?? .null, path: path.appending(JSONCodingKey.super))
        }

        /// A decoder for the member `key`, or for `null` if there is none.
        func superDecoder(forKey key: Key) throws -> any Decoder {
            JSONValueDecoder(value: object[key.stringValue] ?? .null, path: path.appending(key))
        }
    }
}
