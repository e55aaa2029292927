/// The rules of OpenAPI 3.2.0 that make a document invalid, each a positioned error: the walk
/// over the document's objects (this file) and the rules of each object
/// (`OpenAPIReader+Rules32Objects.swift`). What the 3.2 schema (`schema.yaml` of the 3.2.0
/// release, which the specification's schema tests run) refuses is refused here, so every
/// document of those tests' `fail` folder is refused at its place (docs/openapi.md, "OpenAPI 3.2").
///
/// Applied to 3.2 documents only: 3.0 and 3.1 documents are read as before. Objects that are a
/// `$ref` are checked where they are defined (the document's `components`), once.
extension OpenAPIReader {
    /// Checks the components' keys, and in a 3.2 document every rule of this file.
    mutating func checkComponentsAndRules32() {
        if let components = root["components"].flatMap(MappingReader.init) { checkKeys(components, .components) }
        guard isVersion32 else { return }
        checkTagParents32()
        if root["paths"] == nil, root["components"] == nil, root["webhooks"] == nil {
            reportIn(file, "an OpenAPI 3.2 document must have 'paths', 'components' or 'webhooks' (OpenAPI 3.2.0, OpenAPI Object)", at: root.node.mark)
        }
        checkServers32(root.entry("servers"), context: "")
        // A call's one-operation read checks the operation it reads (``checkSoleOperation32``), not
        // every other, as it collects only that operation's warnings.
        for (name, container) in [("paths", "path"), ("webhooks", "webhook")] where only == nil {
            for pair in root[name].flatMap(MappingReader.init)?.pairs.map({ $0 }) ?? [] {
                checkPathItem32(pair.value, context: "\(container) '\(pair.key.string ?? "")': ")
            }
        }
        if let components = root["components"].flatMap(MappingReader.init) { checkComponents32(components) }
    }

    /// The components, each checked as the object it is.
    private mutating func checkComponents32(_ components: MappingReader) {
        func each(_ key: String) -> [(name: String, value: YAMLNode)] {
            (components[key].flatMap(MappingReader.init)?.pairs.map { $0 } ?? []).map { ($0.key.string ?? "", $0.value) }
        }
        // Schemas are walked by whole reads only (a call's one-operation read does not pay for
        // every schema of a big document): what they refuse is not in the operation's request.
        // The test is outside the loop: listing the schemas' names alone touched every schema's
        // node of the tree, 8% of a cold call of OpenAI's document.
        if only == nil {
            for (name, schema) in each("schemas") { checkSchema32(schema, context: "schema '\(name)': ", isComponent: true) }
        }
        for (name, parameter) in each("parameters") { checkParameter32(parameter, context: "parameter '\(name)': ") }
        for (name, header) in each("headers") { checkHeader32(header, context: "header '\(name)': ") }
        for (name, example) in each("examples") { checkExample32(example, context: "example '\(name)': ", serializer: nil) }
        for (name, body) in each("requestBodies") { checkContent32(MappingReader(body)?["content"], context: "request body '\(name)': ") }
        for (name, response) in each("responses") { checkResponse32(response, context: "response '\(name)': ") }
        for (name, item) in each("pathItems") { checkPathItem32(item, context: "path item '\(name)': ") }
        for (name, callback) in each("callbacks") { checkCallback32(callback, context: "callback '\(name)': ") }
        checkMediaTypeComponents32(components)
        for (name, mediaType) in each("mediaTypes") {
            checkMediaType32(mediaType, context: "media type '\(ControlCharacters.escaped(name))': ", serializer: nil)
        }
    }

    /// A Path Item: its parameters, servers and operations.
    private mutating func checkPathItem32(_ node: YAMLNode, context: String) {
        guard let item = MappingReader(node), item["$ref"] == nil else { return }
        let shared = checkParameterList32(item["parameters"], inherited: [], context: context)
        checkServers32(item.entry("servers"), context: context)
        var operations = Self.methods32.compactMap { item[$0.key] }
        operations += item[Self.additionalOperationsKey].flatMap(MappingReader.init)?.pairs.map(\.value) ?? []
        for node in operations { checkOperation32(node, shared: shared, context: context) }
    }

    /// The one operation a call reads (`only`), with its path item's parameters.
    mutating func checkSoleOperation32(_ node: YAMLNode, sharedParameters: YAMLNode?, context: String) {
        guard isVersion32, only != nil else { return }
        let shared = checkParameterList32(sharedParameters, inherited: [], context: context)
        checkOperation32(node, shared: shared, context: context)
    }

    /// An Operation: its parameters (with the path item's, `shared`), servers, body, responses and callbacks.
    private mutating func checkOperation32(_ node: YAMLNode, shared: [MappingReader], context: String) {
        guard let operation = MappingReader(node), operation["$ref"] == nil else { return }
        let name = operation["operationId"]?.string.map { "operation '\($0)': " } ?? context
        _ = checkParameterList32(operation["parameters"], inherited: shared, context: name)
        checkServers32(operation.entry("servers"), context: name)
        if let body = operation["requestBody"].flatMap(MappingReader.init), body["$ref"] == nil {
            checkContent32(body["content"], context: name + "request body: ")
        }
        for pair in operation["responses"].flatMap(MappingReader.init)?.pairs.map({ $0 }) ?? [] {
            checkResponse32(pair.value, context: name + "response '\(pair.key.string ?? "")': ")
        }
        for pair in operation["callbacks"].flatMap(MappingReader.init)?.pairs.map({ $0 }) ?? [] {
            checkCallback32(pair.value, context: name + "callback '\(pair.key.string ?? "")': ")
        }
    }

