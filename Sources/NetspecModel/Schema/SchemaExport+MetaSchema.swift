// What JSON Schema 2020-12's meta-schema admits for each keyword, so that an export never writes
// a non-schema where a schema is required, nor a keyword value a validator refuses.

extension SchemaExport {
    /// The keywords whose value is one schema (`items` as 2020-12 has it).
    package static let subschemaKeywords: Set<String> = [
        "items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "propertyNames", "contains", "not",
        "if", "then", "else", "contentSchema",
    ]

    /// The keywords whose value is a map of schemas.
    package static let subschemaMaps: Set<String> = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]

    /// The keywords whose value is a list of schemas.
    package static let subschemaLists: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]

    /// The seven names `type` may have.
    static let simpleTypes: Set<String> = ["array", "boolean", "integer", "null", "number", "object", "string"]

    /// Keywords whose value must be a non-negative integer.
    static let counts: Set<String> = [
        "maxLength", "minLength", "maxItems", "minItems", "maxContains", "minContains", "maxProperties", "minProperties",
    ]

    /// Keywords whose value must be a string.
    static let strings: Set<String> = [
        "title", "description", "format", "pattern", "contentEncoding", "contentMediaType", "$comment", "$ref", "$dynamicRef",
    ]

    /// Whether a value is a schema: an object or a Boolean.
    static func isSchema(_ value: JSONValue) -> Bool {
        switch value {
        case .object, .bool: true
        default: false
        }
    }

    /// `value` as the meta-schema admits it for `key` (`required` without repeats), or `nil`
    /// when it admits no such value. Keywords the meta-schema does not constrain are kept as
    /// they are.
    static func conforming(_ key: String, _ value: JSONValue) -> JSONValue? {
        switch key {
        case "type":
            if let name = value.string { return simpleTypes.contains(name) ? value : nil }
            guard case let .array(names) = value, !names.isEmpty,
                  names.allSatisfy({ $0.string.map(simpleTypes.contains) ?? false }), Set(names.compactMap(\.string)).count == names.count
            else { return nil }
            return value
        case "enum", "examples":
            return value.array == nil ? nil : value
        case "required":
            guard case let .array(names) = value, names.allSatisfy({ $0.string != nil }) else { return nil }
            var seen: Set<String> = []
            return .array(names.filter { seen.insert($0.string ?? "").inserted })
        case "dependentRequired":
            guard case let .object(members) = value,
                  members.allSatisfy({ $0.value.array?.allSatisfy { $0.string != nil } ?? false }) else { return nil }
            return value
        case "multipleOf":
            return (value.double ?? 0) > 0 ? value : nil
        case "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum":
            return value.double == nil ? nil : value
        case "uniqueItems", "deprecated":
            return value.bool == nil ? nil : value
        case _ where counts.contains(key):
            guard let number = value.double, number >= 0, number.rounded() == number else { return nil }
            return value
        case _ where strings.contains(key):
            return value.string == nil ? nil : value
        default:
            return value
        }
    }

    /// The map of schemas `properties` holds, and the document its `$ref`s resolve against: the
    /// value itself, or, written as `{$ref: …}` alone (as DigitalOcean's document does), the map
    /// the reference names, as widespread tooling reads it. `nil` when it is neither.
    func propertyMap(_ value: JSONValue, base: String, compiler: SchemaCompiler) -> (JSONObject, String)? {
        guard case let .object(members) = value else { return nil }
        guard members.count == 1, let target = members["$ref"]?.string else { return (members, base) }
        let resolved = SchemaURI(SchemaURI.resolve(target, against: base))
        let document = resolved.withoutFragment.text
        guard case let .object(map)? = compiler.documentValue(document, pointer: SchemaURI.percentDecoded(resolved.fragment ?? "")) else {
            return nil
        }
        return (map, document)
    }

    /// What a value is, in a few words, for a note on what was left out.
    static func kind(of value: JSONValue) -> String {
        switch value {
        case .string: "a string"
        case .array: "a list"
        case .object: "a map"
        case .bool: "a Boolean"
        case .null: "null"
        default: "a number"
        }
    }

    /// A value quoted in a note, at most 60 characters of it.
    static func quoted(_ value: JSONValue) -> String {
        let text = String(decoding: value.serialized(), as: UTF8.self)
        return text.shortened(to: 60)
    }

    /// Says in a schema's description what of it was left out.
    static func note(_ leftOut: [String], in schema: inout JSONObject) {
        let note = "(netspec: left out, not JSON Schema 2020-12: " + leftOut.joined(separator: "; ") + ")"
        if let description = schema["description"]?.string, !description.isEmpty {
            schema["description"] = .string(description + "\n\n" + note)
        } else {
            schema["description"] = .string(note)
        }
    }
}
