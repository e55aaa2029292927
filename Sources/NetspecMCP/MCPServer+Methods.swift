// The JSON-RPC methods an MCP client calls, one function each where there is more than a line
// to say: `respond(to:session:notify:)` reads the frame, `answer` chooses the method.

import Netspec
import NetspecModel

extension MCPServer {
    /// The answer to request `id` for `method` with `params`, as a JSON-RPC response line.
    func answer(_ method: String, id: JSONValue, params: JSONValue, session: MCPSession?, notify: (@Sendable (String) async -> Void)?) async -> String? {
        switch method {
        case "initialize":
            let requested = params["protocolVersion"]?.string ?? ""
            let version = Self.protocolVersions.contains(requested) ? requested : Self.protocolVersions[0]
            return Self.result(id: id, [
                "protocolVersion": .string(version),
                "capabilities": Self.capabilities,
                "serverInfo": serverInfo,
                "instructions": .string(instructions),
            ])
        case "server/discover":
            // The stateless revision's discovery: what `initialize` would say, for every revision spoken.
            return Self.result(id: id, [
                "supportedVersions": .array(Self.protocolVersions.map(JSONValue.string)),
                "capabilities": Self.capabilities,
                "serverInfo": serverInfo,
            ])
        case "ping":
            return Self.result(id: id, [:])
        case "tools/list":
            return listTools(id: id, cursor: params["cursor"])
        case "logging/setLevel":
            guard let name = params["level"]?.string, let level = MCPSession.LogLevel(rawValue: name) else {
                return Self.error(id: id, code: -32602, message: "Invalid params: 'level' must be one of \(MCPSession.LogLevel.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            session?.logLevel = level
            return Self.result(id: id, [:])
        case "resources/list":
            return Self.result(id: id, ["resources": .array(documentResource.map { [$0.listing(answerBytes: options.answerBytes)] } ?? [])])
        case "resources/templates/list":
            return Self.result(id: id, ["resourceTemplates": [Self.operationTemplate]])
        case "resources/read":
            return readResource(id: id, uri: params["uri"]?.string)
        case "tools/call":
            return await callTool(id: id, params: params, session: session, notify: notify)
        default:
            return Self.error(id: id, code: -32601, message: "Method not found: \(method)")
        }
    }

    /// `serverInfo`, as `initialize` and `server/discover` give it.
    private var serverInfo: JSONValue {
        ["name": "netspec", "version": .string(NetspecInfo.version), "title": .string(options.title ?? service.spec.service)]
    }

    /// What `initialize` tells the client: ``Options/instructions`` first, when given, then
    /// how the operations are called, when some are exposed (only the former for a workflow
    /// document's server without its operations, whose tools are all workflows).
    private var instructions: String {
        let operations = isDynamic ? Self.dynamicInstructions(service.spec, operations: endpoints.count)
            : service.spec.summary ?? "Calls the \(service.spec.service) API: one tool per endpoint."
        guard let given = options.instructions else { return operations }
        return endpoints.isEmpty ? given : given + "\n\n" + operations
    }

    /// `tools/list`: the three dynamic tools, or a page of one tool per endpoint from `cursor`.
    private func listTools(id: JSONValue, cursor: JSONValue?) -> String {
        let extra = options.extraTools.map(\.listing)
        if isDynamic { return Self.result(id: id, ["tools": .array(extra + Self.dynamicTools)]) }
        var start = 0
        if let cursor {
            guard let text = cursor.string, let index = Int(text), index > 0, index < endpoints.count else {
                return Self.error(id: id, code: -32602, message: "Invalid params: the cursor \(String(decoding: cursor.serialized(), as: UTF8.self)) is not one this server gave")
            }
            start = index
        }
        var page = toolsPage(from: start)
        if start == 0, !extra.isEmpty, case var .object(members) = page {
            members["tools"] = .array(extra + (members["tools"]?.array ?? []))
            page = .object(members)
        }
        return Self.result(id: id, page)
    }

    /// `resources/read` of `uri`: the contents, or MCP's "resource not found".
    private func readResource(id: JSONValue, uri: String?) -> String {
        guard let uri else {
            return Self.error(id: id, code: -32602, message: "Invalid params: resources/read needs a 'uri'")
        }
        switch readResource(uri) {
        case let .success(contents):
            return Self.result(id: id, ["contents": [contents]])
        case .failure(.notFound):
            return Self.error(id: id, code: -32002, message: "Resource not found: \(uri)")
        case let .failure(.tooLarge(message)), let .failure(.noPart(message)):
            return Self.error(id: id, code: -32602, message: "Invalid params: \(message)")
        }
    }

    /// `tools/call`: the named tool called with `arguments`, cancellable by the session; `nil`
    /// when it was cancelled.
    private func callTool(id: JSONValue, params: JSONValue, session: MCPSession?, notify: (@Sendable (String) async -> Void)?) async -> String? {
        guard let name = params["name"]?.string else {
            return Self.error(id: id, code: -32602, message: "Invalid params: tools/call needs a tool 'name'")
        }
        guard case let .object(members) = params["arguments"] ?? .object([:]) else {
            return Self.error(id: id, code: -32602, message: "Invalid params: 'arguments' must be an object")
        }
        let context = CallContext(session: session, notify: notify, progressToken: params["_meta"]?["progressToken"])
        if let tool = extraTool(named: name) {
            return await Self.cancellable(id, in: session) { await self.call(tool, members, context) }.map { Self.result(id: id, $0) }
        }
        if isDynamic {
            guard Self.dynamicTools.contains(where: { $0["name"]?.string == name }) else {
                return Self.error(id: id, code: -32602, message: "Invalid params: unknown tool '\(name)' (the tools are search_operations, describe_operation and call_operation)")
            }
            return await Self.cancellable(id, in: session) { await self.callDynamic(name, members, context) ?? Self.toolError("unknown tool '\(name)'") }.map { Self.result(id: id, $0) }
        }
        guard let index = operationIndex(named: name) else {
            return Self.error(id: id, code: -32602, message: "Invalid params: unknown tool '\(name)'" + Suggestions.hint(for: name, in: endpoints.lazy.map(\.name)))
        }
        return await Self.cancellable(id, in: session) { await self.call(self.endpoints[index], members, context) }.map { Self.result(id: id, $0) }
    }
}
