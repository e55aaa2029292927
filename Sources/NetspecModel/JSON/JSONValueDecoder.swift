/// A `Decoder` that reads `Decodable` types straight from a ``JSONValue`` tree, with no text in between.
///
/// Behaviour matches Foundation's `JSONDecoder` with default strategies where it matters:
/// integers must be exact and in range (a `.double` is accepted for an integer type only when it
/// is integral), `Float` and `Double` accept either number kind, `URL` reads a string, `Data` a
/// Base64 string and `Decimal` a number. Keyed containers list `allKeys` in member order.
///
/// Errors are `DecodingError`s whose coding paths use the container keys, and `JSONCodingKey`
/// (`"Index 2"`) for array positions. Messages read `Expected String but found null`,
/// `Number 300 does not fit in UInt8`, `No value associated with key 'name'`.
internal struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let path: CodingPathNode?
    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: JSONValue, path: CodingPathNode?) {
        self.value = value
        self.path = path
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw Self.mismatch(JSONObject.self, expected: "object", found: value, path.keys)
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(object: object, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw Self.mismatch([JSONValue].self, expected: "array", found: value, path.keys)
        }
        return UnkeyedContainer(elements: elements, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, path: path)
    }

    // MARK: - Decoding values

    /// Decodes `type` from `value`.
    ///
    /// Scalars, ``JSONValue`` itself and the Foundation types with a JSON form of their own are
    /// converted directly; only other types get a nested decoder, and only they make the path
    /// node, which `path` builds on demand.
    static func decode<T: Decodable>(
        _ type: T.Type, from value: JSONValue, path: @autoclosure () -> CodingPathNode?
    ) throws -> T {
        // Metatype comparisons only: when called from unspecialized generic code (`Array.init(from:)`
        // decodes its elements this way), returning `T?` or casting would look up metadata each time.
        if T.self == String.self { return unsafeBitCast(try unboxString(value, path().keys), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try unboxInteger(value, as: Int.self, path().keys), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try unboxDouble(value, path().keys), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try unboxBool(value, path().keys), to: T.self) }
        if T.self == JSONValue.self { return unsafeBitCast(value, to: T.self) }
        if isFoundationValueType(T.self), let special = try decodeFoundationValue(type, from: value, path().keys) {
            return special
        }
        return try T(from: JSONValueDecoder(value: value, path: path()))
    }

    static func unboxBool(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self, found: value, codingPath()) }
        return flag
    }

    static func unboxString(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self, found: value, codingPath()) }
        return text
    }

    static func unboxDouble(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Double {
        switch value {
        case .double(let number): return number
        case .int(let number): return Double(number)
        default: throw mismatch(Double.self, found: value, codingPath())
        }
    }

    static func unboxFloat(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Float {
        let number = try unboxDouble(value, codingPath())
        guard number.magnitude <= Double(Float.greatestFiniteMagnitude) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath(), debugDescription: "Number \(shortText(value)) does not fit in Float"))
        }
        return Float(number)
    }

    /// A number as messages write it: a Double in its shortest form (`9.3e+18`, not its digits).
    private static func shortText(_ value: JSONValue) -> String {
        if case let .double(number) = value { number.description } else { value.description }
    }

    /// An integer of type `T` exactly equal to the number, or an error.
    static func unboxInteger<T: FixedWidthInteger>(
        _ value: JSONValue, as type: T.Type, _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        let result: T?
        switch value {
        case .int(let number): result = T(exactly: number)
        case .double(let number): result = T(exactly: number)
        default: throw mismatch(T.self, found: value, codingPath())
        }
        guard let result else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath(), debugDescription: "Number \(shortText(value)) does not fit in \(T.self)"))
        }
        return result
    }

    // MARK: - Errors

    /// `valueNotFound` for null, `typeMismatch` otherwise: `Expected <expected> but found <kind>`.
    static func mismatch(
        _ type: Any.Type, expected: String? = nil, found value: JSONValue, _ codingPath: [any CodingKey]
    ) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: codingPath, debugDescription: "Expected \(expected ?? "\(type)") but found \(value.kindName)")
        return value.isNull ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }
}

// MARK: - Single value container

extension JSONValueDecoder {
    struct SingleValueContainer: SingleValueDecodingContainer {
        let value: JSONValue
        let path: CodingPathNode?
        var codingPath: [any CodingKey] { path.keys }

        func decodeNil() -> Bool { value.isNull }
        func decode(_ type: Bool.Type) throws -> Bool { try unboxBool(value, codingPath) }
        func decode(_ type: String.Type) throws -> String { try unboxString(value, codingPath) }
        func decode(_ type: Double.Type) throws -> Double { try unboxDouble(value, codingPath) }
        func decode(_ type: Float.Type) throws -> Float { try unboxFloat(value, codingPath) }
        func decode(_ type: Int.Type) throws -> Int { try unboxInteger(value, as: type, codingPath) }
        func decode(_ type: Int8.Type) throws -> Int8 { try unboxInteger(value, as: type, codingPath) }
        func decode(_ type: Int16.Type) throws -> Int16 { try unboxInteger(value, as: type, codingPath) }
        func decode(_ type: Int32.Type) throws -> Int32 { try unboxInteger(value, as: type, codingPath) }
        func decode(_ type: Int64.Type) throws -> Int64 { try unboxInteger(value, as: type, codingPath) }
        func decode(_ type: UInt.Type) throws -> UInt { try unboxInteger(value, as: type, codingPath) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try unboxInteger(value, as: type, codingPath) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try unboxInteger(value, as: type, codingPath) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try unboxInteger(value, as: type, codingPath) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try unboxInteger(value, as: type, codingPath) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONValueDecoder.decode(type, from: value, path: path)
        }
    }
}
