/// A whole JSON body for an endpoint whose body is split into fields (an OpenAPI operation whose
/// object schema became one parameter per property): `_` holds it, as HTTPie and Restish let a
/// body be piped in. Its members are the fields' arguments, checked as if given by name; an
/// argument given by name wins over the member; members no field declares are sent as they are.
extension RequestBuilder {
    /// The arguments with `_`'s members as the fields' arguments, and the body to write the fields
    /// over; the arguments as they are when `_` is not such a body.
    ///
    /// - Throws: ``CallError/ArgumentError`` naming `_` when it is not a JSON object.
    func splittingWholeBody(_ arguments: [String: Argument]) throws(CallError.ArgumentError) -> (arguments: [String: Argument], base: JSONObject?) {
        guard let whole = arguments["_"], plan.index(ofParameter: "_") == nil, case let .fields(.json, indices) = plan.body else {
            return (arguments, nil)
        }
        guard case let .value(.object(object)) = whole else {
            let names = indices.map { endpoint.parameters[$0].wireName }.joined(separator: ", ")
            throw CallError.ArgumentError(
                endpoint: endpoint.name, parameter: "_", reason: .wrongType,
                message: "the whole body must be a JSON object: the endpoint's body is the object of its fields (\(names))"
            )
        }
        var merged = arguments
        merged["_"] = nil
        for index in indices {
            let parameter = endpoint.parameters[index]
            let givenByName = merged[parameter.name] != nil || parameter.alias.map { merged[$0] != nil } == true
            guard !givenByName, let member = object[parameter.wireName] else { continue }
            merged[parameter.name] = .value(member)
        }
        return (merged, object)
    }
}
