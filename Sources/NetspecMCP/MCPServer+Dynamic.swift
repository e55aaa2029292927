import Netspec
import NetspecModel

/// The three dynamic tools, for APIs too large to be a tool per operation (OpenAI's 288
/// operations are ≈ 240 KB of `tools/list`; Cursor takes 40 tools, VS Code 128): the agent
/// searches, reads one operation's description and schema, and calls it, as Stainless's and
/// Speakeasy's generated servers do.
///
/// - `search_operations` `{query, tag?, limit?}`: the operations that match best
///   (``OperationSearch``), each `{name, summary, tags, method, path}`, best first.
/// - `describe_operation` `{name}`: its description, `inputSchema`, `outputSchema` when the
///   document has one, its auth (which schemes; never a secret) and whether it only reads.
/// - `call_operation` `{name, arguments}`: the call, exactly as the operation's own tool would
///   make it (every policy of the spec) and with the same result.
///
/// An unknown name is an error result that suggests the nearest names.
extension MCPServer {
    static let dynamicTools: [JSONValue] = [
        [
            "name": "search_operations",
            "title": "Search operations",
            "description": "Finds the API's operations that match a task in words (\"cancel a fine-tuning job\"): their names, summaries, tags, methods and paths, best first. Then describe_operation one, and call_operation it.",
            "inputSchema": [
                "type": "object",
                "properties": [
                    "query": ["type": "string", "description": "The task, in words."],
                    "tag": ["type": "string", "description": "Only operations with this tag."],
                    "limit": ["type": "integer", "minimum": 1, "maximum": 50, "default": 10],
                ],
                "required": ["query"],
            ],
            "annotations": ["readOnlyHint": true, "idempotentHint": true, "openWorldHint": false],
        ],
        [
            "name": "describe_operation",
            "title": "Describe an operation",
            "description": "An operation's description, the JSON schema of its arguments (inputSchema), of its result (outputSchema, when known), its auth and whether it only reads. A large operation's schemas are summarised below their top levels: a [summarised …; part POINTER] mark names the part that describe_operation with that 'part' gives whole.",
            "inputSchema": [
                "type": "object",
                "properties": [
                    "name": ["type": "string", "description": "The operation's name, as search_operations gives it (or as the command line writes it)."],
                    "part": ["type": "string", "description": "Only this part of the description, whole: a JSON pointer such as /inputSchema/properties/address, /outputSchema/$defs/customer or /description, as a [summarised …] or [cut …] mark names it."],
                ],
                "required": ["name"],
            ],
            "annotations": ["readOnlyHint": true, "idempotentHint": true, "openWorldHint": false],
        ],
        [
            "name": "call_operation",
            "title": "Call an operation",
            "description": "Calls an operation with arguments that follow its inputSchema (from describe_operation); the result is the API's answer.",
            "inputSchema": [
                "type": "object",
                "properties": [
                    "name": ["type": "string", "description": "The operation's name."],
                    "arguments": ["type": "object", "description": "The arguments, as the operation's inputSchema says."],
                ],
                "required": ["name"],
            ],
            "annotations": ["readOnlyHint": false, "destructiveHint": true, "openWorldHint": true],
        ],
    ]

    static func dynamicInstructions(_ spec: Spec, operations: Int) -> String {
        (spec.summary.map { $0 + "\n\n" } ?? "")
            + "Calls the \(spec.service.lowercased().hasSuffix("api") ? spec.service : spec.service + " API") (\(operations) operations): search_operations finds the ones for a task, describe_operation gives one's arguments, call_operation calls it."
    }

