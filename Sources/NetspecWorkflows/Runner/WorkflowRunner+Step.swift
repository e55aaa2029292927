// One step run: an operation step's request made from its parameters and body
// (WorkflowRunner+Request.swift) and sent through the source's `Service` — the binding, auth,
// validation, TLS and mocks of `netspec call` — or a workflow step's workflow run with its
// parameters as inputs; then its success criteria, and on success its outputs.

import HTTPTypes
import Netspec
import NetspecModel

/// What a step did, filled in as it runs, and then its report's fields (``StepReport`` refers to
/// it). A class, filled in place by the functions that run the step: as a struct it was copied
/// and destroyed whole on its way through them (its strings, criteria and errors retained and
/// released one by one, 90 reference counts a step), and copied again into the report.
///
/// `@unchecked Sendable`: the runner's task alone writes it, while the step runs and before
/// its report is made (``WorkflowRunner/record(_:step:workflow:attempt:)``); after that it is
/// only read.
final class StepOutcome: @unchecked Sendable {
    var operation: String?
    var source: String?
    var workflow: String?
    var method: String?
    var url: String?
    var status: Int?
    var reasonPhrase = ""
    var criteria: [CriterionReport] = []
    var succeeded = false
    var action = ""
    /// A called workflow's failure, thrown as it is when no action recovers the step.
    var nestedError: WorkflowError?
    /// Why the step failed without a response: its call ran past the step's `timeout` (1.1), or
    /// got no answer (`no response: cannot connect to …`).
    var noResponse: String?
    /// The call's error when the step got no response for a reason other than its own `timeout`:
    /// unrecovered, the run ends with it as ``WorkflowError/Reason/call`` (its exit status a
    /// transport failure's).
    var transportError: CallError?
    /// The error of outputs that could not be evaluated after the step succeeded: the step is
    /// reported as failed, then the run ends with it.
    var outputsError: WorkflowError?
}

extension WorkflowRunner {
    /// Runs a step by its plan: sets the context's request and response (or the called workflow's values),
    /// judges it, and on success records its outputs in `context.steps` — or, when they cannot be
    /// evaluated, returns it failed with ``StepOutcome/outputsError`` for the run to report and throw.
    func runStep(_ stepPlan: StepPlan, of workflow: Workflow, in flows: Workflows, context: inout ExpressionContext) async throws(WorkflowError) -> StepOutcome {
        let id = workflow.workflowId.value
        let outcome = StepOutcome()
        var calleeOutputs: [String: JSONValue]?
        context.url = nil
        context.method = nil
        context.statusCode = nil
        // The request's parts are kept only where an expression reads them (``readsRequest``):
        // otherwise the message is empty already.
        if readsRequest { context.request = ExpressionContext.Message() }
        context.response = nil
        if case let .workflowId(reference) = stepPlan.step.target {
            let step = stepPlan.step
            let (owner, callee) = try resolveWorkflow(reference, in: flows, from: id)
            outcome.workflow = callee
            var inputs: [String: JSONValue] = [:]
            for parameter in try parameters(of: step, in: workflow, flows: flows) {
                guard let name = parameter.name?.value, let written = parameter.value else { continue }
                inputs[name] = try sentValue(written, flows: flows, context: context, workflow: id, step: step.stepId.value, what: "parameter '\(name)'")
            }
            do throws(WorkflowError) {
                calleeOutputs = try await runNested(callee, in: owner, inputs: try checkedInputs(inputs, workflow: callee, in: owner))
                context.workflows[callee] = ExpressionContext.WorkflowValues(inputs: inputs, outputs: calleeOutputs ?? [:])
                if let last = lastExchange {
                    (context.url, context.method, context.statusCode) = (last.url, last.method, last.statusCode)
                    (context.request, context.response) = (last.request, last.response)
                    outcome.status = last.statusCode
                }
            } catch where error.reason == .stepFailed || error.noResponse != nil {
                // A step of the workflow failed, with a response or none (WorkflowRunner+Send.swift).
                outcome.nestedError = error
            }
        } else if let operation = stepPlan.operation {
            try await send(stepPlan, plan: operation, of: workflow, in: flows, context: &context, outcome: outcome)
        }
        if outcome.nestedError == nil, outcome.noResponse == nil {
            judge(stepPlan, context: context, outcome: outcome)
        }
        guard outcome.succeeded else {
            context.unsuccessfulSteps.insert(stepPlan.stepId)
            return outcome
        }
        // Made with room for the outputs: reserving it in the empty dictionary took a generic
        // path that was a third of the outputs' cost.
        var outputs = [String: JSONValue](minimumCapacity: stepPlan.outputs.count)
        do throws(WorkflowError) {
            if let calleeOutputs {
                var scope = context
                scope.outputs = calleeOutputs
                try storeOutputs(stepPlan.outputs, of: stepPlan.stepId, in: flows, workflow: id, context: scope, into: &outputs)
            } else {
                try storeOutputs(stepPlan.outputs, of: stepPlan.stepId, in: flows, workflow: id, context: context, into: &outputs)
            }
        } catch {
            outcome.succeeded = false
            outcome.outputsError = error
            return outcome
        }
        context.steps[stepPlan.stepId] = outputs
        return outcome
    }

