// What follows a step (Arazzo 1.0.1 § Success Action Object, § Failure Action Object): the first
// action whose criteria all pass, among the step's `onSuccess`/`onFailure` and then the workflow's
// `successActions`/`failureActions` of names the step does not use, references to the components'
// actions resolved. `end` ends the workflow (on failure, failing it); `goto` moves to a step of
// the workflow, or runs another workflow (1.1: with the action's `parameters` as its inputs) and
// ends this one; `retry` runs the step again after `retryAfter` seconds — a response's
// `Retry-After` overrules it; neither is waited for longer than a day — at most `retryLimit`
// times (absent: once), first running the step or workflow the action names, if it names one;
// once exhausted the actions after it apply. With no action that applies, a success goes on to
// the next step and a failure ends the run.

import HTTPTypes
import Netspec
import NetspecModel

extension WorkflowRunner {
    /// The decision after a step.
    /// `attempt` is the step's run (1 the first): a `retry` whose `retryLimit` this run has
    /// exhausted is passed over for the actions after it (§ Failure Action Object: "The
    /// retryLimit MUST be exhausted prior to executing subsequent failure actions").
    func decide(_ outcome: StepOutcome, step plan: StepPlan, workflow: Workflow, flows: Workflows, context: ExpressionContext, attempt: Int) throws(WorkflowError) -> Decision {
        let own = outcome.succeeded ? plan.step.onSuccess : plan.step.onFailure
        let shared = outcome.succeeded ? workflow.successActions : workflow.failureActions
        // Most steps have no actions: nothing to resolve, no set of names.
        if own.isEmpty, shared.isEmpty { return outcome.succeeded ? .next : .fail }
        let stepActions = try own.map { action throws(WorkflowError) in try resolve(action, flows: flows, workflow: workflow.workflowId.value) }
        let names = Set(stepActions.compactMap { $0.name?.value })
        let workflowActions = try shared.map { action throws(WorkflowError) in try resolve(action, flows: flows, workflow: workflow.workflowId.value) }
            .filter { !names.contains($0.name?.value ?? "") }
        for action in stepActions + workflowActions {
            guard action.criteria.allSatisfy({ evaluate($0, flows: flows, context: context).passed }) else { continue }
            switch action.type?.value {
            case "end": return outcome.succeeded ? .end : .fail
            case "goto":
                if let target = action.stepId { return .gotoStep(target.value) }
                if let target = action.workflowId { return .gotoWorkflow(target.value, action) }
            case "retry" where !outcome.succeeded && attempt <= (action.retryLimit ?? 1): return .retry(action)
            default: continue
            }
        }
        return outcome.succeeded ? .next : .fail
    }

    /// A `reference` to `$components.successActions.NAME` (or `failureActions`) as the action it
    /// names; `NAME` is the rest of the reference, dots and all, as for a parameter.
    private func resolve(_ action: ArazzoAction, flows: Workflows, workflow: String) throws(WorkflowError) -> ArazzoAction {
        guard let reference = action.reference else { return action }
        let components = flows.document.components
        let failure = "$components.failureActions.", success = "$components.successActions."
        let target = if reference.value.hasPrefix(failure) {
            components.failureActions[String(reference.value.dropFirst(failure.count))]
        } else if reference.value.hasPrefix(success) {
            components.successActions[String(reference.value.dropFirst(success.count))]
        } else {
            ArazzoAction?.none
        }
        guard let target else {
            throw WorkflowError(reason: .expression, message: "\(flows.document.file):\(reference.line):\(reference.column): workflow '\(workflow)': '\(reference.value)' names no component action", workflowId: workflow)
        }
        return target
    }

