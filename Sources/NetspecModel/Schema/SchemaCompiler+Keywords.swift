// Compiling one schema object: each keyword's value checked and turned into a SchemaKeyword,
// subschemas compiled in place (one node per pointer), references resolved to node indices.

/// The schema object being compiled: where it is and its members.
struct SchemaSite {
    /// The node the schema object is compiled into.
    let node: Int32
    let document: String
    let pointer: String
    let base: String
    let file: String?
    let location: SchemaLocation
    let value: SourceValue
    let members: [String: SourceValue]

    subscript(key: String) -> JSONValue? { members[key]?.json }

    /// Where the member `key` is written.
    func location(of key: String) -> SchemaLocation { location.appending(key, mark: value.mark(of: key)) }

    /// A compile error about the member `key`.
    func error(_ key: String, _ message: String) -> SchemaError {
        SchemaError(message: message, location: location(of: key).description)
    }
}

extension SchemaCompilation {
    /// Compiles the schema `value` at `pointer` of `document` into the node `index`.
    mutating func compile(_ value: SourceValue, into index: Int32, document: String, pointer: String, base: String, file: String?) throws(SchemaError) {
        let location = SchemaLocation(documentURI: document, pointer: pointer, file: file, mark: value.node?.mark)
        var node = SchemaNode(location: location, source: value.json)
        switch value.json {
        case let .bool(bool):
            node.isFalse = !bool
            node.resource = resource(base)
        case let .object(object):
            var base = base
            if dialect.hasIdentifiers, case let .string(id)? = object["$id"] {
                base = SchemaURI(base).resolving(SchemaURI(id)).withoutFragment.text
            }
            node.resource = resource(base)
            let site = SchemaSite(
                node: index, document: document, pointer: pointer, base: base, file: file, location: location, value: value,
                members: Dictionary(value.members, uniquingKeysWith: { first, _ in first }))
            try compileKeywords(site, into: &node)
        default:
            throw SchemaError(message: "a schema must be an object or a boolean, not \(value.json.kindName)", location: location.description)
        }
        node.finish()
        nodes[Int(index)] = node
    }

