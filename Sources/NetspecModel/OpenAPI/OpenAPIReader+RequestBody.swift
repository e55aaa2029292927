/// Reading an OpenAPI operation's `requestBody`: its parameters (the body whole, or its fields
/// and parts), its encoding and schema, and the `encoding` of forms and multipart bodies.
extension OpenAPIReader {
    /// The body's parameters and encoding, or `nil` when the operation is left out (warned).
    mutating func readRequestBody(
        _ node: YAMLNode, context: String, usedNames: inout Set<String>
    ) -> (parameters: [Parameter], encoding: Endpoint.BodyEncoding, schema: ModelSchema?)? {
        guard let body = resolve(node).flatMap(MappingReader.init) else { return ([], .json, nil) }
        checkKeys(body, .requestBody, context: context)
        let content = contentEntries(body["content"])
        guard !content.isEmpty else {
            // A required body the document gives no media type for cannot be sent.
            if body["required"]?.scalar?.resolved == .bool(true) {
                reportIn(path(of: body.node), "\(context)the request body is required but has no 'content', so the operation cannot be called", at: body.node.mark)
            }
            return ([], .json, nil)
        }
        for pair in content {
            // The key is sent as the request's `Content-Type` line: a line break would end it and start another.
            _ = reportHeaderBreak(in: pair.key, "\(context)the request body's media type", header: "the request's Content-Type header", source: "OpenAPI Request Body Object")
            guard let media = MappingReader(pair.value) else { continue }
            // OpenAPI 3.2's multipart item schema: the body is sent as the bytes given, not made of parts.
            if isVersion32, let item = media["itemSchema"], pair.key.string.map({ MediaType.base(of: $0).hasPrefix("multipart/") }) == true {
                warn("\(context)'itemSchema' of \(MediaType.base(of: pair.key.string ?? "")) is not read: a multipart request body is not made of parts from its items", at: item.mark)
            }
            checkKeys(media, .mediaType, context: context)
            checkExampleAndHeaderKeys(media, context: context)
            for encoding in (media["encoding"].flatMap(MappingReader.init)?.pairs.map(\.value) ?? []).compactMap(MappingReader.init) {
                checkKeys(encoding, .encoding, context: context)
                checkExampleAndHeaderKeys(encoding, context: context)
            }
        }
        let required = body["required"]?.scalar?.resolved == .bool(true)
        // Each key as written and its base type: a key may carry parameters (RFC 9110 §8.3.1:
        // `multipart/form-data; charset=utf-8` is multipart) and is case-insensitive.
        let types = content.compactMap { pair in pair.key.string.map { (written: $0.trimmingSpaces(), base: MediaType.base(of: $0), pair: pair) } }
        // Preference: JSON, then a form, then multipart.
        let choice = types.first { MediaType.isJSON($0.base) } ?? types.first { $0.base == "application/x-www-form-urlencoded" }
            ?? types.first { $0.base == "multipart/form-data" }
        guard let (_, mediaType, pair) = choice else {
            // Any other media type is a raw body from the unlabelled argument: text for `text/*`,
            // bytes (a file with `_@FILE`, piped standard input, `Data`) for the rest, sent under
            // the type as written, its parameters kept (`text/plain; charset=utf-8`: without the
            // charset, text/plain means US-ASCII, RFC 6657 §4). A range (`image/*`) is made
            // concrete when the body is sent (RequestBuilder+MediaRange.swift).
            guard let (rawType, baseType, _) = types.first else { return ([], .json, nil) }
            var type: ValueType = baseType.hasPrefix("text/") ? .string : .data
            if !required { type = .optional(type) }
            let raw = Self.parameter(
                name: "_", wireName: "_", type: type, location: .body,
                codec: .body(ParameterCodec.Body(mediaType: baseType == "*/*" ? nil : rawType, encoding: .json)),
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
            return ([whole.withExamples(exampleValues(of: MappingReader(pair.value)))], encoding, bodySchema)
        }
        let requiredNames = object.required
        let encodings = MappingReader(pair.value)?["encoding"].flatMap(MappingReader.init)
        var fields: [Parameter] = []
        // The media type's examples, each split into its members: a field's examples.
        let bodyExamples = exampleValues(of: MappingReader(pair.value))
        for property in object.properties {
            let wireName = property.key.string ?? ""
            let declaredSchema = resolve(property.value).flatMap(MappingReader.init)
            // `readOnly` properties are the server's to send: not request parameters (beside a
            // `$ref`, as 3.1 allows, or in the schema it points to).
            if [MappingReader(property.value), declaredSchema].contains(where: { $0?["readOnly"]?.scalar?.resolved == .bool(true) }) { continue }
            var type = declaredSchema.map { valueType(of: $0) } ?? .json
            // A multipart array of binary items (FastAPI's `List[UploadFile]`): a file part per
            // item, `files@a.png files@b.png`.
            if encoding == .multipart, let declaredSchema, isArrayOfBinary(declaredSchema) { type = .array(.data) }
            let nullability = declaredSchema.map { self.nullability(of: $0) }
            let propertySchema = nullability?.branch ?? declaredSchema
            let codec = encodings?[wireName].flatMap(MappingReader.init).map {
                readEncoding($0, property: wireName, isMultipart: encoding == .multipart, isArray: isVersion32 && Self.isArray(type), context: context, mark: property.key.mark)
            } ?? (encoding == .multipart ? .part(ParameterCodec.Part()) : encoding == .form ? .formField(ParameterCodec.Items()) : .jsonMember(spreads: false))
            // An object whose members are form items of their own (`form` exploded: `R=100&G=200`)
            // is a dictionary, as such a query parameter is, so that it is read back as one.
            if case .formField = codec, codec.spreads, let propertySchema, isObjectSchema(propertySchema) {
                type = .dictionary(scalarMemberType(of: propertySchema) ?? .json)
            }
            if !requiredNames.contains(wireName) { type = .optional(type) }
            let (name, alias) = Self.fieldName(wireName, used: &usedNames)
            fields.append(Self.parameter(
                name: name, wireName: wireName, type: type, location: encoding == .multipart ? .part : .field, codec: codec,
                summary: MappingReader(property.value)?["description"]?.string ?? Self.description(declaredSchema, propertySchema),
                mark: property.key.mark, alias: alias, allowedValues: propertySchema.flatMap { enumValues(of: $0) },
                isNullable: nullability?.admitsNull ?? false, schema: modelSchema(property.value)
            ).withExamples(bodyExamples.compactMap { $0[wireName] }))
        }
        return (fields, encoding, bodySchema)
    }

    /// Reports the text of `node` when it holds a character a header value cannot
    /// (``MediaType/headerBreak(in:)``, or `check`'s), as an error at that character:
    /// `SUBJECT holds a line break (CR or LF) (character 11), which cannot be in HEADER (SOURCE)`.
    /// Every document text sent as a `Content-Type` is checked here: an `encoding`'s
    /// `contentType`, a request body's or a response's media type, a Swagger `consumes` or
    /// `produces` entry; and a response header's name, by ``HTTPToken/nameBreak(in:)``. Whether it did.
    mutating func reportHeaderBreak(
        in node: YAMLNode, _ subject: String, header: String, source: String,
        by check: (String) -> (offset: Int, what: String)? = MediaType.headerBreak(in:)
    ) -> Bool {
        guard let text = node.string, let (offset, what) = check(text) else { return false }
        report("\(subject) holds \(what) (character \(offset + 1)), which cannot be in \(header) (\(source))", at: node.mark(atOffset: offset, in: file))
        return true
    }

    /// Whether a schema (its non-null branch) is an array of binary items (`format: binary`,
    /// `contentMediaType`): a multipart body sends a file part per item.
    mutating func isArrayOfBinary(_ schema: MappingReader) -> Bool {
        let branch = nullability(of: schema).branch
        guard case .array = valueType(of: branch), let items = branch["items"].flatMap({ resolve($0) }).flatMap(MappingReader.init) else { return false }
        return valueType(of: items) == .data
    }

    /// Whether a type is an array (an optional one too).
    static func isArray(_ type: ValueType) -> Bool {
        if case .array = type.unwrapped { true } else { false }
    }

    /// Whether a schema is an object (`type: object`, `properties`, `additionalProperties`).
    private func isObjectSchema(_ schema: MappingReader) -> Bool {
        schema["type"]?.string == "object" || schema["properties"] != nil || schema["additionalProperties"] != nil
    }

    /// An object's members' type where `additionalProperties` (and no `properties`) gives a scalar one.
    private mutating func scalarMemberType(of schema: MappingReader) -> ValueType? {
        guard schema["properties"] == nil, let members = schema["additionalProperties"].flatMap({ resolve($0) }).flatMap(MappingReader.init) else { return nil }
        let type = valueType(of: members)
        return type.isScalar ? type : nil
    }

    /// A body property's `encoding` entry (OpenAPI 3.1 §4.8.15): a multipart part's
    /// `contentType` (the first of a list); a form field's `style`, `explode` and `allowReserved`,
    /// as a query item's (`form` exploded writes an object's members as items of their own,
    /// `R=100&G=200`, as in the query; `deepObject` with bracket names, `color[R]=100`), or,
    /// where none of those is given, its `contentType`: a JSON type sends the value as one item
    /// of its JSON text (`meta=%7B%22a%22%3A1%7D`, 3.1.1's "URL Encoded Form with JSON Values"),
    /// an array property's elements each (`isArray`, given for a 3.2 document:
    /// `tags=%22a%22&tags=%22b%22`, 3.2.0's Encoding By Name).
    /// An entry with none of them is read as no entry (bracket names for nested values, as
    /// Rails, PHP and `qs` read them). What cannot be honoured is warned about, by name. A JSON
    /// body's fields have no serialization of their own. A response's form uses it too
    /// (``mediaRendering(_:media:schema:context:warns:)``).
    mutating func readEncoding(
        _ entry: MappingReader, property: String, isMultipart: Bool, isArray: Bool = false, context: String, mark: Mark
    ) -> ParameterCodec {
        if isMultipart {
            if let headers = entry["headers"] {
                warn("\(context)the 'headers' of part '\(property)' are not sent (not supported yet)", at: headers.mark)
            }
            // Sent as the part's `Content-Type` line: a line break would end it and start another.
            if let node = entry["contentType"],
               reportHeaderBreak(in: node, "\(context)part '\(property)': the encoding's contentType", header: "the part's Content-Type header", source: "OpenAPI Encoding Object") {
                return .part(ParameterCodec.Part())
            }
            let contentType = entry["contentType"]?.string?.split(separator: ",").first
                .map { $0.trimmingSpaces() }.flatMap { $0.isEmpty || $0.contains("*") ? nil : $0 }
            return .part(ParameterCodec.Part(mediaType: contentType))
        }
        let escaping: ParameterCodec.Items.Escaping = entry["allowReserved"]?.scalar?.resolved == .bool(true) ? .reservedKept : .percentEncoded
        guard entry["style"] != nil || entry["explode"] != nil || entry["allowReserved"] != nil else {
            // Without a style, the `contentType` (3.1.1: "if a value of style, explode or
            // allowReserved is explicitly set, contentType is ignored").
            guard let node = entry["contentType"], let contentType = node.string else { return .formField(ParameterCodec.Items()) }
            let types = contentType.split(separator: ",").map { $0.trimmingSpaces() }
            if types.contains(where: MediaType.isJSON) { return .formField(isArray ? .jsonTextPerElement : .jsonText) }
            if !types.allSatisfy({ MediaType.base(of: $0) == "text/plain" }) {
                warn("\(context)field '\(property)': contentType '\(contentType)' is not applied in a form (only a JSON type is: the value as JSON text); it is sent as form items", at: node.mark)
            }
            return .formField(ParameterCodec.Items())
        }
        let styleName = entry["style"]?.string ?? "form"
        let explode = entry["explode"]?.scalar.map { $0.resolved == .bool(true) } ?? (styleName == "form")
        switch (ParameterCodec.Style(rawValue: styleName), explode) {
        case (.form?, true):
            // As a query item's (OpenAPI 3.1 §4.8.15.1): an object's members are items of their own.
            return .formField(ParameterCodec.Items(style: .form, explode: true, escaping: escaping))
        case (.deepObject?, _):
            // As in the query (explode or not): `metadata[key]=v`, `expand[]=a`, `items[0][price]=p`.
            return .formField(ParameterCodec.Items(style: .deepObject, explode: true, escaping: escaping))
        case let (style?, false) where [.form, .spaceDelimited, .pipeDelimited].contains(style):
            return .formField(ParameterCodec.Items(style: style, explode: false, escaping: escaping))
        default:
            warn("\(context)field '\(property)': style '\(styleName)'\(explode ? " exploded" : "") is not supported in a form; it is sent as 'form'", at: (entry["style"] ?? entry["explode"])?.mark ?? mark)
            return .formField(ParameterCodec.Items(style: .form, explode: true, escaping: escaping))
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

    /// The parameter name of a body field (its wire name, with `Field` after it when a parameter
    /// already has that name, or when it is `_`, the unlabelled body's name) and the identifier it
    /// also answers to when the wire name is not one (`content-type` → `contentType`; none for a
    /// name without ASCII letters or digits); the name is added to `used`. Swagger's body fields alike.
    static func fieldName(_ wireName: String, used: inout Set<String>) -> (name: String, alias: String?) {
        let (name, alias) = suffixed(wireName, alias: alias(of: wireName), place: "Field", used: used)
        used.insert(name)
        return (name, alias)
    }
}
