// The runner: a workflow's steps in order, by Arazzo 1.0.1 § Step Object and § Success/Failure
// Action Objects (1.1 where it adds). Each step is sent (WorkflowRunner+Step.swift), judged by its
// successCriteria — all must pass; a step without them succeeds on a 2xx, the text giving no
// default — and followed by the first of its actions whose criteria pass, the step's own before
// the workflow's of another name (WorkflowRunner+Actions.swift); with none, a success goes on to
// the next step and a failure ends the run. One runner holds what a run shares: the step count
// that bounds it, the deadline, the services by source, the workflows that have completed.

import Netspec
import NetspecModel

/// One run of a workflow, and of the workflows it depends on or calls.
final class WorkflowRunner {
    let provider: Provider
    let options: RunOptions
    let deadline: ContinuousClock.Instant?
    /// Every step that ran, in order.
    var reports: [StepReport] = []
    /// How many steps have run, and the last ones (`workflow.step`), to name a loop.
    var stepCount = 0
    var recent: [(workflow: String, step: String)] = []
    /// Each source's service and base call options, with the source's address (``Workflows/address(ofSource:)``).
    var services: [SourceCall] = []
    /// Templates and criteria, compiled once per string and per place for every run of the document.
    let compiled: CompiledExpressions
    /// The workflows that have completed, by document file and workflow id.
    var completed: [String: ExpressionContext.WorkflowValues] = [:]
    /// The last request and response sent, which a workflow step's criteria read (`$statusCode`
    /// of a step that runs a workflow is its last call's).
    /// Kept only while a workflow step's workflow runs (``nesting``): a step of the workflow run
    /// first reads no one's (copying both messages every step was 0.14 µs of one).
    var lastExchange: Exchange? {
        get { rarelyKept?.lastExchange }
        set { keptRarely().lastExchange = newValue }
    }
    /// How many workflow steps' workflows are running, one inside the other.
    var nesting = 0
    /// With ``RunOptions/stopsBeforeSending``: the first request.
    var firstRequest: FirstRequest? {
        get { rarelyKept?.firstRequest }
        set { keptRarely().firstRequest = newValue }
    }
    /// ``lastExchange`` and ``firstRequest``, out of line: made only by a run that keeps one, so
    /// that the runner is a small object. Inline, they made it a large one, which malloc
    /// allocates only after consolidating its free lists: 1.8% of a step of a 10-step run.
    private var rarelyKept: RarelyKept?

    typealias Exchange = (url: String, method: String, statusCode: Int, request: ExpressionContext.Message, response: ExpressionContext.Message?)
    typealias FirstRequest = (request: RequestPreview, source: String, service: Service, endpoint: Endpoint)

    private final class RarelyKept {
        var lastExchange: Exchange?
        var firstRequest: FirstRequest?
    }

    private func keptRarely() -> RarelyKept {
        if let rarelyKept { return rarelyKept }
        let made = RarelyKept()
        rarelyKept = made
        return made
    }

    /// Whether an expression of the run's documents reads `$request` (``Workflows/readsRequest``):
    /// without one, the steps' parameters, headers and body are not kept in the context.
    let readsRequest: Bool

    /// The document the run started in: its compiled expressions, whether it reads `$request`,
    /// and where a source naming a document above its own is found (``Workflows/ancestorSources``).
    let root: Workflows

    init(root: Workflows, provider: Provider, options: RunOptions) {
        self.root = root
        readsRequest = root.readsRequest
        self.provider = provider
        self.options = options
        compiled = root.compiled
        deadline = options.timeout.map { ContinuousClock.now.advanced(by: $0) }
    }

    /// What a step's action decided.
    enum Decision {
        case next
        case end
        case gotoStep(String)
        case gotoWorkflow(String, ArazzoAction)
        case retry(ArazzoAction)
        case fail
    }

