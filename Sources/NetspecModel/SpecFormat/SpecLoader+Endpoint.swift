import HTTPTypes

/// Reading one endpoint: its method and path, settings, and result keys.
extension SpecLoader {
    /// The methods that have a shorthand key (`GET: /users`).
    static let shorthandMethods = HTTPRequest.Method.shorthands.map(\.rawValue)

    /// Every key allowed in an endpoint.
    static let endpointKeys = shorthandMethods + [
        "method", "path", "params", "headers", "encoding", "encoder", "decoder", "timeout", "keyPath",
        "returns", "stream", "until", "mock", "auth", "retry", "description", "paginate", "cache",
    ] + webSocketKeys

    // MARK: - Endpoint

    mutating func readEndpoint(name: String, nameMark: Mark, node: YAMLNode, defaults: ServiceDefaults) -> Endpoint? {
        let context = ErrorContext.endpoint(name)
        guard !name.isEmpty, !name.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }),
              name.utf8.allSatisfy({ $0 < 0x80 }) || name.allSatisfy({ !$0.isWhitespace }) else {
            report("endpoint names must be non-empty and contain no spaces, found '\(name)'", at: nameMark)
            return nil
        }
        guard let mapping = MappingReader(node) else {
            report("\(context)expected a mapping with a method and a path (e.g. 'GET: /users'), found \(node.foundDescription)", at: node.mark)
            return nil
        }
        reportUnknownKeys(in: mapping, allowed: Self.endpointKeys, context: context)
        guard let (method, path, pathNode) = readMethodAndPath(mapping, nameMark: nameMark, context: context) else {
            return nil
        }

        let endpointHeaders = mapping["headers"].map { readHeaders($0, context: context) } ?? []
        let explicitEncoding = mapping["encoding"].flatMap { readEncoding($0, context: context) } ?? defaults.encoding
        let encoder = mapping["encoder"].flatMap { readName($0, key: "encoder", context: context) } ?? defaults.encoder
        let decoder = mapping["decoder"].flatMap { readName($0, key: "decoder", context: context) } ?? defaults.decoder
        let timeout = mapping["timeout"].flatMap { readTimeout($0, context: context) } ?? defaults.timeout
        let summary = readSummary(mapping["description"], context: context)
        let stream = mapping["stream"].flatMap {
            readChoice($0, key: "stream", what: "stream kind", context: context, as: Endpoint.StreamKind.self)
        }
        let keyPath = mapping["keyPath"].flatMap { readKeyPath($0, context: context) }
        let webSocket = readWebSocket(mapping, method: method, stream: stream, context: context)
        let returnType = readReturnType(mapping, method: method, stream: stream, keyPath: keyPath, context: context)
        let until = readUntil(mapping["until"], stream: stream, context: context)
        let mocks = mapping["mock"].map { readMocks($0, stream: stream, context: context) } ?? []
        let auth = mapping["auth"].map { readAuth($0, context: context) } ?? defaults.auth.map(PolicySetting.on)
        let retry = mapping["retry"].map { readRetry($0, context: context) } ?? defaults.retry
        let cachePolicy = mapping["cache"].flatMap { readCachePolicy($0, context: context) } ?? defaults.cachePolicy

        let signature = EndpointSignature(
            method: method, path: path, pathNode: pathNode, explicitEncoding: explicitEncoding, context: context,
            stream: stream, returnType: returnType
        )
        guard let (parameters, encoding) = readParameters(mapping["params"], signature: signature) else {
            return nil
        }
        if webSocket != nil { checkWebSocketParameters(parameters, context: context) }
        let pagination = mapping["paginate"].flatMap { readPagination($0, parameters: parameters, stream: stream, context: context) }
        return Endpoint(fields: Endpoint.Fields(
            name: name, method: method, path: path, parameters: parameters,
            headers: Self.merge(defaults.headers, endpointHeaders), encoding: encoding,
            encoderName: encoder, decoderName: decoder, timeout: timeout, keyPath: keyPath,
            returnType: returnType, stream: stream, until: until,
            auth: auth?.value, retry: retry?.value, isRetryDisabled: retry == .off, summary: summary, mark: nameMark,
            pagination: pagination, webSocket: webSocket, cachePolicy: cachePolicy,
            responses: Responses(mocks: mocks), mockResource: mapping["mock"].flatMap(Self.mockResource)
        ))
    }

    // MARK: - Method and path

    private mutating func readMethodAndPath(
        _ mapping: MappingReader, nameMark: Mark, context: ErrorContext
    ) -> (HTTPRequest.Method, PathTemplate, YAMLNode)? {
        let shorthands = mapping.entries(withKeyIn: Self.shorthandMethods)
        let methodEntry = mapping.entry("method")
        let pathEntry = mapping.entry("path")
        if shorthands.count > 1 {
            let names = shorthands.map { "'\($0.key.scalar?.value ?? "")'" }.joined(separator: " and ")
            report("\(context)an endpoint has exactly one method, found \(names)", at: shorthands[1].key.mark)
            return nil
        }
        var methodName: String
        var pathNode: YAMLNode
        if let shorthand = shorthands.first {
            methodName = shorthand.key.scalar?.value ?? ""
            pathNode = shorthand.value
            if let methodEntry {
                report("\(context)'\(methodName):' already gives the method; remove 'method:'", at: methodEntry.key.mark)
                return nil
            }
            if let pathEntry {
                report("\(context)'\(methodName):' already gives the path; remove 'path:'", at: pathEntry.key.mark)
                return nil
            }
        } else if let methodEntry {
            guard let name = readName(methodEntry.value, key: "method", context: context) else { return nil }
            methodName = name
            guard let pathEntry else {
                report("\(context)'method:' needs a 'path:'", at: methodEntry.key.mark)
                return nil
            }
            pathNode = pathEntry.value
        } else {
            if let pathEntry {
                report("\(context)'path:' needs a 'method:' (or write the shorthand 'GET: /path')", at: pathEntry.key.mark)
            } else {
                report("\(context)no method: write 'GET: /path', or 'method:' and 'path:'", at: nameMark)
            }
            return nil
        }
        guard let method = HTTPRequest.Method(methodName), methodName == methodName.uppercased() || !Self.shorthandMethods.contains(methodName.uppercased()) else {
            let upper = methodName.uppercased()
            let hint = Self.shorthandMethods.contains(upper) ? " (did you mean '\(upper)'?)" : ""
            report("\(context)invalid method '\(methodName)'\(hint)", at: methodEntry?.value.mark ?? nameMark)
            return nil
        }
        guard let pathText = readString(pathNode, key: "path", context: context) else { return nil }
        do {
            return (method, try PathTemplate(parsing: pathText), pathNode)
        } catch {
            report("\(context)\(error.message)", at: pathNode.mark(atOffset: error.offset, in: file))
            return nil
        }
    }

    // MARK: - Results

    /// `paginate: { next: link | { url: K } | { cursor: K, param: P } | { page: P } | { offset: P }, items: K }`.
    private mutating func readPagination(_ node: YAMLNode, parameters: [Parameter], stream: Endpoint.StreamKind?, context: ErrorContext) -> Pagination? {
        let context = context + "paginate: "
        guard let mapping = MappingReader(node) else {
            report("\(context)expected a mapping with 'next' (and 'items'), found \(node.foundDescription)", at: node.mark)
            return nil
        }
        reportUnknownKeys(in: mapping, allowed: ["next", "items"], context: context)
        if stream != nil { report("\(context)a stream endpoint cannot be paginated", at: node.mark) }
        let items = mapping["items"].flatMap { readKeyPath($0, context: context) }
        guard let nextNode = mapping["next"] else {
            report("\(context)'next' is required: link, or a mapping with url, cursor (and param), page or offset", at: node.mark)
            return nil
        }
        func parameter(_ valueNode: YAMLNode, key: String) -> String? {
            guard let name = readString(valueNode, key: key, context: context) else { return nil }
            guard parameters.contains(where: { $0.name == name && $0.location != .body }) else {
                let names = parameters.map(\.name)
                report("\(context)'\(key)' names '\(name)', which is not a parameter of the endpoint"
                    + (names.isEmpty ? "" : " (its parameters are: \(names.joined(separator: ", ")))"), at: valueNode.mark)
                return nil
            }
            return name
        }
        let next: Pagination.Next
        if nextNode.string == "link" {
            next = .link
        } else if let choice = MappingReader(nextNode) {
            reportUnknownKeys(in: choice, allowed: ["url", "cursor", "param", "page", "offset"], context: context)
            if let url = choice["url"] {
                guard let path = readKeyPath(url, context: context) else { return nil }
                next = .url(path)
            } else if let cursor = choice["cursor"] {
                guard let path = readKeyPath(cursor, context: context) else { return nil }
                guard let paramNode = choice["param"] else {
                    report("\(context)a cursor needs 'param': the parameter the cursor is sent as", at: nextNode.mark)
                    return nil
                }
                guard let name = parameter(paramNode, key: "param") else { return nil }
                next = .cursor(path, parameter: name)
            } else if let page = choice["page"] {
                guard let name = parameter(page, key: "page") else { return nil }
                next = .page(parameter: name)
            } else if let offset = choice["offset"] {
                guard let name = parameter(offset, key: "offset") else { return nil }
                next = .offset(parameter: name)
            } else {
                report("\(context)'next' needs one of url, cursor, page or offset", at: nextNode.mark)
                return nil
            }
        } else {
            report("\(context)'next' must be link, or a mapping with url, cursor (and param), page or offset; found \(nextNode.foundDescription)", at: nextNode.mark)
            return nil
        }
        return Pagination(next: next, items: items, mark: node.mark)
    }

    private mutating func readKeyPath(_ node: YAMLNode, context: ErrorContext) -> JSONValue.KeyPath? {
        guard let text = readString(node, key: "keyPath", context: context) else { return nil }
        if let cached = keyPathCache[text] { return cached }
        guard let path = JSONValue.KeyPath(text) else {
            report("\(context)invalid keyPath '\(text)' (write keys and indices separated by dots, e.g. 'data.items.0')", at: node.mark)
            return nil
        }
        keyPathCache[text] = path
        return path
    }

    private mutating func readReturnType(
        _ mapping: MappingReader, method: HTTPRequest.Method, stream: Endpoint.StreamKind?, keyPath: JSONValue.KeyPath?, context: ErrorContext
    ) -> ReturnType {
        let isHead = method == .head
        guard let node = mapping["returns"] else { return isHead ? .headers : .value(.json) }
        guard let text = readString(node, key: "returns", context: context) else { return .value(.json) }
        let type: ReturnType
        if let cached = returnTypeCache[text] {
            type = cached
        } else {
            do {
                type = try TypeParser.parseReturnType(text)
                returnTypeCache[text] = type
            } catch {
                report("\(context)'returns': \(error.message)", at: node.mark(atOffset: error.offset, in: file))
                return .value(.json)
            }
        }
        if stream != nil {
            report("\(context)'returns' does not apply to stream endpoints (each event is read as it arrives)", at: node.mark)
        } else if isHead, case .value = type {
            report("\(context)a HEAD response has no body, so 'returns' must be Headers or Void, not \(type)", at: node.mark)
        } else if keyPath != nil, type == .void || type == .headers {
            report("\(context)'keyPath' selects part of the body, but 'returns: \(type)' does not read the body", at: node.mark)
        }
        return type
    }

    private mutating func readUntil(_ node: YAMLNode?, stream: Endpoint.StreamKind?, context: ErrorContext) -> String? {
        guard let node else { return nil }
        guard stream == .sse || stream == .lines || stream == .webSocket else {
            report("\(context)'until' applies only to 'stream: sse', 'stream: lines' or 'stream: websocket' endpoints", at: node.mark)
            return nil
        }
        guard let scalar = node.scalar, node.mapping == nil else {
            report("\(context)'until' must be a data value such as \"[DONE]\", found \(node.foundDescription)", at: node.mark)
            return nil
        }
        return scalar.value
    }

    // MARK: - Headers

    /// Service headers followed by endpoint headers; an endpoint header replaces every service
    /// header of the same name (compared case-insensitively).
    static func merge(_ service: [SpecHeader], _ endpoint: [SpecHeader]) -> [SpecHeader] {
        guard !endpoint.isEmpty else { return service }
        let overridden = Set(endpoint.map { $0.name.lowercased() })
        return service.filter { !overridden.contains($0.name.lowercased()) } + endpoint
    }
}

/// What parameter inference needs to know about an endpoint.
struct EndpointSignature {
    var method: HTTPRequest.Method
    var path: PathTemplate
    var pathNode: YAMLNode
    var explicitEncoding: Endpoint.BodyEncoding?
    var context: ErrorContext
    var stream: Endpoint.StreamKind?
    var returnType: ReturnType

    /// Whether the method sends parameters to the query (rule 3), computed once per endpoint.
    var hasNoBody: Bool { method.sendsParametersInQuery }
}
