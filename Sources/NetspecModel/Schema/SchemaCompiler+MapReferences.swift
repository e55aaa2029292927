// A map of schemas written as a `$ref`: `properties: {$ref: 'attributes.yml#/load_balancer_droplet_ids'}`,
// as DigitalOcean's document writes it. JSON Schema does not define it (the members of
// `properties` are schemas by name, so `$ref` would be a property), but widespread tooling
// (json-schema-ref-parser, swagger-parser, Redocly) replaces any `{$ref: …}` object with its
// target before reading the schema; the engine reads it so too, with a positioned warning.

/// One member of a map of schemas (`properties`, `patternProperties`, `dependentSchemas`): its
/// name, its schema, and where that schema is.
struct SchemaMapEntry {
    /// The member's name (a property name, a pattern).
    var name: String
    /// Its schema.
    var value: SourceValue
    /// The document and JSON pointer of the schema.
    var document: String
    var pointer: String
    /// Whether the member comes from a map a `$ref` names (then it is compiled from its own
    /// place, its references resolved against its own document).
    var isReferenced: Bool
}

/// Something in a schema that compiles but is not standard, where it is written: a map of
/// schemas written as a `$ref`.
package struct SchemaWarning: Sendable, Hashable, CustomStringConvertible {
    /// What is not standard and how it is read.
    package var message: String
    /// Where: `file:line:column` when the schema was read from a file, else `uri#/pointer`.
    package var location: String

    /// `location: warning: message`, as a document's warnings print.
    package var description: String { "\(location): warning: \(message)" }

    /// The message for a map of schemas (`properties`) written as a `$ref` to `target`; the OpenAPI
    /// reader gives it too, where it reads a body's properties itself.
    static func mapReference(keyword: String, target: String) -> String {
        "'\(keyword): {$ref: \(target)}' is not standard JSON Schema (the members of '\(keyword)' are schemas, each by name); "
            + "read as the map the $ref points to, as widespread tooling does"
    }

    /// The keywords whose value is a map of schemas by name, where a `$ref` is read so.
    static let mapKeywords: Set<String> = ["properties", "patternProperties", "dependentSchemas"]
}

extension SchemaCompilation {
    /// The members of the map of schemas at member `key`, in order: its own, or, when it is a
    /// `$ref` (a string `$ref` cannot be a property's schema, so this reads nothing standard
    /// otherwise), those of the map it points to, with the map's other members added (or
    /// replacing a member of the same name), as json-schema-ref-parser merges them. `nil` when
    /// the schema has no `key`.
    mutating func mapEntries(_ key: String, _ site: SchemaSite) throws(SchemaError) -> [SchemaMapEntry]? {
        guard let value = site.members[key] else { return nil }
        guard case let .object(object) = value.json else { throw site.error(key, "\(key) must be an object of schemas") }
        let pointer = site.pointer + "/" + JSONPointer.escape(key)
        let own = value.members.map { member in
            SchemaMapEntry(name: member.key, value: member.value, document: site.document, pointer: pointer + "/" + JSONPointer.escape(member.key), isReferenced: false)
        }
        guard case let .string(target)? = object["$ref"] else { return own }
        let location = site.location(of: key).appending("$ref", mark: value.mark(of: "$ref"))
        let place = try place(of: SchemaURI.resolve(target, against: site.base), location: location)
        guard let tokens = JSONPointer.tokens(place.pointer), let map = registry.document(place.document)?.value(at: tokens), case .object = map.json else {
            let found = registry.document(place.document).flatMap { source in JSONPointer.tokens(place.pointer).flatMap { source.value(at: $0) } }
            throw SchemaError(
                message: "'\(key): {$ref: \(target)}' must point to an object of schemas, not \(found?.json.kindName ?? "nothing")",
                location: location.description)
        }
        let warning = SchemaWarning(message: SchemaWarning.mapReference(keyword: key, target: target), location: location.description)
        if !warnings[site.node, default: []].contains(warning) { warnings[site.node, default: []].append(warning) }
        var entries = map.members.map { member in
            SchemaMapEntry(name: member.key, value: member.value, document: place.document, pointer: place.pointer + "/" + JSONPointer.escape(member.key), isReferenced: true)
        }
        for entry in own where entry.name != "$ref" {
            if let index = entries.firstIndex(where: { $0.name == entry.name }) { entries[index] = entry } else { entries.append(entry) }
        }
        return entries
    }
}
