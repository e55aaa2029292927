#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Logging
import NetspecModel

/// What a call adds to an endpoint's plan: where variables come from, coders and extra headers.
struct BindingContext: Sendable {
    /// Variable values.
    var variables: VariableLookup
    /// JSON encoders registered on the provider, by the names specs use.
    var encoders: [String: JSONEncoder]
    /// Headers added last, replacing same-named ones (the CLI's `-H`).
    var extraHeaders: [(name: String, value: String)] = []
    /// Query items the spec does not declare, added after the declared ones.
    var extraQueryItems: [(name: String, value: String)] = []
    /// The provider's `User-Agent`, over the spec's header of that name (a header parameter's
    /// value and the call's extra headers, the call's level, win over it); `nil`: the spec's.
    var userAgent: String?
    /// The `User-Agent` sent when neither the provider nor the spec sets one.
    static let defaultUserAgent = "netspec/\(NetspecInfo.version)"
    /// Whether responses may be compressed (`Accept-Encoding: gzip, deflate`).
    var acceptsCompression = true
    /// Whether the arguments are checked against the document's schemas.
    var requestValidation: CallOptions.Validation = .strict
    /// Where `.warn` validation logs.
    var logger: Logger?
    /// For a mock server's check of a request it received: the body's `Content-Type`, which
    /// judges a JSON body as a call's own `Content-Type` does (a JSON Patch only as
    /// `application/json-patch+json`, ``RequestBuilder/isJSONPatch(_:)``), not the body's shape.
    var receivedContentType: String?
}

/// Applies an endpoint's ``RequestPlan`` to one call's arguments (Retrofit's `RequestBuilder`):
/// a flat pass over the parameters in declaration order, with no spec text looked at again.
struct RequestBuilder {
    let endpoint: Endpoint
    let baseURL: BaseURLSource
    let context: BindingContext
    /// The endpoint's compiled plan (compiled on its first call, then kept with the endpoint).
    let plan: RequestPlan
    /// Whether the request is built to be printed, not sent (`--dry-run`, `--curl`): a host that
    /// is a variable set nowhere is then kept as its reference (``unsetBaseURL()``).
    var previewing = false

    init(endpoint: Endpoint, baseURL: BaseURLSource, context: BindingContext) {
        self.endpoint = endpoint
        self.baseURL = baseURL
        self.context = context
        plan = endpoint.plan
    }

    /// Builds the request, or throws every argument problem found (one error naming them all
    /// when there are several): the arguments' own, else how they break the document's schemas.
    func build(arguments: [String: Argument]) throws(CallError.ArgumentError) -> PreparedRequest {
        // An array, a string or null as the whole JSON body: the value as it is (RequestBuilder+WholeBody.swift).
        if let whole = wholeJSONValue(arguments) { return try build(wholeJSON: whole, arguments: arguments) }
        let encoder = namedEncoder()
        var values = [BoundValue?](repeating: nil, count: endpoint.parameters.count)
        var marks = ArgumentMarks()
        let (split, base) = try splittingWholeBody(arguments)
        do {
            try bind(split, into: &values, marks: &marks, encoder: encoder)
        } catch {
            // The first problem is known; the others are looked for only now, on the way out.
            let all = problems(in: arguments)
            throw all.count > 1 ? CallError.ArgumentError.combining(all, endpoint: endpoint.name) : error
        }
        try checkSchemas(values, base: base)
        return try build(values, base: base, marks: marks)
    }

    /// Builds the request from the parameters' values; without `writingJSONBody`, a JSON body of
    /// fields that are all JSON values is left out (for checking only: writing it cannot fail).
    func build(
        _ values: [BoundValue?], base: JSONObject?, marks: ArgumentMarks, writingJSONBody: Bool = true
    ) throws(CallError.ArgumentError) -> PreparedRequest {
        var headers = HTTPFields()
        headers.reserveCapacity(endpoint.headers.count + plan.headerParameters.count + 6)
        let url = try makeURL(values, marks: marks)
        try addStaticHeaders(to: &headers)
        for index in plan.headerParameters {
            guard let value = values[index] else { continue }
            try addHeader(value, index: index, to: &headers)
        }
        let body = writingJSONBody || !bodyIsJSONValues(values) ? try makeBody(values, base: base, headers: &headers) : .empty
        try checkChosenContentType(body: body)
        try addExtraHeaders(to: &headers)
        // After the call's own headers, so that a Cookie given with -H keeps its cookies too.
        if !plan.cookieParameters.isEmpty { try addCookies(values, to: &headers) }
        addDefaultHeaders(to: &headers, body: body)
        var request = PreparedRequest(endpoint: endpoint, url: url, headerFields: headers, body: body)
        request.unsetBaseURL = unsetBaseURL()
        return request
    }

    // MARK: - Arguments

