import HTTPTypes

/// Swagger 2.0 parameters: `path`, `query`, `header` and `formData` ones by `type`, `items` and
/// `collectionFormat`, each given its ``ParameterCodec``; the one `in: body` by its schema.
extension SwaggerReader {
    /// One parameter as the document declares it, its `$ref` followed.
    struct DeclaredParameter {
        var name: String
        var location: String
        var node: MappingReader
        var mark: Mark
    }

    private enum ReadParameter {
        case parameter(Parameter)
        /// The operation needs what this parameter asks for, which is not supported.
        case unsupported
    }

    static let multipart = "multipart/form-data"
    static let urlEncoded = "application/x-www-form-urlencoded"

    /// The operation's parameters (path-level ones replaced by operation-level ones with the same
    /// `in` and `name`) and its body encoding; `nil` when the operation is left out (warned) or is
    /// wrong (reported).
    mutating func readParameters(
        shared: YAMLNode?, own: YAMLNode?, consumes: [String], placeholders: [String: String], template: PathTemplate, context: String, mark: Mark
    ) -> ([Parameter], Endpoint.BodyEncoding, ModelSchema?)? {
        var declared: [DeclaredParameter] = []
        for list in [shared, own] {
            for item in list?.sequence.map(Array.init) ?? [] {
                guard let node = base.resolve(item), let parameter = MappingReader(node) else { continue }
                guard let name = parameter["name"]?.string, let location = parameter["in"]?.string else {
                    report("\(context)a parameter needs 'name' and 'in'", at: item.mark)
                    continue
                }
                guard ["path", "query", "header", "formData", "body"].contains(location) else {
                    report("\(context)parameter '\(name)': 'in: \(location)' is not a Swagger 2.0 location (path, query, header, formData or body)", at: parameter["in"]!.mark)
                    continue
                }
                let entry = DeclaredParameter(name: name, location: location, node: parameter, mark: item.mark)
                if let index = declared.firstIndex(where: { $0.name == name && $0.location == location }) {
                    declared[index] = entry
                } else {
                    declared.append(entry)
                }
            }
        }
        if let contentType = declared.first(where: { $0.location == "header" && $0.name.lowercased() == "content-type" }) {
            warnIfContradicting(contentType, consumes: consumes, context: context)
        }
        let bodies = declared.filter { $0.location == "body" }
        let forms = declared.filter { $0.location == "formData" }
        if bodies.count > 1 {
            report("\(context)parameter '\(bodies[1].name)': an operation has one 'in: body' parameter at most ('\(bodies[0].name)' is one)", at: bodies[1].mark)
            return nil
        }
        if let body = bodies.first, let form = forms.first {
            report("\(context)parameter '\(form.name)': 'in: formData' and 'in: body' ('\(body.name)') cannot be used together", at: form.mark)
            return nil
        }
        // A form is multipart when it uploads a file or `consumes` prefers multipart.
        let file = forms.first { $0.node["type"]?.string == "file" }
        let multipartIndex = consumes.firstIndex { $0.hasPrefix(Self.multipart) }
        let formIndex = consumes.firstIndex { $0.hasPrefix(Self.urlEncoded) }
        let formEncoding: Endpoint.BodyEncoding =
            file != nil || (multipartIndex != nil && (formIndex == nil || multipartIndex! < formIndex!)) ? .multipart : .form
        if let file, multipartIndex == nil {
            warn("\(context)parameter '\(file.name)' is a file, which needs 'consumes: [multipart/form-data]'; the form is sent as multipart", at: file.mark)
        }

        var parameters: [Parameter] = []
        var usedNames: Set<String> = []
        // Path, query, header and form parameters first, then the body's fields (so that a field
        // named as a parameter is the one renamed).
        for entry in declared where entry.location != "body" {
            switch readParameter(entry, formEncoding: formEncoding, placeholders: placeholders, context: context, usedNames: &usedNames) {
            case let .parameter(parameter)?: parameters.append(parameter)
            case .unsupported?: return nil
            case nil: continue
            }
        }
        for placeholder in template.placeholderNames where !parameters.contains(where: { $0.location == .path && $0.wireName == placeholder }) {
            warn("\(context)path placeholder '{\(placeholder)}' has no parameter; it is taken as a required String", at: mark)
            parameters.append(OpenAPIReader.parameter(
                name: placeholder, wireName: placeholder, type: .string, location: .path, codec: .path(.segment(.pchar)), summary: nil, mark: mark
            ))
            usedNames.insert(placeholder)
        }
        var encoding = forms.isEmpty ? Endpoint.BodyEncoding.json : formEncoding
        var requestSchema: ModelSchema?
        if let body = bodies.first {
            guard let read = readBody(body, consumes: consumes, context: context, usedNames: &usedNames) else { return nil }
            parameters += read.parameters
            encoding = read.encoding
            requestSchema = read.schema
        }
        return (parameters, encoding, requestSchema)
    }