    /// A workflow step's workflow run, its calls keeping their last exchange for the step to read.
    private func runNested(_ id: String, in flows: Workflows, inputs: [String: JSONValue]) async throws(WorkflowError) -> [String: JSONValue] {
        nesting += 1
        defer { nesting -= 1 }
        return try await run(id, in: flows, inputs: inputs)
    }

    /// The step's outputs evaluated in `context`.
    private func storeOutputs(
        _ planned: [(name: String, value: StepPlan.Value)], of step: String, in flows: Workflows, workflow: String, context: ExpressionContext, into outputs: inout [String: JSONValue]
    ) throws(WorkflowError) {
        for output in planned {
            outputs[output.name] = try value(output.value, flows: flows, context: context, workflow: workflow, step: step, what: "output '\(output.name)'")
        }
    }

    /// Each success criterion evaluated; a step without any succeeds on a 2xx (or, running a
    /// workflow, when the workflow succeeded).
    private func judge(_ plan: StepPlan, context: ExpressionContext, outcome: StepOutcome) {
        let criteria = plan.criteria
        outcome.criteria = criteria.map { $0.evaluate(in: context) }
        if criteria.isEmpty {
            // A step that runs a workflow succeeds with it (its failure is `nestedError`, and no
            // judging): the status of its last request is for that workflow's criteria to judge.
            if case .workflowId = plan.step.target {
                outcome.succeeded = true
            } else {
                outcome.succeeded = outcome.status.map { (200..<300).contains($0) } ?? true
            }
        } else {
            outcome.succeeded = outcome.criteria.allSatisfy(\.passed)
        }
    }

    /// A criterion compiled once per place, evaluated in `context`.
    func evaluate(_ criterion: ArazzoCriterion, flows: Workflows, context: ExpressionContext) -> CriterionReport {
        let file = flows.document.file
        return compiled.criterion(at: .init(file: file, line: criterion.condition.line, column: criterion.condition.column)) {
            CompiledCriterion(criterion, file: file)
        }.evaluate(in: context)
    }

    /// The error of a step that failed with no action to recover it: each failed criterion with
    /// its actual value and place, the status when the step has no criteria, or why it got no
    /// response — then, unless its own `timeout` ran out, ``WorkflowError/Reason/call`` with the call's error.
    func failure(_ outcome: StepOutcome, step: Step, workflow: String, flows: Workflows, retries: Int) -> WorkflowError {
        if let nested = outcome.nestedError { return nested }
        let after = retries > 0 ? " after \(StepReport.retries(retries))" : ""
        var because: [String]
        if let noResponse = outcome.noResponse {
            because = [noResponse]
        } else if outcome.criteria.isEmpty {
            let line = outcome.status.map { CallError.HTTPStatusError.statusLine($0, outcome.reasonPhrase) } ?? "no response"
            because = ["\(line) (the step has no successCriteria: a 2xx status is its success)"]
        } else {
            because = outcome.criteria.filter { !$0.passed }.map { "\($0.message) (\($0.location))" }
        }
        let place = "\(flows.document.file):\(step.stepId.line):\(step.stepId.column)"
        // No response: the call's error, as a call that cannot be sent ends the run.
        return WorkflowError(
            reason: outcome.transportError == nil ? .stepFailed : .call,
            message: "workflow '\(workflow)': step '\(step.stepId.value)' failed\(after): " + because.joined(separator: "; ") + " [step at \(place)]",
            workflowId: workflow, stepId: step.stepId.value, callError: outcome.transportError
        )
    }

    /// The inputs checked against workflow `id`'s `inputs` schema: every problem at once.
    func checkedInputs(_ inputs: [String: JSONValue], workflow id: String, in flows: Workflows) throws(WorkflowError) -> [String: JSONValue] {
        guard let index = flows.document.workflowIndex(id), let schema = flows.document.workflows[index].inputs else { return inputs }
        let key = Self.key(flows, id)
        guard !self.compiled.fit(inputs, workflow: key) else { return inputs }
        let compiled: JSONSchema
        do {
            compiled = try self.compiled.schema(for: key) {
                var root = schema.json
                // `$ref: '#/components/inputs/NAME'` resolves against the root: the components ride along.
                if case var .object(object) = root, !flows.document.components.inputs.isEmpty {
                    object.append(.object(["inputs": .object(JSONObject(flows.document.components.inputs.map { (key: $0.key, value: $0.value) }))]), forKey: "components")
                    root = .object(object)
                }
                return try JSONSchema(root)
            }
        } catch {
            throw WorkflowError(reason: .inputs, message: "\(flows.document.file):\(schema.line):\(schema.column): workflow '\(id)': its inputs schema cannot be used: \(error)", workflowId: id)
        }
        let object = JSONValue.object(JSONObject(inputs.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }))
        let violations = compiled.validate(object)
        guard !violations.isEmpty else {
            self.compiled.rememberFitting(inputs, workflow: key)
            return inputs
        }
        let problems = violations.map { violation in
            let name = violation.instancePath.isEmpty ? "the inputs" : "input '\(violation.instancePath.split(separator: "/").joined(separator: "."))'"
            return "\(name) \(violation.message)"
        }
        throw WorkflowError(
            reason: .inputs, message: "workflow '\(id)': \(problems.count == 1 ? "an input does" : "\(problems.count) inputs do") not fit its inputs schema (\(flows.document.file):\(schema.line):\(schema.column)): " + problems.joined(separator: "; "),
            workflowId: id
        )
    }
}