    /// The encoder the spec names in `encoder:`, or `nil` when it names none (the built-in one) or
    /// names one the provider does not register: that is an error only when an `Encodable`
    /// argument is to be encoded with it (``encode(_:parameter:encoder:)``).
    func namedEncoder() -> JSONEncoder? {
        endpoint.encoderName.flatMap { context.encoders[$0] }
    }

    /// Sets every parameter's value for this call (`nil`: left out), in declaration order, so
    /// that the error reported is always the first one there; an argument that names no parameter
    /// is reported before any parameter's problem. `Encodable` arguments are encoded with
    /// `encoder`, or the built-in encoder when it is `nil`.
    private func bind(
        _ arguments: [String: Argument], into values: inout [BoundValue?], marks: inout ArgumentMarks, encoder: JSONEncoder?
    ) throws(CallError.ArgumentError) {
        let used: Int
        do {
            used = try bindEach(into: &values, marks: &marks, encoder: encoder) { _, parameter in
                arguments[parameter.name] ?? parameter.alias.flatMap({ arguments[$0] })
            }
        } catch {
            if hasUnknownArgument(arguments) { throw unknownArgument(in: arguments) }
            throw error
        }
        // Every argument was used unless one names no parameter (or a name and its alias were both given).
        if used < arguments.count, hasUnknownArgument(arguments) { throw unknownArgument(in: arguments) }
    }

    /// Binds each parameter, in declaration order, to the argument `argument` gives for it (its
    /// index and itself) or to its value without one; returns how many arguments were bound.
    func bindEach(
        into values: inout [BoundValue?], marks: inout ArgumentMarks, encoder: JSONEncoder?, _ argument: (Int, Parameter) -> Argument?
    ) throws(CallError.ArgumentError) -> Int {
        var used = 0
        for (index, parameter) in endpoint.parameters.enumerated() {
            if let given = argument(index, parameter) {
                used += 1
                marks.note(given, index: index, parameter: parameter)
                values[index] = try value(of: parameter, argument: given, encoder: encoder)
            } else {
                values[index] = try valueWithoutArgument(of: parameter)
            }
        }
        return used
    }

    private func hasUnknownArgument(_ arguments: [String: Argument]) -> Bool {
        arguments.keys.contains { plan.index(ofParameter: $0) == nil }
    }

    /// Every problem with a call's arguments: unknown names (in name order), then each parameter's
    /// in declaration order, then how the values that could be bound break the document's schemas
    /// (a body-wide one only when every value could be), then, when there is none, what building
    /// the request finds. ``build(arguments:)`` throws them; a mock server lists them all.
    func problems(in given: [String: Argument]) -> [CallError.ArgumentError] {
        if let whole = wholeJSONValue(given) {
            do { _ = try build(wholeJSON: whole, arguments: given) } catch { return error.problems.isEmpty ? [error] : error.problems }
            return []
        }
        let arguments: [String: Argument]
        let base: JSONObject?
        do { (arguments, base) = try splittingWholeBody(given) } catch { return [error] }
        var problems = arguments.keys.sorted().filter { plan.index(ofParameter: $0) == nil }.map(unknownArgument(named:))
        let encoder = namedEncoder()
        var values = [BoundValue?](repeating: nil, count: endpoint.parameters.count)
        var marks = ArgumentMarks()
        var failed: Set<String> = []
        for (index, parameter) in endpoint.parameters.enumerated() {
            let argument = arguments[parameter.name] ?? parameter.alias.flatMap({ arguments[$0] })
            do {
                if let argument {
                    marks.note(argument, index: index, parameter: parameter)
                    values[index] = try value(of: parameter, argument: argument, encoder: encoder)
                } else {
                    values[index] = try valueWithoutArgument(of: parameter)
                }
            } catch {
                problems.append(error)
                failed.insert(parameter.name)
                // What else the value breaks: a type error does not hide the enum (RequestBuilder+Schemas.swift).
                if let argument { problems += schemaProblems(ofUnbound: argument, parameter: parameter, besides: error) }
            }
        }
        if problems.isEmpty {
            // Every value bound: what building finds, from the values bound here (not bound again,
            // and a JSON body of values not written: writing it cannot fail). A mock server checks
            // every request so.
            do {
                try checkSchemas(values, base: base)
                _ = try build(values, base: base, marks: marks, writingJSONBody: false)
            } catch {
                problems += error.problems.isEmpty ? [error] : error.problems
            }
        } else if context.requestValidation == .strict {
            // A body missing a value that could not be bound would be blamed for it: left out. A
            // member no parameter declares, which `additionalProperties` refuses, is no bound
            // value's: it is listed beside the value's problem; so is a body schema that cannot be
            // compiled, which makes the document invalid whatever the values.
            problems += schemaProblems(values, base: base).filter { problem in
                problem.parameter.map { !failed.contains($0) }
                    ?? (failed.isEmpty || problem.violation?.keyword == "additionalProperties" || problem.reason == .invalidSchema)
            }
        }
        return problems
    }

