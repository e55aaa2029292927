import Logging
import NetspecModel

/// Requests checked against the document's schemas before anything is sent: each parameter's
/// value against its own schema, a JSON body as a whole against the request body's schema (so
/// `oneOf`, `additionalProperties: false` and `required` of the body hold), a form's or multipart
/// body's fields each against theirs. Every problem is found, not only the first.
extension RequestBuilder {
    /// Every way the bound values break the document's schemas, each naming the parameter (or the
    /// body), the JSON pointer inside its value, what the schema requires and where it is;
    /// empty when they hold or the endpoint's document declares no schemas.
    func schemaProblems(_ values: [BoundValue?], base: JSONObject?) -> [CallError.ArgumentError] {
        var problems: [CallError.ArgumentError] = []
        var bodyIndices: Set<Int> = []
        switch plan.body {
        case .none:
            break
        case let .whole(index):
            bodyIndices.insert(index)
            if case let .json(value)? = values[index], let schema = endpoint.requestSchemaReference ?? endpoint.parameters[index].documentSchema {
                problems += isJSONPatch(value) ? jsonPatchProblems(value) : check(value, against: schema, parameter: nil)
            }
        case let .fields(encoding, indices):
            // A form given whole (`_`) is checked as a whole too: its members no field declares with it.
            if encoding == .json || (encoding == .form && base != nil), let schema = endpoint.requestSchemaReference {
                bodyIndices.formUnion(indices)
                var object = base ?? JSONObject()
                for index in indices {
                    guard case let .json(value)? = values[index] else { continue }
                    if plan.codecs[index].spreads, case let .object(entries) = value {
                        for (key, item) in entries { object[key] = item }
                    } else {
                        object[endpoint.parameters[index].wireName] = value
                    }
                }
                problems += check(.object(object), against: schema, parameter: nil)
            }
        }
        for (index, parameter) in endpoint.parameters.enumerated() where !bodyIndices.contains(index) {
            guard let schema = parameter.documentSchema, case let .json(value)? = values[index] else { continue }
            problems += check(value, against: schema, parameter: parameter)
        }
        return problems
    }

    /// Checks the request's values when the call asks for it: `.strict` throws every problem at
    /// once, `.warn` logs each and goes on.
    func checkSchemas(_ values: [BoundValue?], base: JSONObject?) throws(CallError.ArgumentError) {
        guard context.requestValidation != .off else { return }
        let problems = schemaProblems(values, base: base)
        guard !problems.isEmpty else { return }
        if context.requestValidation == .warn {
            for problem in problems { context.logger?.warning("\(problem.description)") }
            return
        }
        throw CallError.ArgumentError.combining(problems, endpoint: endpoint.name)
    }

    /// The ways an argument that could not be bound (`error`: a value of the wrong type, or not
    /// one of the parameter's `enum`) breaks its parameter's schema besides that one, so that a
    /// type error does not hide the `enum`, `minimum` or `pattern` the value breaks too: the
    /// schema's violations but those of the kind `error` already says (`type` for a wrong type,
    /// `enum` for a value not allowed). Empty when the parameter has no document schema, the
    /// argument is not a JSON value, or the call does not check strictly.
    func schemaProblems(ofUnbound argument: Argument, parameter: Parameter, besides error: CallError.ArgumentError) -> [CallError.ArgumentError] {
        guard context.requestValidation == .strict, case let .value(value) = argument, let schema = parameter.documentSchema,
              error.reason == .wrongType || error.reason == .invalidValue else { return [] }
        return Self.problems(of: value, against: schema, parameter: parameter, endpoint: endpoint, besides: error.reason == .wrongType ? "type" : "enum")
    }

    /// Text that could not be read as its parameter's type (a command-line item: `n=abc` for an
    /// integer), checked against the parameter's schema as the string it is, for the problems
    /// besides its type (an `enum` it is not in), which the command line reports with the type error.
    static func schemaProblems(ofText text: String, parameter: Parameter, endpoint: Endpoint) -> [CallError.ArgumentError] {
        guard let schema = parameter.documentSchema else { return [] }
        return problems(of: .string(text), against: schema, parameter: parameter, endpoint: endpoint, besides: "type")
    }

