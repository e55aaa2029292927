import NetspecModel

/// Resolves each operation step of a document to the `Endpoint` of a loaded source: an
/// `operationId` (plain, or `$sourceDescriptions.NAME.operationId`) by endpoint name, an
/// `operationPath` (`{$sourceDescriptions.NAME.url}#/paths/~1pets/get`) by path and method.
/// AsyncAPI steps are left unresolved (they load, and cannot run).
struct OperationResolver {
    let document: ArazzoDocument
    /// The OpenAPI and Swagger sources, loaded, by source name.
    let specs: [String: Spec]
    var operations: [String: Workflows.Operation] = [:]
    var errors: [SpecError] = []
    var warnings: [Spec.Warning] = []

    init(document: ArazzoDocument, specs: [String: Spec]) {
        self.document = document
        self.specs = specs
    }

    private mutating func fail(_ mark: Mark, _ message: String) {
        errors.append(SpecError(file: document.file, mark: mark, message: message))
    }

    mutating func resolveAll() {
        for workflow in document.workflows {
            for step in workflow.steps where !step.isAsync {
                let what = "workflow '\(workflow.workflowId.value)': step '\(step.stepId.value)'"
                let operation: Workflows.Operation? = switch step.target {
                case let .operationId(id): resolve(operationId: id, what)
                case let .operationPath(path): resolve(operationPath: path, what)
                case .workflowId, .channelPath: nil
                }
                guard let operation else { continue }
                operations[Workflows.key(workflow.workflowId.value, step.stepId.value)] = operation
                checkParameters(of: step, calling: operation, what)
            }
        }
    }

    /// The OpenAPI sources' names, in document order (those that loaded).
    private var openAPISources: [String] {
        document.sourceDescriptions.filter { $0.type == .openapi && specs[$0.name.value] != nil }.map(\.name.value)
    }

    private mutating func resolve(operationId id: Located<String>, _ what: String) -> Workflows.Operation? {
        if id.value.hasPrefix("$sourceDescriptions.") {
            let parts = id.value.split(separator: ".", maxSplits: 2).map(String.init)
            guard parts.count == 3, let source = self.source(parts[1], at: id, what) else {
                if parts.count != 3 { fail(id.mark, "\(what): operationId '\(id.value)' is not '$sourceDescriptions.SOURCE.OPERATION'") }
                return nil
            }
            guard let spec = specs[source] else { return nil }
            guard let endpoint = spec.endpoint(named: parts[2]) else {
                fail(id.mark, "\(what): no operation '\(parts[2])' in source '\(source)' (\(spec.file))"
                    + Suggestions.unknownName(parts[2], among: spec.endpoints.map(\.name), noun: "operation", seeAll: "netspec list \(spec.file) lists them"))
                return nil
            }
            return Workflows.Operation(source: source, endpoint: endpoint)
        }
        let found = openAPISources.compactMap { name in specs[name]?.endpoint(named: id.value).map { Workflows.Operation(source: name, endpoint: $0) } }
        if found.count > 1 {
            fail(id.mark, "\(what): operation '\(id.value)' is in sources \(quotedList(found.map(\.source), conjunction: "and")): write '$sourceDescriptions.\(found[0].source).\(id.value)'")
            return nil
        }
        if let operation = found.first { return operation }
        let sources = openAPISources
        guard !sources.isEmpty else {
            if !document.sourceDescriptions.contains(where: { $0.type == .openapi }) {
                fail(id.mark, "\(what): no OpenAPI source to find operation '\(id.value)' in")
            }
            return nil
        }
        let names = sources.flatMap { specs[$0]?.endpoints.map(\.name) ?? [] }
        let files = sources.compactMap { specs[$0]?.file }
        fail(id.mark, "\(what): no operation '\(id.value)' in \(files.joined(separator: ", "))"
            + Suggestions.unknownName(id.value, among: names, noun: "operation", seeAll: "netspec list \(files[0]) lists them"))
        return nil
    }

    /// The OpenAPI source `name`, or `nil` with an error when there is none or it is of another type.
    private mutating func source(_ name: String, at place: Located<String>, _ what: String) -> String? {
        guard let source = document.sourceDescription(name) else {
            fail(place.mark, "\(what): no source '\(name)'" + Suggestions.hint(for: name, in: document.sourceDescriptions.map(\.name.value)))
            return nil
        }
        guard source.type == .openapi else {
            fail(place.mark, "\(what): source '\(name)' is \(source.type.rawValue), not openapi: it has no operations")
            return nil
        }
        return name
    }

    private mutating func resolve(operationPath path: Located<String>, _ what: String) -> Workflows.Operation? {
        let form = "'{$sourceDescriptions.SOURCE.url}#/paths/PATH/METHOD' (a '/' in PATH written '~1')"
        guard path.value.hasPrefix("{$sourceDescriptions."), let close = path.value.firstIndex(of: "}"),
              path.value[..<close].hasSuffix(".url"), path.value[path.value.index(after: close)...].hasPrefix("#/") else {
            fail(path.mark, "\(what): operationPath '\(path.value)' is not \(form)")
            return nil
        }
        let name = String(path.value[path.value.index(path.value.startIndex, offsetBy: 21)..<close].dropLast(4))
        guard let source = source(name, at: path, what), let spec = specs[source] else { return nil }
        let tokens = path.value[close...].dropFirst(3).split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.replacingEscapes() }
        guard tokens.count == 2 || tokens.count == 3, tokens[0] == "paths", tokens[1].hasPrefix("/") else {
            fail(path.mark, "\(what): operationPath '\(path.value)' does not point at an operation: expected \(form)")
            return nil
        }
        let atPath = spec.endpoints.filter { $0.path == tokens[1] }
        guard !atPath.isEmpty else {
            fail(path.mark, "\(what): no path '\(tokens[1])' in source '\(source)' (\(spec.file))"
                + Suggestions.unknownName(tokens[1], among: Array(Set(spec.endpoints.map(\.path))).sorted(), noun: "path", seeAll: "netspec list \(spec.file) lists them"))
            return nil
        }
        let methods = atPath.map { $0.method.rawValue.lowercased() }
        if tokens.count == 2 {
            guard atPath.count == 1 else {
                fail(path.mark, "\(what): operationPath '\(path.value)' points at a path, not an operation: add one of its methods (\(methods.map { "/" + $0 }.joined(separator: ", ")))")
                return nil
            }
            warnings.append(Spec.Warning(
                file: document.file, line: path.line, column: path.column,
                message: "\(what): operationPath '\(path.value)' points at a path, not an operation; its one operation, \(methods[0].uppercased()) \(tokens[1]), is taken (write '…/\(methods[0])')"
            ))
            return Workflows.Operation(source: source, endpoint: atPath[0])
        }
        guard let index = methods.firstIndex(of: tokens[2]) else {
            fail(path.mark, "\(what): path '\(tokens[1])' of source '\(source)' has no \(tokens[2]) operation (it has \(methods.joined(separator: ", ")))")
            return nil
        }
        return Workflows.Operation(source: source, endpoint: atPath[index])
    }
}

extension Substring {
    /// A JSON Pointer token unescaped (RFC 6901: `~1` is `/`, `~0` is `~`).
    fileprivate func replacingEscapes() -> String {
        var result = ""
        var index = startIndex
        while index < endIndex {
            let character = self[index]
            let next = self.index(after: index)
            if character == "~", next < endIndex, self[next] == "1" || self[next] == "0" {
                result.append(self[next] == "1" ? "/" : "~")
                index = self.index(after: next)
            } else {
                result.append(character)
                index = next
            }
        }
        return result
    }
}
