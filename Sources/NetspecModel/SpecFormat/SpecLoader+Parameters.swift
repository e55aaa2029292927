import HTTPTypes

/// Reading `params:` and resolving every parameter's location by the inference rules of the
/// spec format.
extension SpecLoader {
    /// Every key allowed in a parameter's full form.
    static let parameterKeys = ["type", "in", "name", "encoded", "default", "flag", "format", "filename", "mimeType", "secret", "sendNull", "description"]
    /// A parameter as written, before inference.
    struct DeclaredParameter {
        var name: String
        var mark: Mark
        var type: ValueType = .string
        var explicitLocation: Parameter.Location?
        var locationMark: Mark?
        var wireName: String?
        var encoded: (value: Bool, mark: Mark)?
        var defaultNode: YAMLNode?
        var flag: (value: Bool, mark: Mark)?
        var format: (value: ArrayFormat, mark: Mark)?
        var filename: (value: String, mark: Mark)?
        var mimeType: (value: String, mark: Mark)?
        var summary: String?
        var isSecret = false
        var sendNull: (value: Bool, mark: Mark)?
        /// The path placeholder it fills when it is in the path (``SpecLoader/placeholder(filledBy:in:)``).
        var placeholder: String?
    }

    // MARK: - Reading

    /// Reads the parameters and resolves their locations; `nil` when the endpoint has problems
    /// (they are reported).
    mutating func readParameters(
        _ node: YAMLNode?, signature: EndpointSignature
    ) -> (parameters: [Parameter], encoding: Endpoint.BodyEncoding)? {
        var declared: [DeclaredParameter] = []
        var failedNames: [String] = []
        if let node {
            if let mapping = MappingReader(node) {
                declared.reserveCapacity(mapping.pairs.count)
                for pair in mapping.pairs {
                    let name = pair.key.scalar?.value ?? ""
                    if let parameter = readDeclaredParameter(name: name, mark: pair.key.mark, node: pair.value, context: signature.context) {
                        declared.append(parameter)
                    } else {
                        failedNames.append(name)
                    }
                }
            } else if !node.isPlainNull {
                report("\(signature.context)'params' must be a mapping of parameter names to types, found \(node.foundDescription)", at: node.mark)
            }
        }
        let errorCount = errors.count
        for index in declared.indices {
            declared[index].placeholder = Self.placeholder(filledBy: declared[index], in: signature.path)
        }
        let encoding = resolveEncoding(declared, signature: signature)
        var parameters = declared.compactMap { infer($0, encoding: encoding, signature: signature) }
        parameters += impliedPathParameters(declared: declared, failedNames: failedNames, signature: signature)
        checkConflicts(parameters, encoding: encoding, signature: signature)
        guard errors.count == errorCount else { return nil }
        return (parameters, encoding)
    }