    /// The compile errors of the schemas a call's values are checked against when it gives the
    /// arguments `names` — each given parameter's own (one with a default too), the request
    /// body's as ``schemaProblems(_:base:)`` checks it — but those of `reported` (parameters
    /// whose error says it already): what the command line lists beside an item it cannot read
    /// (`n=abc` for an integer), whose error comes before any request is built, so that the
    /// document's problem is not hidden behind the argument's.
    static func compileProblems(of endpoint: Endpoint, given names: Set<String>, besides reported: Set<String> = []) -> [CallError.ArgumentError] {
        func hasValue(_ parameter: Parameter) -> Bool {
            names.contains(parameter.name) || parameter.alias.map(names.contains) == true
                || parameter.defaultTemplate != nil || parameter.defaultValue.map { !$0.isNull } == true
        }
        func compileProblem(_ schema: ModelSchema, _ parameter: Parameter?) -> CallError.ArgumentError? {
            do {
                _ = try schema.compiled()
                return nil
            } catch {
                return Self.compileProblem(error, parameter: parameter, endpoint: endpoint)
            }
        }
        var problems: [CallError.ArgumentError] = []
        var bodyIndices: Set<Int> = []
        switch endpoint.plan.body {
        case .none:
            break
        case let .whole(index):
            bodyIndices.insert(index)
            let parameter = endpoint.parameters[index]
            if hasValue(parameter), let schema = endpoint.requestSchemaReference ?? parameter.documentSchema {
                problems += compileProblem(schema, nil).map { [$0] } ?? []
            }
        case let .fields(encoding, indices):
            // A JSON body of fields is checked whole, given or not; a form given whole (`_`) too.
            if encoding == .json || (encoding == .form && names.contains("_")), let schema = endpoint.requestSchemaReference {
                bodyIndices.formUnion(indices)
                problems += compileProblem(schema, nil).map { [$0] } ?? []
            }
        }
        for (index, parameter) in endpoint.parameters.enumerated() where !bodyIndices.contains(index) && !reported.contains(parameter.name) && hasValue(parameter) {
            guard let schema = parameter.documentSchema else { continue }
            problems += compileProblem(schema, parameter).map { [$0] } ?? []
        }
        return problems
    }

    /// `value`'s violations of `schema` as argument errors, but those of the keyword `said`; the
    /// schema's compile error when it cannot be compiled (a type error does not hide it).
    private static func problems(
        of value: JSONValue, against schema: ModelSchema, parameter: Parameter, endpoint: Endpoint, besides said: String
    ) -> [CallError.ArgumentError] {
        let compiled: JSONSchema
        do {
            compiled = try schema.compiled()
        } catch {
            return [compileProblem(error, parameter: parameter, endpoint: endpoint)]
        }
        return errors(for: compiled.validate(value, direction: .request), of: value, parameter: parameter, endpoint: endpoint).filter { problem in
            problem.violation.map { $0.keyword != said } ?? false
        }
    }

    /// The violations of one value (a parameter's, or the body's when `parameter` is `nil`), each
    /// as an argument error; a body member's violation names that member's parameter.
    func check(_ value: JSONValue, against reference: ModelSchema, parameter: Parameter?) -> [CallError.ArgumentError] {
        let schema: JSONSchema
        do {
            schema = try reference.compiled()
        } catch {
            return [Self.compileProblem(error, parameter: parameter, endpoint: endpoint)]
        }
        return Self.errors(for: schema.validate(value, direction: .request), of: value, parameter: parameter, endpoint: endpoint)
    }

    /// A schema a value is checked against that cannot be compiled: the document is invalid
    /// (``CallError/ArgumentError/Reason/invalidSchema``, a ``CallError/ConfigurationError`` of
    /// the reason `spec` once it leaves the package), said with the compile error's place. The
    /// call is not made unchecked: `--no-validate` (`requestValidation: .off`) sends it so.
    static func compileProblem(_ error: any Error, parameter: Parameter?, endpoint: Endpoint) -> CallError.ArgumentError {
        CallError.ArgumentError(
            endpoint: endpoint.name, parameter: parameter?.name, reason: .invalidSchema,
            message: (parameter == nil ? "the request body's schema" : "its schema") + " cannot be compiled: \(error)"
        )
    }

    /// Violations of `value` (a parameter's, or the body's when `parameter` is `nil`) as argument
    /// errors: a body member's violation names that member's parameter.
    fileprivate static func errors(
        for violations: [JSONSchema.Violation], of value: JSONValue, parameter: Parameter?, endpoint: Endpoint
    ) -> [CallError.ArgumentError] {
        violations.map { violation in
            var named = parameter
            var pointer = violation.instancePath
            if parameter == nil, let tokens = JSONPointer.tokens(pointer), let first = tokens.first,
               let member = endpoint.parameters.first(where: { $0.wireName == first && ($0.location == .field || $0.location == .part) }) {
                named = member
                pointer = JSONPointer.make(tokens.dropFirst())
            }
            let got = JSONPointer.tokens(violation.instancePath).flatMap { value.at(pointer: $0) }.flatMap(Self.shortDescription)
            let subject = named == nil ? (pointer.isEmpty ? "the body " : "the body's \(pointer) ") : (pointer.isEmpty ? "" : "\(pointer) ")
            var error = CallError.ArgumentError(
                endpoint: endpoint.name, parameter: named?.name, reason: .schemaViolation,
                message: subject + violation.message + (got.map { ", got \($0)" } ?? "") + " (schema at \(violation.schemaLocation))"
            )
            error.violation = violation
            return error
        }
    }

