import Netspec

/// What the server says about an operation — its tool, `describe_operation`, its resource and a
/// part of any of them — each fitted into ``MCPServer/Options/answerBytes`` (``SchemaFit``): a
/// large operation's schemas are summarised below their top levels, and every summary names the
/// part (a JSON pointer into ``OperationParts``) that `describe_operation`'s `part` argument, or
/// the resource `netspec://operations/NAME#POINTER`, gives whole.
extension MCPServer {
    /// What a JSON-RPC envelope (`{"jsonrpc":"2.0","id":…,"result":…}`) and a `tools/list`
    /// page's (`{"tools":[…],"nextCursor":"…"}`) add around a result, at most.
    static let envelopeBytes = 256

    /// An operation's tool, its schemas fitted so that a page holding it alone is an answer.
    func tool(at index: Int) -> JSONValue {
        let endpoint = endpoints[index]
        let name = names[index]
        let operation = OperationParts(endpoint, name: name, shared: exportedDefinitions)
        var description = operation.description
        if description.count > Self.descriptionLimit {
            let more = "… (cut; the whole description is the resource \(Self.operationURI(name)))"
            description = String(description.prefix(Self.descriptionLimit - more.count)) + more
        }
        let method = endpoint.method
        return fitted(operation.schemaRoots, into: options.answerBytes - Self.envelopeBytes, share: 0.97) { fitted in
            var tool: JSONObject = [
                "name": .string(name),
                "title": .string(endpoint.summary.map(Self.title) ?? "\(method.rawValue) \(endpoint.path)"),
                "description": .string(description + (fitted.contains(where: \.summarised) ? "\n\n" + partsNote(name, asked: .resource) : "")),
                "inputSchema": fitted[0].value,
            ]
            if fitted.count > 1 { tool["outputSchema"] = fitted[1].value }
            // POST adds; PUT, PATCH and DELETE may overwrite or remove. Every call reaches the API: an open world.
            tool["annotations"] = [
                "readOnlyHint": .bool(method.isSafe),
                "destructiveHint": .bool(!method.isSafe && method != .post),
                "idempotentHint": .bool(method.isIdempotent),
                "openWorldHint": true,
            ]
            return .object(tool)
        }
    }

    /// What `describe_operation` gives: the operation's description, schemas, auth and whether
    /// it only reads, as a tool result (text and structured content, both).
    func describeResult(at index: Int) -> JSONValue {
        let endpoint = endpoints[index]
        let operation = OperationParts(endpoint, name: names[index], shared: exportedDefinitions)
        let roots = operation.schemaRoots + [operation.descriptionRoot(cutLength: Self.descriptionLimit)]
        return fitted(roots, into: options.answerBytes - Self.envelopeBytes, share: 0.45) { fitted in
            var description: JSONObject = [
                "name": .string(names[index]), "method": .string(endpoint.method.rawValue), "path": .string(endpoint.path),
                "description": fitted[fitted.count - 1].value, "inputSchema": fitted[0].value,
                "readOnly": .bool(endpoint.method.isSafe),
            ]
            if fitted.count > 2 { description["outputSchema"] = fitted[1].value }
            if !endpoint.tags.isEmpty { description["tags"] = .array(endpoint.tags.map(JSONValue.string)) }
            description["auth"] = .string(Self.authDescription(endpoint))
            if fitted.contains(where: \.summarised) { description["parts"] = .string(partsNote(names[index], asked: .describe)) }
            return Self.structured(description)
        }
    }