    /// Warns about a `Content-Type` header parameter whose values (`enum`, `default`) are types
    /// `consumes` does not list: the document contradicts itself (Docker's `ImageBuild` takes
    /// `application/x-tar` by its header and `application/octet-stream` by `consumes`). Given,
    /// the parameter's value is the `Content-Type` sent; left out, one `consumes` lists.
    private mutating func warnIfContradicting(_ entry: DeclaredParameter, consumes: [String], context: String) {
        guard !consumes.isEmpty else { return }
        let values = (base.enumValues(of: entry.node) ?? []) + [entry.node["default"]?.jsonValue].compactMap { $0 }
        var seen: Set<String> = []
        let contradicting = values.compactMap(\.string).filter { value in
            let type = MediaType.base(of: value)
            return seen.insert(type).inserted && !consumes.contains { MediaType.covers(MediaType.base(of: $0), type) }
        }
        guard !contradicting.isEmpty else { return }
        warn(
            "\(context)header parameter '\(entry.name)' says \(contradicting.joined(separator: ", ")), which 'consumes' (\(consumes.joined(separator: ", "))) does not list;"
                + " given, its value is the Content-Type sent; left out, one 'consumes' lists",
            at: entry.mark
        )
    }

    /// One `path`, `query`, `header` or `formData` parameter.
    private mutating func readParameter(
        _ entry: DeclaredParameter, formEncoding: Endpoint.BodyEncoding, placeholders: [String: String], context: String, usedNames: inout Set<String>
    ) -> ReadParameter? {
        let node = entry.node
        let required = node["required"]?.scalar?.resolved == .bool(true) || entry.location == "path"
        if entry.location == "path", let flag = node["required"], flag.scalar?.resolved != .bool(true) {
            report("\(context)parameter '\(entry.name)': a path parameter must say 'required: true'", at: flag.mark)
        }
        let typeName = node["type"]?.string
        var type: ValueType
        switch typeName {
        case "file":
            guard entry.location == "formData" else {
                report("\(context)parameter '\(entry.name)': 'type: file' is allowed only 'in: formData'", at: node["type"]!.mark)
                return nil
            }
            type = .data
        case nil:
            warn("\(context)parameter '\(entry.name)' has no 'type' (Swagger 2.0 requires one); it is taken as a string", at: entry.mark)
            type = .string
        default:
            type = base.valueType(of: node)
        }
        let isArray = if case .array = type { true } else { false }
        if type == .array(.json) {
            return unsupported("\(context)parameter '\(entry.name)': an array of arrays or objects cannot be sent yet", required: required, at: entry.mark)
        }
        // `collectionFormat` (csv by default) says how an array is written.
        let formatNode = node["collectionFormat"]
        let format = formatNode?.string ?? "csv"
        let arrays: ParameterCodec.Items.Arrays?
        switch format {
        case "csv": arrays = .joined(.comma)
        case "ssv": arrays = .joined(.space)
        case "tsv": arrays = .joined(.tab)
        case "pipes": arrays = .joined(.pipe)
        case "multi": arrays = .repeated
        default:
            report("\(context)parameter '\(entry.name)': collectionFormat '\(format)' is not one of csv, ssv, tsv, pipes and multi", at: formatNode!.mark)
            return nil
        }
        if isArray, format == "multi", entry.location != "query", entry.location != "formData" {
            report("\(context)parameter '\(entry.name)': collectionFormat 'multi' is allowed only in query and formData", at: formatNode!.mark)
            return nil
        }
        let location: Parameter.Location
        var codec: ParameterCodec?
        switch entry.location {
        case "path":
            location = .path
            // Items keep `pchar` as a scalar does, but `,`, which joins them (`a;b,c%2Cd`).
            codec = !isArray ? .path(.segment(.pchar)) : format == "csv" ? .path(.styled(.simple, explode: false, name: entry.name, kept: .pchar)) : nil
        case "query":
            location = .query
            codec = .query(ParameterCodec.Items(arrays: arrays!, objects: .joined))
        case "header":
            guard HTTPField.Name(entry.name) != nil else {
                return unsupported("\(context)parameter '\(entry.name)' is not a valid HTTP header name", required: required, at: entry.mark)
            }
            location = .header
            codec = !isArray || format == "csv" ? .header(.simple(explode: false)) : nil
        default:
            if formEncoding == .multipart {
                // An array is one part per element (`multi`), or one text part of the values
                // joined (`csv` `a,b`, `ssv`, `tsv`, `pipes`), as a form field of them is.
                location = .part
                var part = ParameterCodec.Part()
                if isArray, case let .joined(delimiter) = arrays { part.joined = delimiter }
                codec = .part(part)
            } else {
                location = .field
                codec = .formField(ParameterCodec.Items(arrays: arrays!, objects: .joined))
            }
        }
        guard let codec else {
            return unsupported("\(context)parameter '\(entry.name)': collectionFormat '\(format)' is not supported in the \(entry.location) yet", required: required, at: formatNode?.mark ?? entry.mark)
        }
        // An optional parameter's default is the server's: shown, not sent (see OpenAPIReader.readParameter).
        let declaredDefault = node["default"]?.jsonValue
        if !required { type = .optional(type) }
        let wireName = location == .path ? (placeholders[entry.name] ?? entry.name) : entry.name
        // Named by its wire name; one that is not an identifier also answers to a camelCase alias.
        // `id` in the path and in the query: the second is `idQuery`; `_` is the unlabelled body's
        // name, so a parameter named `_` is `_Query` (`_Path`, `_Header`, `_Field`, `_Part`) whatever else there is.
        let (name, alias) = OpenAPIReader.suffixed(
            entry.name, alias: OpenAPIReader.alias(of: entry.name),
            place: location == .part ? "Part" : location == .field ? "Field" : location.rawValue.prefix(1).uppercased() + location.rawValue.dropFirst(),
            used: usedNames
        )
        usedNames.insert(name)
        return .parameter(OpenAPIReader.parameter(
            name: name, wireName: wireName, type: type, location: location, codec: codec, defaultValue: required ? declaredDefault : nil,
            summary: node["description"]?.string, mark: entry.mark, alias: alias, allowedValues: base.enumValues(of: node),
            // A Swagger parameter is its own schema (`type`, `format`, `items`, `enum`, bounds).
            schema: base.modelSchema(node.node), serverDefault: required ? nil : declaredDefault,
            allowsEmptyValue: (location == .query || location == .field || location == .part) && node["allowEmptyValue"]?.scalar?.resolved == .bool(true)
        ))
    }

