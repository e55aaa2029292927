// MARK: - Unkeyed container

extension JSONValueDecoder {
    /// Reads the elements of an array in order.
    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let path: CodingPathNode?
        private(set) var currentIndex = 0
        var codingPath: [any CodingKey] { path.keys }

        init(elements: [JSONValue], path: CodingPathNode?) {
            self.elements = elements
            self.path = path
        }

        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        /// The coding path of the current element.
        private var currentPath: CodingPathNode {
            path.appending(JSONCodingKey.index(currentIndex))
        }

        /// `valueNotFound` for reading past the last element.
        private func endError(_ type: Any.Type) -> DecodingError {
            .valueNotFound(type, .init(codingPath: currentPath.keys, debugDescription: "Unkeyed container is at end"))
        }

        /// Decodes the current element with `unbox`, moving past it only on success.
        private mutating func decodeNext<T>(
            _ type: T.Type, _ unbox: (JSONValue, @autoclosure () -> CodingPathNode) throws -> T
        ) throws -> T {
            guard !isAtEnd else { throw endError(type) }
            let result = try unbox(elements[currentIndex], currentPath)
            currentIndex += 1
            return result
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd else { throw endError(Any?.self) }
            guard elements[currentIndex].isNull else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool {
            try decodeNext(type) { value, path in try unboxBool(value, path().keys) }
        }
        mutating func decode(_ type: String.Type) throws -> String {
            try decodeNext(type) { value, path in try unboxString(value, path().keys) }
        }
        mutating func decode(_ type: Double.Type) throws -> Double {
            try decodeNext(type) { value, path in try unboxDouble(value, path().keys) }
        }
        mutating func decode(_ type: Float.Type) throws -> Float {
            try decodeNext(type) { value, path in try unboxFloat(value, path().keys) }
        }
        mutating func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }

        private mutating func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
            try decodeNext(type) { value, path in try unboxInteger(value, as: type, path().keys) }
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try decodeNext(type) { value, path in try JSONValueDecoder.decode(type, from: value, path: path()) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try decodeNext(KeyedDecodingContainer<NestedKey>.self) { value, path in
                try JSONValueDecoder(value: value, path: path()).container(keyedBy: type)
            }
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try decodeNext((any UnkeyedDecodingContainer).self) { value, path in
                try JSONValueDecoder(value: value, path: path()).unkeyedContainer()
            }
        }

        mutating func superDecoder() throws -> any Decoder {
            try decodeNext((any Decoder).self) { value, path in JSONValueDecoder(value: value, path: path()) }
        }
    }
}
