import HTTPTypes

/// The names an OpenAPI reader gives (endpoints, identifiers) and the types it reads from schemas.
extension OpenAPIReader {
    /// An operation's endpoint name before any suffix: `x-netspec-name`, else `operationId`, else
    /// one made from the method and path.
    static func operationName(_ operation: MappingReader, method: HTTPRequest.Method, path: String) -> String {
        operation["x-netspec-name"]?.string ?? operation["operationId"]?.string ?? name(method: method, path: path)
    }

    /// `getUsersById` for `GET /users/{id}`: the method, then each path segment capitalized,
    /// placeholders as `By` and their name (`mSearch…` for an `M-SEARCH` of `additionalOperations`).
    static func name(method: HTTPRequest.Method, path: String) -> String {
        var name = identifier(method.rawValue.lowercased())
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

    /// The camelCase alias a parameter or field named `wireName` also answers to: `nil` when the
    /// name is an identifier already, and when it has no ASCII letter or digit (`é`, `日本`, `-`):
    /// ``identifier(_:)`` would make that `_`, the unlabelled body's name, so such a parameter is
    /// called by its own name.
    static func alias(of wireName: String) -> String? {
        guard !Template.isValidName(wireName) else { return nil }
        let alias = identifier(wireName)
        return alias == "_" ? nil : alias
    }

    /// A parameter's name where `name` is taken — by another parameter, or, for `_`, by the
    /// unlabelled body — and the alias to go with it: both with the place after them (`idQuery`,
    /// `_Query`, `_Field`).
    static func suffixed(_ name: String, alias: String?, place suffix: String, used: Set<String>) -> (name: String, alias: String?) {
        guard name == "_" || used.contains(name) else { return (name, alias) }
        return (name + suffix, alias.map { $0 + suffix })
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
    /// `{type: "null"}` member, 3.0's `nullable: true` (Swagger's `x-nullable`), an `enum` with `null` — and the schema its
    /// other values follow: the one non-null member of an `anyOf`/`oneOf` (with its enum,
    /// format, default and description), else the schema itself.
    mutating func nullability(of schema: MappingReader) -> (admitsNull: Bool, branch: MappingReader) {
        func isNull(_ schema: MappingReader) -> Bool {
            schema["type"]?.string == "null" || schema["type"]?.sequence.map { Array($0).allSatisfy { $0.string == "null" } } == true
        }
        // Swagger 2.0's dialect says it `x-nullable` (Docker's document, 223 times).
        let keyword = schemaCompiler?.dialect.nullableKeyword ?? "nullable"
        if schema["nullable"]?.scalar?.resolved == .bool(true) || schema[keyword]?.scalar?.resolved == .bool(true) || isNull(schema)
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
            let warning = Spec.Warning(file: node.mark.file ?? path(of: node), line: node.mark.line, column: node.mark.column, message: SchemaTypes.nonTypeWarning(name, meant: meant, dialect: dialect))
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
