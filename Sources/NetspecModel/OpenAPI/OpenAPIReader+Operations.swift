import HTTPTypes

/// Reading one OpenAPI operation into an ``Endpoint``.
extension OpenAPIReader {
    /// One parameter as the document declares it, its `$ref` followed.
    struct DeclaredParameter {
        var name: String
        var location: String
        var node: MappingReader
        var mark: Mark
    }

    /// The operation as an endpoint, or `nil` when it needs something not supported (warned).
    mutating func readOperation(
        _ operation: MappingReader, method: HTTPRequest.Method, path: String, sharedParameters: YAMLNode?, servers: YAMLNode?, mark: Mark
    ) -> Endpoint? {
        let name = Self.operationName(operation, method: method, path: path)
        let context = "operation '\(name)': "
        let rewritten = Self.netspecPath(path)
        var netspecPath = rewritten.path
        let placeholders = rewritten.placeholders
        // An operation's own server makes its path absolute: it goes there whatever the base URL.
        var server: String?
        if let servers {
            checkServerKeys(servers)
            server = operationServer(servers)
            if let server { netspecPath = server + netspecPath } else if servers.sequence == nil, !servers.isPlainNull {
                warn("\(context)its 'servers' must be a list of Server objects (- url: https://…), found \(servers.foundDescription); the document's server is used", at: servers.mark)
            } else {
                warn("\(context)its 'servers' has no absolute http(s) URL; the document's server is used", at: servers.mark)
            }
        }
        let template: PathTemplate
        do {
            template = try PathTemplate(parsing: netspecPath)
        } catch {
            warn("\(context)path '\(path)' cannot be used: \(error.message); the operation is left out", at: mark)
            return nil
        }

        checkSoleOperation32(operation.node, sharedParameters: sharedParameters, context: "path '\(path)': ")
        // Path-level parameters, replaced by operation-level ones with the same (in, name).
        var declared: [DeclaredParameter] = []
        for list in [sharedParameters, operation["parameters"]] {
            for item in list?.sequence.map(Array.init) ?? [] {
                guard let node = resolve(item), let parameter = MappingReader(node) else { continue }
                checkKeys(parameter, .parameter, context: context)
                checkExampleAndHeaderKeys(parameter, context: context)
                // `name` and `in` are required (a 3.2 `querystring` needs no name), `in` one of the locations.
                guard let location = parameter["in"]?.string, let parameterName = parameter["name"]?.string ?? (location == "querystring" && isVersion32 ? "" : nil)
                else {
                    reportIn(self.path(of: item), "\(context)a parameter needs 'name' and 'in'", at: item.mark)
                    continue
                }
                let locations = ["path", "query", "header", "cookie"] + (isVersion32 ? ["querystring"] : [])
                guard locations.contains(location) else {
                    let hint = location == "body" || location == "formData"
                        ? " (OpenAPI 3 describes a body with the operation's 'requestBody')" : Suggestions.hint(for: location, in: locations)
                    let listed = locations.dropLast().joined(separator: ", ") + " or " + locations.last!
                    reportIn(
                        self.path(of: item), "\(context)parameter '\(parameterName)': 'in: \(location)' is not an OpenAPI location (\(listed))\(hint)",
                        at: parameter["in"]?.mark ?? item.mark
                    )
                    continue
                }
                let entry = DeclaredParameter(name: parameterName, location: location, node: parameter, mark: item.mark)
                if let index = declared.firstIndex(where: { $0.name == parameterName && $0.location == location }) {
                    declared[index] = entry
                } else {
                    declared.append(entry)
                }
            }
        }
        var parameters: [Parameter] = []
        var usedNames: Set<String> = []
        for entry in declared {
            switch readParameter(entry, placeholders: placeholders, context: context, usedNames: &usedNames) {
            case let .parameter(parameter)?: parameters.append(parameter)
            case .unsupported?: return nil
            case nil: continue
            }
        }
        for placeholder in template.placeholderNames where !parameters.contains(where: { $0.location == .path && $0.wireName == placeholder }) {
            warn("\(context)path placeholder '{\(placeholder)}' has no parameter; it is taken as a required String", at: mark)
            parameters.append(Self.parameter(name: placeholder, wireName: placeholder, type: .string, location: .path, codec: .path(.segment(.unreserved)), summary: nil, mark: mark))
            usedNames.insert(placeholder)
        }

        var encoding = Endpoint.BodyEncoding.json
        var requestSchema: ModelSchema?
        var requestMediaTypes: [String] = []
        var requiresBody = false
        if let bodyNode = operation["requestBody"] {
            guard let body = readRequestBody(bodyNode, context: context, usedNames: &usedNames) else { return nil }
            parameters += body.parameters
            encoding = body.encoding
            requestSchema = body.schema
            // The types the body may be sent as: a JSON body goes as the first JSON one (Binding/Endpoint+ContentType.swift).
            requestMediaTypes = contentEntries(resolve(bodyNode).flatMap(MappingReader.init)?["content"]).compactMap { $0.key.string?.lowercased() }
            requiresBody = resolve(bodyNode).flatMap(MappingReader.init)?["required"]?.scalar?.resolved == .bool(true)
        }
        let (stream, responses) = readResponses(operation["responses"], context: context)
        let answersValueOrEvents = stream == nil && successOffersJSONAndEvents(operation["responses"])
        let (policy, unsupportedAuth) = operationAuth(operation, context: context, mark: mark)
        var auth = policy
        // Credentials never follow an operation to another origin than the document's server,
        // unless the user allows that origin (`Provider.Options.credentialOrigins`, `--allow-origin`).
        if auth != nil, let server, let origin = URLOrigin(server), origin != documentOrigin {
            warn(
                "\(context)its server \(origin) is another origin than the document's, so its credentials are sent there only if that origin is allowed (--allow-origin \(origin))",
                at: servers!.mark
            )
            auth?.origin = origin
        }
        // The summary and the description, both: a summary does not hide the description.
        let summary = operation["summary"]?.string ?? operation["description"]?.string
        let details = operation["summary"] == nil ? nil : operation["description"]?.string.flatMap { $0 == summary ? nil : $0 }
        return Endpoint(fields: Endpoint.Fields(
            name: name, method: method, path: template, parameters: parameters, headers: [], encoding: encoding,
            encoderName: nil, decoderName: nil, timeout: nil, keyPath: nil, returnType: .value(.json), stream: stream,
            until: nil, auth: auth, retry: nil, isRetryDisabled: false, summary: summary, mark: mark,
            tags: (operation["tags"]?.sequence.map(Array.init) ?? []).compactMap(\.string), details: details,
            answersValueOrEvents: answersValueOrEvents, requestSchema: requestSchema, requestMediaTypes: requestMediaTypes,
            requiresBody: requiresBody, responses: responses,
            unsupportedAuth: unsupportedAuth,
            securityAlternatives: securityAlternatives(operation["security"] ?? documentSecurity)
        ))
    }