    /// A scalar as JSON, shortened; `nil` for arrays and objects (the message says enough).
    static func shortDescription(_ value: JSONValue) -> String? {
        switch value {
        case .array, .object: return nil
        default:
            let text = value.description
            return text.count > 60 ? String(text.prefix(57)) + "…" : text
        }
    }
}

extension Endpoint {
    /// Text that could not be read as `parameter`'s type (a query value a mock server reads back),
    /// checked against its schema as the string it is, for its problems besides its type (an
    /// `enum` it is not in), so that a type error does not hide them.
    package func schemaProblems(ofText text: String, parameter: Parameter) -> [CallError.ArgumentError] {
        RequestBuilder.schemaProblems(ofText: text, parameter: parameter, endpoint: self)
    }

    /// Members of a body that no field declares (a form's items, a multipart body's parts, read
    /// back by a server) checked with the body as a whole: the violations of the request body's
    /// schema that refuse such a member by its name (`additionalProperties: false`,
    /// `unevaluatedProperties: false`), as a JSON body's undeclared members are refused. Empty
    /// without a request body schema.
    package func undeclaredMemberProblems(_ members: JSONObject) -> [CallError.ArgumentError] {
        guard !members.isEmpty, let schema = try? requestSchemaReference?.compiled() else { return [] }
        let value = JSONValue.object(members)
        let refusals = schema.validate(value, direction: .request).filter { violation in
            guard ["additionalProperties", "unevaluatedProperties"].contains(violation.keyword),
                  let tokens = JSONPointer.tokens(violation.instancePath), tokens.count == 1 else { return false }
            return members[tokens[0]] != nil
        }
        return RequestBuilder.errors(for: refusals, of: value, parameter: nil, endpoint: self)
    }

    /// A value read back for `parameter` checked against its document schema as it is, every
    /// violation: a JSON member's `null`, which binding leaves out of an optional parameter
    /// (a call's `nil` is "not given"), but which a server receiving it must refuse when the
    /// schema does not take null. Empty without a document schema.
    package func schemaProblems(of value: JSONValue, parameter: Parameter) -> [CallError.ArgumentError] {
        guard let schema = parameter.documentSchema, let compiled = try? schema.compiled() else { return [] }
        return RequestBuilder.errors(for: compiled.validate(value, direction: .request), of: value, parameter: parameter, endpoint: self)
    }
}

extension ParameterCodec.Problem {
    /// The text read back that is not of its parameter's type, when that is the problem.
    package var wrongTypeText: String? { wrongText?.text }
}

extension CallError.ArgumentError {
    /// One error for `problems`: the problem itself when there is one, else an error of reason
    /// `several` whose message lists each on a line of its own.
    static func combining(_ problems: [CallError.ArgumentError], endpoint: String) -> CallError.ArgumentError {
        let flat = problems.flatMap { $0.problems.isEmpty ? [$0] : $0.problems }
        // A schema that cannot be compiled makes the whole an invalid document, its other problems listed beside it.
        let isInvalidSpec = flat.contains { $0.reason == .invalidSchema }
        if flat.count == 1 {
            guard isInvalidSpec else { return flat[0] }
            return CallError.ArgumentError(
                endpoint: flat[0].endpoint, parameter: flat[0].parameter, reason: .invalidSchema,
                message: flat[0].message + "; " + CallError.ArgumentError.uncheckedAdvice
            )
        }
        let lines = flat.map { "\n  " + ($0.parameter.map { "parameter '\($0)': " } ?? "") + $0.message }
        var error = CallError.ArgumentError(
            endpoint: endpoint, parameter: nil, reason: isInvalidSpec ? .invalidSchema : .several,
            message: "\(flat.count) problems with the arguments:" + lines.joined() + (isInvalidSpec ? "\n" + CallError.ArgumentError.uncheckedAdvice : "")
        )
        error.problems = flat
        return error
    }

    /// How to send a call whose schema cannot be compiled, unchecked.
    static let uncheckedAdvice = "send without checking with --no-validate (CallOptions(requestValidation: .off))"
}

extension CallError.ArgumentError.Reason {
    /// A schema the call's values are checked against cannot be compiled: the document is
    /// invalid (a ``CallError/ConfigurationError`` of the reason ``CallError/ConfigurationError/Reason/spec``
    /// once it leaves the package; the command line exits 65). The message lists every problem,
    /// the arguments' own beside it.
    package static let invalidSchema = Self("invalidSchema")
}
