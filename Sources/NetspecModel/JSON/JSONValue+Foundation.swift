#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

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
    /// - Throws: Whatever `encoder` throws, or ``JSONValue/ParseError`` if its output does not parse.
    public init(encoding value: some Encodable, using encoder: JSONEncoder) throws {
        let data = try encoder.encode(value)
        try self.init(parsing: data)
    }

    /// Parses a JSON document from `Data`.
    ///
    /// Same rules as parsing bytes with ``init(parsing:)``.
    ///
    /// - Parameter data: UTF-8 encoded JSON text.
    /// - Throws: ``JSONValue/ParseError`` with the position of the first problem.
    public init(parsing data: Data) throws(JSONValue.ParseError) {
        let result = data.withUnsafeBytes { buffer in
            Result { () throws(JSONValue.ParseError) in try JSONValue(parsing: buffer) }
        }
        self = try result.get()
    }
}

// MARK: - Foundation types with a JSON form of their own
//
// The native coders treat these types as Foundation's `JSONEncoder` and `JSONDecoder` do with their
// default strategies, rather than through the types' own `Codable` conformances: `URL` is its
// absolute string, `Data` is Base64 text and `Decimal` is a number. The checks compare metatypes,
// which costs far less than a dynamic cast on every nested value.

extension JSONValueDecoder {
    /// Whether `type` is `URL`, `Data` or `Decimal`.
    static func isFoundationValueType<T>(_ type: T.Type) -> Bool {
        T.self == URL.self || T.self == Data.self || T.self == Decimal.self || T.self == Date.self
    }

    /// `URL`, `Data` or `Decimal` decoded from its JSON form, or `nil` for any other type.
    ///
    /// - Throws: `DecodingError` if `value` has the wrong kind or content for the type.
    static func decodeFoundationValue<T>(
        _ type: T.Type, from value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> T? {
        if T.self == URL.self {
            guard let url = URL(string: try unboxString(value, codingPath())) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath(), debugDescription: "Invalid URL string"))
            }
            return unsafeBitCast(url, to: T.self)
        }
        if T.self == Data.self {
            guard let data = Data(base64Encoded: try unboxString(value, codingPath())) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath(), debugDescription: "Encountered Data is not valid Base64"))
            }
            return unsafeBitCast(data, to: T.self)
        }
        if T.self == Date.self {
            // A number is JSONDecoder's default form (seconds since 2001); text is ISO 8601, as
            // APIs send dates and as the spec's `Date` type checks them.
            if case let .string(text) = value {
                guard let seconds = ISO8601.secondsSince1970(text) else {
                    throw DecodingError.dataCorrupted(
                        .init(codingPath: codingPath(), debugDescription: "Expected an ISO 8601 date such as 2026-11-22T10:00:00Z, found \(value)"))
                }
                return unsafeBitCast(Date(timeIntervalSince1970: seconds), to: T.self)
            }
            guard let seconds = value.double else { throw mismatch(Date.self, found: value, codingPath()) }
            return unsafeBitCast(Date(timeIntervalSinceReferenceDate: seconds), to: T.self)
        }
        if T.self == Decimal.self {
            let decimal: Decimal
            switch value {
            case .int(let number):
                decimal = Decimal(number)
            case .double(let number):
                // Through the shortest text, so 0.1 becomes exactly 0.1 rather than its binary neighbour.
                decimal = Decimal(string: number.description) ?? Decimal(number)
            default:
                throw mismatch(Decimal.self, found: value, codingPath())
            }
            return unsafeBitCast(decimal, to: T.self)
        }
        return nil
    }
}

extension JSONValueEncoder {
    /// The JSON form of a `URL`, `Data` or `Decimal`, or `nil` for any other type.
    ///
    /// - Throws: `EncodingError` for a NaN `Decimal`.
    static func encodeFoundationValue<T>(_ value: T, _ codingPath: @autoclosure () -> [any CodingKey]) throws
        -> JSONValue?
    {
        if T.self == URL.self {
            return .string(unsafeBitCast(value, to: URL.self).absoluteString)
        }
        if T.self == Data.self {
            return .string(unsafeBitCast(value, to: Data.self).base64EncodedString())
        }
        if T.self == Decimal.self {
            let decimal = unsafeBitCast(value, to: Decimal.self)
            guard decimal.isFinite else {
                throw EncodingError.invalidValue(
                    decimal,
                    .init(codingPath: codingPath(), debugDescription: "Unable to encode Decimal.nan directly in JSON"))
            }
            // `Decimal.description` is locale-independent (a `.` and no grouping).
            let text = decimal.description
            return (try? JSONValue(parsing: text)) ?? .double(Double(text) ?? 0)
        }
        return nil
    }
}

