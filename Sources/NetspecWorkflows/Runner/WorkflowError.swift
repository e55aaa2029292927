// Why a workflow run failed: one error type, its reason a struct with static members (as
// `CallError.ConfigurationError.Reason` is), so a reason added later breaks no caller's switch.
// The message says what and where: the workflow, the step, and for a failed criterion its
// condition, the actual value and the criterion's file:line:column.

public import Netspec

/// A workflow run that did not succeed.
///
/// ```swift
/// do {
///     let outputs = try await flows.run("buyPet", inputs: ["petId": 1], provider: provider)
/// } catch where error.reason == .stepFailed {
///     print(error.message)   // "workflow 'buyPet': step 'pay' failed: criterion `$statusCode == 200` …"
/// }
/// ```
public struct WorkflowError: Error, Sendable, CustomStringConvertible {
    /// Why the run stopped.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        /// The name (`inputs`, `stepFailed`, `call`, `expression`, …).
        public let name: String
        /// A reason with this name (one Netspec does not name yet).
        public init(_ name: String) { self.name = name }
        /// The name.
        public var description: String { name }

        /// The workflow named is not in the document (the message lists those that are).
        public static let unknownWorkflow = Reason("unknownWorkflow")
        /// The workflow has a step Netspec cannot run (an AsyncAPI step of Arazzo 1.1).
        public static let unrunnable = Reason("unrunnable")
        /// The inputs do not satisfy the workflow's `inputs` schema: every problem is in the message.
        public static let inputs = Reason("inputs")
        /// A step's success criteria failed and no action recovered it (retries exhausted, an
        /// `end` on failure, or no failure action).
        public static let stepFailed = Reason("stepFailed")
        /// A step's request could not be made, or got no response (refused, reset, DNS, TLS, a
        /// call timeout) and no action recovered the step: ``WorkflowError/callError`` says why.
        public static let call = Reason("call")
        /// A runtime expression names nothing where a value is needed (a parameter, a body, an output).
        public static let expression = Reason("expression")
        /// More steps ran than the run's ``RunOptions/maxSteps`` allows: a `goto` loop, named.
        public static let maxSteps = Reason("maxSteps")
        /// The run took longer than its ``RunOptions/timeout``.
        public static let timeout = Reason("timeout")
        /// The task running the workflow was cancelled.
        public static let cancelled = Reason("cancelled")
    }

    /// Why the run stopped.
    public let reason: Reason
    /// What went wrong and where, a full sentence.
    public let message: String
    /// The workflow whose step stopped the run (a nested one's own id).
    public let workflowId: String
    /// The step, when one stopped the run.
    public let stepId: String?
    /// The call's own error, for ``Reason/call``.
    public let callError: CallError?
    /// The steps that ran before the run stopped, in order.
    public internal(set) var steps: [StepReport] = []

    /// Creates an error.
    public init(reason: Reason, message: String, workflowId: String, stepId: String? = nil, callError: CallError? = nil) {
        self.reason = reason
        self.message = message
        self.workflowId = workflowId
        self.stepId = stepId
        self.callError = callError
    }

    /// The message.
    public var description: String { message }
}