    /// Warns about a parameter that cannot be sent: a required one leaves the operation out
    /// (`.unsupported`), an optional one is not sent (`nil`).
    private mutating func unsupported(_ message: String, required: Bool, at mark: Mark) -> ReadParameter? {
        warn(message + (required ? "; the operation is left out" : "; it is not sent"), at: mark)
        return required ? .unsupported : nil
    }

    // MARK: - The body

    /// The `in: body` parameter: a JSON object schema's properties as fields, anything else the
    /// unlabelled `_` (for a `consumes` without JSON, raw text or bytes of its first media type);
    /// `nil` when it is wrong (reported).
    private mutating func readBody(
        _ entry: DeclaredParameter, consumes: [String], context: String, usedNames: inout Set<String>
    ) -> (parameters: [Parameter], encoding: Endpoint.BodyEncoding, schema: ModelSchema?)? {
        guard let schemaNode = entry.node["schema"] else {
            report("\(context)body parameter '\(entry.name)' needs a 'schema'", at: entry.mark)
            return nil
        }
        let required = entry.node["required"]?.scalar?.resolved == .bool(true)
        let summary = entry.node["description"]?.string
        // JSON where `consumes` lists a JSON type or one that covers JSON (Kubernetes' `*/*`).
        if let first = consumes.first, !consumes.contains(where: { MediaType.isJSON($0) || MediaType.covers(MediaType.base(of: $0), "application/json") }) {
            // Not JSON: the raw body, text for `text/*`, bytes (a file, standard input, `Data`) else,
            // sent under the type as written, its parameters kept (`text/plain; charset=utf-8`);
            // a range (`image/*`) is made concrete when the body is sent.
            let baseType = MediaType.base(of: first)
            var type: ValueType = baseType.hasPrefix("text/") ? .string : .data
            if !required { type = .optional(type) }
            let raw = OpenAPIReader.parameter(
                name: "_", wireName: "_", type: type, location: .body,
                codec: .body(ParameterCodec.Body(mediaType: baseType == "*/*" ? nil : first.trimmingSpaces(), encoding: .json)), summary: summary, mark: entry.mark
            )
            return ([raw], .json, nil)
        }
        guard let schema = base.resolve(schemaNode).flatMap(MappingReader.init), let object = base.objectProperties(schema) else {
            // Not an object of known properties: the whole body is the unlabelled argument.
            let whole = OpenAPIReader.parameter(
                name: "_", wireName: "_", type: required ? .json : .optional(.json), location: .body,
                codec: .body(ParameterCodec.Body(mediaType: nil, encoding: .json)), summary: summary, mark: entry.mark,
                schema: base.modelSchema(schemaNode)
            )
            return ([whole], .json, base.modelSchema(schemaNode))
        }
        var fields: [Parameter] = []
        for property in object.properties {
            let wireName = property.key.string ?? ""
            let propertySchema = base.resolve(property.value).flatMap(MappingReader.init)
            var type = propertySchema.map { base.valueType(of: $0) } ?? .json
            if !object.required.contains(wireName) { type = .optional(type) }
            let (name, alias) = OpenAPIReader.fieldName(wireName, used: &usedNames)
            fields.append(OpenAPIReader.parameter(
                name: name, wireName: wireName, type: type, location: .field, codec: .jsonMember(spreads: false),
                summary: propertySchema?["description"]?.string, mark: property.key.mark, alias: alias,
                allowedValues: propertySchema.flatMap { base.enumValues(of: $0) },
                isNullable: propertySchema.map { base.nullability(of: $0).admitsNull } ?? false, schema: base.modelSchema(property.value)
            ))
        }
        return (fields, .json, base.modelSchema(schemaNode))
    }
}
