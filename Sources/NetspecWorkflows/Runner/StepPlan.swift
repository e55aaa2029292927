// A step's plan, worked out the first time the step runs and kept with the document's compiled
// expressions for every later run (issue 54's step cost): its success criteria compiled, its
// outputs' and parameters' templates parsed, and an operation step's operation, source and
// parameters worked out, each parameter mapped to the endpoint's parameter index — so that running
// a step evaluates a few expressions and places the arguments, with no template looked up by its
// text, no string scanned for `{$`, and no endpoint parameter searched by name. A planned value
// that cannot be evaluated is evaluated again the general way (WorkflowRunner+Request.swift),
// which omits an optional input's value or says what is wrong and where exactly as before.

import Netspec
import NetspecModel

/// What running a step needs from its written form, worked out once.
final class StepPlan: Sendable {
    /// A written value, with its template when it is one string of expressions (no selector). A
    /// class, so that running a step hands it out without copying the written value's fields
    /// (the copies of the outputs' values were 1.2% of a step).
    final class Value: Sendable {
        let written: ArazzoValue
        let template: ExpressionTemplate?
        /// The value itself when it has no expression and is no selector (`name`, `42`).
        let constant: JSONValue?

        init(_ written: ArazzoValue) {
            self.written = written
            // Not `cond ? json : nil`: the `nil` would be JSONValue's nil literal, `null`.
            constant = written.selector == nil && written.expressions.isEmpty ? .some(written.json) : .none
            guard written.selector == nil, !written.expressions.isEmpty, case let .string(text) = written.json,
                text.hasPrefix("$") || WorkflowRunner.embedsExpression(text)
            else {
                template = nil
                return
            }
            template = try? ExpressionTemplate(text)
        }

        /// The value in `context` when the plan has it: the constant, or the template's value
        /// when it evaluates; `nil` otherwise (the general way then omits it or says what is wrong).
        func evaluate(in context: ExpressionContext) -> JSONValue? {
            if let constant { return constant }
            return try? template?.evaluate(in: context)
        }
    }

    /// An operation step's parameter that is sent: its name, location, value, and the index of
    /// the endpoint's parameter it is when the operation declares it (its argument's place). A
    /// class, so that sending the step reads it without copying its strings.
    final class Parameter: Sendable {
        let name: String
        let location: String
        let value: Value
        let index: Int?
        let line: Int
        let column: Int

        init(name: String, location: String, value: Value, index: Int?, line: Int, column: Int) {
            (self.name, self.location, self.value, self.index, self.line, self.column) = (name, location, value, index, line, column)
        }
    }

    /// The step as written. Read a field at a time (`plan.step.onSuccess`): a `Step` handed to a
    /// function is copied whole, each of its fields retained and released (50 reference counts a step).
    let step: Step
    /// Its `stepId`.
    let stepId: String
    let criteria: [CompiledCriterion]
    let outputs: [(name: String, value: Value)]
    /// An operation step's request plan, or why it cannot be made (thrown each time the step
    /// runs); `nil` for a step that runs a workflow. Kept by the step's index in its workflow's
    /// plans, so that sending a step hashes no place (issue 54's step cost).
    let operation: Result<OperationPlan, WorkflowError>?

    init(_ step: Step, file: String, operation: Result<OperationPlan, WorkflowError>?) {
        self.step = step
        stepId = step.stepId.value
        criteria = step.successCriteria.map { CompiledCriterion($0, file: file) }
        outputs = step.outputs.map { (name: $0.name.value, value: Value($0.value)) }
        self.operation = operation
    }

    /// The parameters an operation step sends (those with a name, a location and a value), in order.
    static func parameters(_ resolved: [ArazzoParameter], of endpoint: Endpoint) -> [Parameter] {
        resolved.compactMap { parameter in
            guard let name = parameter.name?.value, let location = parameter.location?.value, let written = parameter.value else { return nil }
            return Parameter(
                name: name, location: location, value: Value(written), index: WorkflowRunner.declared(name, in: location, of: endpoint),
                line: parameter.line, column: parameter.column
            )
        }
    }
}

/// An operation step's request, worked out the first time the step runs: the operation it calls,
/// its source's address, and its parameters mapped to the endpoint's parameter indices — so that
/// sending it looks nothing up by name (issue 54's step cost).
final class OperationPlan: Sendable {
    let operation: Workflows.Operation
    /// The endpoint's name and its number of parameters, read without copying its fields.
    let endpointName: String
    let parameterCount: Int
    /// The source's address (``Workflows/address(ofSource:)``): its service's and base URL's key.
    let address: String
    let parameters: [StepPlan.Parameter]

    init(operation: Workflows.Operation, address: String, parameters: [StepPlan.Parameter]) {
        self.operation = operation
        endpointName = operation.endpoint.name
        parameterCount = operation.endpoint.parameters.count
        self.address = address
        self.parameters = parameters
    }
}

extension WorkflowRunner {
    /// The plans of `workflow`'s steps, in order, made the first time it runs: one look-up per
    /// run, the steps' plans then found by index.
    func plans(of workflow: Workflow, in flows: Workflows) -> [StepPlan] {
        let file = flows.document.file
        return compiled.plans(ofWorkflowAt: .init(file: file, line: workflow.workflowId.line, column: workflow.workflowId.column)) {
            workflow.steps.map { step in
                if case .workflowId = step.target { return StepPlan(step, file: file, operation: nil) }
                return StepPlan(step, file: file, operation: Result { () throws(WorkflowError) in try operationPlan(of: step, in: workflow, flows: flows) })
            }
        }
    }

    /// The request plan of operation step `step` (a step that calls no loaded operation, or a
    /// parameter reference that names nothing, throws each time the step runs).
    private func operationPlan(of step: Step, in workflow: Workflow, flows: Workflows) throws(WorkflowError) -> OperationPlan {
        let id = workflow.workflowId.value, stepId = step.stepId.value
        guard let operation = flows.operation(workflow: id, step: stepId) else {
            throw WorkflowError(reason: .unrunnable, message: "workflow '\(id)': step '\(stepId)' calls no loaded operation", workflowId: id, stepId: stepId)
        }
        return OperationPlan(
            operation: operation, address: flows.address(ofSource: operation.source),
            parameters: StepPlan.parameters(try parameters(of: step, in: workflow, flows: flows), of: operation.endpoint)
        )
    }

    /// A planned value to send: its template evaluated, or — with no template, or when it fails —
    /// ``sentValue(_:flows:context:workflow:step:what:)``'s value, omission or error.
    func sentValue(_ planned: StepPlan.Value, flows: Workflows, context: ExpressionContext, workflow: String, step: String?, what: @autoclosure () -> String) throws(WorkflowError) -> JSONValue? {
        if let value = planned.evaluate(in: context) { return value }
        return try sentValue(planned.written, flows: flows, context: context, workflow: workflow, step: step, what: what())
    }

    /// A planned value: its template evaluated, or ``value(_:flows:context:workflow:step:what:)``'s value or error.
    func value(_ planned: StepPlan.Value, flows: Workflows, context: ExpressionContext, workflow: String, step: String?, what: @autoclosure () -> String) throws(WorkflowError) -> JSONValue {
        if let value = planned.evaluate(in: context) { return value }
        return try value(planned.written, flows: flows, context: context, workflow: workflow, step: step, what: what())
    }
}
