/// The OpenAPI 3.2 rules of each object that has some (OpenAPI 3.2.0's Parameter, Header, Media
/// Type, Encoding, Example and XML Objects), walked to by `OpenAPIReader+Rules32.swift`.
extension OpenAPIReader {
    /// How an example's `dataValue` is written, to compare with its `serializedValue`: as a
    /// parameter of this serialization, or as a media type's content.
    enum ExampleSerializer {
        case parameter(ParameterCodec.Serialization)
        /// A `querystring` parameter's whole query string, by its form.
        case queryString(ParameterCodec)
        case mediaType(String)
    }

    /// The styles each location allows (OpenAPI 3.2.0, Style Values).
    static let stylesByLocation32: [String: [String]] = [
        "path": ["matrix", "label", "simple"], "query": ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
        "header": ["simple"], "cookie": ["form", "cookie"],
    ]

    /// A Parameter object: its location and name, `schema` or `content` (one, and the fields that
    /// go with each), `style` for its location, `allowReserved` where values are percent-encoded,
    /// `example` or `examples`, and its examples and content.
    mutating func checkParameter32(_ node: YAMLNode, context: String) {
        guard let parameter = MappingReader(node), parameter["$ref"] == nil else { return }
        let location = parameter["in"]?.string ?? ""
        let name = parameter["name"]?.string ?? ""
        func refuse(_ key: String, _ message: String, section: String = "Parameter Object") {
            let entry = parameter.entry(key)
            reportIn(path(of: node), "\(context)\(message) (OpenAPI 3.2.0, \(section))", at: entry?.key.mark ?? node.mark)
        }
        guard let styles = Self.stylesByLocation32[location] ?? (location == "querystring" ? [] : nil) else {
            return refuse("in", "'in: \(location)' is not a location; write query, querystring, header, path or cookie")
        }
        if location == "path", name.contains(where: { $0 == "{" || $0 == "}" }) {
            refuse("name", "a path parameter's name '\(name)' cannot contain '{' or '}'")
        }
        if location == "header", !HTTPToken.isToken(name) {
            refuse("name", "a header parameter's name '\(name)' is not an RFC 9110 §5.1 token")
        }
        checkSchemaOrContent32(parameter, node: node, context: context)
        if location == "querystring" {
            if parameter["schema"] != nil { refuse("schema", "a 'querystring' parameter is described by 'content', not 'schema'") }
            if parameter["content"] == nil { refuse("in", "a 'querystring' parameter must have 'content' (one media type)") }
        }
        let style = parameter["style"]?.string ?? (location == "query" || location == "cookie" ? "form" : "simple")
        if parameter["schema"] != nil, !styles.isEmpty, !styles.contains(style) {
            refuse("style", "style '\(style)' is not allowed in \(location); write \(styles.map { "'\($0)'" }.joined(separator: " or "))", section: "Style Values")
        }
        if parameter["allowReserved"] != nil, parameter["content"] == nil, location == "header" || location == "cookie" && style == "cookie" {
            refuse(
                "allowReserved",
                "'allowReserved' applies only where values are percent-encoded (query, path, and cookie with style form), not in \(location)\(location == "cookie" ? " with style cookie" : "")"
            )
        }
        let explode = parameter["explode"]?.scalar.map { $0.resolved == .bool(true) } ?? (style == "form" || style == "cookie")
        let serialization = ParameterCodec.Serialization(
            location: location, style: style, explode: explode, name: name, allowsReserved: parameter["allowReserved"]?.scalar?.resolved == .bool(true)
        )
        let serializer: ExampleSerializer? = if location == "querystring" {
            .queryString(queryStringForm(parameter["content"], context: context, warns: false).codec)
        } else {
            parameter["schema"] != nil ? .parameter(serialization) : nil
        }
        checkExamples32(parameter, node: node, context: context, serializer: serializer)
        checkContent32(parameter["content"], context: context)
    }