    private enum ReadParameter {
        case parameter(Parameter)
        /// The operation needs what this parameter asks for, which is not supported.
        case unsupported
    }

    /// One parameter, `nil` when it is ignored (as the standard says for `Accept`, `Content-Type`
    /// and `Authorization` headers, or an optional one that cannot be sent).
    private mutating func readParameter(
        _ entry: DeclaredParameter, placeholders: [String: String], context: String, usedNames: inout Set<String>
    ) -> ReadParameter? {
        let required = entry.node["required"]?.scalar?.resolved == .bool(true) || entry.location == "path"
        let location: Parameter.Location
        switch entry.location {
        case "path": location = .path
        case "query": location = .query
        case "header":
            if ["accept", "content-type", "authorization"].contains(entry.name.lowercased()) { return nil }
            guard HTTPField.Name(entry.name) != nil else {
                return unsupported("\(context)parameter '\(entry.name)' is not a valid HTTP header name", required: required, at: entry.mark)
            }
            location = .header
        case "cookie": location = .cookie
        case "querystring" where isVersion32: location = .querystring
        default:
            return unsupported("\(context)parameter '\(entry.name)' in \(entry.location) is not supported yet", required: required, at: entry.mark)
        }
        // `content: { application/json: { schema } }` instead of `schema`: the value is sent as JSON
        // text; a `querystring` is the whole query string in any media type.
        let contentType = firstContentEntry(entry.node["content"])
        let isJSONContent = contentType.flatMap { $0.key.string }.map(MediaType.isJSON) ?? false
        let readsContent = isJSONContent || location == .querystring
        let schemaNode = readsContent ? contentType.flatMap { resolve($0.value).flatMap(MappingReader.init)?["schema"] } : entry.node["schema"]
        let declaredSchema = schemaNode.flatMap { resolve($0) }.flatMap(MappingReader.init)
        var type = declaredSchema.map { valueType(of: $0) } ?? .string
        // A schema that admits null is read by its other branch (its enum, default, format).
        let nullability = declaredSchema.map { self.nullability(of: $0) }
        let schema = nullability?.branch ?? declaredSchema
        let isObject = schema.map { $0["type"]?.string == "object" || $0["properties"] != nil || $0["additionalProperties"] != nil } ?? false
        // An object is a dictionary (of `additionalProperties`' type when that is a scalar), so
        // that it is read back as one.
        if isObject { type = .dictionary(schema.flatMap { memberType(of: $0) } ?? .json) }
        // The serialization (OpenAPI 3.1 §4.8.12.4, every row of its table).
        let styleName = entry.node["style"]?.string ?? Self.defaultStyle(location)
        let explode = entry.node["explode"]?.scalar.map { $0.resolved == .bool(true) } ?? (styleName == "form" || styleName == "cookie")
        // `allowReserved` applies to query values (and, in 3.2, to a path's: reserved expansion).
        let asksReserved = entry.node["allowReserved"]?.scalar?.resolved == .bool(true)
        let style = ParameterCodec.Style(rawValue: styleName)
        let codec = chooseCodec(
            entry, location: location, styleName: styleName, explode: explode, asksReserved: asksReserved, type: &type, isObject: isObject,
            isJSONContent: isJSONContent, mediaType: contentType?.key.string ?? "", context: context
        )
        guard let codec else {
            let what = "style '\(styleName)'\(explode ? " exploded" : "") is not supported in the \(location)\(isObject ? " for objects" : "")"
                + (entry.node["content"] != nil ? " (nor content-encoded parameters)" : "")
            return unsupported("\(context)parameter '\(entry.name)': \(what) yet", required: required, at: entry.mark)
        }
        if isVersion32, asksReserved, location != .query, codec != .path(.reserved) {
            warn("\(context)parameter '\(entry.name)': 'allowReserved' is not applied in the \(location) here; its value is percent-encoded", at: entry.mark)
        }
        if case .array(.json) = type, style != .deepObject {
            return unsupported("\(context)parameter '\(entry.name)': an array of objects cannot be sent yet", required: required, at: entry.mark)
        }
        // An optional parameter's default is the server's (what it assumes when the parameter is
        // left out): shown, not sent. A required one's is sent when the call gives none.
        let declaredDefault = (declaredSchema?["default"] ?? schema?["default"])?.jsonValue
        if !required { type = .optional(type) }
        let wireName = location == .path ? (placeholders[entry.name] ?? entry.name) : entry.name
        // Named by its wire name; one that is not an identifier also answers to a camelCase alias.
        // A `querystring` needs no name on the wire (OpenAPI 3.2.0): one without is `querystring`.
        // `id` in the path and in the query: the second is `idQuery`; `_` is the unlabelled body's
        // name, so a parameter named `_` is `_Query` (`_Path`, `_Header`, `_Cookie`) whatever else there is.
        let (name, alias) = Self.suffixed(
            entry.name.isEmpty && location == .querystring ? "querystring" : entry.name, alias: Self.alias(of: entry.name),
            place: location.rawValue.prefix(1).uppercased() + location.rawValue.dropFirst(), used: usedNames
        )
        usedNames.insert(name)
        return .parameter(Self.parameter(
            name: name, wireName: wireName, type: type, location: location, codec: codec, defaultValue: required ? declaredDefault : nil,
            summary: entry.node["description"]?.string ?? Self.description(declaredSchema, schema), mark: entry.mark, alias: alias,
            allowedValues: schema.flatMap { enumValues(of: $0) }, isNullable: nullability?.admitsNull ?? false,
            schema: modelSchema(schemaNode), serverDefault: required ? nil : declaredDefault,
            allowsEmptyValue: location == .query && entry.node["allowEmptyValue"]?.scalar?.resolved == .bool(true)
        ).withExamples(exampleValues(of: entry.node) + exampleValues(of: contentType.flatMap { resolve($0.value) }.flatMap(MappingReader.init))))
    }

