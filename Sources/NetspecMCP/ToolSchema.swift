import Netspec

/// The JSON Schema of an endpoint's parameters, as an MCP tool's `inputSchema`: one property per
/// parameter (by the name a call uses), typed, with its description, enum, default, and the
/// required ones listed.
enum ToolSchema {
    static func inputSchema(of endpoint: Endpoint) -> JSONValue {
        var properties = JSONObject()
        var required: [JSONValue] = []
        for parameter in endpoint.parameters {
            var schema = schema(of: parameter.type.unwrapped)
            if case var .object(object) = schema {
                if let summary = parameter.summary { object["description"] = .string(summary) }
                if let allowed = parameter.allowedValues { object["enum"] = .array(allowed) }
                if let value = parameter.defaultValue, !value.text.contains("${") { object["default"] = value }
                // A parameter that may be null: its type and enum admit null too.
                if parameter.isNullable {
                    if let type = object["type"] { object["type"] = [type, "null"] }
                    if let allowed = parameter.allowedValues, !allowed.contains(.null) { object["enum"] = .array(allowed + [.null]) }
                }
                schema = .object(object)
            }
            properties[parameter.name] = schema
            if parameter.isRequired { required.append(.string(parameter.name)) }
        }
        var object: JSONObject = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { object["required"] = .array(required) }
        return .object(object)
    }

    /// A value type as JSON Schema: scalars typed, arrays and dictionaries with their members,
    /// tuples as objects of their labels, bytes as base64 text, models and `JSON` as any object.
    static func schema(of type: ValueType) -> JSONValue {
        switch type {
        case .string: ["type": "string"]
        case .int: ["type": "integer"]
        case .double: ["type": "number"]
        case .bool: ["type": "boolean"]
        case .date: ["type": "string", "format": "date-time"]
        case .url: ["type": "string", "description": "a file path"]
        case .data: ["type": "string", "contentEncoding": "base64"]
        case .json: [:]
        case .model: ["type": "object"]
        case let .array(element): ["type": "array", "items": schema(of: element.unwrapped)]
        case let .dictionary(value): ["type": "object", "additionalProperties": schema(of: value.unwrapped)]
        case let .optional(wrapped): schema(of: wrapped)
        case let .tuple(elements):
            .object([
                "type": "object",
                "properties": .object(JSONObject(elements.enumerated().map { index, element in
                    (element.label ?? String(index), schema(of: element.type.unwrapped))
                })),
            ])
        }
    }
}