    /// Runs workflow `id` of `flows` with `inputs`, its dependencies first; returns its outputs.
    func run(_ id: String, in flows: Workflows, inputs: [String: JSONValue]) async throws(WorkflowError) -> [String: JSONValue] {
        guard let workflow = flows.document.workflow(id) else {
            let names = flows.document.workflows.map(\.workflowId.value)
            throw WorkflowError(reason: .unknownWorkflow, message: "no workflow '\(id)' in \(flows.document.file)" + Suggestions.hint(for: id, in: names) + " (it has: \(names.joined(separator: ", ")))", workflowId: id)
        }
        for dependency in workflow.dependsOn {
            let (owner, callee) = try resolveWorkflow(dependency, in: flows, from: id)
            // The run's inputs, checked against the dependency's own schema as a run of it checks them.
            if completed[Self.key(owner, callee)] == nil { _ = try await run(callee, in: owner, inputs: try checkedInputs(inputs, workflow: callee, in: owner)) }
        }
        var context = baseContext(flows)
        context.inputs = inputs
        // Room for every step once, made here rather than grown step by step.
        context.steps = Dictionary(minimumCapacity: workflow.steps.count)
        reports.reserveCapacity(reports.count + workflow.steps.count)
        if recent.isEmpty { recent.reserveCapacity(min(workflow.steps.count, 129)) }
        let plans = self.plans(of: workflow, in: flows)
        var index = 0
        var attempts: [String: Int] = [:]
        steps: while index < workflow.steps.count {
            // The step read through its plan, not copied out of the workflow (a copy of a Step
            // retained and released each of its fields: 50 reference counts a step).
            let plan = plans[index]
            try count(plan.stepId, in: workflow)
            // No retry pending (almost always): no lookup by the step's name.
            let attempt = attempts.isEmpty ? 1 : attempts[plan.stepId, default: 0] + 1
            let outcome = try await runStep(plan, of: workflow, in: flows, context: &context)
            if let error = outcome.outputsError {
                // The request was sent and judged: the step is reported, failed, before its error ends the run.
                outcome.action = "fail (an output cannot be evaluated)"
                record(outcome, step: plan.stepId, workflow: workflow, attempt: attempt)
                throw error
            }
            let decision = try decide(outcome, step: plan, workflow: workflow, flows: flows, context: context, attempt: attempt)
            outcome.action = describe(decision, attempt: attempt, response: context.response)
            if case .retry = decision {} else if !attempts.isEmpty { attempts[plan.stepId] = nil }
            record(outcome, step: plan.stepId, workflow: workflow, attempt: attempt)
            switch decision {
            case .next: index += 1
            case .end: break steps
            case let .gotoStep(target): index = workflow.steps.firstIndex { $0.stepId.value == target } ?? workflow.steps.count
            case let .gotoWorkflow(target, action):
                let (owner, callee) = try resolveWorkflow(Located(target, line: action.line, column: action.column), in: flows, from: id)
                let given = try actionInputs(action, flows: flows, workflow: id, step: plan.stepId, context: context)
                _ = try await run(callee, in: owner, inputs: try checkedInputs(given, workflow: callee, in: owner))
                break steps
            case let .retry(action):
                attempts[plan.stepId] = attempt
                try await wait(action, response: context.response, workflow: id, step: plan.stepId)
                if action.workflowId != nil || action.stepId != nil { try await runRetryReference(action, before: plan.stepId, plans: plans, of: workflow, in: flows, context: &context) }
            case .fail:
                throw failure(outcome, step: plan.step, workflow: id, flows: flows, retries: attempt - 1)
            }
        }
        var outputs: [String: JSONValue] = [:]
        for output in workflow.outputs {
            // A branch the run did not take (an `end` before it) has no outputs: `null`.
            outputs[output.name.value] = try Self.isOfSkippedStep(output.value, context: context, template: template)
                ? .null : value(output.value, flows: flows, context: context, workflow: id, step: nil, what: "output '\(output.name.value)'")
            context.outputs = outputs
        }
        completed[Self.key(flows, id)] = ExpressionContext.WorkflowValues(inputs: inputs, outputs: outputs)
        return outputs
    }

    /// The key of a workflow among those that completed: its document and id.
    static func key(_ flows: Workflows, _ id: String) -> String { flows.document.file + "\u{0}" + id }

