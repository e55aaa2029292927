public import Netspec
public import NetspecModel

/// An Arazzo document loaded with its sources, every reference checked: the workflows a runner
/// runs, each operation step resolved to an `Endpoint` of a loaded `Spec`.
///
/// ```swift
/// let flows = try await Workflows.load(path: "pets.arazzo.yaml")
/// for workflow in flows.document.workflows { print(workflow.workflowId.value) }
/// ```
///
/// Loading reads the document (``ArazzoDocument/read(path:)``'s checks), loads each source —
/// an OpenAPI 3.x or Swagger 2.0 document as a `Spec`, an Arazzo document as `Workflows` — from a
/// file relative to the workflow document or an http(s) URL (through the provider's TLS settings
/// and HTTP cache), and checks every reference; every problem is thrown at once as a `SpecError`
/// at file:line:column (docs/workflows.md lists the checks).
public struct Workflows: Sendable {
    /// The document.
    public let document: ArazzoDocument
    /// The OpenAPI and Swagger sources, loaded, by source name.
    public let sources: [String: Spec]
    /// The Arazzo sources, loaded, by source name.
    public let workflowSources: [String: Workflows]
    /// What was accepted with a warning (an `operationPath` that points at a path with one operation).
    public let warnings: [Spec.Warning]
    /// What ``address(ofSource:)`` puts before this document's source names: empty for the
    /// document loaded, `"NAME."` for the document of its Arazzo source `NAME`, `"NAME.INNER."`
    /// for one that document's Arazzo source `INNER` brings.
    public let sourceAddressPrefix: String
    /// Each operation step's operation, by ``key(_:_:)``.
    let operations: [String: Operation]
    /// Whether an expression of the document or of its Arazzo sources reads `$request`: without
    /// one, a run keeps no request's path and query parameters (issue 54's step cost).
    var readsRequest = false
    /// The Arazzo sources that name a document loaded above this one, or this one (two documents
    /// may name each other): the document's file, by source name. A run finds it among the
    /// documents it loaded (``loaded(file:)``); loading it again would not end.
    package var ancestorSources: [String: String] = [:]
    /// The criteria and templates its runs compiled, kept for the next runs.
    let compiled = CompiledExpressions()

    /// The operation an operation step calls: the source and its endpoint.
    public struct Operation: Sendable {
        /// The source description's name.
        public let source: String
        /// The endpoint, as the source's `Spec` has it.
        public let endpoint: Endpoint
    }

    /// The operation a step calls; `nil` for a step that calls a workflow, an AsyncAPI step, or
    /// an unknown workflow or step.
    public func operation(workflow: String, step: String) -> Operation? {
        operations[Self.key(workflow, step)]
    }

    /// Why a workflow cannot run (an AsyncAPI step of Arazzo 1.1, in it or a workflow it calls),
    /// or `nil` when it can.
    public func unrunnableReason(workflow id: String) -> String? {
        var seen: Set<String> = []
        var pending = [id]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted, let workflow = document.workflow(next) else { continue }
            for step in workflow.steps {
                if step.isAsync {
                    let how = step.action.map { "action '\($0.value)'" } ?? "channelPath '\(step.target.text.value)'"
                    return "\(document.file):\(step.stepId.line):\(step.stepId.column): workflow '\(next)': step '\(step.stepId.value)' is an AsyncAPI step (\(how)): Netspec runs OpenAPI and workflow steps only"
                }
                if case let .workflowId(callee) = step.target, !callee.value.hasPrefix("$") { pending.append(callee.value) }
            }
        }
        return nil
    }

    /// The address of source `name` of this document, by which ``RunOptions`` gives it a
    /// provider or a base URL: `name` for a source of the document loaded, `"auth.api"` for the
    /// source `api` of its Arazzo source `auth`, so that two documents' sources of one name are
    /// told apart.
    public func address(ofSource name: String) -> String {
        sourceAddressPrefix.isEmpty ? name : sourceAddressPrefix + name
    }

    /// Every OpenAPI or Swagger source of this document and of its Arazzo sources (theirs after
    /// its own, in the order each document lists them), by address.
    public var sourcesByAddress: [(address: String, spec: Spec)] {
        var result = document.sourceDescriptions.compactMap { source in sources[source.name.value].map { (address(ofSource: source.name.value), $0) } }
        for source in document.sourceDescriptions {
            if let nested = workflowSources[source.name.value] { result += nested.sourcesByAddress }
        }
        return result
    }

    static func key(_ workflow: String, _ step: String) -> String {
        workflow + "\u{0}" + step
    }

    /// Loads an Arazzo document from a file, with its sources.
    ///
    /// - Parameters:
    ///   - path: The workflow document (YAML, or JSON for a `.json` file).
    ///   - provider: Fetches sources given by http(s) URL (its TLS settings and HTTP cache).
    ///   - sources: Where to load sources from instead of their `url`, by source name (a file
    ///     path or URL as given, not relative to the document): a local copy of a remote description.
    /// - Throws: `SpecError` with every problem of the document and its references.
    public static func load(path: String, provider: Provider = Provider(), sources: [String: String] = [:]) async throws(SpecError) -> Workflows {
        try await load(location: path, provider: provider, overrides: sources, visiting: [:], prefix: "")
    }

    /// Loads an Arazzo document from an http(s) URL, with its sources (relative ones resolved
    /// against the URL); see ``load(path:provider:sources:)``.
    public static func load(url: String, provider: Provider = Provider(), sources: [String: String] = [:]) async throws(SpecError) -> Workflows {
        try await load(location: url, provider: provider, overrides: sources, visiting: [:], prefix: "")
    }
}
