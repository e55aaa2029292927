import HTTPTypes

/// The codec of an OpenAPI parameter: its location, style and `explode` (OpenAPI 3.1
/// §4.8.12.4 and 3.2.0's Style Values: every row of the table), or its `content`.
extension OpenAPIReader {
    /// The parameter's codec, `nil` when its serialization is not supported; `type` becomes the
    /// content's where the content decides it (JSON text, a `querystring`).
    mutating func chooseCodec(
        _ entry: DeclaredParameter, location: Parameter.Location, styleName: String, explode: Bool, asksReserved: Bool, type: inout ValueType,
        isObject: Bool, isJSONContent: Bool, mediaType: String, context: String
    ) -> ParameterCodec? {
        let style = ParameterCodec.Style(rawValue: styleName)
        // `allowReserved` keeps reserved characters in query values (and, in 3.2, a path's: reserved expansion).
        let escaping: ParameterCodec.Items.Escaping = location == .query && asksReserved ? .reservedKept : .percentEncoded
        let isArray = if case .array = type { true } else { false }
        let isComposite = isObject || isArray || type == .json
        switch (location, style, explode) {
        case (.querystring, _, _):
            let form = queryStringForm(entry.node["content"], context: "\(context)parameter '\(entry.name)': ", warns: true)
            type = form.type
            return form.codec
        case (_, _, _) where entry.node["content"] != nil:
            // JSON text in any place but the path; other content types are not written yet.
            guard isJSONContent && location != .path else { return nil }
            type = .json
            return .jsonText(in: location)
        case (.path, .simple?, _) where asksReserved && isVersion32 && !isComposite:
            return .path(.reserved)
        case (.query, .form?, true), (.query, .form?, false), (.query, .spaceDelimited?, false), (.query, .pipeDelimited?, false):
            // Exploded: arrays repeat the name, an object's members are items of their own
            // (`R=100&G=200`); not: one item, the values (an object's names and values in turn)
            // joined by the delimiter.
            return .query(ParameterCodec.Items(style: style!, explode: explode, escaping: escaping))
        case (.query, .deepObject?, _):
            // `color[R]=100&color[G]=200`. The specification defines deepObject only exploded,
            // and only for objects; a document that leaves `explode` at its default (false)
            // means the same, as code generators and Prism read it. Arrays and everything else
            // follow the bracket convention Stripe's documents use deepObject for:
            // `expand[]=a&expand[]=b`, `items[0][price]=p`, and a scalar as itself (`created=5`
            // where `anyOf` admits an integer or an object).
            return .query(ParameterCodec.Items(style: .deepObject, explode: true, escaping: escaping))
        case let (.path, style?, explode) where [.simple, .label, .matrix].contains(style):
            return .path(isComposite || style != .simple ? .styled(style, explode: explode, name: entry.name) : .segment(.unreserved))
        case (.header, .simple?, _):
            return .header(.simple(explode: explode))
        case (.cookie, .form?, _):
            return .cookie(joined: !explode)
        case (.cookie, nil, _) where styleName == "cookie" && isVersion32:
            return .cookieStyle(explode: explode)
        default:
            return nil
        }
    }

    /// A `querystring` parameter's type and form, by its one media type (`content`). A form's
    /// `encoding` entries are its members' forms, read as a form body's fields' are ("using
    /// Encoding Objects in the same way as with request bodies of that media type", OpenAPI 3.2.0,
    /// Parameter Locations): a JSON `contentType` (an array property's elements each), `style`,
    /// `explode`, `allowReserved`; an entry no property of the schema has is ignored, as Encoding
    /// By Name says. What cannot be honoured is warned about with `context` when `warns`.
    mutating func queryStringForm(_ content: YAMLNode?, context: String, warns: Bool) -> (type: ValueType, codec: ParameterCodec) {
        let pair = firstContentEntry(content)
        let mediaType = pair?.key.string ?? ""
        let media = pair.flatMap { resolve($0.value) }.flatMap(MappingReader.init)
        guard MediaType.base(of: mediaType) == "application/x-www-form-urlencoded",
              let encodings = media?["encoding"].flatMap(MappingReader.init),
              let schema = media?["schema"].flatMap({ resolve($0) }).flatMap(MappingReader.init),
              let object = objectProperties(nullability(of: schema).branch) else { return Self.queryStringForm(mediaType) }
        var fields: [String: ParameterCodec.Field] = [:]
        let warningCount = warnings.count
        for property in object.properties {
            guard let name = property.key.string, let entry = encodings[name].flatMap(MappingReader.init) else { continue }
            let type = resolve(property.value).flatMap(MappingReader.init).map { valueType(of: $0) } ?? .json
            let codec = readEncoding(entry, property: name, isMultipart: false, isArray: Self.isArray(type), context: context, mark: property.key.mark)
            if case let .formField(items) = codec, items != ParameterCodec.Items() { fields[name] = ParameterCodec.Field(items: items, type: type) }
        }
        if !warns { warnings.removeSubrange(warningCount...) }
        return (.dictionary(.json), .queryString(.form(fields: fields)))
    }

    /// A `querystring` parameter's type and form, by its one media type alone (no `encoding`).
    static func queryStringForm(_ mediaType: String) -> (type: ValueType, codec: ParameterCodec) {
        // By its base type: `application/x-www-form-urlencoded; charset=utf-8` is a form too.
        if MediaType.base(of: mediaType) == "application/x-www-form-urlencoded" { return (.dictionary(.json), .queryString(.form())) }
        return MediaType.isJSON(mediaType) ? (.json, .queryString(.json)) : (.string, .queryString(.text))
    }
}