    /// The context every step of a document starts from: its sources, components, `$self`, and the
    /// workflows of that document that have completed.
    func baseContext(_ flows: Workflows) -> ExpressionContext {
        // The document's part, made once for every run of it (making it was 0.07 µs a step).
        var context = compiled.baseContext(of: flows.document.file) {
            var context = ExpressionContext()
            for source in flows.document.sourceDescriptions {
                context.sourceDescriptions[source.name.value] = ["name": .string(source.name.value), "url": .string(source.url.value), "type": .string(source.type.rawValue)]
            }
            context.components = flows.document.components.written
            context.selfURI = flows.document.selfURI?.value ?? flows.document.file
            return context
        }
        guard !completed.isEmpty else { return context }
        let prefix = flows.document.file + "\u{0}"
        for (key, values) in completed where key.hasPrefix(prefix) { context.workflows[String(key.dropFirst(prefix.count))] = values }
        return context
    }

    /// A `workflowId` (of a step, an action or `dependsOn`): a workflow of this document, or
    /// `$sourceDescriptions.NAME.ID` of an Arazzo source.
    func resolveWorkflow(_ reference: Located<String>, in flows: Workflows, from workflow: String) throws(WorkflowError) -> (Workflows, String) {
        let text = reference.value
        guard text.hasPrefix("$sourceDescriptions.") else { return (flows, text) }
        let parts = text.split(separator: ".", maxSplits: 2).map(String.init)
        guard parts.count == 3, let nested = flows.workflowSources[parts[1]] ?? flows.ancestorSources[parts[1]].flatMap(root.loaded(file:)) else {
            throw WorkflowError(reason: .unknownWorkflow, message: "\(flows.document.file):\(reference.line):\(reference.column): workflow '\(workflow)': '\(text)' names no workflow of a loaded Arazzo source", workflowId: workflow)
        }
        return (nested, parts[2])
    }

    /// Counts a step against ``RunOptions/maxSteps``, the deadline and cancellation.
    func count(_ step: String, in workflow: Workflow) throws(WorkflowError) {
        let id = workflow.workflowId.value
        if Task.isCancelled { throw WorkflowError(reason: .cancelled, message: "workflow '\(id)': cancelled before step '\(step)'", workflowId: id, stepId: step) }
        if let deadline, ContinuousClock.now >= deadline { throw timedOut(id, step) }
        stepCount += 1
        // The names, not a string per step: the text is made only when the loop is reported.
        recent.append((id, step))
        if recent.count > 128 { recent.removeFirst(recent.count - 64) }
        guard stepCount > options.maxSteps else { return }
        throw WorkflowError(
            reason: .maxSteps,
            message: "workflow '\(id)': stopped after \(pluralized(options.maxSteps, "step")) (the most a run takes; --max-steps): \(Self.loop(in: recent.suffix(64).map { "\($0.workflow).\($0.step)" }))",
            workflowId: id, stepId: step
        )
    }

    /// The steps that repeat at the end of `recent`, whose last is the step refused: "steps 'poll'
    /// → 'check' → 'poll' repeat (a goto loop)"; else the steps run before it.
    static func loop(in recent: [String]) -> String {
        for period in 1...max(1, recent.count / 2) where recent.count >= 2 * period {
            let tail = recent.suffix(2 * period)
            if Array(tail.prefix(period)) == Array(tail.suffix(period)) {
                let names = Array(tail.suffix(period)) + [tail.suffix(period).first!]
                return "steps " + names.map { "'\($0)'" }.joined(separator: " → ") + " repeat (a goto or retry loop)"
            }
        }
        let ran = recent.dropLast().suffix(5).map { "'\($0)'" }
        let next = recent.last.map { "'\($0)' was next, not run" } ?? "no step was next"
        return ran.isEmpty ? next : next + "; the last \(ran.count == 1 ? "step run was" : "steps run were") " + ran.joined(separator: ", ")
    }

    func timedOut(_ workflow: String, _ step: String) -> WorkflowError {
        let limit = options.timeout.map { " after \(Self.seconds($0))" } ?? ""
        return WorkflowError(reason: .timeout, message: "workflow '\(workflow)': timed out\(limit) (--timeout) at step '\(step)'", workflowId: workflow, stepId: step)
    }

    /// `2 s`, `0.5 s` (a duration too long for an `Int` of seconds, `1e+20 s`).
    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }

    func record(_ outcome: StepOutcome, step: String, workflow: Workflow, attempt: Int) {
        // The outcome is the report's: it is not written after this.
        let report = StepReport(workflowId: workflow.workflowId.value, stepId: step, outcome: outcome, attempt: attempt)
        // Told first, then moved into the reports: not copied.
        options.onStep?(report)
        reports.append(report)
    }
}