    /// Warns about a parameter that cannot be sent: a required one leaves the operation out
    /// (`.unsupported`), an optional one is not sent (`nil`).
    private mutating func unsupported(_ message: String, required: Bool, at mark: Mark) -> ReadParameter? {
        warn(message + (required ? "; the operation is left out" : "; it is not sent"), at: mark)
        return required ? .unsupported : nil
    }

    private static func defaultStyle(_ location: Parameter.Location) -> String {
        location == .query || location == .cookie ? "form" : "simple"
    }

    /// A parameter with an explicit location, as the document gives it.
    static func parameter(
        name: String, wireName: String, type: ValueType, location: Parameter.Location, codec: ParameterCodec, defaultValue: JSONValue? = nil,
        summary: String?, mark: Mark, alias: String? = nil, allowedValues: [JSONValue]? = nil, isNullable: Bool = false,
        schema: ModelSchema? = nil, serverDefault: JSONValue? = nil, allowsEmptyValue: Bool = false
    ) -> Parameter {
        Parameter(
            name: name, type: type, location: location, inference: .explicit, wireName: wireName, codec: codec,
            defaultValue: defaultValue, defaultTemplate: nil, isSecret: false, summary: summary, mark: mark,
            fieldName: location == .header ? HTTPField.Name(wireName) : nil, alias: alias, allowedValues: allowedValues, isNullable: isNullable,
            schema: schema, serverDefault: serverDefault, allowsEmptyValue: allowsEmptyValue
        )
    }