    /// A Callback: a Path Item per expression.
    private mutating func checkCallback32(_ node: YAMLNode, context: String) {
        guard let callback = MappingReader(node), callback["$ref"] == nil else { return }
        for pair in callback.pairs where !(pair.key.string ?? "").hasPrefix("x-") {
            checkPathItem32(pair.value, context: context + "'\(pair.key.string ?? "")': ")
        }
    }

    /// A Response: its headers (named by RFC 9110 tokens) and its content.
    private mutating func checkResponse32(_ node: YAMLNode, context: String) {
        guard let response = MappingReader(node), response["$ref"] == nil else { return }
        checkHeaders32(response["headers"], context: context)
        checkContent32(response["content"], context: context)
    }

    /// A map of header names to Header objects (a Response's, an Encoding's): each name an
    /// RFC 9110 token, each header checked.
    mutating func checkHeaders32(_ node: YAMLNode?, context: String) {
        for pair in node.flatMap(MappingReader.init)?.pairs.map({ $0 }) ?? [] {
            // Quoted escaped: a name holding CR LF stays on the message's line.
            let name = ControlCharacters.escaped(pair.key.string ?? "")
            if !HTTPToken.isToken(pair.key.string ?? "") {
                reportIn(path(of: pair.key), "\(context)header name '\(name)' is not an RFC 9110 §5.1 token (OpenAPI 3.2.0, Response Object)", at: pair.key.mark)
            }
            checkHeader32(pair.value, context: context + "header '\(name)': ")
        }
    }

    /// A `content` map: each Media Type object.
    mutating func checkContent32(_ node: YAMLNode?, context: String) {
        for pair in node.flatMap(MappingReader.init)?.pairs.map({ $0 }) ?? [] {
            let mediaType = pair.key.string ?? ""
            // Quoted escaped, as a header name: a media type holding CR LF stays on the message's line.
            checkMediaType32(pair.value, context: context + "media type '\(ControlCharacters.escaped(mediaType))': ", serializer: .mediaType(mediaType))
        }
    }

    /// A list of parameters: each checked, and `querystring` at most once and never beside a
    /// `query` parameter, counting the path item's (`inherited`) with an operation's. Returns
    /// the list's parameters, `$ref`s followed within the document, for the operations under it.
    private mutating func checkParameterList32(_ node: YAMLNode?, inherited: [MappingReader], context: String) -> [MappingReader] {
        var seen = inherited
        for item in node?.sequence.map(Array.init) ?? [] {
            if MappingReader(item)?["$ref"] == nil { checkParameter32(item, context: context + Self.parameterName(MappingReader(item))) }
            guard let parameter = peekReference(item) else { continue }
            let location = parameter["in"]?.string ?? ""
            let name = Self.parameterName(parameter)
            if location == "querystring", let other = seen.first(where: { $0["in"]?.string == "querystring" }) {
                reportIn(path(of: item), "\(context)\(name)a second 'querystring' parameter (beside \(Self.parameterName(other).dropLast(2))); an operation has at most one (OpenAPI 3.2.0, Parameter Locations)", at: item.mark)
            }
            if location == "querystring" || location == "query",
               let other = seen.first(where: { $0["in"]?.string == (location == "query" ? "querystring" : "query") }) {
                reportIn(path(of: item), "\(context)\(name)a '\(location)' parameter beside the '\(other["in"]?.string ?? "")' \(Self.parameterName(other).dropLast(2)); 'querystring' and 'query' parameters exclude each other in an operation and its path item (OpenAPI 3.2.0, Parameter Locations)", at: item.mark)
            }
            seen.append(parameter)
        }
        return Array(seen.dropFirst(inherited.count))
    }

    /// `parameter 'name': ` for messages (`parameter: ` without a name).
    static func parameterName(_ parameter: MappingReader?) -> String {
        parameter?["name"]?.string.map { "parameter '\($0)': " } ?? "parameter: "
    }

    /// `servers` (the document's, a path item's, an operation's): a list, each variable's
    /// `enum` a list of at least one value.
    private mutating func checkServers32(_ entry: YAMLPair?, context: String) {
        guard let entry else { return }
        guard let servers = entry.value.sequence else {
            reportIn(path(of: entry.value), "\(context)'servers' must be a list of Server objects, found \(entry.value.foundDescription) (OpenAPI 3.2.0, OpenAPI Object)", at: entry.value.mark)
            return
        }
        for server in servers.compactMap(MappingReader.init) {
            for variable in server["variables"].flatMap(MappingReader.init)?.pairs.map({ $0 }) ?? [] {
                guard let values = MappingReader(variable.value)?.entry("enum") else { continue }
                if values.value.sequence?.isEmpty ?? true {
                    reportIn(path(of: values.key), "\(context)server variable '\(variable.key.string ?? "")': 'enum' must be a list of at least one value (OpenAPI 3.2.0, Server Variable Object)", at: values.value.mark)
                }
            }
        }
    }

    /// The mapping a node is, its `$ref` followed when it points into this document (quietly:
    /// a reference that points nowhere is reported where the document is read); `nil` otherwise.
    func peekReference(_ node: YAMLNode) -> MappingReader? {
        guard let mapping = MappingReader(node) else { return nil }
        guard let reference = mapping["$ref"]?.string else { return mapping }
        guard reference.hasPrefix("#/"), ObjectIdentifier(node.document) == ObjectIdentifier(root.node.document) else { return nil }
        var found: YAMLNode? = root.node
        for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            found = found.flatMap(MappingReader.init)?[String(token).replacing("~1", with: "/").replacing("~0", with: "~")]
        }
        return found.flatMap(MappingReader.init)
    }
}
