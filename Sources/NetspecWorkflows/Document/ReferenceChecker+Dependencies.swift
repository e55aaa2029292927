import NetspecModel

/// `dependsOn`: what each item names exists, and no workflow (no step) depends on itself through
/// the others.
extension ReferenceChecker {
    mutating func checkWorkflowDependencies(_ workflow: Workflow, _ what: String) {
        for item in workflow.dependsOn {
            guard let reference = DependencyReference(item.value, ofStep: false), let name = reference.workflow else { continue }
            if let source = reference.source {
                checkSourceWorkflow(source: source, workflow: name, at: item, "\(what): dependsOn")
            } else if document.workflow(name) == nil {
                fail(item.mark, "\(what): dependsOn: no workflow '\(name)'"
                    + Suggestions.unknownName(name, among: document.workflows.map(\.workflowId.value), noun: "workflow", seeAll: "netspec list FILE lists them"))
            }
        }
    }

    /// A step's `dependsOn` item: the step exists where it says.
    mutating func checkStepReference(_ reference: DependencyReference, at item: Located<String>, in workflow: Workflow, _ what: String) {
        guard let step = reference.step else { return }
        if let source = reference.source, let name = reference.workflow {
            checkSourceWorkflow(source: source, workflow: name, at: item, "\(what): dependsOn")
            if let other = arazzoSources[source]?.workflow(name), other.step(step) == nil {
                fail(item.mark, "\(what): dependsOn: no step '\(step)' in workflow '\(name)' of source '\(source)'")
            }
            return
        }
        let owner = reference.workflow.flatMap { document.workflow($0) } ?? (reference.workflow == nil ? workflow : nil)
        guard let owner else {
            fail(item.mark, "\(what): dependsOn: no workflow '\(reference.workflow ?? "")'"
                + Suggestions.unknownName(reference.workflow ?? "", among: document.workflows.map(\.workflowId.value), noun: "workflow", seeAll: "netspec list FILE lists them"))
            return
        }
        if owner.step(step) == nil {
            fail(item.mark, "\(what): dependsOn: no step '\(step)' in workflow '\(owner.workflowId.value)'"
                + Suggestions.unknownName(step, among: owner.steps.map(\.stepId.value), noun: "step", seeAll: "netspec list FILE lists them"))
        }
    }

    /// A step's `dependsOn` item naming a later step of its own workflow. Steps run in the order
    /// written, and Arazzo 1.1 (§ Step Dependencies and Execution Order) has a sequential tool run
    /// them in an order that satisfies `dependsOn`: the step named would not have completed.
    mutating func checkStepOrder(_ reference: DependencyReference, at item: Located<String>, of step: Step, in workflow: Workflow, _ what: String) {
        guard reference.source == nil, reference.workflow == nil || reference.workflow == workflow.workflowId.value, let name = reference.step,
              let own = workflow.steps.firstIndex(where: { $0.stepId.value == step.stepId.value }),
              let other = workflow.steps.firstIndex(where: { $0.stepId.value == name }), other > own else { return }
        fail(item.mark, "\(what): dependsOn: step '\(name)' comes after this step; steps run in the order written, so '\(name)' would not have completed before it: move this step after '\(name)'")
    }

    /// A cycle of this document's workflows through `dependsOn`, said once at the first workflow of
    /// the cycle met in document order, naming the whole loop.
    mutating func checkWorkflowCycles() {
        var edges: [String: [Located<String>]] = [:]
        for workflow in document.workflows {
            edges[workflow.workflowId.value] = workflow.dependsOn.filter { DependencyReference($0.value, ofStep: false)?.source == nil }
        }
        reportCycles(order: document.workflows.map(\.workflowId.value), edges: edges, noun: "workflow", scope: "")
    }

    /// A cycle of one workflow's steps through their (1.1) `dependsOn` items that name steps of the same workflow.
    mutating func checkStepCycles(_ workflow: Workflow, _ what: String) {
        var edges: [String: [Located<String>]] = [:]
        for step in workflow.steps {
            edges[step.stepId.value] = step.dependsOn.compactMap { item in
                guard let reference = DependencyReference(item.value, ofStep: true), reference.source == nil,
                      reference.workflow == nil || reference.workflow == workflow.workflowId.value, let name = reference.step else { return nil }
                return Located(name, line: item.line, column: item.column)
            }
        }
        reportCycles(order: workflow.steps.map(\.stepId.value), edges: edges, noun: "step", scope: "\(what): ")
    }

    /// Depth-first search for cycles; each cycle is reported once, at the `dependsOn` item that closes it.
    private mutating func reportCycles(order: [String], edges: [String: [Located<String>]], noun: String, scope: String) {
        var done: Set<String> = []
        for start in order where !done.contains(start) {
            var path: [String] = []
            var onPath: Set<String> = []
            visit(start, edges: edges, path: &path, onPath: &onPath, done: &done, noun: noun, scope: scope)
        }
    }

    private mutating func visit(
        _ node: String, edges: [String: [Located<String>]], path: inout [String], onPath: inout Set<String>, done: inout Set<String>,
        noun: String, scope: String
    ) {
        path.append(node)
        onPath.insert(node)
        for next in edges[node] ?? [] {
            if onPath.contains(next.value) {
                let loop = path.drop { $0 != next.value } + [next.value]
                fail(next.mark, "\(scope)dependsOn cycle: \(noun) " + loop.map { "'\($0)'" }.joined(separator: " → "))
            } else if !done.contains(next.value), edges[next.value] != nil {
                visit(next.value, edges: edges, path: &path, onPath: &onPath, done: &done, noun: noun, scope: scope)
            }
        }
        path.removeLast()
        onPath.remove(node)
        done.insert(node)
    }
}
