import NetspecModel

/// The checks of a document's references, once its sources are loaded: every runtime expression
/// (``checkExpressions(_:form:allowsMessage:)``) and what it names (`$steps.x.outputs.y`,
/// `$workflows.w.outputs.o`, `$components.…`, `$sourceDescriptions.…`), every query (Selector
/// Objects, replacement targets, criteria: ReferenceChecker+Queries.swift), the steps and
/// workflows actions and steps go to, `reference`s, and `dependsOn` (names and cycles).
/// Operations are resolved beside it (``OperationResolver``).
struct ReferenceChecker {
    let document: ArazzoDocument
    /// The workflows of each Arazzo source, by source name.
    let arazzoSources: [String: ArazzoDocument]
    var errors: [SpecError] = []
    /// Whether the queries met are compiled (not in an AsyncAPI step, which does not run).
    var compilesQueries = true
    /// Whether an expression met reads `$request` (a run then keeps each request's path and
    /// query parameters for it: ``Workflows/readsRequest``).
    var readsRequest = false
    /// The operation each operation step calls (``OperationResolver/operations``), by
    /// ``Workflows/key(_:_:)``: a replacement target without a `targetSelectorType` is an XPath
    /// when the body is XML, which an absent `contentType` leaves to the operation.
    var operations: [String: Workflows.Operation] = [:]

    init(document: ArazzoDocument, arazzoSources: [String: ArazzoDocument]) {
        self.document = document
        self.arazzoSources = arazzoSources
    }

    mutating func fail(_ mark: Mark, _ message: String) {
        errors.append(SpecError(file: document.file, mark: mark, message: message))
    }

    /// Runs every check.
    mutating func check() {
        for workflow in document.workflows {
            let what = "workflow '\(workflow.workflowId.value)'"
            checkWorkflowDependencies(workflow, what)
            checkParameters(workflow.parameters, in: workflow, what)
            let inherited = checkWorkflowInputParameters(workflow, what)
            for output in workflow.outputs { checkValue(output.value, form: .expression, in: workflow, "\(what): output '\(output.name.value)'") }
            for action in workflow.successActions + workflow.failureActions { checkAction(action, in: workflow, what) }
            for step in workflow.steps { checkStep(step, in: workflow, inherited: inherited, what) }
            checkStepCycles(workflow, what)
        }
        checkWorkflowCycles()
        checkComponents()
    }

    private mutating func checkStep(_ step: Step, in workflow: Workflow, inherited: [String], _ workflowWhat: String) {
        let what = "\(workflowWhat): step '\(step.stepId.value)'"
        // An AsyncAPI step does not run: its queries are read as written, not compiled.
        compilesQueries = !step.isAsync
        defer { compilesQueries = true }
        if case let .workflowId(id) = step.target {
            checkWorkflowTarget(id, what)
            checkInputs(step.parameters, inherited: inherited, passedTo: id, at: step.stepId.mark, what)
        }
        checkParameters(step.parameters, in: workflow, what)
        if let body = step.requestBody {
            if let payload = body.payload { checkValue(payload, form: .value, in: workflow, "\(what): requestBody") }
            let mediaType = body.contentType ?? operations[Workflows.key(workflow.workflowId.value, step.stepId.value)]?.endpoint.requestMediaTypes.first
            for replacement in body.replacements {
                checkValue(replacement.value, form: .value, in: workflow, "\(what): replacement '\(replacement.target.value)'")
                checkTarget(replacement, inXML: mediaType.map(MediaType.isXML) ?? false, what)
            }
        }
        if let correlation = step.correlationId { checkValue(correlation, form: .value, in: workflow, "\(what): correlationId") }
        for criterion in step.successCriteria { checkCriterion(criterion, in: workflow, what) }
        for action in step.onSuccess + step.onFailure { checkAction(action, in: workflow, what) }
        for output in step.outputs { checkValue(output.value, form: .expression, in: workflow, "\(what): output '\(output.name.value)'") }
        for dependency in step.dependsOn {
            guard let reference = DependencyReference(dependency.value, ofStep: true) else { continue }
            checkStepReference(reference, at: dependency, in: workflow, what)
            checkStepOrder(reference, at: dependency, of: step, in: workflow, what)
        }
    }