    private mutating func compileKeywords(_ site: SchemaSite, into node: inout SchemaNode) throws(SchemaError) {
        func add(_ keyword: SchemaKeyword, _ key: String) {
            node.keywords.append(keyword)
            node.keywordLocations.append(site.location(of: key))
        }
        if let keyword = dialect.nullableKeyword, site[keyword] == .bool(true) { node.isNullable = true }
        if dialect.refIgnoresSiblings, site["$ref"] != nil {
            add(try reference(site), "$ref")
            return
        }
        if let type = site["type"], let types = try typeSet(type, site) { add(.type(types), "type") }
        if let values = site["enum"] {
            guard case let .array(values) = values else { throw site.error("enum", "enum must be an array") }
            add(.enumeration(values), "enum")
        }
        if let value = site["const"] { add(.constant(value), "const") }
        if let divisor = try number("multipleOf", site) {
            guard SchemaValues.compare(divisor, 0) ?? 0 > 0 else { throw site.error("multipleOf", "multipleOf must be greater than 0") }
            add(.multipleOf(divisor), "multipleOf")
        }
        try compileBounds(site, add)
        if let length = try count("minLength", site) { add(.minLength(length), "minLength") }
        if let length = try count("maxLength", site) { add(.maxLength(length), "maxLength") }
        if let pattern = site["pattern"] {
            guard case let .string(text) = pattern else { throw site.error("pattern", "pattern must be a string") }
            add(.pattern(try compilePattern(text, site, "pattern")), "pattern")
        }
        if let format = site["format"], format.string == nil { throw site.error("format", "format must be a string") }
        if options.formatAssertion != .never, case let .string(name)? = site["format"] {
            let format = SchemaFormat(name)
            if case .other = format {} else { add(.format(format), "format") }
        }
        try compileArrayKeywords(site, add)
        try compileObjectKeywords(site, add)
        // `readOnly`/`writeOnly` required properties (written on the property's own schema).
        if case let .array(names)? = site["required"], let properties = try mapEntries("properties", site) {
            for case let .string(name) in names {
                guard case let .object(property)? = properties.first(where: { $0.name == name })?.value.json else { continue }
                if property["readOnly"] == .bool(true) { node.directionalNames[name] = .response }
                if property["writeOnly"] == .bool(true) { node.directionalNames[name] = .request }
            }
        }
        if site["$ref"] != nil { add(try reference(site), "$ref") }
        if case let .string(text)? = site["$dynamicRef"] {
            let place = try place(of: SchemaURI.resolve(text, against: site.base), location: site.location(of: "$dynamicRef"))
            let target = self.node(document: place.document, pointer: place.pointer)
            let fragment = SchemaURI(text).fragment.map(SchemaURI.percentDecoded) ?? ""
            var anchor: String?
            if !fragment.isEmpty, !fragment.hasPrefix("/"), let tokens = JSONPointer.tokens(place.pointer),
                registry.document(place.document)?.string("$dynamicAnchor", at: tokens[...]) == fragment
            {
                anchor = fragment
                usesDynamicScope = true
            }
            add(.dynamicRef(target, anchor: anchor), "$dynamicRef")
        }
        if let branches = try schemaArray("allOf", site) { add(.allOf(branches), "allOf") }
        if let branches = try schemaArray("anyOf", site) { add(.anyOf(branches, discriminator("anyOf", site)), "anyOf") }
        if let branches = try schemaArray("oneOf", site) { add(.oneOf(branches, discriminator("oneOf", site)), "oneOf") }
        if let schema = try subschema("not", site) { add(.not(schema), "not") }
        if let condition = try subschema("if", site) {
            add(.conditional(if: condition, then: try subschema("then", site), else: try subschema("else", site)), "if")
        }
        if let schema = try subschema("unevaluatedItems", site) {
            node.tracksEvaluation = true
            add(.unevaluatedItems(schema), "unevaluatedItems")
        }
        if let schema = try subschema("unevaluatedProperties", site) {
            node.tracksEvaluation = true
            add(.unevaluatedProperties(schema), "unevaluatedProperties")
        }
    }

    /// `type`: a name or an array of names.
    private mutating func typeSet(_ value: JSONValue, _ site: SchemaSite) throws(SchemaError) -> SchemaTypes? {
        let names: [JSONValue]
        switch value {
        case .string: names = [value]
        case let .array(array): names = array
        default: throw site.error("type", "type must be a string or an array of strings")
        }
        var types: SchemaTypes = []
        for name in names {
            // Swagger's and OpenAPI 3.0's documents' non-types that obviously mean a type (`int`).
            if dialect != .draft2020_12, case let .string(written) = name, let meant = SchemaTypes.obviousMeanings[written],
               let type = SchemaTypes.named.first(where: { $0.name == meant })?.type {
                let warning = SchemaWarning(message: SchemaTypes.nonTypeWarning(written, meant: meant, dialect: dialect), location: site.location(of: "type").description)
                if !warnings[site.node, default: []].contains(warning) { warnings[site.node, default: []].append(warning) }
                types.insert(type)
                continue
            }
            guard case let .string(name) = name, let type = SchemaTypes.named.first(where: { $0.name == name })?.type else {
                // Swagger 2.0's `file` (and other names OpenAPI documents use) constrain nothing here.
                if dialect != .draft2020_12 { return nil }
                throw site.error("type", "unknown type \(name)")
            }
            types.insert(type)
        }
        return types
    }

