// A tool offered beside the operations' tools: what `netspec mcp FLOWS.arazzo.yaml` makes of each
// workflow (the command builds them from `NetspecWorkflows`, so this module knows no workflow), and
// what any program can give an agent. Listed before the operations' tools (and beside the three
// dynamic ones), called by name, cancellable, with progress notifications when asked for.

public import NetspecModel

/// A tool the server offers beside its operations' (``MCPServer/Options/extraTools``).
///
/// ```swift
/// let hello = MCPTool(name: "hello", title: "Say hello", description: "Greets someone.",
///                     inputSchema: ["type": "object", "properties": ["name": ["type": "string"]]]) { arguments, _ in
///     .value(["greeting": .string("hello \(arguments["name"]?.string ?? "you")")])
/// }
/// ```
public struct MCPTool: Sendable {
    /// Reports a step of the tool's work: a `notifications/progress` (`progress` only grows)
    /// when the client asked for them, nothing otherwise.
    public typealias Progress = @Sendable (_ progress: Int, _ total: Int?, _ message: String) async -> Void

    /// What a run gave.
    public enum Outcome: Sendable {
        /// The result: its JSON as the text, and as `structuredContent` when it is an object.
        case value(JSONValue)
        /// A failure the agent reads (`isError: true`).
        case failure(String)
    }

    /// The tool's name (MCP's `^[a-zA-Z0-9_-]{1,64}$`).
    public let name: String
    /// A short title.
    public let title: String
    /// What the tool does, for the agent.
    public let description: String
    /// The JSON Schema of its arguments (an object schema).
    public let inputSchema: JSONValue
    /// The JSON Schema of its result, when it is known (an object schema).
    public let outputSchema: JSONValue?
    /// Whether it only reads (`readOnlyHint`).
    public let isReadOnly: Bool
    /// Runs it with the call's arguments.
    public let run: @Sendable (_ arguments: JSONObject, _ progress: @escaping Progress) async -> Outcome

    /// Creates a tool.
    public init(
        name: String, title: String, description: String, inputSchema: JSONValue, outputSchema: JSONValue? = nil,
        isReadOnly: Bool = false, run: @escaping @Sendable (_ arguments: JSONObject, _ progress: @escaping Progress) async -> Outcome
    ) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = inputSchema
        self.outputSchema = outputSchema
        self.isReadOnly = isReadOnly
        self.run = run
    }

    /// The tool as `tools/list` gives it.
    var listing: JSONValue {
        var tool: JSONObject = ["name": .string(name), "title": .string(title), "description": .string(description), "inputSchema": inputSchema]
        if let outputSchema { tool["outputSchema"] = outputSchema }
        tool["annotations"] = ["readOnlyHint": .bool(isReadOnly), "openWorldHint": true]
        return .object(tool)
    }
}

extension MCPServer {
    /// The extra tool named `name`.
    func extraTool(named name: String) -> MCPTool? {
        options.extraTools.first { $0.name == name }
    }

    /// A call of an extra tool: its outcome as MCP's tool result, every progress notification sent before it.
    func call(_ tool: MCPTool, _ arguments: JSONObject, _ context: CallContext) async -> JSONValue {
        let outcome = await tool.run(arguments) { progress, total, message in
            await context.progress(progress, total: total, message)
        }
        switch outcome {
        case let .value(value):
            var result: JSONObject = ["content": [["type": "text", "text": .string(String(decoding: value.serialized(), as: UTF8.self))]], "isError": false]
            if case .object = value { result["structuredContent"] = value }
            return .object(result)
        case let .failure(message):
            await context.log(.error, "\(tool.name): \(message)")
            return Self.toolError(message)
        }
    }
}
