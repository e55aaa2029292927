/// A coding key for object members and array positions in coding paths.
///
/// Array positions follow Foundation's convention: `stringValue` is `"Index 3"` and `intValue` is
/// `3`, so coding paths in errors read the same whichever decoder produced them.
internal struct JSONCodingKey: CodingKey, Sendable, Hashable {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    /// A member name.
    init(_ key: String) {
        self.init(stringValue: key)
    }

    /// An array position.
    init(index: Int) {
        self.init(intValue: index)
    }

    /// The key `super`, used by `superDecoder()` and `superEncoder()`.
    static let `super` = JSONCodingKey(stringValue: "super")
}

/// A type that the native coders convert to and from a ``JSONValue`` directly, instead of through
/// its own `Codable` implementation.
///
/// This mirrors the special cases of Foundation's `JSONEncoder` and `JSONDecoder` with their default
/// strategies, so that the native coders and the Foundation bridge agree: `URL` is a string,
/// `Data` is a Base64 string and `Decimal` is a number. The conformances live in
/// `JSONValue+Foundation.swift`, the only file that imports Foundation.
internal protocol JSONValueConvertibleForCoding {
    /// Creates a value from its JSON form.
    ///
    /// - Parameters:
    ///   - value: The JSON value to convert.
    ///   - codingPath: The path of `value`, for errors.
    /// - Throws: `DecodingError` if `value` has the wrong kind or content.
    init(jsonValue value: JSONValue, codingPath: [any CodingKey]) throws

    /// The JSON form of this value.
    ///
    /// - Parameter codingPath: The path being encoded, for errors.
    /// - Throws: `EncodingError` if the value cannot be expressed in JSON.
    func jsonValue(codingPath: [any CodingKey]) throws -> JSONValue
}