    private mutating func readDeclaredParameter(name: String, mark: Mark, node: YAMLNode, context: ErrorContext) -> DeclaredParameter? {
        let context = context.parameter(name)
        guard name == "_" || Template.isValidName(name) else {
            report("\(context)parameter names must be letters, digits and '_' (use 'name:' for the name on the wire)", at: mark)
            return nil
        }
        var parameter = DeclaredParameter(name: name, mark: mark)
        if let scalar = node.scalar {
            // Shorthand: `id: Int`; an empty value means String.
            if scalar.isPlainNull { return parameter }
            guard let type = readType(scalar.value, node: node, context: context) else { return nil }
            parameter.type = type
            return parameter
        }
        guard let mapping = MappingReader(node) else {
            report("\(context)expected a type or a mapping of parameter keys, found \(node.foundDescription)", at: node.mark)
            return nil
        }
        // One pass over the keys (this is the most frequent mapping in a spec).
        var isValid = true
        for pair in mapping.pairs {
            let key = pair.key.scalar?.value ?? ""
            let value = pair.value
            switch key {
            case "type":
                if let text = readString(value, key: key, context: context), let type = readType(text, node: value, context: context) {
                    parameter.type = type
                } else {
                    isValid = false
                }
            case "in":
                parameter.locationMark = value.mark
                parameter.explicitLocation = readChoice(value, key: key, what: "location", context: context, as: Parameter.Location.self)
                if parameter.explicitLocation == nil { isValid = false }
            case "name":
                parameter.wireName = readName(value, key: key, context: context)
            case "encoded":
                parameter.encoded = readBool(value, key: key, context: context).map { ($0, value.mark) }
            case "default":
                parameter.defaultNode = value
            case "flag":
                parameter.flag = readBool(value, key: key, context: context).map { ($0, value.mark) }
            case "format":
                parameter.format = readChoice(value, key: key, what: "array format", context: context, as: ArrayFormat.self).map { ($0, value.mark) }
            case "filename":
                parameter.filename = readName(value, key: key, context: context).map { ($0, value.mark) }
            case "mimeType":
                parameter.mimeType = readName(value, key: key, context: context).flatMap { text in
                    // Sent as the Content-Type of the body or the part: a line break in it would
                    // end that header and start another (SPEC, Headers). A problem at the end is
                    // placed at the last character.
                    if let problem = MediaType.syntaxProblem(in: text) {
                        report("\(context)'mimeType' is not a media type (type/subtype, RFC 9110 §8.3.1): \(problem.message)",
                               at: value.mark(atOffset: min(problem.offset, max(text.count - 1, 0)), in: file))
                        return nil
                    }
                    return (text, value.mark)
                }
            case "description":
                parameter.summary = readSummary(value, context: context)
            case "secret":
                parameter.isSecret = readBool(value, key: key, context: context) ?? false
            case "sendNull":
                parameter.sendNull = readBool(value, key: key, context: context).map { ($0, value.mark) }
            default:
                report("\(context)unknown key '\(key)'\(Suggestions.hint(for: key, in: Self.parameterKeys))", at: pair.key.mark)
            }
        }
        return isValid ? parameter : nil
    }

    /// Parses a type string once per spec, reporting errors at the offending column.
    mutating func readType(_ text: String, node: YAMLNode, context: ErrorContext) -> ValueType? {
        if let cached = typeCache[text] { return cached }
        do {
            let type = try TypeParser.parseType(text)
            typeCache[text] = type
            return type
        } catch {
            report("\(context)\(error.message)", at: node.mark(atOffset: error.offset, in: file))
            return nil
        }
    }

    // MARK: - Inference

    /// The endpoint's body encoding: as declared, else `multipart` when a parameter is `in: part`, else `json`.
    private mutating func resolveEncoding(_ declared: [DeclaredParameter], signature: EndpointSignature) -> Endpoint.BodyEncoding {
        let partParameters = declared.filter { $0.explicitLocation == .part }
        guard let explicit = signature.explicitEncoding else { return partParameters.isEmpty ? .json : .multipart }
        if explicit != .multipart {
            for parameter in partParameters {
                report(
                    "\(signature.context)parameter '\(parameter.name)': 'in: part' needs a multipart body, but the encoding is \(explicit) (set 'encoding: multipart')",
                    at: parameter.locationMark ?? parameter.mark
                )
            }
        }
        return explicit
    }

