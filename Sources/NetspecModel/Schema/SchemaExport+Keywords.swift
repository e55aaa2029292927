// One keyword of a schema object exported: what ``SchemaExport/export(_:base:compiler:)`` does
// for each member, by keyword, with the subschema-holding keywords exported recursively.

extension SchemaExport {
    /// A schema object being exported: the keywords written, what could not be exported as JSON
    /// Schema 2020-12 (said in the description), and the properties dropped for the direction
    /// (no longer required).
    struct Exported {
        var schema = JSONObject()
        var leftOut: [String] = []
        var dropped: Set<String> = []
    }

    /// `key: value`, a member of the schema object `object`, exported into `out`.
    mutating func exportKeyword(_ key: String, _ value: JSONValue, of object: JSONObject, into out: inout Exported, base: String, compiler: SchemaCompiler) {
        switch key {
        case "discriminator", "xml", "externalDocs", "nullable", "x-nullable", "$schema", "$id", "$anchor",
             "$dynamicAnchor", "$dynamicRef", "$recursiveAnchor", "$recursiveRef",
             "name", "in", "collectionFormat", "allowEmptyValue", "readOnly", "writeOnly":
            // `$id` and anchors would change how the exported `$ref`s resolve (and a dynamic
            // reference has no anchor left to find).
            return
        case _ where key.hasPrefix("x-"):
            return
        case "required" where !Self.isArray(value):
            return  // A Swagger parameter's own flag.
        case "example":
            if object["examples"] == nil { out.schema["examples"] = [value] }
        case "type" where value == "file":
            out.schema["type"] = "string"
            out.schema["contentEncoding"] = "base64"
        case "exclusiveMinimum", "exclusiveMaximum":
            if case let .bool(flag) = value {
                let bound = key == "exclusiveMinimum" ? "minimum" : "maximum"
                if flag, let limit = object[bound], let number = Self.conforming(key, limit) { out.schema[key] = number }
            } else {
                exportConforming(key, value, into: &out)
            }
        case "minimum", "maximum":
            let exclusive = key == "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"
            guard object[exclusive] != .bool(true) else { return }
            exportConforming(key, value, into: &out)
        case "properties":
            exportProperties(value, into: &out, base: base, compiler: compiler)
        case _ where Self.subschemaMaps.contains(key):
            exportSchemaMap(key, value, into: &out, base: base, compiler: compiler)
        case _ where Self.subschemaLists.contains(key):
            let schemas = value.array?.filter(Self.isSchema) ?? []
            if schemas.count != value.array?.count ?? -1 {
                out.leftOut.append(schemas.isEmpty ? "'\(key)' (\(Self.kind(of: value)), not a list of schemas)" : "what in '\(key)' is not a schema")
            }
            guard !schemas.isEmpty else { return }
            out.schema[key] = .array(schemas.map { export($0, base: base, compiler: compiler) })
        case "items":
            exportItems(value, additional: object["additionalItems"], into: &out, base: base, compiler: compiler)
        case "additionalItems":
            return  // With `items` above.
        case _ where Self.subschemaKeywords.contains(key):
            guard Self.isSchema(value) else {
                out.leftOut.append("'\(key)' (\(Self.kind(of: value)), not a schema)")
                return
            }
            out.schema[key] = export(value, base: base, compiler: compiler)
        default:
            exportConforming(key, value, into: &out)
        }
    }

    /// `key: value` written as it is where the 2020-12 meta-schema admits it, else left out.
    private func exportConforming(_ key: String, _ value: JSONValue, into out: inout Exported) {
        if let conforming = Self.conforming(key, value) {
            out.schema[key] = conforming
        } else {
            out.leftOut.append("'\(key)': \(Self.quoted(value))")
        }
    }

    /// `properties`, each property's schema exported, those dropped for the direction noted.
    private mutating func exportProperties(_ value: JSONValue, into out: inout Exported, base: String, compiler: SchemaCompiler) {
        guard let (properties, base) = propertyMap(value, base: base, compiler: compiler) else {
            out.leftOut.append("'properties' (\(Self.kind(of: value)), not a map of schemas)")
            return
        }
        var exported = JSONObject()
        for (name, property) in properties {
            if case let .object(members) = property, isDropped(members) {
                out.dropped.insert(name)
                continue
            }
            guard Self.isSchema(property) else {
                out.leftOut.append("the property '\(name)' (\(Self.kind(of: property)), not a schema)")
                continue
            }
            exported[name] = export(property, base: base, compiler: compiler)
        }
        out.schema["properties"] = .object(exported)
    }

    /// A keyword whose value is a map of schemas (`$defs`, `patternProperties`, …), exported.
    private mutating func exportSchemaMap(_ key: String, _ value: JSONValue, into out: inout Exported, base: String, compiler: SchemaCompiler) {
        guard case let .object(schemas) = value else {
            out.leftOut.append("'\(key)' (\(Self.kind(of: value)), not a map of schemas)")
            return
        }
        var exported = JSONObject()
        for (name, schema) in schemas {
            guard Self.isSchema(schema) else {
                out.leftOut.append("'\(key)' '\(name)' (\(Self.kind(of: schema)), not a schema)")
                continue
            }
            exported[name] = export(schema, base: base, compiler: compiler)
        }
        out.schema[key] = .object(exported)
    }

    /// `items`: a schema, or the array form of older drafts, which is 2020-12's `prefixItems`
    /// (with `additionalItems` as its `items`).
    private mutating func exportItems(_ value: JSONValue, additional: JSONValue?, into out: inout Exported, base: String, compiler: SchemaCompiler) {
        if case let .array(schemas) = value {
            let items = schemas.filter(Self.isSchema)
            if items.count != schemas.count { out.leftOut.append("what in 'items' is not a schema") }
            if !items.isEmpty { out.schema["prefixItems"] = .array(items.map { export($0, base: base, compiler: compiler) }) }
            if let additional, Self.isSchema(additional) { out.schema["items"] = export(additional, base: base, compiler: compiler) }
        } else if Self.isSchema(value) {
            out.schema["items"] = export(value, base: base, compiler: compiler)
        } else {
            out.leftOut.append("'items' (\(Self.kind(of: value)), not a schema)")
        }
    }
}
