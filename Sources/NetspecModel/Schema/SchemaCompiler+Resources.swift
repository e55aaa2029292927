// Reading a document's identifiers before its schemas are compiled: `$id` (resources),
// `$anchor` and `$dynamicAnchor` (plain-name fragments), found only where schemas can be
// (under schema keywords, not inside `enum`, `const` or unknown keywords); and the keywords
// that refer to other schemas by URI or by name: `$ref` and OpenAPI's `discriminator`.

extension SchemaCompilation {
    /// Keywords whose value is a schema.
    static let schemaKeywords = [
        "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "items", "contains", "propertyNames",
        "not", "if", "then", "else", "additionalItems",
    ]
    /// Keywords whose value is an array of schemas.
    static let schemaArrayKeywords = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
    /// Keywords whose value is an object of schemas.
    static let schemaMapKeywords = ["$defs", "definitions", "properties", "patternProperties", "dependentSchemas", "dependencies"]
    /// The keywords that identify a schema.
    static let identifierKeywords = ["$id", "$anchor", "$dynamicAnchor"]

    /// Records the document's own URI and, in a dialect with identifiers, every resource and anchor in it.
    mutating func index(_ document: String) {
        guard !indexed.contains(document), let source = registry.document(document) else { return }
        indexed.insert(document)
        let base = bases[document] ?? document
        // An inline schema of a document (its base) does not stand for the document: the
        // document's own root does, when the registry has it.
        if base != document { index(base) }
        if targets[base] == nil || base == document { targets[base] = (document, "") }
        guard dialect.hasIdentifiers else { return }
        // Read in place: a big document's tree is not made into JSON to find its few identifiers.
        switch source {
        case let .yaml(root, _):
            // Most documents write none (OpenAI's, GitHub's): their schemas need not be walked.
            // Asked once per tree: each inline schema of a document is a document of its own here.
            let tree = ObjectIdentifier(root.document)
            let mayContain = treesWithIdentifiers[tree] ?? root.documentTextMayContain(anyOf: Self.identifierKeywords)
            treesWithIdentifiers[tree] = mayContain
            guard mayContain else { return }
            indexIdentifiers(root, base: base, document: document)
        case let .json(root): indexIdentifiers(root, base: base, document: document)
        }
    }

    /// Records the identifiers of a document's root schema and, in an OpenAPI 3.1 document (which
    /// is not a schema), of its component schemas.
    private mutating func indexIdentifiers<Value: SchemaTreeValue>(_ root: Value, base: String, document: String) {
        // A document whose root has an `$id` is that resource; its own URI (a file's path) stays
        // an alias of it, so `lists.yaml#code` finds the anchor `code` it defines.
        if let id = root.string(member: "$id") { aliases[base] = SchemaURI(base).resolving(SchemaURI(id)).withoutFragment.text }
        var path: [PointerStep<Value.Key>] = []
        walk(root, path: &path, base: base, document: document)
        if let schemas = root.member("components")?.member("schemas") {
            path = [.key("components"), .key("schemas")]
            schemas.forEachMember { name, schema in
                path.append(.member(name))
                walk(schema, path: &path, base: base, document: document)
                path.removeLast()
            }
        }
    }

    /// One step of the JSON pointer to the value being walked; the pointer is written out only for
    /// a value with an identifier.
    private enum PointerStep<Key> {
        case key(String)
        case member(Key)
        case element(Int)
    }

    /// The JSON pointer of `path`.
    private static func pointer<Value: SchemaTreeValue>(_ path: [PointerStep<Value.Key>], of _: Value.Type) -> String {
        path.map { step in
            switch step {
            case let .key(key): "/" + JSONPointer.escape(key)
            case let .member(key): "/" + JSONPointer.escape(Value.text(of: key))
            case let .element(index): "/\(index)"
            }
        }.joined()
    }

    /// Records the identifiers of the schema `value` at `path` and of its subschemas.
    private mutating func walk<Value: SchemaTreeValue>(_ value: Value, path: inout [PointerStep<Value.Key>], base: String, document: String) {
        guard value.isObject else { return }
        var base = base
        if let id = value.string(member: "$id") {
            let resolved = SchemaURI(base).resolving(SchemaURI(id))
            base = resolved.withoutFragment.text
            if targets[base] == nil { targets[base] = (document, Self.pointer(path, of: Value.self)) }
        }
        if let anchor = value.string(member: "$anchor") {
            targets[base + "#" + anchor] = (document, Self.pointer(path, of: Value.self))
        }
        if let anchor = value.string(member: "$dynamicAnchor") {
            let pointer = Self.pointer(path, of: Value.self)
            targets[base + "#" + anchor] = (document, pointer)
            dynamicAnchorPlaces[base, default: [:]][anchor] = (document, pointer)
        }
        value.forEachMember { key, member in
            path.append(.member(key))
            defer { path.removeLast() }
            if Value.key(key, isIn: Self.schemaKeywords) {
                walk(member, path: &path, base: base, document: document)
            }
            if Value.key(key, isIn: Self.schemaArrayKeywords) {
                member.forEachElement { index, element in
                    path.append(.element(index))
                    walk(element, path: &path, base: base, document: document)
                    path.removeLast()
                }
            }
            if Value.key(key, isIn: Self.schemaMapKeywords) {
                member.forEachMember { name, schema in
                    path.append(.member(name))
                    walk(schema, path: &path, base: base, document: document)
                    path.removeLast()
                }
            }
        }
    }