    /// Applies the inference rules (first match wins) and the per-location checks.
    private mutating func infer(_ declared: DeclaredParameter, encoding: Endpoint.BodyEncoding, signature: EndpointSignature) -> Parameter? {
        let context = signature.context.parameter(declared.name)
        let method = signature.method.rawValue
        let placeholders = signature.path.placeholderNames
        // A path parameter's wire name is the placeholder it fills, by its name or its `name:`.
        let placeholder = declared.placeholder
        var wireName = declared.wireName ?? declared.name
        let location: Parameter.Location
        let inference: Parameter.Inference
        if let explicit = declared.explicitLocation {
            location = explicit == .field && encoding == .multipart ? .part : explicit
            inference = .explicit
            if explicit == .path {
                guard let placeholder else {
                    let names = declared.wireName.map { "'\(declared.name)' (name: \($0))" } ?? "'\(wireName)'"
                    report(
                        "\(context)path parameter \(names) is not in path '\(signature.path)'\(Suggestions.hint(for: wireName, in: placeholders))",
                        at: declared.locationMark ?? declared.mark
                    )
                    return nil
                }
                wireName = placeholder
            }
        } else if let placeholder {
            wireName = placeholder
            (location, inference) = (.path, .pathPlaceholder)
        } else if declared.name == "_" {
            guard !signature.hasNoBody else {
                report("\(context)the unlabelled parameter '_' would be the body, but \(method) requests have no body (add 'in: body' to send one anyway, or 'in: query')", at: declared.mark)
                return nil
            }
            (location, inference) = (.body, .unlabelledBody)
        } else if signature.hasNoBody {
            (location, inference) = (.query, .methodWithoutBody(method))
        } else {
            (location, inference) = (encoding == .multipart ? .part : .field, .methodWithBody(method, encoding))
        }
        if location == .body || location == .field || location == .part, signature.method.forbidsBody {
            report("\(context)\(method) requests cannot carry a body, so the parameter cannot be 'in: \(location)'", at: declared.locationMark ?? declared.mark)
            return nil
        }
        if declared.name == "_", declared.wireName == nil, location != .body, location != .path {
            report("\(context)the unlabelled parameter '_' needs 'name:' to be sent as a \(location) parameter", at: declared.mark)
            return nil
        }
        guard checkType(declared, location: location, encoding: encoding, context: context) else { return nil }
        // A header parameter's name is its field name, made once here; a dictionary's keys are the names instead.
        var fieldName: HTTPField.Name?
        if location == .header, !declared.type.isDictionaryType {
            guard let name = HTTPField.Name(wireName) else {
                report("\(context)invalid header name '\(wireName)'", at: declared.mark)
                return nil
            }
            fieldName = name
        }
        guard checkOptions(declared, location: location, encoding: encoding, context: context) else { return nil }
        let defaultValue = readDefault(declared, signature: signature, context: context)
        guard defaultValue.ok else { return nil }
        return Parameter(
            name: declared.name, type: declared.type, location: location, inference: inference, wireName: wireName,
            codec: Self.codec(declared, location: location, isExplicit: inference == .explicit, encoding: encoding, path: signature.path),
            defaultValue: defaultValue.value, defaultTemplate: defaultValue.template, isSecret: declared.isSecret,
            sendsNull: declared.sendNull?.value ?? false, summary: declared.summary, mark: declared.mark, fieldName: fieldName
        )
    }

    /// The form a parameter's value takes, from its location and options: `encoded`, `flag` and
    /// `format` in a URL, `filename` and `mimeType` in a body. A `[String: T]` dictionary spreads
    /// into entries in a query or headers, and as a field or part only with an explicit `in:`
    /// (an inferred one is one nested value: a JSON object member, `name[key]=value` in a form).
    private static func codec(
        _ declared: DeclaredParameter, location: Parameter.Location, isExplicit: Bool, encoding: Endpoint.BodyEncoding, path: PathTemplate
    ) -> ParameterCodec {
        let isDictionary = declared.type.isDictionaryType
        let isEncoded = declared.encoded?.value ?? false
        let arrays = (declared.format?.value ?? .repeat).arrays
        switch location {
        case .path:
            if path.isReserved(placeholder: declared.placeholder ?? declared.name) { return .path(.reserved) }
            return .path(isEncoded ? .encodedSegment : .segment(.pchar))
        case .query:
            if declared.flag?.value == true { return .flag }
            return .query(ParameterCodec.Items(
                arrays: arrays, objects: isDictionary ? .entries : .bracketNames, escaping: isEncoded ? .alreadyEncoded : .percentEncoded
            ))
        case .header:
            return .header(isDictionary ? .entries : .lines)
        case .body:
            return .body(ParameterCodec.Body(mediaType: declared.mimeType?.value, encoding: encoding))
        case .part:
            return .part(ParameterCodec.Part(filename: declared.filename?.value, mediaType: declared.mimeType?.value, spreads: isDictionary && isExplicit))
        // .field (and any value added later)
        default:
            let spreads = isDictionary && isExplicit
            guard encoding == .form else { return .jsonMember(spreads: spreads) }
            return .formField(ParameterCodec.Items(arrays: arrays, objects: spreads ? .entries : .bracketNames))
        }
    }

