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
            if let server { netspecPath = server + netspecPath } else {
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

        // Path-level parameters, replaced by operation-level ones with the same (in, name).
        var declared: [DeclaredParameter] = []
        for list in [sharedParameters, operation["parameters"]] {
            for item in list?.sequence.map(Array.init) ?? [] {
                guard let node = resolve(item), let parameter = MappingReader(node) else { continue }
                checkKeys(parameter, .parameter, context: context)
                checkExampleAndHeaderKeys(parameter, context: context)
                let parameterName = parameter["name"]?.string ?? ""
                let location = parameter["in"]?.string ?? ""
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
            parameters.append(Self.parameter(name: placeholder, wireName: placeholder, type: .string, location: .path, codec: .path(.segment), summary: nil, mark: mark))
            usedNames.insert(placeholder)
        }

        var encoding = Endpoint.BodyEncoding.json
        var requestSchema: ModelSchema?
        var requestMediaTypes: [String] = []
        if let bodyNode = operation["requestBody"] {
            guard let body = readRequestBody(bodyNode, context: context, usedNames: &usedNames) else { return nil }
            parameters += body.parameters
            encoding = body.encoding
            requestSchema = body.schema
            // The types the body may be sent as: a JSON body goes as the first JSON one (Binding/Endpoint+ContentType.swift).
            let content = resolve(bodyNode).flatMap(MappingReader.init)?["content"].flatMap(MappingReader.init)
            requestMediaTypes = content?.pairs.compactMap { $0.key.string?.lowercased() } ?? []
        }
        let (stream, responses) = readResponses(operation["responses"], context: context)
        let answersValueOrEvents = stream == nil && successOffersJSONAndEvents(operation["responses"])
        let security = operation["security"].map { readSecurity($0, schemes: securitySchemes, context: context) } ?? documentAuth
        var auth: AuthPolicy?
        var unsupportedAuth: String?
        switch security {
        case let .policy(policy):
            auth = policy
        case let .unsupported(reason):
            // Kept: a call says why it cannot be made, a mock answers it.
            auth = nil
            unsupportedAuth = reason
            if operation["security"] == nil {
                warn("\(context)the document's security schemes are not supported; it cannot be called (a mock still answers it)", at: mark)
            }
        }
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
            responses: responses,
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
            location = .header
        case "cookie": location = .cookie
        default:
            return unsupported("\(context)parameter '\(entry.name)' in \(entry.location) is not supported yet", required: required, at: entry.mark)
        }
        // `content: { application/json: { schema } }` instead of `schema`: the value is sent as JSON text.
        let contentType = entry.node["content"].flatMap(MappingReader.init)?.pairs.first
        let isJSONContent = contentType.flatMap { $0.key.string }.map(MediaType.isJSON) ?? false
        let schemaNode = isJSONContent ? contentType.flatMap { MappingReader($0.value)?["schema"] } : entry.node["schema"]
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
        let explode = entry.node["explode"]?.scalar.map { $0.resolved == .bool(true) } ?? (styleName == "form")
        // `allowReserved` applies to query values only; elsewhere the standard ignores it.
        let allowsReserved = location == .query && entry.node["allowReserved"]?.scalar?.resolved == .bool(true)
        let escaping: ParameterCodec.Items.Escaping = allowsReserved ? .reservedKept : .percentEncoded
        let style = ParameterCodec.Style(rawValue: styleName)
        let isArray = if case .array = type { true } else { false }
        let isComposite = isObject || isArray || type == .json
        var codec: ParameterCodec?
        switch (location, style, explode) {
        case (_, _, _) where entry.node["content"] != nil:
            // JSON text in any place but the path; other content types are not written yet.
            if isJSONContent && location != .path {
                type = .json
                codec = .jsonText(in: location)
            }
        case (.query, .form?, true), (.query, .form?, false), (.query, .spaceDelimited?, false), (.query, .pipeDelimited?, false):
            // Exploded: arrays repeat the name, an object's members are items of their own
            // (`R=100&G=200`); not: one item, the values (an object's names and values in turn)
            // joined by the delimiter.
            codec = .query(ParameterCodec.Items(style: style!, explode: explode, escaping: escaping))
        case (.query, .deepObject?, _):
            // `color[R]=100&color[G]=200`. The specification defines deepObject only exploded,
            // and only for objects; a document that leaves `explode` at its default (false)
            // means the same, as code generators and Prism read it. Arrays and everything else
            // follow the bracket convention Stripe's documents use deepObject for:
            // `expand[]=a&expand[]=b`, `items[0][price]=p`, and a scalar as itself (`created=5`
            // where `anyOf` admits an integer or an object).
            codec = .query(ParameterCodec.Items(style: .deepObject, explode: true, escaping: escaping))
        case let (.path, style?, explode) where [.simple, .label, .matrix].contains(style):
            codec = .path(isComposite || style != .simple ? .styled(style, explode: explode, name: entry.name) : .segment)
        case (.header, .simple?, _):
            codec = .header(.simple(explode: explode))
        case (.cookie, .form?, _):
            codec = .cookie(joined: !explode)
        default:
            codec = nil
        }
        guard let codec else {
            let what = "style '\(styleName)'\(explode ? " exploded" : "") is not supported in the \(location)\(isObject ? " for objects" : "")"
                + (entry.node["content"] != nil ? " (nor content-encoded parameters)" : "")
            return unsupported("\(context)parameter '\(entry.name)': \(what) yet", required: required, at: entry.mark)
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
        var name = entry.name
        var alias = Template.isValidName(entry.name) ? nil : Self.identifier(entry.name)
        if usedNames.contains(name) {
            // `id` in the path and in the query: the second is `idQuery`.
            let suffix = location.rawValue.prefix(1).uppercased() + location.rawValue.dropFirst()
            name += suffix
            alias = alias.map { $0 + suffix }
        }
        usedNames.insert(name)
        return .parameter(Self.parameter(
            name: name, wireName: wireName, type: type, location: location, codec: codec, defaultValue: required ? declaredDefault : nil,
            summary: entry.node["description"]?.string ?? Self.description(declaredSchema, schema), mark: entry.mark, alias: alias,
            allowedValues: schema.flatMap { enumValues(of: $0) }, isNullable: nullability?.admitsNull ?? false,
            schema: modelSchema(schemaNode), serverDefault: required ? nil : declaredDefault
        ))
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
        schema: ModelSchema? = nil, serverDefault: JSONValue? = nil
    ) -> Parameter {
        Parameter(
            name: name, type: type, location: location, inference: .explicit, wireName: wireName, codec: codec,
            defaultValue: defaultValue, defaultTemplate: nil, isSecret: false, summary: summary, mark: mark,
            fieldName: location == .header ? HTTPField.Name(wireName) : nil, alias: alias, allowedValues: allowedValues, isNullable: isNullable,
            schema: schema, serverDefault: serverDefault
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

    // MARK: - Bodies

    /// The body's parameters and encoding, or `nil` when the operation is left out (warned).
    private mutating func readRequestBody(
        _ node: YAMLNode, context: String, usedNames: inout Set<String>
    ) -> (parameters: [Parameter], encoding: Endpoint.BodyEncoding, schema: ModelSchema?)? {
        guard let body = resolve(node).flatMap(MappingReader.init) else { return ([], .json, nil) }
        checkKeys(body, .requestBody, context: context)
        guard let content = body["content"].flatMap(MappingReader.init), !content.pairs.isEmpty else {
            // A required body the document gives no media type for cannot be sent.
            if body["required"]?.scalar?.resolved == .bool(true) {
                reportIn(path(of: body.node), "\(context)the request body is required but has no 'content', so the operation cannot be called", at: body.node.mark)
            }
            return ([], .json, nil)
        }
        for media in content.pairs.compactMap({ MappingReader($0.value) }) {
            checkKeys(media, .mediaType, context: context)
            checkExampleAndHeaderKeys(media, context: context)
            for encoding in (media["encoding"].flatMap(MappingReader.init)?.pairs.map(\.value) ?? []).compactMap(MappingReader.init) {
                checkKeys(encoding, .encoding, context: context)
                checkExampleAndHeaderKeys(encoding, context: context)
            }
        }
        let required = body["required"]?.scalar?.resolved == .bool(true)
        let types = content.pairs.compactMap { pair in pair.key.string.map { ($0.lowercased(), pair) } }
        // Preference: JSON, then a form, then multipart.
        let choice = types.first { MediaType.isJSON($0.0) } ?? types.first { $0.0 == "application/x-www-form-urlencoded" }
            ?? types.first { $0.0 == "multipart/form-data" }
        guard let (mediaType, pair) = choice else {
            // Any other media type is a raw body from the unlabelled argument: text for `text/*`,
            // bytes (a file with `_@FILE`, piped standard input, `Data`) for the rest.
            guard let (rawType, _) = types.first else { return ([], .json, nil) }
            let baseType = rawType.split(separator: ";").first.map { String($0).trimmingSpaces() } ?? rawType
            var type: ValueType = baseType.hasPrefix("text/") ? .string : .data
            if !required { type = .optional(type) }
            let raw = Self.parameter(
                name: "_", wireName: "_", type: type, location: .body,
                codec: .body(ParameterCodec.Body(mediaType: baseType == "*/*" ? nil : baseType, encoding: .json)),
                summary: body["description"]?.string, mark: node.mark
            )
            return ([raw], .json, nil)
        }
        let encoding: Endpoint.BodyEncoding = MediaType.isJSON(mediaType) ? .json : mediaType == "multipart/form-data" ? .multipart : .form
        let schemaNode = MappingReader(pair.value)?["schema"]
        let bodySchema = modelSchema(schemaNode)
        let schema = schemaNode.flatMap { resolve($0) }.flatMap(MappingReader.init)
        guard let schema, let object = objectProperties(schema) else {
            // Not an object of known properties: the whole body is the unlabelled argument.
            let type: ValueType = required ? .json : .optional(.json)
            let whole = Self.parameter(
                name: "_", wireName: "_", type: type, location: .body, codec: .body(ParameterCodec.Body(mediaType: nil, encoding: encoding)),
                summary: body["description"]?.string, mark: node.mark, schema: bodySchema
            )
            return ([whole], encoding, bodySchema)
        }
        let requiredNames = object.required
        let encodings = MappingReader(pair.value)?["encoding"].flatMap(MappingReader.init)
        var fields: [Parameter] = []
        for property in object.properties {
            let wireName = property.key.string ?? ""
            let declaredSchema = resolve(property.value).flatMap(MappingReader.init)
            // `readOnly` properties are the server's to send: not request parameters (beside a
            // `$ref`, as 3.1 allows, or in the schema it points to).
            if [MappingReader(property.value), declaredSchema].contains(where: { $0?["readOnly"]?.scalar?.resolved == .bool(true) }) { continue }
            var type = declaredSchema.map { valueType(of: $0) } ?? .json
            let nullability = declaredSchema.map { self.nullability(of: $0) }
            let propertySchema = nullability?.branch ?? declaredSchema
            if !requiredNames.contains(wireName) { type = .optional(type) }
            var name = wireName
            var alias = Template.isValidName(wireName) ? nil : Self.identifier(wireName)
            if usedNames.contains(name) {
                name += "Field"
                alias = alias.map { $0 + "Field" }
            }
            usedNames.insert(name)
            let codec = encodings?[wireName].flatMap(MappingReader.init).map {
                readEncoding($0, property: wireName, isMultipart: encoding == .multipart, context: context, mark: property.key.mark)
            } ?? (encoding == .multipart ? .part(ParameterCodec.Part()) : encoding == .form ? .formField(ParameterCodec.Items()) : .jsonMember(spreads: false))
            fields.append(Self.parameter(
                name: name, wireName: wireName, type: type, location: encoding == .multipart ? .part : .field, codec: codec,
                summary: MappingReader(property.value)?["description"]?.string ?? Self.description(declaredSchema, propertySchema),
                mark: property.key.mark, alias: alias, allowedValues: propertySchema.flatMap { enumValues(of: $0) },
                isNullable: nullability?.admitsNull ?? false, schema: modelSchema(property.value)
            ))
        }
        return (fields, encoding, bodySchema)
    }

    /// A body property's `encoding` entry (OpenAPI 3.1 §4.8.15): a multipart part's
    /// `contentType` (the first of a list); a form field's `style`, `explode` and `allowReserved`,
    /// as a query item's (an exploded object keeps bracket names, `color[R]=100`). What cannot be
    /// honoured is warned about, by name. A JSON body's fields have no serialization of their own.
    /// A response's form uses it too (``mediaRendering(_:media:schema:context:warns:)``).
    mutating func readEncoding(
        _ entry: MappingReader, property: String, isMultipart: Bool, context: String, mark: Mark
    ) -> ParameterCodec {
        if isMultipart {
            if let headers = entry["headers"] {
                warn("\(context)the 'headers' of part '\(property)' are not sent (not supported yet)", at: headers.mark)
            }
            let contentType = entry["contentType"]?.string?.split(separator: ",").first
                .map { $0.trimmingSpaces() }.flatMap { $0.isEmpty || $0.contains("*") ? nil : $0 }
            return .part(ParameterCodec.Part(mediaType: contentType))
        }
        let styleName = entry["style"]?.string ?? "form"
        let explode = entry["explode"]?.scalar.map { $0.resolved == .bool(true) } ?? (styleName == "form")
        let escaping: ParameterCodec.Items.Escaping = entry["allowReserved"]?.scalar?.resolved == .bool(true) ? .reservedKept : .percentEncoded
        switch (ParameterCodec.Style(rawValue: styleName), explode) {
        case (.form?, true):
            return .formField(ParameterCodec.Items(escaping: escaping))
        case (.deepObject?, _):
            // As in the query (explode or not): `metadata[key]=v`, `expand[]=a`, `items[0][price]=p`.
            return .formField(ParameterCodec.Items(style: .deepObject, explode: true, escaping: escaping))
        case let (style?, false) where [.form, .spaceDelimited, .pipeDelimited].contains(style):
            return .formField(ParameterCodec.Items(style: style, explode: false, escaping: escaping))
        default:
            warn("\(context)field '\(property)': style '\(styleName)'\(explode ? " exploded" : "") is not supported in a form; it is sent as 'form'", at: (entry["style"] ?? entry["explode"])?.mark ?? mark)
            return .formField(ParameterCodec.Items(escaping: escaping))
        }
    }

    /// An object schema's properties in order and its required names, `allOf` members merged
    /// (a later member's property replaces an earlier one of the same name); `nil` when the
    /// schema is not an object of known properties (`oneOf`, `anyOf`, another type).
    mutating func objectProperties(_ schema: MappingReader, depth: Int = 0) -> (properties: [YAMLPair], required: Set<String>)? {
        guard depth < 16, schema["oneOf"] == nil, schema["anyOf"] == nil, schema["type"]?.string.map(meantType) ?? "object" == "object" else { return nil }
        var properties: [YAMLPair] = []
        var required = Set((schema["required"]?.sequence.map(Array.init) ?? []).compactMap(\.string))
        func add(_ pairs: [YAMLPair]) {
            for pair in pairs {
                if let index = properties.firstIndex(where: { $0.key.string == pair.key.string }) { properties[index] = pair } else { properties.append(pair) }
            }
        }
        for member in schema["allOf"]?.sequence.map(Array.init) ?? [] {
            guard let resolved = resolve(member).flatMap(MappingReader.init), let merged = objectProperties(resolved, depth: depth + 1) else { return nil }
            add(merged.properties)
            required.formUnion(merged.required)
        }
        if let own = schemaMapPairs(schema["properties"], keyword: "properties") { add(own) }
        return properties.isEmpty ? nil : (properties, required)
    }


    /// Whether a media type map has both JSON and `text/event-stream`.
    static func offersJSONAndEvents(_ content: MappingReader) -> Bool {
        let types = content.pairs.compactMap { $0.key.string?.lowercased() }
        return types.contains { MediaType.isJSON($0) } && types.contains { $0.hasPrefix("text/event-stream") }
    }

    /// Whether the success response (the first 2xx, else `default`) offers JSON and events.
    private mutating func successOffersJSONAndEvents(_ node: YAMLNode?) -> Bool {
        guard let responses = node.flatMap(MappingReader.init),
              let success = responses.pairs.first(where: { ($0.key.string ?? "").hasPrefix("2") }) ?? responses.entry("default"),
              let content = resolve(success.value).flatMap(MappingReader.init)?["content"].flatMap(MappingReader.init) else { return false }
        return Self.offersJSONAndEvents(content)
    }

    // MARK: - Names and types

    /// An operation's endpoint name before any suffix: `x-netspec-name`, else `operationId`, else
    /// one made from the method and path.
    static func operationName(_ operation: MappingReader, method: HTTPRequest.Method, path: String) -> String {
        operation["x-netspec-name"]?.string ?? operation["operationId"]?.string ?? name(method: method, path: path)
    }

    /// `getUsersById` for `GET /users/{id}`: the method, then each path segment capitalized,
    /// placeholders as `By` and their name.
    static func name(method: HTTPRequest.Method, path: String) -> String {
        var name = method.rawValue.lowercased()
        for segment in path.split(separator: "/") {
            if segment.hasPrefix("{"), segment.hasSuffix("}") {
                name += "By" + capitalized(identifier(String(segment.dropFirst().dropLast())))
            } else {
                name += capitalized(identifier(String(segment)))
            }
        }
        return name
    }

    /// A camelCase identifier from a wire name: `X-Rate-Limit` → `xRateLimit`, `$select` → `select`,
    /// `page.size` → `pageSize`; a leading digit gets `_`.
    static func identifier(_ text: String) -> String {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard let first = words.first else { return "_" }
        var result = first.prefix(1).lowercased() + first.dropFirst()
        for word in words.dropFirst() { result += capitalized(word) }
        if let leading = result.unicodeScalars.first, ("0"..."9").contains(leading) { result = "_" + result }
        return result
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// A schema's `enum` (or an array's items' `enum`), as JSON values.
    mutating func enumValues(of schema: MappingReader) -> [JSONValue]? {
        if let values = schema["enum"]?.sequence { return values.map(\.jsonValue) }
        if schema["type"]?.string == "array", let items = schema["items"].flatMap({ resolve($0) }).flatMap(MappingReader.init) {
            return items["enum"]?.sequence.map { $0.map(\.jsonValue) }
        }
        return nil
    }

    /// Whether a schema admits `null` — 3.1's `type: [string, "null"]`, `anyOf`/`oneOf` with a
    /// `{type: "null"}` member, 3.0's `nullable: true`, an `enum` with `null` — and the schema its
    /// other values follow: the one non-null member of an `anyOf`/`oneOf` (with its enum,
    /// format, default and description), else the schema itself.
    mutating func nullability(of schema: MappingReader) -> (admitsNull: Bool, branch: MappingReader) {
        func isNull(_ schema: MappingReader) -> Bool {
            schema["type"]?.string == "null" || schema["type"]?.sequence.map { Array($0).allSatisfy { $0.string == "null" } } == true
        }
        if schema["nullable"]?.scalar?.resolved == .bool(true) || isNull(schema)
            || schema["type"]?.sequence?.contains(where: { $0.string == "null" }) == true
            || schema["enum"]?.sequence?.contains(where: { $0.isPlainNull || $0.scalar?.resolved == .null }) == true {
            return (true, schema)
        }
        for key in ["anyOf", "oneOf"] {
            guard let members = schema[key]?.sequence else { continue }
            let schemas = members.compactMap { resolve($0).flatMap(MappingReader.init) }
            guard schemas.contains(where: isNull) else { continue }
            let others = schemas.filter { !isNull($0) }
            return (true, others.count == 1 ? others[0] : schema)
        }
        return (false, schema)
    }

    /// A schema's description, else (for a nullable one) its non-null branch's.
    static func description(_ schema: MappingReader?, _ branch: MappingReader?) -> String? {
        schema?["description"]?.string ?? branch?["description"]?.string
    }

    /// The type a `type` name means: itself, or, in Swagger's and OpenAPI 3.0's documents, the
    /// type a non-type obviously means (`int` is `integer`; ``valueType(of:)`` warns).
    func meantType(_ name: String) -> String {
        guard let dialect = schemaCompiler?.dialect, dialect != .draft2020_12 else { return name }
        return SchemaTypes.obviousMeanings[name] ?? name
    }

    /// The Netspec type of a schema: scalars and arrays of scalars by `type`, anything else JSON.
    mutating func valueType(of schema: MappingReader) -> ValueType {
        // `anyOf`/`oneOf` of one schema and `null` (how generators write an optional value, as
        // FastAPI does for `str | None`), or `allOf` of one schema: that schema.
        for key in ["anyOf", "oneOf", "allOf"] {
            guard let members = schema[key]?.sequence else { continue }
            let schemas = members.compactMap { resolve($0).flatMap(MappingReader.init) }
            let nonNull = schemas.filter { $0["type"]?.string != "null" }
            if nonNull.count == 1, key != "allOf" || schemas.count == 1 { return valueType(of: nonNull[0]) }
            return .json
        }
        var typeName = schema["type"]?.string
        // 3.1: `type: [string, "null"]`.
        if typeName == nil, let types = schema["type"]?.sequence {
            typeName = types.compactMap(\.string).first { $0 != "null" }
        }
        // Swagger's and OpenAPI 3.0's non-types that obviously mean a type (httpbin's `type: int`).
        if let name = typeName, let meant = SchemaTypes.obviousMeanings[name], let dialect = schemaCompiler?.dialect, dialect != .draft2020_12,
           let node = schema["type"] {
            let warning = Spec.Warning(file: path(of: node), line: node.mark.line, column: node.mark.column, message: SchemaTypes.nonTypeWarning(name, meant: meant, dialect: dialect))
            if !warnings.contains(warning) { warnings.append(warning) }
            typeName = meant
        }
        switch typeName {
        case "string":
            // Binary content: 3.0's `format: binary`, 3.1's `contentMediaType`.
            return schema["format"]?.string == "binary" || schema["contentMediaType"] != nil ? .data : .string
        case "integer": return .int
        case "number": return .double
        case "boolean": return .bool
        case "array":
            guard let items = schema["items"].flatMap({ resolve($0) }).flatMap(MappingReader.init) else { return .array(.json) }
            let element = valueType(of: items)
            return element == .string || element == .int || element == .double || element == .bool ? .array(element) : .array(.json)
        default:
            return .json
        }
    }
}

extension Endpoint {
    /// The same endpoint under another name (for an operation whose name is taken).
    func renamed(_ name: String) -> Endpoint {
        var fields = fieldsForRenaming
        fields.name = name
        return Endpoint(fields: fields)
    }
}

extension OpenAPIReader {
    /// A document's path with each placeholder that is not a name Netspec writes (`{user-id}`)
    /// given one (`{userId}`), and the name each original placeholder now has. Swagger's reader
    /// uses it too.
    static func netspecPath(_ path: String) -> (path: String, placeholders: [String: String]) {
        var placeholders: [String: String] = [:]
        var netspecPath = ""
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let original = String(rest[rest.index(after: open)..<close])
            let alias = Template.isValidName(original) ? original : identifier(original)
            placeholders[original] = alias
            netspecPath += rest[..<open] + "{" + alias + "}"
            rest = rest[rest.index(after: close)...]
        }
        netspecPath += rest
        return (netspecPath, placeholders)
    }
}
