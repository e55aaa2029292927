// Netspec's own type strings (`Int`, `[String: User]`, `(list: [User], count: Int)?`) as schemas,
// so a spec's typed parameters and results are checked by the same engine as OpenAPI schemas.

extension JSONSchema {
    /// The schema of values of `type`:
    ///
    /// | type | schema |
    /// |---|---|
    /// | `Int`, `Double`, `Bool` | `{"type": "integer"}`, `"number"`, `"boolean"` |
    /// | `String`, `Date`, `Data`, `URL` | `{"type": "string"}` |
    /// | `JSON`, a model name | `{}` |
    /// | `[T]` | `{"type": "array", "items": T}` |
    /// | `[String: T]` | `{"type": "object", "additionalProperties": T}` |
    /// | `(a: T, b: U?)` | `{"type": "object", "properties": {"a": T, "b": U?}, "required": ["a"]}` |
    /// | `(T, U)` | `{"type": "array", "prefixItems": [T, U], "minItems": 2}` |
    /// | `T?` | `{"anyOf": [T, {"type": "null"}]}` |
    package static func schema(for type: ValueType) -> JSONSchema {
        // The JSON is built here and always compiles.
        do {
            return try SchemaCompiler().compile(json(for: type))
        } catch {
            preconditionFailure("the schema of \(type) does not compile: \(error)")
        }
    }

    /// The schema of `type` as JSON (see ``schema(for:)``).
    static func json(for type: ValueType) -> JSONValue {
        switch type {
        case .int: return ["type": "integer"]
        case .double: return ["type": "number"]
        case .bool: return ["type": "boolean"]
        case .string, .date, .data, .url: return ["type": "string"]
        case .json, .model: return .object(JSONObject())
        case let .array(element): return ["type": "array", "items": json(for: element)]
        case let .dictionary(value): return ["type": "object", "additionalProperties": json(for: value)]
        case let .optional(wrapped): return ["anyOf": [json(for: wrapped), ["type": "null"]]]
        case let .tuple(elements):
            if elements.allSatisfy({ $0.label == nil }) {
                return ["type": "array", "prefixItems": .array(elements.map { json(for: $0.type) }), "minItems": .int(elements.count)]
            }
            var properties = JSONObject()
            var required: [JSONValue] = []
            for element in elements {
                guard let label = element.label else { continue }
                properties[label] = json(for: element.type)
                if !element.type.isOptional { required.append(.string(label)) }
            }
            return ["type": "object", "properties": .object(properties), "required": .array(required)]
        }
    }
}