    /// `next`, `end`, `goto step 'S'`, `retry 1 of 3 after 2 s`, `retry 1 of 3 after 5 s
    /// (Retry-After)`, `fail`, `fail (3 retries made)`: a retry says the wait it takes
    /// (``retryWait(_:response:)``); a failure or `goto` after retries, how many were made.
    func describe(_ decision: Decision, attempt: Int, response: ExpressionContext.Message?) -> String {
        switch decision {
        case .next: return "next"
        case .end: return "end"
        case let .gotoStep(step): return "goto step '\(step)'" + Self.retriesMade(attempt)
        case let .gotoWorkflow(workflow, _): return "goto workflow '\(workflow)'" + Self.retriesMade(attempt)
        case let .retry(action):
            let limit = action.retryLimit ?? 1
            let wait = Self.retryWait(action, response: response)
            let after = switch wait.source {
            case .none: ""
            case .retryAfter: " after \(Self.seconds(wait.delay))"
            case .header: " after \(Self.seconds(wait.delay)) (Retry-After)"
            case .cappedHeader: " after \(Self.seconds(wait.delay)) (Retry-After asks longer; a day at most)"
            }
            let reference = action.workflowId.map { "workflow '\($0.value)'" } ?? action.stepId.map { "step '\($0.value)'" }
            return "retry \(attempt) of \(limit)\(after)" + (reference.map { after.isEmpty ? " after \($0)" : " and \($0)" } ?? "")
        case .fail: return "fail" + Self.retriesMade(attempt)
        }
    }

    /// ` (2 retries made)` after the step's third run; nothing after its first.
    static func retriesMade(_ attempt: Int) -> String {
        attempt > 1 ? " (\(StepReport.retries(attempt - 1)) made)" : ""
    }

    /// Where a retry's wait comes from.
    enum RetryWaitSource {
        /// No `retryAfter` and no `Retry-After`: no wait.
        case none
        /// The action's `retryAfter`.
        case retryAfter
        /// The response's `Retry-After`, which overrules `retryAfter`.
        case header
        /// The response's `Retry-After`, asking longer than ``ArazzoAction/longestRetryAfter``: that long.
        case cappedHeader
    }

    /// The wait before a retry: the response's `Retry-After` (seconds or an HTTP date) if it has
    /// one, else the action's `retryAfter` seconds, else none; never more than
    /// ``ArazzoAction/longestRetryAfter`` (a day), the most `retryAfter` may say at load.
    static func retryWait(_ action: ArazzoAction, response: ExpressionContext.Message?) -> (delay: Duration, source: RetryWaitSource) {
        let longest = Seconds.duration(ArazzoAction.longestRetryAfter)
        if let header = response?.headers[.retryAfter], let asked = RetryAfter.delay(header) {
            return asked > longest ? (longest, .cappedHeader) : (asked, .header)
        }
        guard let seconds = action.retryAfter else { return (.zero, .none) }
        // Finite and at most a day when read from a document; a value made otherwise is held to that
        // too (`Seconds.duration` holds it at 0 or more).
        return (Seconds.duration(seconds.isFinite ? min(seconds, ArazzoAction.longestRetryAfter) : ArazzoAction.longestRetryAfter), .retryAfter)
    }

    /// What a `retry` action names before the step is sent again (Arazzo 1.0.1 § Failure Action
    /// Object: "If a stepId or workflowId are specified, then the reference is executed and the
    /// context is returned, after which the current step is retried"): that workflow, run with
    /// the action's `parameters` (1.1) as its inputs, its outputs then read as
    /// `$workflows.ID.outputs.NAME`; or that step of this workflow, run once and recorded with
    /// the action `back to step 'S'`. A failure of either is the run's.
    func runRetryReference(
        _ action: ArazzoAction, before step: String, plans: [StepPlan], of workflow: Workflow, in flows: Workflows, context: inout ExpressionContext
    ) async throws(WorkflowError) {
        let id = workflow.workflowId.value
        if let target = action.workflowId {
            let (owner, callee) = try resolveWorkflow(target, in: flows, from: id)
            let given = try actionInputs(action, flows: flows, workflow: id, step: step, context: context)
            let outputs = try await run(callee, in: owner, inputs: try checkedInputs(given, workflow: callee, in: owner))
            context.workflows[callee] = ExpressionContext.WorkflowValues(inputs: given, outputs: outputs)
        } else if let target = action.stepId, let plan = plans.first(where: { $0.stepId == target.value }) {
            try count(plan.stepId, in: workflow)
            let outcome = try await runStep(plan, of: workflow, in: flows, context: &context)
            outcome.action = outcome.outputsError != nil ? "fail (an output cannot be evaluated)" : outcome.succeeded ? "back to step '\(step)'" : "fail"
            record(outcome, step: plan.stepId, workflow: workflow, attempt: 1)
            if let error = outcome.outputsError { throw error }
            guard outcome.succeeded else { throw failure(outcome, step: plan.step, workflow: id, flows: flows, retries: 0) }
        }
    }

