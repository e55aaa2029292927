#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Reading an event's data as JSON.
extension ServerSentEvent {
    /// The data parsed as JSON.
    ///
    /// - Throws: ``JSONValue/ParseError`` when the data is not JSON.
    public func json() throws(JSONValue.ParseError) -> JSONValue {
        try JSONValue(parsing: data)
    }

    /// The data decoded into a `Decodable` type.
    ///
    /// - Parameters:
    ///   - type: the type.
    ///   - decoder: a Foundation decoder for its strategies; the built-in decoder when `nil`.
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: JSONDecoder? = nil) throws -> T {
        let value = try json()
        if let decoder { return try value.decode(type, using: decoder) }
        return try value.decode(type)
    }
}
