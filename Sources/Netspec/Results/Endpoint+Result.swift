/// Results of an endpoint: the results stage, on the model's type.
extension Endpoint {
    /// The endpoint's result for a response body already parsed as JSON: its `keyPath` applied,
    /// then its `returns` shape checked and applied (tuples become objects of their labels).
    ///
    /// - Throws: ``CallError/decoding(_:)`` naming the key path where the value does not fit.
    public func result(from json: JSONValue) throws(CallError) -> JSONValue {
        do {
            return try ResultShaper(endpoint: name).shape(json, returnType: returnType, keyPath: keyPath)
        } catch {
            throw .decoding(error)
        }
    }
}