    /// A dynamic tool's result; `nil` when `name` is not one of the three.
    func callDynamic(_ name: String, _ arguments: JSONObject, _ context: CallContext = CallContext()) async -> JSONValue? {
        switch name {
        case "search_operations":
            guard let query = arguments["query"]?.string, !query.isEmpty else { return Self.toolError("search_operations needs a 'query': the task, in words") }
            let limit = min(max(arguments["limit"]?.int ?? 10, 1), 50)
            let found = search?.search(query, tag: arguments["tag"]?.string, limit: limit) ?? []
            var operations: [JSONValue] = found.map { hit in
                let endpoint = endpoints[hit.index]
                var entry: JSONObject = ["name": .string(names[hit.index])]
                if let summary = endpoint.summary { entry["summary"] = .string(Self.firstLine(HTMLText.plain(summary))) }
                if !endpoint.tags.isEmpty { entry["tags"] = .array(endpoint.tags.map(JSONValue.string)) }
                entry["method"] = .string(endpoint.method.rawValue)
                entry["path"] = .string(endpoint.path)
                return .object(entry)
            }
            var result = Self.structured(["operations": .array(operations)])
            // At most one answer's bytes: the last ones go, and the answer says so.
            while result.serialized().count > options.answerBytes - Self.envelopeBytes, operations.count > 1 {
                operations.removeLast()
                result = Self.structured(["operations": .array(operations), "more": .string("the next \(found.count - operations.count) do not fit in one answer: give a narrower query or a tag")])
            }
            return result
        case "describe_operation", "call_operation":
            guard let operation = arguments["name"]?.string else { return Self.toolError("\(name) needs the operation's 'name' (from search_operations)") }
            guard let index = operationIndex(named: operation) else { return Self.toolError(unknown(operation)) }
            if name == "describe_operation" {
                guard let part = arguments["part"] else { return describeResult(at: index) }
                guard let pointer = part.string else { return Self.toolError("describe_operation's 'part' must be a JSON pointer, such as /inputSchema/properties/NAME") }
                switch partResult(at: index, pointer, asked: .describe) {
                case let .success(result): return result
                case let .failure(error): return Self.toolError(error.message)
                }
            }
            let given = arguments["arguments"] ?? .object([:])
            guard case let .object(members) = given else { return Self.toolError("call_operation's 'arguments' must be an object") }
            return await call(endpoints[index], members, context)
        default:
            return nil
        }
    }

    /// How an operation is authenticated, naming the variables to set, never their values; the
    /// schemes a requirement needs together joined by "and", the document's alternatives (the
    /// first whose credentials are set is sent) by ", or", its `{}` as ", or none".
    static func authDescription(_ endpoint: Endpoint) -> String {
        if let reason = endpoint.unsupportedAuth { return "cannot be called: " + reason }
        guard let auth = endpoint.auth else { return "none" }
        let described = ([auth] + auth.alternatives).map { $0.policies.map { authDescription($0) }.joined(separator: " and ") }
        return described.joined(separator: ", or ") + (auth.allowsNoCredentials ? ", or none" : "")
    }

    private static func authDescription(_ auth: AuthPolicy) -> String {
        var text = switch auth.scheme {
        case let .bearer(token): "bearer token from \(token.text)"
        case let .basic(user, password): "HTTP basic from \(user.text) and \(password.text)"
        case let .apiKey(location, name, value): "API key in \(location) '\(name)' from \(value.text)"
        case .clientCertificate: "a TLS client certificate"
        }
        if let grant = auth.grant, grant.clientCredentialsURL != nil {
            text += " (else OAuth 2 client credentials from ${\(grant.clientIDVariable)} and ${\(grant.clientSecretVariable)})"
        } else if let grant = auth.grant, grant.canLogIn {
            text += " (else the token stored by netspec auth login --scheme \(grant.scheme))"
        }
        return text
    }

    /// The error for an operation name that is not there, with the command line's suggestions.
    private func unknown(_ name: String) -> String {
        let hint = Suggestions.hint(for: name, in: endpoints.lazy.map(\.name))
        return "no operation '\(name)'" + (hint.isEmpty ? "; search_operations finds them" : hint)
    }

    /// A summary's first line in a search result, at most 200 characters.
    private static func firstLine(_ text: String) -> String {
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first ?? ""
        return line.shortened(to: 200)
    }
}
