/// A step of a workflow: one operation, or another workflow, with its parameters, body, criteria,
/// actions and outputs.
public struct Step: Sendable {
    /// `stepId`.
    public let stepId: Located<String>
    /// `description`.
    public let description: String?
    /// What the step calls.
    public let target: Target
    /// `action` (Arazzo 1.1, AsyncAPI steps): `send` or `receive`.
    public let action: Located<String>?
    /// `correlationId` (Arazzo 1.1, `receive` steps).
    public let correlationId: ArazzoValue?
    /// `timeout` in milliseconds (Arazzo 1.1, AsyncAPI steps).
    public let timeout: Int?
    /// `dependsOn` (Arazzo 1.1): steps that must have completed first.
    public let dependsOn: [Located<String>]
    /// `parameters`.
    public let parameters: [ArazzoParameter]
    /// `requestBody`.
    public let requestBody: RequestBody?
    /// `successCriteria`: all must pass for the step to succeed.
    public let successCriteria: [ArazzoCriterion]
    /// `onSuccess`.
    public let onSuccess: [ArazzoAction]
    /// `onFailure`.
    public let onFailure: [ArazzoAction]
    /// `outputs`.
    public let outputs: [ArazzoOutput]

    /// What a step calls: exactly one of these is written.
    public enum Target: Sendable {
        /// `operationId`: a name, or `$sourceDescriptions.NAME.operationId`.
        case operationId(Located<String>)
        /// `operationPath`: `{$sourceDescriptions.NAME.url}#/paths/~1pets/get`.
        case operationPath(Located<String>)
        /// `workflowId`: a workflow of this document, or `$sourceDescriptions.NAME.workflowId`.
        case workflowId(Located<String>)
        /// `channelPath` (Arazzo 1.1): an AsyncAPI channel.
        case channelPath(Located<String>)

        /// The key it is written under.
        public var key: String {
            switch self {
            case .operationId: "operationId"
            case .operationPath: "operationPath"
            case .workflowId: "workflowId"
            case .channelPath: "channelPath"
            }
        }

        /// The written value.
        public var text: Located<String> {
            switch self {
            case let .operationId(text), let .operationPath(text), let .workflowId(text), let .channelPath(text): text
            }
        }
    }

    /// Whether the step is an AsyncAPI step (it has an `action` or a `channelPath`), which loads
    /// but cannot run.
    public var isAsync: Bool {
        if action != nil { return true }
        if case .channelPath = target { return true }
        return false
    }
}

/// A parameter of a step or workflow, or a `reference` to one of `components.parameters`.
public struct ArazzoParameter: Sendable {
    /// `name`; `nil` for a reference.
    public let name: Located<String>?
    /// `in`: `path`, `query`, `header`, `cookie` or (1.1) `querystring`; `nil` when absent (a
    /// workflow step's parameters are the workflow's inputs).
    public let location: Located<String>?
    /// `value`.
    public let value: ArazzoValue?
    /// `reference`: `$components.parameters.NAME`.
    public let reference: Located<String>?
    /// Where the parameter starts.
    public let line: Int
    /// Where the parameter starts.
    public let column: Int
}

/// A step's `requestBody`.
public struct RequestBody: Sendable {
    /// `contentType`.
    public let contentType: String?
    /// `payload`.
    public let payload: ArazzoValue?
    /// `replacements`.
    public let replacements: [Replacement]

    /// A replacement in the payload.
    public struct Replacement: Sendable {
        /// `target`: a JSON Pointer (or, 1.1, a JSONPath or XPath as `targetSelectorType` says).
        public let target: Located<String>
        /// `targetSelectorType` (1.1): `jsonpointer` (default), `jsonpath` or `xpath`.
        public let targetSelectorType: String?
        /// `value`.
        public let value: ArazzoValue
    }
}

/// A success criterion, or an action's criterion.
public struct ArazzoCriterion: Sendable {
    /// `context`: the runtime expression the condition applies to (required for `regex`,
    /// `jsonpath` and `xpath`).
    public let context: Located<String>?
    /// `condition`.
    public let condition: Located<String>
    /// `type`: `simple` (default), `regex`, `jsonpath` or `xpath`.
    public let type: String
    /// The version the type's object form names (`draft-goessner-dispatch-jsonpath-00`, `rfc9535`, `xpath-30`…).
    public let version: String?
}

/// A success or failure action (`onSuccess`, `onFailure`, `successActions`, `failureActions`), or
/// a `reference` to one of the components'.
public struct ArazzoAction: Sendable {
    /// `name`; `nil` for a reference.
    public let name: Located<String>?
    /// `type`: `end`, `goto` or (failure) `retry`; `nil` for a reference.
    public let type: Located<String>?
    /// `workflowId` to go to.
    public let workflowId: Located<String>?
    /// `stepId` to go to.
    public let stepId: Located<String>?
    /// `retryAfter`, in seconds: from 0 to ``longestRetryAfter`` (a larger one, or `.inf`, is
    /// refused at load).
    public let retryAfter: Double?
    /// `retryLimit`.
    public let retryLimit: Int?
    /// `criteria`: all must pass for the action to apply.
    public let criteria: [ArazzoCriterion]
    /// `parameters` (1.1) passed to the workflow gone to.
    public let parameters: [ArazzoParameter]
    /// `reference`: `$components.successActions.NAME` or `$components.failureActions.NAME`.
    public let reference: Located<String>?
    /// Where the action starts.
    public let line: Int
    /// Where the action starts.
    public let column: Int

    /// The longest wait before a retry, in seconds (a day): the most `retryAfter` may say, and the
    /// most a response's `Retry-After` is waited for.
    public static let longestRetryAfter: Double = 86_400
}
