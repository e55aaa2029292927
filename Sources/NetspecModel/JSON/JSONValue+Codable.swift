// MARK: - Converting to and from Codable types

extension JSONValue {
    /// Decodes a `Decodable` type from this value, with no JSON text in between.
    ///
    /// The decoder follows Foundation's `JSONDecoder` with default strategies: integer types
    /// require an exact, in-range number (`2.0` decodes as `Int`, `2.5` and `300` as `UInt8` do
    /// not), `Float`/`Double` accept integers too, `URL` reads a string, `Data` Base64, `Decimal`
    /// a number, and `Date` ISO 8601 text or its own `Codable` form (seconds since 2001). Keyed containers report
    /// `allKeys` in member order. For custom strategies such as snake_case keys, use
    /// ``decode(_:using:)``.
    ///
    /// ```swift
    /// let users = try response.resolve("data.list").decode([User].self)
    /// ```
    ///
    /// - Parameter type: The type to decode; inferred from context when omitted.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` with the coding path of the offending value and a description such
    ///   as `Expected String but found null`.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONValueDecoder.decode(type, from: self, path: nil)
    }

    /// Creates a value by encoding an `Encodable` value, with no JSON text in between.
    ///
    /// Keyed containers keep the order in which keys are encoded (for synthesized conformances,
    /// declaration order). A top-level scalar such as `42` or `"text"` encodes to that scalar.
    /// The encoder follows Foundation's `JSONEncoder` with default strategies; see
    /// ``init(encoding:using:)`` for custom ones.
    ///
    /// - Parameter value: The value to encode.
    /// - Throws: `EncodingError` for NaN or infinite numbers, or when the top-level value encodes
    ///   nothing.
    public init(encoding value: some Encodable) throws {
        let child = try JSONValueEncoder.box(value, path: nil)
        if case .node(let node) = child, node.kind == .unset {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Top-level \(type(of: value)) did not encode any values")
            )
        }
        self = child.finish()
    }
}

// MARK: - Codable

extension JSONValue: Codable {
    /// Decodes any JSON value, so that `JSONValue` can be a property of a `Decodable` type.
    ///
    /// With the native decoder this is a copy of the underlying value. With other decoders, the
    /// value is tried as null, Bool, Int, Double, String, object and array in that order; object
    /// member order then follows the decoder's `allKeys`.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` if the value is none of those.
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? JSONValueDecoder {
            self = decoder.value
            return
        }
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() {
                self = .null
                return
            }
            if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
                return
            }
            if let number = try? container.decode(Int.self) {
                self = .int(number)
                return
            }
            if let number = try? container.decode(Double.self) {
                self = .double(number)
                return
            }
            if let text = try? container.decode(String.self) {
                self = .string(text)
                return
            }
        }
        if let object = try? JSONObject(from: decoder) {
            self = .object(object)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd {
                elements.append(try container.decode(JSONValue.self))
            }
            self = .array(elements)
            return
        }
        throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: "Expected a JSON value"))
    }

    /// Encodes the value with the matching container calls, so any `Encoder` can write it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws, such as for a non-finite double.
    public func encode(to encoder: any Encoder) throws {
        if let encoder = encoder as? JSONValueEncoder {
            encoder.node.set(self)
            return
        }
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .int(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .double(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .object(let object):
            try object.encode(to: encoder)
        }
    }
}

extension JSONObject: Codable {
    /// Decodes an object, keeping the member order of the decoder's `allKeys`.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.typeMismatch` if the value is not an object.
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? JSONValueDecoder, case .object(let object) = decoder.value {
            self = object
            return
        }
        let container = try decoder.container(keyedBy: JSONCodingKey.self)
        var members: [Member] = []
        for key in container.allKeys {
            members.append(Member(key: key.stringValue, value: try container.decode(JSONValue.self, forKey: key)))
        }
        self.init(members: members, keysAreUnique: false)
    }

    /// Encodes the members in order with a keyed container.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONCodingKey.self)
        for member in members {
            try container.encode(member.value, forKey: JSONCodingKey(member.key))
        }
    }
}