    /// The type of an object schema's members when its `additionalProperties` is a scalar schema
    /// (`[String: Int]`), else `nil` (`JSON`).
    private mutating func memberType(of schema: MappingReader) -> ValueType? {
        guard schema["properties"] == nil, let members = schema["additionalProperties"].flatMap({ resolve($0) }).flatMap(MappingReader.init) else {
            return nil
        }
        let type = valueType(of: members)
        return type.isScalar ? type : nil
    }

}

extension Endpoint {
    /// The same endpoint under another name (for an operation whose name is taken).
    func renamed(_ name: String) -> Endpoint {
        var fields = fieldsForRenaming
        fields.name = name
        return Endpoint(fields: fields)
    }

    /// The endpoint under a name not in `names` yet, which it then takes: a repeated name gets
    /// `2`, `3`, … in document order (OpenAPI's and Swagger's readers alike).
    func uniquelyNamed(taken names: inout Set<String>) -> Endpoint {
        let unique = names.insertNumbered(name)
        return unique == name ? self : renamed(unique)
    }
}

extension OpenAPIReader {
    /// A document's path with each placeholder that is not a name Netspec writes (`{user-id}`)
    /// given one (`{userId}`), and the name each original placeholder now has. Swagger's reader
    /// uses it too.
    ///
    /// Two placeholders never get the same name: `{é}` and `{ü}` (each `_`), or `{user-id}` beside
    /// `{userId}`, are told apart by a number (`_2`), where one name for both left the operation out.
    static func netspecPath(_ path: String) -> (path: String, placeholders: [String: String]) {
        var originals: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            originals.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        // The names written as names keep them; the others take what is left.
        var taken = Set(originals.filter(Template.isValidName))
        var placeholders: [String: String] = [:]
        for original in originals where placeholders[original] == nil {
            if Template.isValidName(original) {
                placeholders[original] = original
                continue
            }
            let base = identifier(original)
            var alias = base, number = 2
            while taken.contains(alias) {
                alias = base + String(number)
                number += 1
            }
            taken.insert(alias)
            placeholders[original] = alias
        }
        var netspecPath = ""
        rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            netspecPath += rest[..<open] + "{" + placeholders[String(rest[rest.index(after: open)..<close])]! + "}"
            rest = rest[rest.index(after: close)...]
        }
        netspecPath += rest
        return (netspecPath, placeholders)
    }
}