    /// `minimum`, `maximum` and the exclusive bounds, numbers in 2020-12, booleans next to
    /// `minimum`/`maximum` in the OpenAPI dialects.
    private func compileBounds(_ site: SchemaSite, _ add: (SchemaKeyword, String) -> Void) throws(SchemaError) {
        for (inclusive, exclusive, inclusiveBound, exclusiveBound) in [
            ("minimum", "exclusiveMinimum", SchemaBound.minimum, SchemaBound.exclusiveMinimum),
            ("maximum", "exclusiveMaximum", SchemaBound.maximum, SchemaBound.exclusiveMaximum),
        ] {
            // A boolean is OpenAPI 3.0's and Swagger's form. In 2020-12 it is the bound itself,
            // but OpenAPI 3.1 documents keep the old form (OpenAI's, at 6 operations): read as
            // its author means, `minimum` made exclusive.
            let isExclusiveFlag = site[exclusive] == .bool(true)
            if let bound = try number(inclusive, site) {
                if isExclusiveFlag {
                    add(.bound(exclusiveBound, bound), exclusive)
                } else {
                    add(.bound(inclusiveBound, bound), inclusive)
                }
            }
            if case .bool? = site[exclusive] { continue }
            if let bound = try number(exclusive, site) { add(.bound(exclusiveBound, bound), exclusive) }
        }
    }

    /// `prefixItems`, `items`, `contains`, `minItems`, `maxItems`, `uniqueItems`.
    private mutating func compileArrayKeywords(_ site: SchemaSite, _ add: (SchemaKeyword, String) -> Void) throws(SchemaError) {
        if let count = try count("minItems", site) { add(.minItems(count), "minItems") }
        if let count = try count("maxItems", site) { add(.maxItems(count), "maxItems") }
        switch site["uniqueItems"] {
        case .bool(true)?: add(.uniqueItems, "uniqueItems")
        case .bool(false)?, nil: break
        default: throw site.error("uniqueItems", "uniqueItems must be a boolean")
        }
        var prefix = try schemaArray("prefixItems", site) ?? []
        var rest: Int32?
        if case .array? = site["items"] {
            // The array form of drafts before 2020-12 (and some OpenAPI documents): positional schemas.
            prefix = try schemaArray("items", site) ?? []
            rest = try subschema("additionalItems", site)
        } else {
            rest = try subschema("items", site)
        }
        if !prefix.isEmpty || rest != nil { add(.items(prefix: prefix, rest: rest), site["prefixItems"] != nil ? "prefixItems" : "items") }
        if let schema = try subschema("contains", site) {
            add(.contains(schema, minimum: try count("minContains", site) ?? 1, maximum: try count("maxContains", site)), "contains")
        }
    }

    /// `required`, `properties`, `patternProperties`, `additionalProperties`, `propertyNames`,
    /// `dependentRequired`, `dependentSchemas`, `minProperties`, `maxProperties`.
    private mutating func compileObjectKeywords(_ site: SchemaSite, _ add: (SchemaKeyword, String) -> Void) throws(SchemaError) {
        // A Boolean `required` is a Swagger parameter's (or an old document's property's) own flag, not a keyword.
        let isFlag = if case .bool? = site["required"] { dialect != .draft2020_12 } else { false }
        if !isFlag, let names = site["required"] {
            guard let names = Self.strings(names) else { throw site.error("required", "required must be an array of strings") }
            if !names.isEmpty { add(.required(names), "required") }
        }
        let properties = try schemaMap("properties", site) ?? []
        var patterns: [(pattern: SchemaPattern, node: Int32)] = []
        for (pattern, node) in try schemaMap("patternProperties", site) ?? [] {
            patterns.append((try compilePattern(pattern, site, "patternProperties"), node))
        }
        let additional = try subschema("additionalProperties", site)
        if let key = ["properties", "patternProperties", "additionalProperties"].first(where: { site[$0] != nil }) {
            add(.properties(SchemaObjectShape(properties: properties, patterns: patterns, additional: additional)), key)
        }
        if let schema = try subschema("propertyNames", site) { add(.propertyNames(schema), "propertyNames") }
        if let dependencies = site["dependentRequired"] {
            guard case let .object(object) = dependencies else { throw site.error("dependentRequired", "dependentRequired must be an object") }
            var list: [(name: String, required: [String])] = []
            for (name, names) in object {
                guard let names = Self.strings(names) else { throw site.error("dependentRequired", "dependentRequired/\(name) must be an array of strings") }
                list.append((name, names))
            }
            add(.dependentRequired(list), "dependentRequired")
        }
        if let schemas = try schemaMap("dependentSchemas", site) { add(.dependentSchemas(schemas.map { (name: $0.0, node: $0.1) }), "dependentSchemas") }
        // Drafts before 2019-09 wrote both as `dependencies`: an array of names, or a schema.
        if let dependencies = site.members["dependencies"], case .object = dependencies.json {
            var names: [(name: String, required: [String])] = []
            var schemas: [(name: String, node: Int32)] = []
            for (name, member) in dependencies.members {
                if let required = Self.strings(member.json) {
                    names.append((name, required))
                } else {
                    schemas.append((name, try compileChild(member, pointer: site.pointer + "/dependencies/" + JSONPointer.escape(name), site)))
                }
            }
            if !names.isEmpty { add(.dependentRequired(names), "dependencies") }
            if !schemas.isEmpty { add(.dependentSchemas(schemas), "dependencies") }
        }
        if let count = try count("minProperties", site) { add(.minProperties(count), "minProperties") }
        if let count = try count("maxProperties", site) { add(.maxProperties(count), "maxProperties") }
    }