    /// A Header object: `schema` or `content`, `style: simple` only, no `allowReserved`, and its examples.
    mutating func checkHeader32(_ node: YAMLNode, context: String) {
        guard let header = MappingReader(node), header["$ref"] == nil else { return }
        checkSchemaOrContent32(header, node: node, context: context)
        if let style = header.entry("style"), style.value.string != "simple" {
            reportIn(path(of: node), "\(context)a header's style must be 'simple', found \(style.value.foundDescription) (OpenAPI 3.2.0, Header Object)", at: style.value.mark)
        }
        if let reserved = header.entry("allowReserved") {
            reportIn(path(of: node), "\(context)'allowReserved' is not a field of a Header object: header values are not percent-encoded (OpenAPI 3.2.0, Header Object)", at: reserved.key.mark)
        }
        let explode = header["explode"]?.scalar?.resolved == .bool(true)
        let serializer = ExampleSerializer.parameter(.init(location: "header", style: "simple", explode: explode, name: "", allowsReserved: false))
        checkExamples32(header, node: node, context: context, serializer: header["schema"] != nil ? serializer : nil)
        checkContent32(header["content"], context: context)
    }

    /// `schema` or `content`, not both nor neither; `content` of exactly one media type, and
    /// without the fields that go with `schema` (`style`, `explode`, `allowReserved`).
    private mutating func checkSchemaOrContent32(_ object: MappingReader, node: YAMLNode, context: String) {
        let section = object["in"] == nil ? "Header Object" : "Parameter Object"
        guard let content = object.entry("content") else {
            if object["schema"] == nil {
                reportIn(path(of: node), "\(context)'schema' or 'content' must be given (OpenAPI 3.2.0, \(section))", at: node.mark)
            }
            return
        }
        if let schema = object.entry("schema") {
            reportIn(path(of: node), "\(context)'schema' and 'content' are both given; give one (OpenAPI 3.2.0, \(section))", at: schema.key.mark)
        }
        if content.value.mapping?.count != 1 {
            reportIn(path(of: node), "\(context)'content' must hold exactly one media type (OpenAPI 3.2.0, \(section))", at: content.value.mark)
        }
        for key in ["style", "explode", "allowReserved"] {
            guard let entry = object.entry(key) else { continue }
            reportIn(path(of: node), "\(context)'\(key)' goes with 'schema', not with 'content' (OpenAPI 3.2.0, \(section))", at: entry.key.mark)
        }
    }

    /// A Media Type object: `encoding` without `prefixEncoding` or `itemEncoding`, its encodings
    /// and its examples.
    mutating func checkMediaType32(_ node: YAMLNode, context: String, serializer: ExampleSerializer?) {
        guard let mediaType = MappingReader(node), mediaType["$ref"] == nil else { return }
        checkEncodings32(mediaType, node: node, context: context, section: "Media Type Object")
        checkExamples32(mediaType, node: node, context: context, serializer: serializer)
        for key in ["schema", "itemSchema"] where only == nil {
            if let schema = mediaType[key] { checkSchema32(schema, context: context, isComponent: false) }
        }
    }

    /// An object's `encoding` (by name) that excludes `prefixEncoding` and `itemEncoding` (by
    /// position), each Encoding object checked alike, with its headers.
    private mutating func checkEncodings32(_ object: MappingReader, node: YAMLNode, context: String, section: String) {
        if object["encoding"] != nil {
            for key in ["prefixEncoding", "itemEncoding"] {
                guard let entry = object.entry(key) else { continue }
                reportIn(path(of: node), "\(context)'encoding' and '\(key)' exclude each other (OpenAPI 3.2.0, \(section))", at: entry.key.mark)
            }
        }
        var nested = object["encoding"].flatMap(MappingReader.init)?.pairs.map(\.value) ?? []
        nested += object["prefixEncoding"]?.sequence.map(Array.init) ?? []
        if let item = object["itemEncoding"] { nested.append(item) }
        for encoding in nested {
            guard let mapping = MappingReader(encoding) else { continue }
            checkHeaders32(mapping["headers"], context: context)
            checkEncodings32(mapping, node: encoding, context: context, section: "Encoding Object")
        }
    }

