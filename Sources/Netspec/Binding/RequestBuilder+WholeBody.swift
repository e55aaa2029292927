/// A whole JSON body for an endpoint whose body is split into fields (an OpenAPI operation whose
/// object schema became one parameter per property): `_` holds it, as HTTPie and Restish let a
/// body be piped in. Its members are the fields' arguments, checked as if given by name; an
/// argument given by name wins over the member; members no field declares are sent as they are
/// — in a JSON body and in a form (`application/x-www-form-urlencoded`) alike, each checked with
/// the body as a whole, so that the schema's `additionalProperties: false` refuses them.
/// A whole body that is not an object is the value it is (the second extension).
extension RequestBuilder {
    /// The arguments with `_`'s members as the fields' arguments, and the body to write the fields
    /// over; the arguments as they are when `_` is not such a body.
    ///
    /// - Throws: ``CallError/ArgumentError`` naming `_` when it is not a JSON value (bytes, a file);
    ///   a JSON value that is not an object takes ``build(wholeJSON:arguments:)`` before this.
    func splittingWholeBody(_ arguments: [String: Argument]) throws(CallError.ArgumentError) -> (arguments: [String: Argument], base: JSONObject?) {
        guard let whole = arguments["_"], plan.index(ofParameter: "_") == nil, case let .fields(encoding, indices) = plan.body, encoding == .json || encoding == .form else {
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

/// A whole JSON body that is not an object — an array, a string, a number, a Boolean, `null` —
/// piped in or given as `_`, is the JSON value it is: checked against the request body's schema
/// as that value (a schema with `properties` and no `type` admits an array; a `type: array` one
/// refuses `null`) and sent as it is. `null` is a body, not the absence of one.
extension RequestBuilder {
    /// The whole body given as a JSON value this path sends as it is: any value but an object for
    /// an endpoint whose JSON body is split into fields, and `null` for a document's operation whose
    /// body is a JSON `_` (whose other values take the usual path); `nil` otherwise.
    func wholeJSONValue(_ arguments: [String: Argument]) -> JSONValue? {
        guard case let .value(value)? = arguments["_"] else { return nil }
        switch plan.body {
        case .fields(.json, _) where plan.index(ofParameter: "_") == nil:
            if case .object = value { return nil }
            return value
        case let .whole(index) where value.isNull:
            if case let .body(body) = plan.codecs[index], body.encoding != .json { return nil }
            // A document's body only: a Netspec spec's `_: JSON?` given nil is left out, as any optional is.
            let parameter = endpoint.parameters[index]
            guard parameter.name == "_", parameter.documentSchema != nil else { return nil }
            return value
        default:
            return nil
        }
    }

    /// The request with `whole` as its body: the other parameters bound and checked as usual, the
    /// value checked against the body's schema (as strictly as the call asks), and no body
    /// field given beside it (a field names a member of an object, which the body is not).
    func build(wholeJSON whole: JSONValue, arguments: [String: Argument]) throws(CallError.ArgumentError) -> PreparedRequest {
        let bodyIndices: Set<Int> = switch plan.body {
        case .none: []
        case let .whole(index): [index]
        case let .fields(_, indices): Set(indices)
        }
        var problems: [CallError.ArgumentError] = []
        for name in arguments.keys.sorted() where name != "_" {
            guard let index = plan.index(ofParameter: name) else {
                problems.append(unknownArgument(named: name))
                continue
            }
            if bodyIndices.contains(index) {
                problems.append(error(endpoint.parameters[index], .invalidValue, "a body field cannot be given beside a whole body that is not an object (_ is \(whole.argumentDescription))"))
            }
        }
        let encoder = namedEncoder()
        var values = [BoundValue?](repeating: nil, count: endpoint.parameters.count)
        var marks = ArgumentMarks()
        for (index, parameter) in endpoint.parameters.enumerated() where !bodyIndices.contains(index) {
            do {
                if let argument = arguments[parameter.name] ?? parameter.alias.flatMap({ arguments[$0] }) {
                    marks.note(argument, index: index, parameter: parameter)
                    values[index] = try value(of: parameter, argument: argument, encoder: encoder)
                } else {
                    values[index] = try valueWithoutArgument(of: parameter)
                }
            } catch {
                problems.append(error)
            }
        }
        if context.requestValidation != .off {
            var violations: [CallError.ArgumentError] = []
            for (index, parameter) in endpoint.parameters.enumerated() where !bodyIndices.contains(index) {
                guard let schema = parameter.documentSchema, case let .json(value)? = values[index] else { continue }
                violations += check(value, against: schema, parameter: parameter)
            }
            if let schema = endpoint.requestSchemaReference ?? bodyIndices.first.flatMap({ endpoint.parameters[$0].documentSchema }) {
                violations += check(whole, against: schema, parameter: nil)
            }
            if context.requestValidation == .warn {
                for violation in violations { context.logger?.warning("\(violation.description)") }
            } else {
                problems += violations
            }
        }
        guard problems.isEmpty else { throw CallError.ArgumentError.combining(problems, endpoint: endpoint.name) }
        if case let .whole(index) = plan.body {
            // The body's own codec writes it (its media type: application/json, +json types).
            values[index] = .json(whole)
            return try build(values, base: nil, marks: marks)
        }
        // The fields' object, written without fields, then the value in its place.
        var request = try build(values, base: JSONObject(), marks: marks)
        let bytes = whole.serialized()
        request.body = .bytes(bytes)
        request.headerFields[.contentLength] = String(bytes.count)
        return request
    }
}
