// A step's plan, worked out the first time the step runs and kept with the document's compiled
// expressions for every later run (issue 54's step cost): its success criteria compiled, its
// outputs' and parameters' templates parsed, and each parameter of an operation step mapped to
// the endpoint's argument name — so that running a step evaluates a few expressions and fills
// the arguments, with no template looked up by its text, no string scanned for `{$`, and no
// endpoint parameter searched by name. A planned value that cannot be evaluated is evaluated
// again the general way (WorkflowRunner+Request.swift), which omits an optional input's value or
// says what is wrong and where exactly as before.

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

        init(_ written: ArazzoValue) {
            self.written = written
            guard written.selector == nil, !written.expressions.isEmpty, case let .string(text) = written.json,
                text.hasPrefix("$") || WorkflowRunner.embedsExpression(text)
            else {
                template = nil
                return
            }
            template = try? ExpressionTemplate(text)
        }
    }

    /// An operation step's parameter that is sent: its name, location, value, and the endpoint's
    /// argument it is when the operation declares it.
    struct Parameter: Sendable {
        let name: String
        let location: String
        let value: Value
        let argument: String?
        let line: Int
        let column: Int
    }

    let criteria: [CompiledCriterion]
    let outputs: [(name: String, value: Value)]

    init(_ step: Step, file: String) {
        criteria = step.successCriteria.map { CompiledCriterion($0, file: file) }
        outputs = step.outputs.map { (name: $0.name.value, value: Value($0.value)) }
    }

    /// The parameters an operation step sends (those with a name, a location and a value), in order.
    static func parameters(_ resolved: [ArazzoParameter], of endpoint: Endpoint) -> [Parameter] {
        resolved.compactMap { parameter in
            guard let name = parameter.name?.value, let location = parameter.location?.value, let written = parameter.value else { return nil }
            return Parameter(
                name: name, location: location, value: Value(written), argument: WorkflowRunner.declared(name, in: location, of: endpoint)?.name,
                line: parameter.line, column: parameter.column
            )
        }
    }
}

extension WorkflowRunner {
    /// The plans of `workflow`'s steps, in order, made the first time it runs.
    func plans(of workflow: Workflow, in flows: Workflows) -> [StepPlan] {
        let file = flows.document.file
        return compiled.plans(ofWorkflowAt: .init(file: file, line: workflow.workflowId.line, column: workflow.workflowId.column)) {
            workflow.steps.map { StepPlan($0, file: file) }
        }
    }

    /// The parameters an operation step sends, mapped to `endpoint`'s arguments the first time.
    func plannedParameters(of step: Step, in workflow: Workflow, flows: Workflows, endpoint: Endpoint) throws(WorkflowError) -> [StepPlan.Parameter] {
        try compiled.plannedParameters(ofStepAt: .init(file: flows.document.file, line: step.stepId.line, column: step.stepId.column)) { () throws(WorkflowError) in
            StepPlan.parameters(try parameters(of: step, in: workflow, flows: flows), of: endpoint)
        }
    }

    /// A planned value to send: its template evaluated, or — with no template, or when it fails —
    /// ``sentValue(_:flows:context:workflow:step:what:)``'s value, omission or error.
    func sentValue(_ planned: StepPlan.Value, flows: Workflows, context: ExpressionContext, workflow: String, step: String?, what: @autoclosure () -> String) throws(WorkflowError) -> JSONValue? {
        if let template = planned.template, let value = try? template.evaluate(in: context) { return value }
        return try sentValue(planned.written, flows: flows, context: context, workflow: workflow, step: step, what: what())
    }

    /// A planned value: its template evaluated, or ``value(_:flows:context:workflow:step:what:)``'s value or error.
    func value(_ planned: StepPlan.Value, flows: Workflows, context: ExpressionContext, workflow: String, step: String?, what: @autoclosure () -> String) throws(WorkflowError) -> JSONValue {
        if let template = planned.template, let value = try? template.evaluate(in: context) { return value }
        return try value(planned.written, flows: flows, context: context, workflow: workflow, step: step, what: what())
    }
}