    /// A part of an operation, whole (or, larger than an answer, summarised deeper down): as
    /// `describe_operation`'s result, or as a resource's JSON text.
    func partResult(at index: Int, _ pointer: String, asked: PartRequest) -> Result<JSONValue, OperationParts.NoPart> {
        let name = names[index]
        let root: SchemaFit.Root
        switch OperationParts(endpoints[index], name: name, shared: exportedDefinitions).part(pointer) {
        case let .success(found): root = found
        case let .failure(error): return .failure(error)
        }
        return .success(fitted([root], into: options.answerBytes - Self.envelopeBytes, share: asked == .describe ? 0.45 : 0.9) { fitted in
            let part = fitted[0]
            var answer: JSONObject = ["name": .string(name), "part": .string(pointer), "value": part.value]
            if let definitions = part.definitions { answer["$defs"] = .object(definitions) }
            if !part.omitted.isEmpty {
                answer["omitted"] = .string("\(part.omitted.count) members not even summarised here (\(part.omitted.prefix(20).joined(separator: ", "))\(part.omitted.count > 20 ? ", …" : "")): ask for \(pointer)/NAME")
            }
            if part.summarised { answer["parts"] = .string(partsNote(name, asked: asked)) }
            switch asked {
            case .describe: return Self.structured(answer)
            case .resource:
                let uri = Self.operationURI(name) + "#" + pointer
                return ["uri": .string(uri), "mimeType": "application/json", "text": .string(String(decoding: JSONValue.object(answer).serialized(), as: UTF8.self))]
            }
        })
    }

    /// An operation as Markdown, what an agent needs to call it: the resource `netspec://operations/NAME`.
    func operationPage(at index: Int) -> JSONValue {
        let endpoint = endpoints[index]
        let name = names[index]
        let operation = OperationParts(endpoint, name: name, shared: exportedDefinitions)
        func json(_ value: JSONValue) -> String { String(decoding: value.serialized(), as: UTF8.self) }
        let roots = operation.schemaRoots + [operation.descriptionRoot(cutLength: Self.descriptionLimit)]
        return fitted(roots, into: options.answerBytes - Self.envelopeBytes, share: 0.9) { fitted in
            var page = "# \(name)\n\n`\(endpoint.method.rawValue) \(endpoint.path)`"
            page += endpoint.method.isSafe ? " (only reads)\n\n" : "\n\n"
            page += (fitted[fitted.count - 1].value.string ?? "") + "\n\n"
            if fitted.contains(where: \.summarised) { page += partsNote(name, asked: .resource) + "\n\n" }
            page += "## Arguments (JSON Schema)\n\n```json\n\(json(fitted[0].value))\n```\n"
            if fitted.count > 2 { page += "\n## Result (JSON Schema)\n\n```json\n\(json(fitted[1].value))\n```\n" }
            page += "\n## Auth\n\n\(Self.authDescription(endpoint))\n"
            return ["uri": .string(Self.operationURI(name)), "mimeType": "text/markdown", "text": .string(page)]
        }
    }

    /// How a part is asked for: `describe_operation`'s `part`, or a resource's `#POINTER`.
    enum PartRequest {
        case describe
        case resource
    }

    /// What a summarised answer says once about its `[summarised …]` and `[cut …]` marks.
    func partsNote(_ name: String, asked: PartRequest) -> String {
        let how = switch asked {
        case .describe: "describe_operation with {\"name\": \"\(name)\", \"part\": POINTER}"
        case .resource: "the resource \(Self.operationURI(name))#POINTER"
        }
        let bound = options.answerBytes % 1024 == 0 ? "\(options.answerBytes / 1024) KB" : "\(options.answerBytes) bytes"
        return "[Shortened to keep one answer under \(bound): a [summarised …; part POINTER] or [cut; part POINTER] mark stands for what is there; \(how) gives that part whole.]"
    }

    /// The value `make` builds from `roots` fitted so that it is at most `limit` bytes of compact
    /// JSON: fitted into `share` of `limit` first (the roots' share of the value: less than half
    /// when a result holds them twice, as text and as structured content), then, while the
    /// value is over, into a budget smaller in proportion.
    func fitted(_ roots: [SchemaFit.Root], into limit: Int, share: Double, _ make: ([SchemaFit.Fitted]) -> JSONValue) -> JSONValue {
        var budget = Int(Double(limit) * share)
        var value = make(SchemaFit.fit(roots, budget: budget))
        var size = value.serialized().count
        while size > limit, budget > 0 {
            budget = max(0, Int(Double(budget) * Double(limit) / Double(size)) - 256)
            value = make(SchemaFit.fit(roots, budget: budget))
            size = value.serialized().count
        }
        return value
    }

    /// A result with a value as its text and as its structured content.
    static func structured(_ value: JSONObject) -> JSONValue {
        let text = String(decoding: JSONValue.object(value).serialized(), as: UTF8.self)
        return ["content": [["type": "text", "text": .string(text)]], "structuredContent": .object(value), "isError": false]
    }
}
