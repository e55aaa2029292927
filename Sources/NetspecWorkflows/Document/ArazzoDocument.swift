public import NetspecModel

/// An Arazzo 1.0.x or 1.1.x document as written, every part with its place in the file.
///
/// ``read(path:)`` checks what the Arazzo JSON Schema checks (required fields, the forms of
/// steps, parameters, criteria and actions, duplicates); ``Workflows/load(path:provider:sources:)``
/// also loads its sources and checks every reference (docs/workflows.md).
public struct ArazzoDocument: Sendable {
    /// The file name as given to the loader.
    public let file: String
    /// The `arazzo` version, such as `1.0.1` or `1.1.0`.
    public let version: String
    /// The document's `info`.
    public let info: Info
    /// `$self` (Arazzo 1.1): the document's own URI, the base of its relative references.
    public let selfURI: Located<String>?
    /// `sourceDescriptions`, in document order.
    public let sourceDescriptions: [SourceDescription]
    /// `workflows`, in document order.
    public let workflows: [Workflow]
    /// `components`.
    public let components: Components

    /// Whether the document is Arazzo 1.1 (AsyncAPI steps, `querystring`, selectors, `$self`).
    public var isVersion1_1: Bool { version.hasPrefix("1.1.") }

    /// The workflow whose `workflowId` is `id`.
    public func workflow(_ id: String) -> Workflow? {
        workflowIndex(id).map { workflows[$0] }
    }

    /// The index in ``workflows`` of the workflow whose `workflowId` is `id`: for reading one of
    /// its fields without copying the whole workflow (the runner does, each run).
    package func workflowIndex(_ id: String) -> Int? {
        workflows.firstIndex { $0.workflowId.value == id }
    }

    /// The source description named `name`.
    public func sourceDescription(_ name: String) -> SourceDescription? {
        sourceDescriptions.first { $0.name.value == name }
    }

    /// The document's `info`.
    public struct Info: Sendable {
        /// `title`.
        public let title: String
        /// `summary`.
        public let summary: String?
        /// `description`.
        public let description: String?
        /// `version`: the document's own version, not Arazzo's.
        public let version: String
    }

    /// One of `sourceDescriptions`: an API description or another Arazzo document.
    public struct SourceDescription: Sendable {
        /// `name`, what `$sourceDescriptions.NAME` refers to.
        public let name: Located<String>
        /// `url`: a file relative to the workflow document, or an http(s) URL.
        public let url: Located<String>
        /// `type`; `openapi` when absent.
        public let type: Kind

        /// What a source is.
        public enum Kind: String, Sendable {
            /// An OpenAPI 3.x or Swagger 2.0 document, loaded as a Netspec `Spec`.
            case openapi
            /// Another Arazzo document, whose workflows steps may call.
            case arazzo
            /// An AsyncAPI document (Arazzo 1.1): read, not loaded; its steps cannot run.
            case asyncapi
        }
    }

    /// `components`: what `$components.…` and `reference` name.
    public struct Components: Sendable {
        /// `inputs`: JSON Schemas, by name.
        public let inputs: [String: JSONValue]
        /// `parameters`, by name.
        public let parameters: [String: ArazzoParameter]
        /// `successActions`, by name.
        public let successActions: [String: ArazzoAction]
        /// `failureActions`, by name.
        public let failureActions: [String: ArazzoAction]
        /// Each kind's components as written, by name: the values `$components.KIND.NAME` gives.
        package var written: [RuntimeExpression.ComponentKind: [String: JSONValue]] = [:]

        /// No components.
        public static let empty = Components(inputs: [:], parameters: [:], successActions: [:], failureActions: [:])
    }
}

/// A workflow: its inputs, steps, actions and outputs.
public struct Workflow: Sendable {
    /// `workflowId`.
    public let workflowId: Located<String>
    /// `summary`.
    public let summary: String?
    /// `description`.
    public let description: String?
    /// `inputs`, a JSON Schema (a `$ref` to `#/components/inputs/…` is kept as written).
    public let inputs: ArazzoValue?
    /// `dependsOn`: workflows that must have completed first.
    public let dependsOn: [Located<String>]
    /// `steps`, in order.
    public let steps: [Step]
    /// `successActions`: the default actions of its steps on success.
    public let successActions: [ArazzoAction]
    /// `failureActions`: the default actions of its steps on failure.
    public let failureActions: [ArazzoAction]
    /// `outputs`, in document order.
    public let outputs: [ArazzoOutput]
    /// `parameters`: applied to every operation step.
    public let parameters: [ArazzoParameter]

    /// The step whose `stepId` is `id`.
    public func step(_ id: String) -> Step? {
        steps.first { $0.stepId.value == id }
    }
}

/// A named output: a runtime expression (or a 1.1 Selector Object) evaluated after a step or workflow.
public struct ArazzoOutput: Sendable {
    /// The output's name.
    public let name: Located<String>
    /// Its value.
    public let value: ArazzoValue
}
