// Reading a response's `links` (OpenAPI 3.0/3.1/3.2, Link Object) into the model, and finding
// each link's target once every operation is read: an `operationId`, or an `operationRef` to an
// operation of this document (`#/paths/~1pets~1{petId}/get`). A link whose target is no
// operation of the document is warned about where it is written, and left without a target.
// A link's `server` is read as the document's `servers` are: each `{variable}` at its `default`,
// unless the run sets it (`netspec check --var`, `Provider(variables:)`).

import HTTPTypes

extension OpenAPIReader {
    /// A response's links, a `$ref`'d one followed, in the document's order.
    mutating func responseLinks(_ response: MappingReader) -> [ResponseLink] {
        var links: [ResponseLink] = []
        for pair in response["links"].flatMap(MappingReader.init).map({ Array($0.pairs) }) ?? [] {
            guard let name = pair.key.string, let object = resolve(pair.value).flatMap(MappingReader.init) else { continue }
            var link = ResponseLink(name: name, file: path(of: pair.key), mark: pair.key.mark)
            link.operationId = object["operationId"]?.string
            link.operationRef = object["operationRef"]?.string
            link.parameters = object["parameters"].flatMap(MappingReader.init)?.pairs.compactMap { entry in
                entry.key.string.map { ($0, entry.value.jsonValue) }
            } ?? []
            link.requestBody = object["requestBody"]?.jsonValue
            link.writtenServer = linkServer(object["server"], link: name)
            links.append(link)
        }
        return links
    }

    /// A link's `server` (Link Object): its `url` read as a template by the rule of the
    /// document's `servers` (``serverTemplate(_:written:of:)``), which a run resolves with its
    /// variables, each other one at its `default` (a relative one, `/v2`, stays relative). A
    /// variable without the `default` OpenAPI requires, or a name that is no variable of the
    /// server, is warned about where it is written (once: a `$ref`'d link is read for each
    /// response that has it).
    private mutating func linkServer(_ node: YAMLNode?, link: String) -> ResponseLink.Server? {
        guard let node, let server = MappingReader(node), let urlNode = server["url"], let url = urlNode.string else { return nil }
        let (_, template, undefined) = serverTemplate(server, written: url, of: " of link '\(link)'")
        let variables = Self.variablesWithoutDefault(server).map { ResponseLink.Server.Variable(name: $0.name, mark: $0.mark) }
        let written = ResponseLink.Server(
            template: template ?? Template(literal: url), undefinedNames: undefined, variablesWithoutDefault: variables,
            file: path(of: node), urlMark: urlNode.mark
        )
        for variable in variables {
            let warning = written.missingDefaultWarning(variable, link: link)
            if !warnings.contains(warning) { warnings.append(warning) }
        }
        let shown = BaseURLCheck.redacted(written.shown { _ in nil })
        for name in undefined {
            warnOnce(written.file, "server URL '\(shown)' of link '\(link)' has '{\(name)}', which is no variable of the server; netspec check does not follow the link", at: urlNode.mark)
        }
        return written
    }

    /// A warning, unless the same one (place and message) is given already.
    mutating func warnOnce(_ path: String, _ message: String, at mark: Mark) {
        let warning = Spec.Warning(file: mark.file ?? path, line: mark.line, column: mark.column, message: message)
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    /// Notes the operation as a link's possible target, by its `operationId` and its method and path.
    mutating func noteLinkTarget(_ operation: MappingReader, method: HTTPRequest.Method, path: String, name: String) {
        if let id = operation["operationId"]?.string { linkTargets["id " + id] = name }
        linkTargets["\(method.rawValue) \(path)"] = name
    }

    /// The endpoints with their links' targets found, each link to no operation of the document
    /// warned about at its name; read for one operation alone (`only`), as they are: the others
    /// were not read.
    mutating func resolvingLinks(_ endpoints: [Endpoint]) -> [Endpoint] {
        guard only == nil else { return endpoints }
        return endpoints.map { endpoint in
            guard endpoint.responses.declared.contains(where: { !$0.links.isEmpty }) else { return endpoint }
            var unknown: [ResponseLink] = []
            let resolved = endpoint.withLinkTargets { link in
                let target = linkTarget(link)
                if target == nil { unknown.append(link) }
                return target
            }
            for link in unknown {
                let named = link.operationId.map { "operationId '\($0)'" } ?? link.operationRef.map { "operationRef '\($0)'" }
                let message = named.map { "link '\(link.name)' of operation '\(endpoint.name)': \($0) is no operation of the document, so the link is not followed" }
                    ?? "link '\(link.name)' of operation '\(endpoint.name)' has neither 'operationId' nor 'operationRef', so it is not followed"
                warnIn(link.file, message, at: link.mark)
            }
            return resolved
        }
    }

    /// The endpoint name a link leads to: by its `operationId`, or by an `operationRef` to
    /// `#/paths/PATH/METHOD` of this document (the JSON pointer's `~1` and `~0` decoded).
    private func linkTarget(_ link: ResponseLink) -> String? {
        if let id = link.operationId { return linkTargets["id " + id] }
        guard let reference = link.operationRef, reference.hasPrefix("#/paths/") else { return nil }
        let tokens = reference.dropFirst("#/paths/".count).split(separator: "/", omittingEmptySubsequences: false)
        guard tokens.count == 2 else { return nil }
        let path = String(tokens[0]).replacing("~1", with: "/").replacing("~0", with: "~")
        return linkTargets["\(tokens[1].uppercased()) \(path)"]
    }
}
