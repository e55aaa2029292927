// Reading a document's identifiers before its schemas are compiled: `$id` (resources),
// `$anchor` and `$dynamicAnchor` (plain-name fragments), found only where schemas can be
// (under schema keywords, not inside `enum`, `const` or unknown keywords).

extension SchemaCompilation {
    /// Keywords whose value is a schema.
    static let schemaKeywords: Set<String> = [
        "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "items", "contains", "propertyNames",
        "not", "if", "then", "else", "additionalItems",
    ]
    /// Keywords whose value is an array of schemas.
    static let schemaArrayKeywords: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
    /// Keywords whose value is an object of schemas.
    static let schemaMapKeywords: Set<String> = ["$defs", "definitions", "properties", "patternProperties", "dependentSchemas"]

    /// Records the document's own URI and, in a dialect with identifiers, every resource and anchor in it.
    mutating func index(_ document: String) {
        guard !indexed.contains(document), let source = registry.document(document) else { return }
        indexed.insert(document)
        let base = bases[document] ?? document
        if targets[base] == nil || base == document { targets[base] = (document, "") }
        guard dialect.hasIdentifiers else { return }
        let root = source.json
        walk(root, pointer: "", base: base, document: document)
        // An OpenAPI 3.1 document is not a schema; its component schemas are.
        if case let .object(components)? = root["components"], case let .object(schemas)? = components["schemas"] {
            for (name, schema) in schemas {
                walk(schema, pointer: "/components/schemas/" + JSONPointer.escape(name), base: base, document: document)
            }
        }
    }

    /// Records the identifiers of the schema `value` at `pointer` and of its subschemas.
    private mutating func walk(_ value: JSONValue, pointer: String, base: String, document: String) {
        guard case let .object(object) = value else { return }
        var base = base
        if case let .string(id)? = object["$id"] {
            let resolved = SchemaURI(base).resolving(SchemaURI(id))
            base = resolved.withoutFragment.text
            if targets[base] == nil { targets[base] = (document, pointer) }
        }
        if case let .string(anchor)? = object["$anchor"] {
            targets[base + "#" + anchor] = (document, pointer)
        }
        if case let .string(anchor)? = object["$dynamicAnchor"] {
            targets[base + "#" + anchor] = (document, pointer)
            dynamicAnchorPlaces[base, default: [:]][anchor] = (document, pointer)
        }
        for (key, member) in object {
            let memberPointer = pointer + "/" + JSONPointer.escape(key)
            if Self.schemaKeywords.contains(key) {
                walk(member, pointer: memberPointer, base: base, document: document)
            }
            if Self.schemaArrayKeywords.contains(key), case let .array(elements) = member {
                for (index, element) in elements.enumerated() {
                    walk(element, pointer: memberPointer + "/\(index)", base: base, document: document)
                }
            }
            if Self.schemaMapKeywords.contains(key), case let .object(schemas) = member {
                for (name, schema) in schemas {
                    walk(schema, pointer: memberPointer + "/" + JSONPointer.escape(name), base: base, document: document)
                }
            }
        }
    }
}
