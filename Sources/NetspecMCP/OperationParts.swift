import Netspec
import NetspecModel

/// An operation's whole description as MCP answers carry it, before anything is summarised:
/// its `description`, its `inputSchema` and its `outputSchema`. A *part* is what a JSON pointer
/// names in it — `/description`, `/inputSchema/properties/address`,
/// `/outputSchema/$defs/customer` — which `describe_operation`'s `part` argument and the
/// resource `netspec://operations/NAME#POINTER` give whole when an answer summarised it.
struct OperationParts {
    let endpoint: Endpoint
    /// The operation's tool name.
    let name: String
    let description: String
    /// The tool's `inputSchema` without its `$defs`, and those.
    let inputSchema: (schema: JSONValue, definitions: Definitions)
    let outputSchema: (schema: JSONValue, definitions: Definitions)?

    /// The operation's parts, its schemas' definitions named (and kept once exported) by
    /// `shared`, and exported as they are reached.
    init(_ endpoint: Endpoint, name: String, shared: ExportedDefinitions) {
        self.endpoint = endpoint
        self.name = name
        description = MCPServer.fullDescription(endpoint)
        let input = ToolSchema.exportedInputSchema(of: endpoint, shared: shared)
        inputSchema = (input.schema, Definitions(input.export))
        outputSchema = ToolSchema.exportedOutputSchema(of: endpoint, shared: shared).map { ($0.schema, Definitions($0.export)) }
    }

    /// The schemas, as roots of a fit: `inputSchema`, then `outputSchema` when there is one.
    var schemaRoots: [SchemaFit.Root] {
        [Self.schemaRoot(inputSchema, at: "/inputSchema")] + (outputSchema.map { [Self.schemaRoot($0, at: "/outputSchema")] } ?? [])
    }

    /// The description as a root of a fit, cut to `length` characters until there is room for
    /// it whole, after the schemas' top levels.
    func descriptionRoot(cutLength length: Int) -> SchemaFit.Root {
        SchemaFit.Root(pointer: "/description", value: .string(description), kind: .text, depth: 1, cutLength: length)
    }

    /// A whole schema of the operation as a root: its `$defs` are the definitions.
    static func schemaRoot(_ schema: (schema: JSONValue, definitions: Definitions), at pointer: String) -> SchemaFit.Root {
        SchemaFit.Root(pointer: pointer, value: schema.schema, kind: .schema, definitions: schema.definitions, definitionsPointer: pointer + "/$defs")
    }

    /// Why a pointer names no part.
    struct NoPart: Error {
        var message: String
    }

    /// The part `pointer` names, as the root of a fit: a schema (with the definitions of the
    /// schema it is in), a map or a list of schemas, a text or another value.
    func part(_ pointer: String) -> Result<SchemaFit.Root, NoPart> {
        let parts = "its parts are /description, /inputSchema\(outputSchema == nil ? "" : ", /outputSchema") and what is in them, as a [summarised …] or [cut …] mark names them (e.g. /inputSchema/properties/NAME)"
        guard let tokens = JSONPointer.tokens(pointer), !tokens.isEmpty else {
            return .failure(NoPart(message: "the part '\(pointer)' of '\(name)' is not a JSON pointer to a part (one begins with '/'); \(parts)"))
        }
        func missing() -> Result<SchemaFit.Root, NoPart> { .failure(NoPart(message: "'\(name)' has no part \(pointer); \(parts)")) }
        let schema: (schema: JSONValue, definitions: Definitions)
        switch tokens[0] {
        case "description" where tokens.count == 1:
            return .success(SchemaFit.Root(pointer: pointer, value: .string(description), kind: .text, cutLength: description.count))
        case "inputSchema": schema = inputSchema
        case "outputSchema": guard let output = outputSchema else { return missing() }; schema = output
        default: return missing()
        }
        let whole = Self.schemaRoot(schema, at: "/" + tokens[0])
        if tokens.count == 1 { return .success(whole) }
        var value = schema.schema
        var kind = SchemaFit.Kind.schema
        var rest = tokens.dropFirst()
        if rest.first == "$defs" {
            rest = rest.dropFirst()
            if let definition = rest.first {
                // A definition not reached yet, in a server that did not name it (one started
                // since): named now, by exporting them all.
                guard let found = schema.definitions[definition] ?? schema.definitions.all()[definition] else { return missing() }
                value = found
                rest = rest.dropFirst()
            } else {
                // The `$defs` themselves: their references are to one another.
                return .success(SchemaFit.Root(pointer: pointer, value: .object(schema.definitions.all()), kind: .schemaMap))
            }
        }
        for token in rest {
            switch kind {
            case .schema where SchemaExport.subschemaKeywords.contains(token): kind = .schema
            case .schema where SchemaExport.subschemaMaps.contains(token): kind = .schemaMap
            case .schema where SchemaExport.subschemaLists.contains(token): kind = .schemaList
            case .schemaMap, .schemaList: kind = .schema
            default: kind = .plain
            }
            switch value {
            case let .object(object): guard let member = object[token] else { return missing() }; value = member
            case let .array(elements): guard let index = Int(token), elements.indices.contains(index) else { return missing() }; value = elements[index]
            default: return missing()
            }
        }
        if kind == .plain, case .string = value { kind = .text }
        return .success(SchemaFit.Root(pointer: pointer, value: value, kind: kind, definitions: schema.definitions,
                                       definitionsPointer: whole.definitionsPointer, cutLength: value.string?.count ?? 0))
    }
}
