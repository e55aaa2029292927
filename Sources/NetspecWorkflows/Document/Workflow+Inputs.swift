public import NetspecModel

/// A workflow's inputs as a list (`netspec list`, and the tools that show a workflow), read from
/// its `inputs` schema with `$ref`s to `#/components/inputs/…` followed.
extension Workflow {
    /// One input: a property of the workflow's `inputs` schema.
    public struct Input: Sendable, Hashable {
        /// The property's name.
        public let name: String
        /// Its type as the schema says: `string`, `integer`, `array of string`, `string|null`, or
        /// `any` when the schema gives none.
        public let type: String
        /// Whether the schema's `required` lists it.
        public let isRequired: Bool
        /// Its `description`.
        public let description: String?
    }

    /// The inputs, in the order the schema's `properties` are written.
    public func inputList(components: ArazzoDocument.Components) -> [Input] {
        guard let schema = inputs.map({ Self.resolving($0.json, components: components) }), case let .object(object) = schema,
              case let .object(properties)? = object["properties"] else { return [] }
        var required: Set<String> = []
        if case let .array(names)? = object["required"] {
            for case let .string(name) in names { required.insert(name) }
        }
        return properties.map { name, property in
            let property = Self.resolving(property, components: components)
            var description: String?
            if case let .object(fields) = property, case let .string(text)? = fields["description"] { description = text }
            return Input(name: name, type: Self.typeName(property, components: components), isRequired: required.contains(name), description: description)
        }
    }

    /// Whether the `inputs` schema takes properties it does not name: it has no `properties`, or
    /// an `additionalProperties` other than `false`, or `patternProperties`. An absent
    /// `additionalProperties` counts as `false` here (JSON Schema's default, which takes anything,
    /// would let a misspelt name through): the names a step passes (`netspec validate`) and those
    /// `netspec run --input` gives are checked against `properties` then.
    package func takesOtherInputs(components: ArazzoDocument.Components) -> Bool {
        guard let inputs, case let .object(schema) = Self.resolving(inputs.json, components: components), schema["properties"] != nil else { return true }
        if schema["patternProperties"] != nil { return true }
        switch schema["additionalProperties"] {
        case nil, .bool(false)?: return false
        default: return true
        }
    }

    /// Whether the workflow takes an input named `name`: its `inputs` schema names it, or takes
    /// others (``takesOtherInputs(components:)``). A workflow's parameter without `in` is passed
    /// to the steps that call a workflow which takes it.
    package func takesInput(_ name: String, components: ArazzoDocument.Components) -> Bool {
        takesOtherInputs(components: components) || inputList(components: components).contains { $0.name == name }
    }

    /// The `inputs` schema whole, each `$ref` to `#/components/inputs/NAME` in it replaced by that
    /// schema (eight levels deep at most: a cycle stays a `$ref`); an object schema with no
    /// properties when the workflow has no inputs. What an MCP tool of the workflow takes.
    public func inputSchema(components: ArazzoDocument.Components) -> JSONValue {
        guard let inputs else { return ["type": "object", "properties": [:]] }
        return Self.resolvingAll(inputs.json, components: components, depth: 8)
    }

    private static func resolvingAll(_ schema: JSONValue, components: ArazzoDocument.Components, depth: Int) -> JSONValue {
        guard depth > 0 else { return schema }
        switch resolving(schema, components: components) {
        case let .object(object):
            return .object(JSONObject(object.map { (key: $0.key, value: resolvingAll($0.value, components: components, depth: depth - 1)) }))
        case let .array(items):
            return .array(items.map { resolvingAll($0, components: components, depth: depth - 1) })
        case let other:
            return other
        }
    }

    /// A schema with a `$ref` to `#/components/inputs/NAME` replaced by that schema (a few levels deep).
    static func resolving(_ schema: JSONValue, components: ArazzoDocument.Components) -> JSONValue {
        var schema = schema
        for _ in 0..<8 {
            guard case let .object(object) = schema, case let .string(reference)? = object["$ref"],
                  reference.hasPrefix("#/components/inputs/"), let target = components.inputs[String(reference.dropFirst(20))] else { break }
            schema = target
        }
        return schema
    }

    /// `string`, `array of string`, `string|null`, `object`, or `any`.
    static func typeName(_ schema: JSONValue, components: ArazzoDocument.Components) -> String {
        guard case let .object(object) = schema else { return "any" }
        let type: String = switch object["type"] {
        case let .string(name)?: name
        case let .array(names)?: names.compactMap { if case let .string(name) = $0 { name } else { nil } }.joined(separator: "|")
        default: "any"
        }
        if type == "array", let items = object["items"] {
            return "array of " + typeName(resolving(items, components: components), components: components)
        }
        return type
    }
}
