// How a workflow run is bounded and where its requests go: the settings a caller (the command
// line, MCP, a Swift program) gives beside the provider, whose own settings (auth, profiles,
// TLS, mocks) every step's call uses as `netspec call` would.

public import Netspec
public import NetspecModel

/// Settings of one workflow run.
public struct RunOptions: Sendable {
    /// The most steps the run takes, retries and nested workflows' steps included: a `goto` loop
    /// stops here with an error naming its steps. 1,000 by default.
    public var maxSteps: Int
    /// The longest the whole run may take; each call's timeout is cut to what is left. None by default.
    public var timeout: Duration?
    /// A base URL per source, instead of the source's servers (`--server NAME=URL`), by the
    /// source's address (``Workflows/address(ofSource:)``): `NAME` for a source of the document
    /// run, `ARAZZO.NAME` for the source `NAME` of its Arazzo source `ARAZZO` (deeper,
    /// `ARAZZO.INNER.NAME`), so that two documents' sources of one name are each their own.
    public var baseURLs: [String: String]
    /// A provider per source, instead of the run's for that source's steps (`netspec run` reads
    /// the profile for each source's document), by the source's address as for ``baseURLs``.
    public var providers: [String: Provider] = [:]
    /// Answer every step from its source's mock (the provider's mocks), sending nothing.
    public var usesMock: Bool
    /// Stop before the first request is sent: the run's ``WorkflowRun/firstRequest`` is it.
    public var stopsBeforeSending: Bool
    /// Called after each step (and each attempt of a retried one), in order: `netspec run -v`.
    public var onStep: (@Sendable (StepReport) -> Void)?

    /// Creates settings.
    public init(
        maxSteps: Int = 1000, timeout: Duration? = nil, baseURLs: [String: String] = [:], usesMock: Bool = false,
        stopsBeforeSending: Bool = false, onStep: (@Sendable (StepReport) -> Void)? = nil
    ) {
        self.maxSteps = maxSteps
        self.timeout = timeout
        self.baseURLs = baseURLs
        self.usesMock = usesMock
        self.stopsBeforeSending = stopsBeforeSending
        self.onStep = onStep
    }
}

/// What a run did: the workflow's outputs, every step it ran, and the error that stopped it.
public struct WorkflowRun: Sendable {
    /// The workflow run.
    public let workflowId: String
    /// Its outputs, an object by output name (empty until it succeeds).
    public let outputs: JSONValue
    /// Every step that ran, in order, nested workflows' included.
    public let steps: [StepReport]
    /// Why the run stopped, or `nil` when it succeeded.
    public let error: WorkflowError?
    /// With ``RunOptions/stopsBeforeSending``: the first request, as it would be sent (credentials
    /// as references to their variables unless they are set), the source it goes to, and the
    /// service and endpoint that would send it (what `--har` records it by).
    package let firstRequest: (request: RequestPreview, source: String, service: Service, endpoint: Endpoint)?

    /// Whether the workflow succeeded.
    public var succeeded: Bool { error == nil }

    /// The report as JSON (`netspec run --json`): `workflowId`, `succeeded`, `outputs`, `steps`, and `error`.
    public var json: JSONValue {
        var object: JSONObject = ["workflowId": .string(workflowId), "succeeded": .bool(succeeded), "outputs": outputs]
        object.append(.array(steps.map(\.json)), forKey: "steps")
        if let error {
            var failure: JSONObject = ["reason": .string(error.reason.name), "message": .string(error.message), "workflowId": .string(error.workflowId)]
            if let step = error.stepId { failure.append(.string(step), forKey: "stepId") }
            object.append(.object(failure), forKey: "error")
        }
        return .object(object)
    }
}