    /// A `goto` (or `retry`) action's `parameters` (Arazzo 1.1) as the inputs of the workflow it
    /// runs, a `reference` to `$components.parameters.NAME` as the parameter it names (§ Success
    /// Action Object, parameters: "If a Reusable Object is provided, it MUST link to a parameter
    /// defined in the components/parameters").
    func actionInputs(_ action: ArazzoAction, flows: Workflows, workflow: String, step: String, context: ExpressionContext) throws(WorkflowError) -> [String: JSONValue] {
        var inputs: [String: JSONValue] = [:]
        for written in action.parameters {
            let parameter = try resolve(written, flows: flows, workflow: workflow)
            guard let name = parameter.name?.value, let written = parameter.value else { continue }
            inputs[name] = try sentValue(written, flows: flows, context: context, workflow: workflow, step: step, what: "action parameter '\(name)'")
        }
        return inputs
    }

    /// The run's timeout, reached without waiting: the retry's wait would end past it. The message
    /// says so rather than that the run waited the whole limit: `workflow 'wait': step 'poll': its
    /// retry would wait 3 s (Retry-After), past --timeout (2 s), so the run ends without waiting`.
    func retryPastDeadline(_ delay: Duration, _ source: RetryWaitSource, workflow: String, step: String) -> WorkflowError {
        let from = switch source {
        case .none, .retryAfter: ""
        case .header: " (Retry-After)"
        case .cappedHeader: " (Retry-After asks longer; a day at most)"
        }
        let limit = options.timeout.map { " (\(Self.seconds($0)))" } ?? ""
        return WorkflowError(
            reason: .timeout, message: "workflow '\(workflow)': step '\(step)': its retry would wait \(Self.seconds(delay))\(from), past --timeout\(limit), so the run ends without waiting",
            workflowId: workflow, stepId: step)
    }

    /// Waits before a retry, as long as ``retryWait(_:response:)`` says; a wait past the run's
    /// deadline is its timeout, and cancellation ends it.
    func wait(_ action: ArazzoAction, response: ExpressionContext.Message?, workflow: String, step: String) async throws(WorkflowError) {
        let (delay, source) = Self.retryWait(action, response: response)
        if let deadline, ContinuousClock.now.advanced(by: delay) >= deadline { throw retryPastDeadline(delay, source, workflow: workflow, step: step) }
        guard delay > .zero else { return }
        do {
            try await Task.sleep(for: delay)
        } catch {
            throw WorkflowError(reason: .cancelled, message: "workflow '\(workflow)': cancelled while waiting to retry step '\(step)'", workflowId: workflow, stepId: step)
        }
    }
}

extension WorkflowRunner {
    /// Whether a workflow output is a whole `$steps.STEP.outputs.NAME` of a step the run has not
    /// run: a workflow that an `end` action finished before that step (Arazzo 1.0.1 § 4.6.7: `end`
    /// ends the workflow, a success) has taken another branch, and the output is `null` — as a
    /// condition reads an absent value — rather than an error that would fail a successful run.
    static func isOfSkippedStep(_ written: ArazzoValue, context: ExpressionContext, template: (String) throws -> ExpressionTemplate) -> Bool {
        guard written.selector == nil, case let .string(text) = written.json, text.hasPrefix("$steps."),
            case let .stepOutput(step, _, _)? = (try? template(text))?.expression?.reference
        else { return false }
        return context.steps[step] == nil
    }
}