    /// `example` or `examples`, and each Example object.
    private mutating func checkExamples32(_ object: MappingReader, node: YAMLNode, context: String, serializer: ExampleSerializer?) {
        if object["example"] != nil, let examples = object.entry("examples") {
            reportIn(path(of: node), "\(context)'example' and 'examples' exclude each other; give one (OpenAPI 3.2.0, Working with Examples)", at: examples.key.mark)
        }
        for pair in object["examples"].flatMap(MappingReader.init)?.pairs.map({ $0 }) ?? [] {
            checkExample32(pair.value, context: context + "example '\(pair.key.string ?? "")': ", serializer: serializer)
        }
    }

    /// A schema: a mapping or a Boolean (a component must be one), and in it and its
    /// subschemas, XML objects whose `nodeType` excludes `attribute` and `wrapped`.
    mutating func checkSchema32(_ node: YAMLNode, context: String, isComponent: Bool) {
        guard let schema = MappingReader(node) else {
            if isComponent, node.scalar.map({ if case .bool = $0.resolved { false } else { true } }) ?? true {
                reportIn(path(of: node), "\(context)a schema must be a mapping or a Boolean, found \(node.foundDescription) (OpenAPI 3.2.0, Schema Object)", at: node.mark)
            }
            return
        }
        if let xml = schema["xml"].flatMap(MappingReader.init), let nodeType = xml["nodeType"] {
            if !["element", "attribute", "text", "cdata", "none"].contains(nodeType.string ?? "") {
                reportIn(path(of: node), "\(context)an XML object's 'nodeType' must be one of element, attribute, text, cdata, none (OpenAPI 3.2.0, XML Object)", at: nodeType.mark)
            }
            for key in ["attribute", "wrapped"] {
                guard let entry = xml.entry(key) else { continue }
                reportIn(path(of: node), "\(context)'nodeType' and '\(key)' exclude each other in an XML object; write the node type alone (OpenAPI 3.2.0, XML Object)", at: entry.key.mark)
            }
        }
        if let discriminator = schema["discriminator"].flatMap(MappingReader.init), let entry = discriminator.entry("defaultMapping"),
           let target = entry.value.string, !namesSchema(target) {
            // A warning, not an error: the 3.2 schema tests' valid `mega.yaml` names a schema it does not have.
            warnIn(path(of: node), "\(context)discriminator's 'defaultMapping: \(target)' names no schema of this document, so it is not used (OpenAPI 3.2.0, Discriminator Object)", at: entry.value.mark)
        }
        for pair in schema.pairs {
            if pair.key.hasText(in: Self.schemaMapKeywords) {
                for member in MappingReader(pair.value)?.pairs.map({ $0 }) ?? [] { checkSchema32(member.value, context: context, isComponent: false) }
            } else if pair.key.hasText(in: Self.schemaKeywords) {
                for subschema in pair.value.sequence.map(Array.init) ?? [pair.value] { checkSchema32(subschema, context: context, isComponent: false) }
            }
        }
    }

    /// Whether a discriminator's `defaultMapping` names a schema: a component's name, or a JSON
    /// pointer in this document to a value; a reference into another document is not followed here.
    private func namesSchema(_ target: String) -> Bool {
        guard target.contains("/") || target.contains("#") else {
            return root["components"].flatMap(MappingReader.init)?["schemas"].flatMap(MappingReader.init)?[target] != nil
        }
        guard target.hasPrefix("#") else { return true }
        var found: YAMLNode? = root.node
        for token in target.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) where target.count > 1 {
            found = found.flatMap(MappingReader.init)?[String(token).replacing("~1", with: "/").replacing("~0", with: "~")]
        }
        return found != nil
    }

    /// JSON Schema's keywords whose value is a map of names to schemas.
    private static let schemaMapKeywords = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]
    /// JSON Schema's keywords whose value is a schema or a list of them.
    private static let schemaKeywords = [
        "items", "prefixItems", "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "contains", "additionalProperties",
        "propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema",
    ]
}
