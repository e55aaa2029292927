import NetspecModel

/// What a runtime expression names: `$steps.x.outputs.y`, `$workflows.w.outputs.o`,
/// `$workflows.w.steps.s.outputs.o`, `$sourceDescriptions.name…`, `$components.kind.name`.
extension ReferenceChecker {
    /// Checks a value's expressions (a selector's context is an expression and nothing else).
    mutating func checkValue(_ value: ArazzoValue, form: ExpressionForm, in workflow: Workflow, _ what: String) {
        if let selector = value.selector {
            checkText(selector.context, form: .expression, in: workflow, what)
            checkSelector(selector, what)
            return
        }
        if form == .expression, value.expressions.isEmpty {
            fail(value.mark, "\(what): '\(value.json)' is not a runtime expression: it starts with '$' ($response.body#/id, $steps.STEP.outputs.NAME…)")
        }
        for text in value.expressions { checkText(text, form: form, in: workflow, what) }
    }

    /// Checks one string's expressions: their form, then what each names.
    mutating func checkText(_ text: Located<String>, form: ExpressionForm, in workflow: Workflow, _ what: String) {
        let scan = checkExpressions(text, form: form, allowsMessage: document.isVersion1_1)
        noteRequestReads(scan.expressions)
        for problem in scan.problems { fail(problem.mark, "\(what): \(problem.value)") }
        guard scan.problems.isEmpty else { return }
        for expression in scan.expressions { checkNames(expression, in: workflow, what) }
    }

    /// Notes whether any of `expressions` reads `$request`.
    mutating func noteRequestReads(_ expressions: [Located<String>]) {
        if !readsRequest, expressions.contains(where: { $0.value.hasPrefix("$request") }) { readsRequest = true }
    }

    /// The names an expression's path gives, before any `#` JSON Pointer.
    private mutating func checkNames(_ expression: Located<String>, in workflow: Workflow, _ what: String) {
        let path = expression.value.prefix { $0 != "#" }
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2 else { return }
        let rest = Array(parts.dropFirst(2))
        switch parts[0] {
        case "$steps":
            checkStepOutput(step: parts[1], rest: rest, in: workflow, workflowPrefix: "", at: expression, what)
        case "$workflows":
            guard let target = document.workflow(parts[1]) else {
                fail(expression.mark, "\(what): '\(expression.value)': no workflow '\(parts[1])'"
                    + Suggestions.unknownName(parts[1], among: document.workflows.map(\.workflowId.value), noun: "workflow", seeAll: "netspec list FILE lists them"))
                return
            }
            if rest.first == "outputs" {
                checkOutput(Array(rest.dropFirst()), among: target.outputs, owner: "workflow '\(parts[1])'", at: expression, what)
            } else if rest.first == "steps", rest.count >= 2 {
                checkStepOutput(step: rest[1], rest: Array(rest.dropFirst(2)), in: target, workflowPrefix: "$workflows.\(parts[1]).", at: expression, what)
            }
        case "$sourceDescriptions":
            if document.sourceDescription(parts[1]) == nil {
                fail(expression.mark, "\(what): '\(expression.value)': no source '\(parts[1])'"
                    + Suggestions.hint(for: parts[1], in: document.sourceDescriptions.map(\.name.value)))
            }
        case "$components" where parts.count >= 3:
            let kinds = ["inputs", "parameters", "successActions", "failureActions"]
            guard kinds.contains(parts[1]) else {
                fail(expression.mark, "\(what): '\(expression.value)': components have no '\(parts[1])' (expected \(quotedList(kinds)))")
                return
            }
            checkComponentReference(Located(String(path), line: expression.line, column: expression.column), kind: parts[1], readsMember: true, what)
        default:
            break
        }
    }

    /// `STEP.outputs.NAME` of a workflow: the step exists, and so does the output.
    private mutating func checkStepOutput(step: String, rest: [String], in workflow: Workflow, workflowPrefix: String, at expression: Located<String>, _ what: String) {
        guard let target = workflow.step(step) else {
            fail(expression.mark, "\(what): '\(expression.value)': no step '\(step)' in workflow '\(workflow.workflowId.value)'"
                + Suggestions.unknownName(step, among: workflow.steps.map(\.stepId.value), noun: "step", seeAll: "netspec list FILE lists them"))
            return
        }
        if rest.first == "outputs" {
            checkOutput(Array(rest.dropFirst()), among: target.outputs, owner: "step '\(workflowPrefix)\(step)'", at: expression, what)
        }
    }

    /// An output name (which may itself hold dots) among those defined.
    private mutating func checkOutput(_ parts: [String], among outputs: [ArazzoOutput], owner: String, at expression: Located<String>, _ what: String) {
        guard !parts.isEmpty else { return }
        let names = outputs.map(\.name.value)
        let candidates = parts.indices.map { parts[...$0].joined(separator: ".") }
        if candidates.contains(where: names.contains) { return }
        let defined = names.isEmpty ? "; it defines no outputs" : Suggestions.unknownName(candidates[0], among: names, noun: "output", seeAll: "")
        fail(expression.mark, "\(what): '\(expression.value)': \(owner) defines no output '\(candidates[0])'" + defined)
    }
}
