import Netspec
import NetspecModel

/// The JSON Schema of an endpoint's parameters, as an MCP tool's `inputSchema`: one property per
/// parameter (by the name a call uses), with the required ones listed; and of its answer, as the
/// tool's `outputSchema`.
///
/// A parameter an OpenAPI or Swagger document declares has the document's schema, made
/// self-contained 2020-12 (``SchemaExport``: constraints, enums, formats, descriptions,
/// nullability; shared schemas under the tool schema's `$defs`; `readOnly` properties left out);
/// a Netspec spec's parameter has its type's schema, with its description, enum and default.
///
/// Both are exported lazily: the schema comes without its `$defs`, and its export gives each
/// definition when it is asked for (``SchemaFit`` asks for those an answer has room for).
enum ToolSchema {
    /// The tool's whole `inputSchema`, every definition it refers to under `$defs`.
    static func inputSchema(of endpoint: Endpoint) -> JSONValue {
        let (schema, exported) = exportedInputSchema(of: endpoint)
        var export = exported
        export.exportAll()
        return withDefinitions(schema, export)
    }

    /// The tool's whole `outputSchema`, every definition it refers to under `$defs`, and
    /// whether it wraps the answer as `result`.
    static func outputSchema(of endpoint: Endpoint) -> (schema: JSONValue, wrapsResult: Bool)? {
        guard let exported = exportedOutputSchema(of: endpoint) else { return nil }
        var export = exported.export
        export.exportAll()
        let (schema, wrapsResult) = (exported.schema, exported.wrapsResult)
        return (withDefinitions(schema, export), wrapsResult)
    }

    private static func withDefinitions(_ schema: JSONValue, _ export: SchemaExport) -> JSONValue {
        guard case var .object(object) = schema, let defs = export.defs else { return schema }
        object["$defs"] = defs
        return .object(object)
    }

    /// The tool's `inputSchema` without `$defs`, and the export that has them (named, and kept
    /// once exported, by `shared`).
    static func exportedInputSchema(of endpoint: Endpoint, shared: ExportedDefinitions = ExportedDefinitions()) -> (schema: JSONValue, export: SchemaExport) {
        var properties = JSONObject()
        var required: [JSONValue] = []
        var export = SchemaExport(direction: .request, shared: shared, lazy: true)
        for parameter in endpoint.parameters {
            if let declared = parameter.documentSchema {
                var schema = export.export(declared)
                if case var .object(object) = schema {
                    if object["description"] == nil, let summary = parameter.summary { object["description"] = .string(summary) }
                    schema = .object(object)
                }
                properties[parameter.name] = schema
                if parameter.isRequired { required.append(.string(parameter.name)) }
                continue
            }
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
        return (.object(object), export)
    }

    /// The tool's `outputSchema` without `$defs`, and the export that has them: the document's
    /// schema of the success answer (the first 2xx status, else `default`) in JSON, made
    /// self-contained (`writeOnly` properties left out); an answer that is not an object is the
    /// member `result` of one (MCP's structured content is an object), and so is every answer
    /// of an operation that also declares a success without a body (a 204), `result` then
    /// optional: its structured content is `{}`. `nil` for a stream or an operation that may
    /// answer with events (collected, they are no value of the schema), or when the document
    /// declares no such schema.
    static func exportedOutputSchema(of endpoint: Endpoint, shared: ExportedDefinitions = ExportedDefinitions()) -> (schema: JSONValue, export: SchemaExport, wrapsResult: Bool)? {
        guard endpoint.stream == nil, !endpoint.answersValueOrEvents else { return nil }
        let answers = endpoint.responses.schemas.filter { $0.schema != nil && ($0.mediaType == "application/json" || $0.mediaType.hasSuffix("+json")) }
        guard let success = answers.first(where: { $0.status.isSuccess }) ?? answers.first(where: { $0.status == .default }),
              let declared = success.schema else { return nil }
        var export = SchemaExport(direction: .response, shared: shared, lazy: true)
        let exported = export.export(declared)
        // An object at the top (itself, or the definition its `$ref` names) is the structured content.
        var top = exported
        if case let .string(reference)? = exported["$ref"], reference.hasPrefix("#/$defs/") {
            top = export.definition(named: String(reference.dropFirst("#/$defs/".count))) ?? exported
        }
        let mayBeEmpty = endpoint.responses.declared.contains { $0.status.isSuccess && $0.mediaTypes.isEmpty }
        if mayBeEmpty { return (["type": "object", "properties": ["result": exported]], export, true) }
        if top["type"] == "object" || (top["type"] == nil && top["properties"] != nil) {
            guard case var .object(object) = exported else { return nil }
            // MCP requires `type: object` at the top of an output schema, even beside a `$ref`
            // (the Python client 2.x refuses the tool list otherwise).
            object["type"] = "object"
            return (.object(object), export, false)
        }
        return (["type": "object", "properties": ["result": exported], "required": ["result"]], export, true)
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
