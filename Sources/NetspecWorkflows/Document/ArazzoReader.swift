package import NetspecModel

/// Reads an Arazzo document's YAML tree into an ``ArazzoDocument``, checking what the Arazzo
/// JSON Schema checks, and collecting every problem as a positioned `SpecError` rather than
/// stopping at the first. A file per part: this one the document, its `info`, sources and
/// components, and the helpers; `+Workflows` workflows and steps; `+Parts` parameters, bodies,
/// criteria, actions, outputs and values.
package struct ArazzoReader {
    /// The file name given to the loader, for the errors.
    let file: String
    /// The minor version (0 for 1.0.x, 1 for 1.1.x): which keys are allowed.
    var minor = 0
    /// The problems found so far.
    var errors: [SpecError] = []

    package init(file: String) {
        self.file = file
    }

    /// Reads a parsed document, throwing every problem found (sorted by position) at once.
    package static func read(_ root: YAMLNode?, file: String) throws(SpecError) -> ArazzoDocument {
        var reader = ArazzoReader(file: file)
        let document = reader.document(root)
        for (tag, mark) in root?.localTags ?? [] {
            reader.fail(mark, "YAML reads '\(tag)' as a tag, which an Arazzo document cannot have: quote the value to start it with '!'")
        }
        if let error = SpecError.combining(reader.errors) { throw error }
        guard let document else { throw SpecError(file: file, line: 1, column: 1, message: "not an Arazzo document") }
        return document
    }

    /// Whether a parsed document is an Arazzo document: a mapping with an `arazzo` key.
    package static func isArazzo(_ root: YAMLNode?) -> Bool {
        root?["arazzo"] != nil
    }

    private mutating func document(_ root: YAMLNode?) -> ArazzoDocument? {
        guard let root, let top = MappingReader(root) else {
            fail(root?.mark ?? .start, "an Arazzo document is a mapping with 'arazzo', 'info', 'sourceDescriptions' and 'workflows', found \(root?.foundDescription ?? "nothing")")
            return nil
        }
        let version = arazzoVersion(top, root: root)
        checkKeys(top, "the document", v10: ["arazzo", "info", "sourceDescriptions", "workflows", "components"], v11: ["$self"])
        let info = self.info(top, root: root)
        let selfURI = selfReference(top)
        let sources = sourceDescriptions(top, root: root)
        let workflows = items(top, "workflows", "the document", required: true).compactMap { workflow($0) }
        checkUnique(workflows.map(\.workflowId), "workflow", "workflowId")
        let components = top["components"].map { self.components($0) } ?? .empty
        return ArazzoDocument(
            file: file, version: version, info: info, selfURI: selfURI, sourceDescriptions: sources,
            workflows: workflows, components: components
        )
    }

    private mutating func arazzoVersion(_ top: MappingReader, root: YAMLNode) -> String {
        guard let node = top["arazzo"] else {
            fail(root.mark, "no 'arazzo' version (expected 'arazzo: 1.0.1' or 'arazzo: 1.1.0')")
            return ""
        }
        let text = node.scalar.map { _ in node.string ?? "" } ?? ""
        let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        let isString = if case .string = node.scalar?.resolved { true } else { false }
        guard isString, parts.count == 3, parts[0] == "1", parts[1] == "0" || parts[1] == "1",
              let patch = parts[2].split(separator: "-").first, !patch.isEmpty, patch.allSatisfy(\.isNumber)
        else {
            fail(node.mark, "'arazzo' is \(node.foundDescription): Netspec reads Arazzo 1.0.x and 1.1.x ('arazzo: 1.0.1' or 'arazzo: 1.1.0')")
            return text
        }
        minor = parts[1] == "1" ? 1 : 0
        return text
    }

    private mutating func info(_ top: MappingReader, root: YAMLNode) -> ArazzoDocument.Info {
        guard let node = top["info"] else {
            fail(root.mark, "no 'info' (expected 'info:' with 'title' and 'version')")
            return ArazzoDocument.Info(title: "", summary: nil, description: nil, version: "")
        }
        guard let info = object(node, "info", v10: ["title", "summary", "description", "version"]) else {
            return ArazzoDocument.Info(title: "", summary: nil, description: nil, version: "")
        }
        return ArazzoDocument.Info(
            title: text(info, "title", "info", required: true)?.value ?? "",
            summary: text(info, "summary", "info")?.value,
            description: text(info, "description", "info")?.value,
            version: text(info, "version", "info", required: true)?.value ?? ""
        )
    }

    private mutating func selfReference(_ top: MappingReader) -> Located<String>? {
        guard let uri = text(top, "$self", "the document") else { return nil }
        if uri.value.contains("#") {
            fail(uri.mark, "'$self' is '\(uri.value)': the document's URI has no fragment ('#…')")
        }
        return uri
    }

    /// A source's `url` is one the loader reads: a file path, or an http(s) URL. An empty one
    /// and one of another scheme (`ftp://`, `file://`) were looked for as files beside the
    /// document, "cannot read file" saying nothing of why.
    private mutating func checkSourceURL(_ url: Located<String>, _ what: String) {
        if url.value.isEmpty {
            return fail(url.mark, "\(what): 'url' is empty (expected the source's file path or http(s) URL)")
        }
        guard let colon = url.value.firstIndex(of: ":"), url.value[colon...].hasPrefix("://") else { return }
        let scheme = url.value[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
              !["http", "https"].contains(scheme.lowercased()) else { return }
        let hint = scheme.lowercased() == "file" ? " (write the file's path)" : ""
        fail(url.mark, "\(what): 'url' '\(url.value)' is a '\(scheme)' URL: Netspec reads a source from a file path or an http(s) URL\(hint)")
    }

    private mutating func sourceDescriptions(_ top: MappingReader, root: YAMLNode) -> [ArazzoDocument.SourceDescription] {
        var sources: [ArazzoDocument.SourceDescription] = []
        for node in items(top, "sourceDescriptions", "the document", required: true) {
            guard let source = object(node, "a source description", v10: ["name", "url", "type"]) else { continue }
            guard let name = text(source, "name", "a source description", required: true) else { continue }
            let what = "source '\(name.value)'"
            checkName(name, what, pattern: .identifier)
            let url = text(source, "url", what, required: true) ?? Located("", at: source.node.mark)
            var kind = ArazzoDocument.SourceDescription.Kind.openapi
            if let type = text(source, "type", what) {
                let allowed = minor == 1 ? ["openapi", "arazzo", "asyncapi"] : ["openapi", "arazzo"]
                if let known = ArazzoDocument.SourceDescription.Kind(rawValue: type.value), allowed.contains(type.value) {
                    kind = known
                } else {
                    fail(type.mark, "\(what): unknown type '\(type.value)' (expected \(quotedList(allowed)))")
                }
            }
            if kind != .asyncapi { checkSourceURL(url, what) }
            sources.append(ArazzoDocument.SourceDescription(name: name, url: url, type: kind))
        }
        checkUnique(sources.map(\.name), "source description", "name")
        return sources
    }

    private mutating func components(_ node: YAMLNode) -> ArazzoDocument.Components {
        guard let components = object(node, "components", v10: ["inputs", "parameters", "successActions", "failureActions"]) else { return .empty }
        func named(_ key: String) -> [(Located<String>, YAMLNode)] {
            guard let node = components[key] else { return [] }
            guard let pairs = node.mapping else {
                fail(node.mark, "components: '\(key)' is \(node.foundDescription), expected a mapping of names")
                return []
            }
            return pairs.map { (Located($0.key.string ?? "", at: $0.key.mark), $0.value) }
        }
        var inputs: [String: JSONValue] = [:], parameters: [String: ArazzoParameter] = [:]
        var successActions: [String: ArazzoAction] = [:], failureActions: [String: ArazzoAction] = [:]
        // As written, for `$components.KIND.NAME` (§ Runtime Expressions: "Accesses a foo parameter
        // defined within the Components Object").
        var written: [RuntimeExpression.ComponentKind: [String: JSONValue]] = [:]
        for (name, node) in named("inputs") where checkName(name, "components: inputs", pattern: .componentKey) {
            inputs[name.value] = node.jsonValue
        }
        for (name, node) in named("parameters") where checkName(name, "components: parameters", pattern: .componentKey) {
            parameters[name.value] = parameter(node, "components: parameter '\(name.value)'")
            written[.parameters, default: [:]][name.value] = node.jsonValue
        }
        for (name, node) in named("successActions") where checkName(name, "components: successActions", pattern: .componentKey) {
            successActions[name.value] = action(node, "components: success action '\(name.value)'", failure: false)
            written[.successActions, default: [:]][name.value] = node.jsonValue
        }
        for (name, node) in named("failureActions") where checkName(name, "components: failureActions", pattern: .componentKey) {
            failureActions[name.value] = action(node, "components: failure action '\(name.value)'", failure: true)
            written[.failureActions, default: [:]][name.value] = node.jsonValue
        }
        written[.inputs] = inputs
        return ArazzoDocument.Components(inputs: inputs, parameters: parameters, successActions: successActions, failureActions: failureActions, written: written)
    }
}