    // MARK: - References

    /// `$ref`, resolved against the base URI to a node.
    mutating func reference(_ site: SchemaSite) throws(SchemaError) -> SchemaKeyword {
        guard case let .string(text)? = site["$ref"] else { throw site.error("$ref", "$ref must be a string") }
        let place = try place(of: SchemaURI.resolve(text, against: site.base), location: site.location(of: "$ref"))
        return .ref(node(document: place.document, pointer: place.pointer))
    }

    /// OpenAPI's `discriminator` for the branches of `key` (`oneOf` or `anyOf`): `mapping`
    /// values first, then the last segment of each branch's `$ref` (`#/components/schemas/Dog` is `Dog`);
    /// OpenAPI 3.2's `defaultMapping`, the schema for a value without the property or with one not mapped.
    mutating func discriminator(_ key: String, _ site: SchemaSite) -> SchemaDiscriminator? {
        guard case let .object(discriminator)? = site["discriminator"], case let .string(property)? = discriminator["propertyName"],
            case let .array(branches)? = site[key]
        else { return nil }
        let references = branches.map { branch in branch["$ref"]?.string.map { SchemaURI.resolve($0, against: site.base) } }
        func lastSegment(_ text: String) -> Substring { text[(text.lastIndex(of: "/").map { text.index(after: $0) } ?? text.startIndex)...] }
        var map: [String: Int] = [:]
        if case let .object(mapping)? = discriminator["mapping"] {
            for (value, target) in mapping {
                guard case let .string(target) = target else { continue }
                let resolved = SchemaURI.resolve(target, against: site.base)
                if let index = references.firstIndex(where: { $0 == resolved }) ?? references.firstIndex(where: { $0.map(lastSegment) == lastSegment(target) }) {
                    map[value] = index
                }
            }
        }
        var expected = map.keys.sorted()
        // The values each branch itself gives the property (OpenAI's messages: `role: {enum: [user]}`),
        // which documents without a `mapping` mean rather than the schemas' names.
        var declared: [String] = []
        for (index, reference) in references.enumerated() {
            guard let reference, let values = Self.propertyValues(property, at: reference, in: registry) else { continue }
            for value in values where map[value] == nil {
                map[value] = index
                declared.append(value)
            }
        }
        expected += declared.sorted()
        for (index, reference) in references.enumerated() {
            guard let reference else { continue }
            let name = String(lastSegment(reference))
            if map[name] == nil { map[name] = index }
        }
        if expected.isEmpty { expected = map.keys.sorted() }
        guard !map.isEmpty else { return nil }
        var result = SchemaDiscriminator(propertyName: property, branches: map, expected: expected)
        if case let .string(target)? = discriminator["defaultMapping"] {
            (result.defaultBranch, result.defaultNode) = defaultMapping(target, references: references, site: site)
        }
        return result
    }

    /// The branch (by index) or, outside the branches, the node `defaultMapping` names: a schema's
    /// name (`Pet`, a component) or a URI reference; neither when it names no schema, which the
    /// OpenAPI reader reports at the key.
    private mutating func defaultMapping(_ target: String, references: [String?], site: SchemaSite) -> (Int?, Int32?) {
        let reference = target.contains("/") || target.contains("#") ? target : "#/components/schemas/" + target
        let resolved = SchemaURI.resolve(reference, against: site.base)
        if let index = references.firstIndex(where: { $0 == resolved }) { return (index, nil) }
        guard let place = try? place(of: resolved, location: site.location(of: "discriminator")) else { return (nil, nil) }
        return (nil, node(document: place.document, pointer: place.pointer))
    }

    /// The string values (`const`, or `enum`) the schema at `uri` (`document#pointer`) gives its
    /// property `name`, when its document is read; `nil` when it gives none.
    static func propertyValues(_ name: String, at uri: String, in registry: SchemaRegistry) -> [String]? {
        let parsed = SchemaURI(uri)
        guard let source = registry.documents[parsed.withoutFragment.text],
              let tokens = JSONPointer.tokens(SchemaURI.percentDecoded(parsed.fragment ?? "")),
              case let .object(property)? = source.value(at: tokens)?.json["properties"]?[name] else { return nil }
        if case let .string(value)? = property["const"] { return [value] }
        if case let .array(values)? = property["enum"] {
            let strings = values.compactMap(\.string)
            return strings.isEmpty ? nil : strings
        }
        return nil
    }
}
