// Preparing a request from arguments already placed by parameter index, for a caller that maps its
// names to an endpoint's parameters once and calls it many times (a workflow step, issue 54's step
// cost): no `[String: Argument]` per call, no endpoint found by name, no argument looked up by
// name. The binding, the checks, the auth and the errors are `prepare(_:_:options:)`'s: whatever
// the placed arguments do not bind is built again the named way, which throws what it throws.

import NetspecModel

extension Service {
    /// Builds the request for a call to `endpoint` (one of ``spec``'s endpoints) without sending
    /// it, as ``prepare(_:_:options:)`` does, from its arguments placed by parameter index:
    /// `placed[i]` is the argument of `endpoint.parameters[i]` (`nil`: none given).
    ///
    /// - Throws: what ``prepare(_:_:options:)`` throws for the same arguments by name.
    package func prepare(_ endpoint: Endpoint, placed: [Argument?], options: CallOptions) throws(CallError) -> PreparedRequest {
        precondition(placed.count == endpoint.parameters.count, "one placed argument per parameter of '\(endpoint.name)'")
        return try prepare(endpoint, options: options) { builder throws(CallError.ArgumentError) in try builder.build(placed: placed) }
    }

    /// The placed arguments by parameter name, as ``prepare(_:_:options:)`` takes them.
    package static func named(_ placed: [Argument?], of endpoint: Endpoint) -> [String: Argument] {
        var arguments: [String: Argument] = [:]
        for (index, argument) in placed.enumerated() {
            if let argument { arguments[endpoint.parameters[index].name] = argument }
        }
        return arguments
    }
}

extension RequestBuilder {
    /// ``build(arguments:)`` for arguments placed by parameter index: the same binding, in the
    /// same declaration order, with no name looked up. A whole body of `null` (which takes its own
    /// path) and any problem are left to ``build(arguments:)``, so that what is thrown — the first
    /// problem, or all of them — is exactly its error.
    func build(placed: [Argument?]) throws(CallError.ArgumentError) -> PreparedRequest {
        if case let .whole(index) = plan.body, case let .value(value)? = placed[index], value.isNull {
            return try build(arguments: Service.named(placed, of: endpoint))
        }
        do {
            let encoder = namedEncoder()
            var values = [BoundValue?](repeating: nil, count: endpoint.parameters.count)
            var marks = ArgumentMarks()
            _ = try bindEach(into: &values, marks: &marks, encoder: encoder) { index, _ in placed[index] }
            try checkSchemas(values, base: nil)
            return try build(values, base: nil, marks: marks)
        } catch {
            return try build(arguments: Service.named(placed, of: endpoint))
        }
    }
}