    // MARK: - Keyword values

    /// The subschema at member `key`, compiled (or found already compiled).
    mutating func subschema(_ key: String, _ site: SchemaSite) throws(SchemaError) -> Int32? {
        guard let value = site.members[key] else { return nil }
        return try compileChild(value, pointer: site.pointer + "/" + JSONPointer.escape(key), site)
    }

    mutating func compileChild(_ value: SourceValue, pointer: String, _ site: SchemaSite) throws(SchemaError) -> Int32 {
        let (index, isNew) = allocate(document: site.document, pointer: pointer)
        if isNew { try compile(value, into: index, document: site.document, pointer: pointer, base: site.base, file: site.file) }
        return index
    }

    /// The array of subschemas at member `key`.
    private mutating func schemaArray(_ key: String, _ site: SchemaSite) throws(SchemaError) -> [Int32]? {
        guard let value = site.members[key] else { return nil }
        guard let elements = value.elements, !elements.isEmpty else { throw site.error(key, "\(key) must be a non-empty array of schemas") }
        var indices: [Int32] = []
        for (position, element) in elements.enumerated() {
            indices.append(try compileChild(element, pointer: site.pointer + "/" + key + "/\(position)", site))
        }
        return indices
    }

    /// The object of subschemas at member `key`, in order (a map written as a `$ref`, as
    /// DigitalOcean writes `properties`, read as the map it names: SchemaCompiler+MapReferences.swift).
    private mutating func schemaMap(_ key: String, _ site: SchemaSite) throws(SchemaError) -> [(String, Int32)]? {
        guard let entries = try mapEntries(key, site) else { return nil }
        var result: [(String, Int32)] = []
        for entry in entries {
            if !entry.isReferenced {
                result.append((entry.name, try compileChild(entry.value, pointer: entry.pointer, site)))
            } else {
                result.append((entry.name, node(document: entry.document, pointer: entry.pointer)))
            }
        }
        return result
    }

    /// A non-negative integer at member `key` (`2.0` counts as 2).
    private func count(_ key: String, _ site: SchemaSite) throws(SchemaError) -> Int? {
        guard let value = site[key] else { return nil }
        guard let count = value.int, count >= 0 else { throw site.error(key, "\(key) must be a non-negative integer") }
        return count
    }

    /// A number at member `key`.
    private func number(_ key: String, _ site: SchemaSite) throws(SchemaError) -> JSONValue? {
        guard let value = site[key] else { return nil }
        switch value {
        case .int, .double: return value
        default: throw site.error(key, "\(key) must be a number")
        }
    }

    private func compilePattern(_ text: String, _ site: SchemaSite, _ key: String) throws(SchemaError) -> SchemaPattern {
        do { return try SchemaPattern(text) } catch { throw site.error(key, error.message) }
    }

    private static func strings(_ value: JSONValue) -> [String]? {
        guard case let .array(elements) = value else { return nil }
        let strings = elements.compactMap(\.string)
        return strings.count == elements.count ? strings : nil
    }
}