    /// The error for the first argument (in name order) that names no parameter, with the closest names.
    private func unknownArgument(in arguments: [String: Argument]) -> CallError.ArgumentError {
        unknownArgument(named: arguments.keys.sorted().first { plan.index(ofParameter: $0) == nil } ?? "")
    }

    func unknownArgument(named name: String) -> CallError.ArgumentError {
        let names = endpoint.parameters.map(\.name)
        let hint = Suggestions.hint(for: name, in: names)
        let detail = names.isEmpty ? " (the endpoint takes no parameters)"
            // A body whose schema names no properties: its members cannot be given one by one.
            : names == ["_"] ? " (the endpoint takes its body whole, as '_')"
            : hint.isEmpty ? " (its parameters are: \(names.joined(separator: ", ")))" : hint
        return CallError.ArgumentError(endpoint: endpoint.name, parameter: name, reason: .unknown, message: "unknown argument\(detail)")
    }

    /// The value a parameter takes from its argument in this call (taken over, not copied).
    func value(of parameter: Parameter, argument: consuming Argument, encoder: JSONEncoder?) throws(CallError.ArgumentError) -> BoundValue? {
        let bound: BoundValue
        switch consume argument {
        case let .reserved(text): bound = try reservedValue(text, of: parameter)
        case let other: bound = try bind(other, to: parameter.type, parameter: parameter, encoder: encoder)
        }
        // A spec's explicit nil of an optional is left out, as Swift's synthesized Encodable and
        // Gson do, unless the parameter says `sendNull: true` (JSON Merge Patch deletes a member
        // with null). A document's JSON body member takes a null as the value it is (`name:=null`
        // sends `"name": null`: the server, or the check before sending, judges it against the
        // schema), as does a required or nullable parameter's; elsewhere (query, path, header,
        // cookie, form) null is undefined (RFC 6570 §2.3) and the parameter is left out.
        if bound.isNull {
            let isJSONField = parameter.location == .field && endpoint.encoding == .json
            let isValue = parameter.isNullable || parameter.documentSchema != nil || !parameter.type.isOptional ? isJSONField : parameter.sendsNull
            if !isValue { return nil }
        }
        // A document's `enum`, unless the call sends without checking the document (`--no-validate`).
        if let allowed = parameter.allowedValues, case let .json(json) = bound, parameter.documentSchema == nil || context.requestValidation != .off {
            try check(json, isOneOf: allowed, parameter: parameter)
        }
        return bound
    }

    /// A value (or each element of an array) must be one of the parameter's allowed values
    /// (an OpenAPI `enum`), checked before anything is sent.
    private func check(_ value: JSONValue, isOneOf allowed: [JSONValue], parameter: Parameter) throws(CallError.ArgumentError) {
        let items = if case let .array(items) = value { items } else { [value] }
        for item in items where !item.isNull && !allowed.contains(item) {
            let list = allowed.map { $0.description }.joined(separator: ", ")
            throw CallError.ArgumentError(
                endpoint: endpoint.name, parameter: parameter.name, reason: .invalidValue, message: "\(item.description) is not one of \(list)"
            )
        }
    }

    /// The value a parameter takes when the call gives no argument: its default, else nothing.
    func valueWithoutArgument(of parameter: Parameter) throws(CallError.ArgumentError) -> BoundValue? {
        if let template = parameter.defaultTemplate {
            let text = try context.variables.resolve(template, endpoint: endpoint.name, parameter: parameter.name, usedIn: "its default")
            let type = parameter.type.unwrapped
            if let value = type.value(fromText: text) { return .json(value) }
            // An Int, Double, Bool or Date default is read from the variables' text: text that is
            // not one is said, not sent (a preview keeps an unset variable's reference instead).
            let keepsReferences = context.variables.keepsUnsetReferences || context.variables.replaysUnset
            guard type.isScalar, !keepsReferences || !template.variableNames.contains(where: { context.variables.value($0) == nil }) else {
                return .json(.string(text))
            }
            var names: [String] = []
            for name in template.variableNames where !names.contains(name) { names.append(name) }
            let list = names.joined(separator: ", ")
            let shown = parameter.isSecret ? "" : " '\(text)'"
            throw error(
                parameter, .wrongType,
                "its default '\(template.text)' is\(shown) from \(list), which is not \(type.expectedText): set \(list) to one, or give the argument"
            )
        }
        if let value = parameter.defaultValue { return value.isNull ? nil : .json(value) }
        if parameter.isRequired {
            throw error(parameter, .missing, "missing required argument (\(parameter.typeName(parameter.type)))")
        }
        return nil
    }

    /// An argument error about a parameter.
    func error(_ parameter: Parameter, _ reason: CallError.ArgumentError.Reason, _ message: String) -> CallError.ArgumentError {
        CallError.ArgumentError(endpoint: endpoint.name, parameter: parameter.name, reason: reason, message: message)
    }
}

/// Facts about the library.
package enum NetspecInfo {
    /// The version of Netspec, as in `netspec --version` and the default `User-Agent`.
    package static let version = "0.1.0"
}
