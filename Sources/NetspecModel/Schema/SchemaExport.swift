// Schemas of a document made self-contained, in JSON Schema 2020-12, for consumers that get a
// schema without its document (an MCP client's tool `inputSchema` and `outputSchema`).

/// Makes the document's schemas self-contained JSON Schema 2020-12, one or several into the same
/// `$defs`.
///
/// - Every `$ref` (to `#/components/…`, another file, anything the compiler resolves by URI and
///   JSON pointer) becomes `#/$defs/NAME`, the schema it names exported once under `$defs` (named
///   after its last pointer token, made unique): recursive schemas stay references, so an export
///   always ends.
/// - OpenAPI 3.0's and Swagger 2.0's dialect is translated: `nullable: true` (`x-nullable`) admits
///   `null` (`type: [T, "null"]`, or `anyOf` with `{type: null}`), a Boolean `exclusiveMinimum`/
///   `exclusiveMaximum` becomes the number, a `$ref`'s siblings are dropped, `example` becomes
///   `examples`, Swagger's `type: file` a base64 string; a Swagger parameter (its own schema)
///   loses `name`, `in`, its Boolean `required`, `collectionFormat` and `allowEmptyValue`.
/// - `discriminator`, `xml`, `externalDocs` and `x-` extensions are dropped; for a request,
///   `readOnly` properties are dropped (and no longer required), for a response `writeOnly` ones.
/// - What is written is made to conform to the 2020-12 meta-schema: a keyword whose value the
///   meta-schema refuses (a string where a schema is required, `type: int`, `minLength: "5"`, an
///   empty `allOf`) is left out, and the schema's description says what was (`(netspec: left
///   out, not JSON Schema 2020-12: …)`); `properties: {$ref: …}`, a map written by reference
///   (DigitalOcean's), is the map it names.
package struct SchemaExport {
    /// Which way the values travel (which of `readOnly`/`writeOnly` is dropped).
    let direction: SchemaDirection
    /// The definitions' names, and those exported, shared by the exports that must agree on them.
    package let shared: ExportedDefinitions
    /// Whether a definition is exported only when asked for (``definition(named:)``), rather
    /// than when first referred to.
    let isLazy: Bool
    /// The exported definitions, in the order their export began.
    private(set) var definitions: [(name: String, schema: JSONValue)] = []
    /// A definition's position in ``definitions``.
    private var positions: [String: Int] = [:]
    /// The definitions referred to, in the order they first were, exported or not.
    private(set) var referred: [String] = []
    private var isReferred: Set<String> = []

    /// An empty export for values travelling in `direction`, its definitions named (and kept
    /// once exported) by `shared`;
    /// `lazy`, a definition is exported when ``definition(named:)`` asks for it (a schema that
    /// refers to most of a large document is exported as far as it is read).
    package init(direction: SchemaDirection, shared: ExportedDefinitions = ExportedDefinitions(), lazy: Bool = false) {
        self.direction = direction
        self.shared = shared
        isLazy = lazy
    }

    /// `$defs` with every definition exported so far (all those referred to, unless lazy);
    /// `nil` when there is none.
    package var defs: JSONValue? {
        definitions.isEmpty ? nil : .object(JSONObject(definitions.map { ($0.name, $0.schema) }))
    }

    /// The definition `name` (as ``shared`` gave it), exported now if it was not yet; `nil` when
    /// no export has that name.
    package mutating func definition(named name: String) -> JSONValue? {
        if let position = positions[name] { return definitions[position].schema }
        if isReferred.insert(name).inserted { referred.append(name) }
        if let known = shared.exported(name, for: direction) {
            positions[name] = definitions.count
            definitions.append((name, known.schema))
            for reference in known.references where isReferred.insert(reference).inserted { referred.append(reference) }
            return known.schema
        }
        guard let target = shared.target(named: name) else { return nil }
        // Reserved before its schema is exported, so a schema that refers to itself ends.
        let slot = definitions.count
        positions[name] = slot
        definitions.append((name, true))
        let schema = target.compiler.documentValue(target.document, pointer: target.pointer) ?? true
        definitions[slot].schema = exportSchema(schema, base: target.document, compiler: target.compiler)
        shared.keep(.init(schema: definitions[slot].schema, references: Self.references(in: definitions[slot].schema)), as: name, for: direction)
        return definitions[slot].schema
    }

    /// The definitions an exported schema refers to (`#/$defs/NAME`), in order, once each.
    static func references(in schema: JSONValue) -> [String] {
        var found: [String] = []
        var seen: Set<String> = []
        func walk(_ value: JSONValue) {
            switch value {
            case let .object(object):
                for (key, member) in object {
                    if key == "$ref", let reference = member.string, reference.hasPrefix("#/$defs/"),
                       let name = JSONPointer.tokens(String(reference.dropFirst("#/$defs".count)))?.first, seen.insert(name).inserted {
                        found.append(name)
                    } else {
                        walk(member)
                    }
                }
            case let .array(elements):
                elements.forEach(walk)
            default:
                break
            }
        }
        walk(schema)
        return found
    }

    /// Exports every definition referred to, and those they refer to.
    package mutating func exportAll() {
        var index = 0
        while index < referred.count {
            _ = definition(named: referred[index])
            index += 1
        }
    }

    /// The schema `reference` names, its `$ref`s pointing into ``defs``.
    package mutating func export(_ reference: ModelSchema) -> JSONValue {
        exportSchema(reference.json, base: reference.documentURI, compiler: reference.compiler)
    }

    /// `value` exported where a schema must be: a value that is not one (a document's mistake)
    /// is a schema that admits anything and says what was left out.
    private mutating func exportSchema(_ value: JSONValue, base: String, compiler: SchemaCompiler) -> JSONValue {
        guard Self.isSchema(value) else {
            var schema = JSONObject()
            Self.note(["the schema (\(Self.kind(of: value)): \(Self.quoted(value)))"], in: &schema)
            return .object(schema)
        }
        return export(value, base: base, compiler: compiler)
    }

    /// `schema` (in `compiler`'s dialect, its relative `$ref`s resolved against `base`) exported.
    mutating func export(_ schema: JSONValue, base: String, compiler: SchemaCompiler) -> JSONValue {
        guard case let .object(object) = schema else { return schema }
        let dialect = compiler.dialect
        if case let .string(target)? = object["$ref"] {
            let reference: JSONValue = ["$ref": .string("#/$defs/" + definition(of: target, base: base, compiler: compiler))]
            // OpenAPI 3.0 and Swagger: a `$ref` replaces its siblings.
            guard dialect == .draft2020_12, object.count > 1 else { return reference }
            var rest = object
            rest["$ref"] = nil
            guard case var .object(exported) = export(.object(rest), base: base, compiler: compiler) else { return reference }
            exported["$ref"] = reference["$ref"]
            return .object(exported)
        }
        var out = Exported()
        for (key, value) in object {
            exportKeyword(key, value, of: object, into: &out, base: base, compiler: compiler)
        }
        var result = out.schema
        if !out.leftOut.isEmpty { Self.note(out.leftOut, in: &result) }
        if !out.dropped.isEmpty, case let .array(required)? = result["required"] {
            result["required"] = .array(required.filter { $0.string.map { !out.dropped.contains($0) } ?? true })
        }
        // OpenAPI 3.0's `nullable: true` (Swagger's `x-nullable`) admits null.
        if let keyword = dialect.nullableKeyword, object[keyword] == .bool(true) {
            return Self.admittingNull(result)
        }
        return .object(result)
    }

    /// Whether a property's schema is dropped for this direction (`readOnly` from a request,
    /// `writeOnly` from a response).
    func isDropped(_ property: JSONObject) -> Bool {
        switch direction {
        case .request: property["readOnly"] == .bool(true)
        case .response: property["writeOnly"] == .bool(true)
        }
    }

    /// The name of the definition for the schema `target` names (exported now unless lazy).
    private mutating func definition(of target: String, base: String, compiler: SchemaCompiler) -> String {
        let resolved = SchemaURI(SchemaURI.resolve(target, against: base))
        let document = resolved.withoutFragment.text
        let name = shared.name(document: document, pointer: SchemaURI.percentDecoded(resolved.fragment ?? ""), compiler: compiler)
        if isReferred.insert(name).inserted {
            referred.append(name)
            if !isLazy { _ = definition(named: name) }
        }
        return name
    }

    static func isArray(_ value: JSONValue) -> Bool {
        if case .array = value { true } else { false }
    }

    /// `schema` made to admit `null` too: `null` added to its `type` (and `enum`), or, when it has
    /// no single `type`, `anyOf` it and `{type: null}`.
    static func admittingNull(_ schema: JSONObject) -> JSONValue {
        var schema = schema
        switch schema["type"] {
        case let .string(type)?:
            schema["type"] = [.string(type), "null"]
        case let .array(types)? where !types.contains("null"):
            schema["type"] = .array(types + ["null"])
        case .array?:
            break
        default:
            return ["anyOf": [.object(schema), ["type": "null"]]]
        }
        if case let .array(values)? = schema["enum"], !values.contains(.null) { schema["enum"] = .array(values + [.null]) }
        return .object(schema)
    }
}
