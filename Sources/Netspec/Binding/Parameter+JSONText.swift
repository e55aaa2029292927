/// Sending a parameter's value as JSON text in a query item, a header or a cookie.
extension Parameter {
    /// The value as JSON text, for a query, header or cookie parameter whose media type is JSON
    /// (an OpenAPI parameter with `content: application/json`); `nil` for every other parameter
    /// and for null.
    func jsonText(of value: JSONValue) -> String? {
        guard let mimeType, mimeType.contains("json"), location == .query || location == .header || location == .cookie, !value.isNull else { return nil }
        return String(decoding: value.serialized(), as: UTF8.self)
    }
}
