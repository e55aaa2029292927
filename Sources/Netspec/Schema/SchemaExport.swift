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
package struct SchemaExport {
    /// Which way the values travel (which of `readOnly`/`writeOnly` is dropped).
    let direction: SchemaDirection
    /// The exported definitions, in the order they were first reached.
    private(set) var definitions: [(name: String, schema: JSONValue)] = []
    /// A referenced schema's place (`document#pointer`) to its definition's name.
    private var names: [String: String] = [:]

    /// An empty export for values travelling in `direction`.
    package init(direction: SchemaDirection) {
        self.direction = direction
    }

    /// `$defs` with every definition exported so far; `nil` when there is none.
    package var defs: JSONValue? {
        definitions.isEmpty ? nil : .object(JSONObject(definitions.map { ($0.name, $0.schema) }))
    }

    /// The schema `reference` names, its `$ref`s pointing into ``defs``.
    package mutating func export(_ reference: ModelSchema) -> JSONValue {
        export(reference.json, base: reference.documentURI, compiler: reference.compiler)
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
        var out = JSONObject()
        var readOnlyOrWriteOnly: Set<String> = []
        for (key, value) in object {
            switch key {
            case "discriminator", "xml", "externalDocs", "nullable", "x-nullable", "$schema", "$id", "$anchor",
                 "name", "in", "collectionFormat", "allowEmptyValue", "readOnly", "writeOnly":
                // `$id` and anchors would change how the exported `$ref`s resolve.
                continue
            case _ where key.hasPrefix("x-"):
                continue
            case "required" where !Self.isArray(value):
                continue  // A Swagger parameter's own flag.
            case "example":
                if object["examples"] == nil { out["examples"] = [value] }
            case "type" where value == "file":
                out["type"] = "string"
                out["contentEncoding"] = "base64"
            case "exclusiveMinimum", "exclusiveMaximum":
                if case let .bool(flag) = value {
                    let bound = key == "exclusiveMinimum" ? "minimum" : "maximum"
                    if flag, let limit = object[bound] { out[key] = limit }
                } else {
                    out[key] = value
                }
            case "minimum", "maximum":
                let exclusive = key == "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"
                if object[exclusive] != .bool(true) { out[key] = value }
            case "properties":
                guard case let .object(properties) = value else { continue }
                var exported = JSONObject()
                for (name, property) in properties {
                    if case let .object(members) = property, isDropped(members) {
                        readOnlyOrWriteOnly.insert(name)
                        continue
                    }
                    exported[name] = export(property, base: base, compiler: compiler)
                }
                out[key] = .object(exported)
            case "patternProperties", "$defs", "definitions", "dependentSchemas":
                guard case let .object(schemas) = value else { continue }
                out[key] = .object(JSONObject(schemas.map { ($0.key, export($0.value, base: base, compiler: compiler)) }))
            case "allOf", "anyOf", "oneOf", "prefixItems":
                guard case let .array(schemas) = value else { continue }
                out[key] = .array(schemas.map { export($0, base: base, compiler: compiler) })
            case "items":
                if case let .array(schemas) = value {
                    // The array form of older drafts is 2020-12's `prefixItems`.
                    out["prefixItems"] = .array(schemas.map { export($0, base: base, compiler: compiler) })
                    if let additional = object["additionalItems"] { out["items"] = export(additional, base: base, compiler: compiler) }
                } else {
                    out[key] = export(value, base: base, compiler: compiler)
                }
            case "additionalItems":
                continue  // With `items` above.
            case "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "propertyNames", "contains", "not", "if", "then", "else":
                out[key] = export(value, base: base, compiler: compiler)
            default:
                out[key] = value
            }
        }
        if !readOnlyOrWriteOnly.isEmpty, case let .array(required)? = out["required"] {
            out["required"] = .array(required.filter { $0.string.map { !readOnlyOrWriteOnly.contains($0) } ?? true })
        }
        // OpenAPI 3.0's `nullable: true` (Swagger's `x-nullable`) admits null.
        if let keyword = dialect.nullableKeyword, object[keyword] == .bool(true) {
            return Self.admittingNull(out)
        }
        return .object(out)
    }

    /// Whether a property's schema is dropped for this direction (`readOnly` from a request,
    /// `writeOnly` from a response).
    private func isDropped(_ property: JSONObject) -> Bool {
        switch direction {
        case .request: property["readOnly"] == .bool(true)
        case .response: property["writeOnly"] == .bool(true)
        }
    }

    /// The name of the definition for the schema `target` names (exported on first use).
    private mutating func definition(of target: String, base: String, compiler: SchemaCompiler) -> String {
        let resolved = SchemaURI.resolve(target, against: base)
        if let known = names[resolved] { return known }
        let parsed = SchemaURI(resolved)
        let document = parsed.withoutFragment.text
        let pointer = SchemaURI.percentDecoded(parsed.fragment ?? "")
        let tokens = JSONPointer.tokens(pointer) ?? []
        let stem = (tokens.last ?? document.split(separator: "/").last.map(String.init) ?? "schema")
            .split(separator: ".").first.map(String.init) ?? "schema"
        var name = String(stem.unicodeScalars.map { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" ? Character(scalar) : "_"
        })
        if name.isEmpty { name = "schema" }
        var unique = name
        var suffix = 2
        while definitions.contains(where: { $0.name == unique }) {
            unique = name + String(suffix)
            suffix += 1
        }
        names[resolved] = unique
        // Reserved before its schema is exported, so a schema that refers to itself ends.
        let slot = definitions.count
        definitions.append((unique, true))
        let schema = compiler.documentValue(document, pointer: pointer) ?? true
        definitions[slot].schema = export(schema, base: document, compiler: compiler)
        return unique
    }

    private static func isArray(_ value: JSONValue) -> Bool {
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
