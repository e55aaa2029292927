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

/// An event as OpenAPI 3.2's `itemSchema` of `text/event-stream` sees it.
extension ServerSentEvent {
    /// The event as the JSON object OpenAPI 3.2 validates an `itemSchema` against ("Special
    /// Considerations for Server-Sent Events"): `data` as a string, `event` when the stream named
    /// a type other than the default `message`, `id` when there is one, `retry` as an integer when
    /// the block set one (`{"event":"add","data":"{\"foo\":42}","retry":5}`).
    package var itemValue: JSONValue {
        var object: [(key: String, value: JSONValue)] = []
        if event != "message" { object.append((key: "event", value: .string(event))) }
        object.append((key: "data", value: .string(data)))
        if let id { object.append((key: "id", value: .string(id))) }
        if let retry { object.append((key: "retry", value: .int(retry))) }
        return .object(JSONObject(object))
    }
}
