extension EndpointCall where Output == Response {
    /// Calls the endpoint and reads its result as a tuple of the types the caller asks for (two or
    /// more), by position, as `Response.tuple(_:)` reads it:
    ///
    /// ```swift
    /// let (id, status): (Int, String) = try await api.getOrder(id: 7)
    /// ```
    /// - Throws: ``CallError``, as the untyped call does; ``CallError/decoding(_:)`` naming the
    ///   tuple element that does not fit.
    public func dynamicallyCall<First: Decodable, Second: Decodable, each Rest: Decodable>(
        withKeywordArguments pairs: KeyValuePairs<String, (any ArgumentConvertible)?>
    ) async throws(CallError) -> (First, Second, repeat each Rest) {
        try service.checkDecoder(of: name)
        return try await service.call(name, arguments(pairs)).tuple(First.self, Second.self, repeat (each Rest).self)
    }
}