    /// A parameter for each `{name=default}` placeholder that no declared parameter fills.
    private mutating func impliedPathParameters(
        declared: [DeclaredParameter], failedNames: [String], signature: EndpointSignature
    ) -> [Parameter] {
        // A parameter that failed to read was reported already; do not report its placeholder too.
        var implied: [Parameter] = []
        // A parameter fills the placeholder of its `name:`, else of its own name (SPEC rule 1),
        // when it is in the path: one placed elsewhere explicitly (`in: query`) leaves it empty
        // (it was sent in both places).
        for name in signature.path.placeholderNames
        where !declared.contains(where: { $0.placeholder == name && ($0.explicitLocation ?? .path) == .path })
            && !failedNames.contains(name) {
            let mark = signature.pathNode.mark(atOffset: Self.offset(of: "{\(name)", in: signature.path.text), in: file)
            if let elsewhere = declared.first(where: { ($0.wireName ?? $0.name) == name || $0.name == name }), let location = elsewhere.explicitLocation,
               location != .path {
                report(
                    "\(signature.context)path placeholder '{\(name)}' has no parameter: parameter '\(elsewhere.name)' is 'in: \(location)'"
                        + " (make it 'in: path', or declare another parameter with 'name: \(name)' for the path)",
                    at: elsewhere.locationMark ?? elsewhere.mark
                )
                continue
            }
            if let named = declared.first(where: { $0.name == name }), let other = named.placeholder, other != name {
                // `userId: { name: user_id }` with both `{user_id}` and `{userId}` in the path.
                report(
                    "\(signature.context)path placeholder '{\(name)}' has no parameter: parameter '\(name)' fills '{\(other)}' by its 'name: \(other)'"
                        + " (a parameter fills one placeholder; declare another parameter with 'name: \(name)' for '{\(name)}')",
                    at: named.mark
                )
                continue
            }
            guard let value = signature.path.defaultValue(forPlaceholder: name) else {
                report("\(signature.context)path placeholder '{\(name)}' has no parameter (declare '\(name)' under 'params', or give it a default as '{\(name)=value}')", at: mark)
                continue
            }
            implied.append(Parameter(
                name: name, type: .string, location: .path, inference: .pathPlaceholder, wireName: name,
                codec: .path(signature.path.isReserved(placeholder: name) ? .reserved : .segment(.pchar)), defaultValue: .string(value),
                defaultTemplate: nil, isSecret: false, summary: nil, mark: mark, fieldName: nil
            ))
        }
        return implied
    }

    /// The placeholder a parameter fills when it is in the path (SPEC rule 1: its name or its
    /// `name:` matches one): the one of its `name:` first, else the one of its own name; `nil`
    /// when the path has neither. Two parameters that fill one are an error (`checkConflicts`).
    static func placeholder(filledBy declared: DeclaredParameter, in path: PathTemplate) -> String? {
        let names = path.placeholderNames
        if let wireName = declared.wireName, names.contains(wireName) { return wireName }
        return names.contains(declared.name) ? declared.name : nil
    }

    /// The character offset of `needle` in `text`, or 0.
    static func offset(of needle: String, in text: String) -> Int {
        let haystack = Array(text), pattern = Array(needle)
        guard pattern.count <= haystack.count else { return 0 }
        for start in 0...(haystack.count - pattern.count) where Array(haystack[start..<(start + pattern.count)]) == pattern {
            return start
        }
        return 0
    }
}
