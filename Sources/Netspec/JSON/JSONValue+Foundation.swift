public import Foundation

// MARK: - Foundation coders

extension JSONValue {
    /// Decodes a `Decodable` type with a configured Foundation `JSONDecoder`.
    ///
    /// The value is serialized to compact JSON and decoded by `decoder`, so every strategy registered
    /// on it applies: `keyDecodingStrategy = .convertFromSnakeCase`, ISO 8601 dates, custom data
    /// strategies, `userInfo`. When no strategy is needed, ``decode(_:)`` is faster.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The configured decoder.
    /// - Returns: The decoded value.
    /// - Throws: Whatever `decoder` throws, normally a `DecodingError`.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder) throws -> T {
        try decoder.decode(type, from: Data(serialized()))
    }

    /// Creates a value by encoding with a configured Foundation `JSONEncoder`.
    ///
    /// The encoder's strategies apply (snake_case keys, date formats and so on); its output is then
    /// parsed with this module's parser. Member order is whatever the encoder writes. When no
    /// strategy is needed, ``init(encoding:)`` is faster and keeps declaration order.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - encoder: The configured encoder.
    /// - Throws: Whatever `encoder` throws, or ``JSONParseError`` if its output does not parse.
    public init(encoding value: some Encodable, using encoder: JSONEncoder) throws {
        let data = try encoder.encode(value)
        try self.init(parsing: data)
    }

    /// Parses a JSON document from `Data`.
    ///
    /// Same rules as ``init(parsing:)-(Collection<UInt8>)``.
    ///
    /// - Parameter data: UTF-8 encoded JSON text.
    /// - Throws: ``JSONParseError`` with the position of the first problem.
    public init(parsing data: Data) throws(JSONParseError) {
        let result = data.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try JSONValue(parsing: buffer) }
        }
        self = try result.get()
    }
}

// MARK: - Foundation types with a JSON form of their own

extension URL: JSONValueConvertibleForCoding {
    init(jsonValue value: JSONValue, codingPath: [any CodingKey]) throws {
        let text = try JSONValueDecoder.unboxString(value, codingPath)
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Invalid URL string"))
        }
        self = url
    }

    func jsonValue(codingPath: [any CodingKey]) throws -> JSONValue {
        .string(absoluteString)
    }
}

extension Data: JSONValueConvertibleForCoding {
    init(jsonValue value: JSONValue, codingPath: [any CodingKey]) throws {
        let text = try JSONValueDecoder.unboxString(value, codingPath)
        guard let data = Data(base64Encoded: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64"))
        }
        self = data
    }

    func jsonValue(codingPath: [any CodingKey]) throws -> JSONValue {
        .string(base64EncodedString())
    }
}

extension Decimal: JSONValueConvertibleForCoding {
    init(jsonValue value: JSONValue, codingPath: [any CodingKey]) throws {
        switch value {
        case .int(let number):
            self = Decimal(number)
        case .double(let number):
            // Through the shortest text, so 0.1 becomes exactly 0.1 rather than its binary neighbour.
            self = Decimal(string: number.description, locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(number)
        default:
            throw JSONValueDecoder.mismatch(Decimal.self, found: value, codingPath)
        }
    }

    func jsonValue(codingPath: [any CodingKey]) throws -> JSONValue {
        guard isFinite else {
            throw EncodingError.invalidValue(
                self, .init(codingPath: codingPath, debugDescription: "Unable to encode Decimal.nan directly in JSON"))
        }
        let text = NSDecimalNumber(decimal: self).description(withLocale: Locale(identifier: "en_US_POSIX"))
        return (try? JSONValue(parsing: text)) ?? .double(NSDecimalNumber(decimal: self).doubleValue)
    }
}
