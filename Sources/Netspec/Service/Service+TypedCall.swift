/// The typed by-name call: the twin of `let order: Order = try await api.getOrder(id: 7)` for a
/// name held in a variable, and the form a generated facade's methods call.
extension Service {
    /// Calls an endpoint that answers one value, by name, and decodes its result (after the spec's
    /// `keyPath`, with the spec's `decoder:`) as `type`:
    ///
    /// ```swift
    /// let order = try await api.call("getOrder", ["id": 7], as: Order.self)
    /// let quick = try await api.call("getOrder", ["id": 7], as: Order.self, options: CallOptions(timeout: .seconds(3)))
    /// ```
    /// - Throws: ``CallError``, as the untyped `call(_:_:options:)` does;
    ///   ``CallError/decoding(_:)`` when the result does not decode as `T`.
    public func call<T: Decodable>(
        _ endpoint: String, _ arguments: [String: Argument] = [:], as type: T.Type, options: CallOptions = CallOptions()
    ) async throws(CallError) -> T {
        try checkDecoder(of: endpoint)
        return try await call(endpoint, arguments, options: options).decode(type)
    }

    /// Calls an endpoint by name with ordinary values (`["id": id]` with `let id: Int`) and decodes
    /// its result as `type`, as the call with an argument dictionary does.
    // Disfavoured, as the untyped call's twin is: a literal of `Argument`s keeps its written order.
    @_disfavoredOverload
    public func call<T: Decodable>(
        _ endpoint: String, _ arguments: [String: any ArgumentConvertible], as type: T.Type, options: CallOptions = CallOptions()
    ) async throws(CallError) -> T {
        try checkDecoder(of: endpoint)
        return try await call(endpoint, Self.arguments(arguments, endpoint: endpoint), options: options).decode(type)
    }
}