    private mutating func checkParameters(_ parameters: [ArazzoParameter], in workflow: Workflow, _ what: String) {
        for parameter in parameters {
            let name = parameter.name?.value ?? parameter.reference?.value ?? ""
            if let reference = parameter.reference {
                checkComponentReference(reference, kind: "parameters", what)
            }
            if let value = parameter.value { checkValue(value, form: .value, in: workflow, "\(what): parameter '\(name)'") }
        }
    }

    private mutating func checkAction(_ action: ArazzoAction, in workflow: Workflow, _ what: String) {
        if let reference = action.reference {
            let kind = reference.value.hasPrefix("$components.failureActions.") ? "failureActions" : "successActions"
            checkComponentReference(reference, kind: kind, what)
            return
        }
        let what = "\(what): action '\(action.name?.value ?? "")'"
        if let stepId = action.stepId, workflow.step(stepId.value) == nil {
            fail(stepId.mark, "\(what): no step '\(stepId.value)' in workflow '\(workflow.workflowId.value)'"
                + Suggestions.unknownName(stepId.value, among: workflow.steps.map(\.stepId.value), noun: "step", seeAll: "netspec list FILE lists them"))
        }
        if let workflowId = action.workflowId {
            checkWorkflowTarget(workflowId, what)
            checkInputs(action.parameters, passedTo: workflowId, at: workflowId.mark, what)
        }
        for criterion in action.criteria { checkCriterion(criterion, in: workflow, what) }
        checkParameters(action.parameters, in: workflow, what)
    }

    /// A step's or an action's `workflowId`: a workflow of this document, or
    /// `$sourceDescriptions.NAME.workflowId` of an Arazzo source.
    private mutating func checkWorkflowTarget(_ id: Located<String>, _ what: String) {
        if id.value.hasPrefix("$sourceDescriptions.") {
            let parts = id.value.split(separator: ".", maxSplits: 2).map(String.init)
            guard parts.count == 3 else {
                fail(id.mark, "\(what): workflowId '\(id.value)' is not '$sourceDescriptions.SOURCE.WORKFLOW'")
                return
            }
            checkSourceWorkflow(source: parts[1], workflow: parts[2], at: id, what)
        } else if document.workflow(id.value) == nil {
            fail(id.mark, "\(what): no workflow '\(id.value)' in \(document.file)"
                + Suggestions.unknownName(id.value, among: document.workflows.map(\.workflowId.value), noun: "workflow", seeAll: "netspec list FILE lists them"))
        }
    }

    /// A workflow of an Arazzo source.
    mutating func checkSourceWorkflow(source: String, workflow: String, at place: Located<String>, _ what: String) {
        guard let kind = document.sourceDescription(source)?.type else {
            fail(place.mark, "\(what): no source '\(source)'" + Suggestions.hint(for: source, in: document.sourceDescriptions.map(\.name.value)))
            return
        }
        guard kind == .arazzo else {
            fail(place.mark, "\(what): source '\(source)' is \(kind.rawValue), not arazzo: it has no workflows")
            return
        }
        if let other = arazzoSources[source], other.workflow(workflow) == nil {
            fail(place.mark, "\(what): no workflow '\(workflow)' in source '\(source)' (\(other.file))"
                + Suggestions.unknownName(workflow, among: other.workflows.map(\.workflowId.value), noun: "workflow", seeAll: "netspec list lists them"))
        }
    }

    /// `$components.KIND.NAME` names a component of that kind; in an expression (`readsMember`),
    /// `NAME` may go on into the component (`$components.parameters.page.value`).
    mutating func checkComponentReference(_ reference: Located<String>, kind: String, readsMember: Bool = false, _ what: String) {
        let prefix = "$components.\(kind)."
        guard reference.value.hasPrefix(prefix) else {
            fail(reference.mark, "\(what): reference '\(reference.value)' is not '\(prefix)NAME'")
            return
        }
        let name = String(reference.value.dropFirst(prefix.count))
        let names: [String] = switch kind {
        case "parameters": Array(document.components.parameters.keys)
        case "successActions": Array(document.components.successActions.keys)
        case "failureActions": Array(document.components.failureActions.keys)
        default: Array(document.components.inputs.keys)
        }
        let known = names.contains(name) || (readsMember && names.contains { name.hasPrefix($0 + ".") || name.hasPrefix($0 + "#") })
        if !known {
            fail(reference.mark, "\(what): no \(kind) component '\(name)'" + Suggestions.unknownName(name, among: names.sorted(), noun: "component", seeAll: "the document's components list them"))
        }
    }
}
