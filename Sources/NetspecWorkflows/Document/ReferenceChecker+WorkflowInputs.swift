// The parameters a `goto` action (1.1's action `parameters`) or a `workflowId` step passes to a
// workflow are its inputs (Arazzo 1.0.1 § 4.6.6: "when the step in context specifies a
// workflowId, then all parameters map to workflow inputs"): checked at load against that
// workflow's `inputs` schema — each name one of its properties (unless the schema says it takes
// others: an `additionalProperties` other than `false`, or `patternProperties`; JSON Schema's
// default, which takes anything, would make a misspelt name pass), each required input given —
// each problem an error at its place. A `reference` to `$components.parameters.NAME` passes
// that parameter's name (§ Reusable Object). A workflow's own parameter without `in` is passed to
// each `workflowId` step whose workflow takes it (§ Workflow Object: "Each parameter MUST be
// passed to an operation or workflow"); one that no step's workflow takes is an error.

import NetspecModel

extension ReferenceChecker {
    /// `parameters`, passed to the workflow `target` names, against that workflow's inputs;
    /// `inherited`, the names of the calling workflow's parameters without `in`, are passed too
    /// where that workflow takes them.
    mutating func checkInputs(_ parameters: [ArazzoParameter], inherited: [String] = [], passedTo target: Located<String>, at place: Mark, _ what: String) {
        guard let (callee, owner) = workflow(named: target.value) else { return }
        let inputs = callee.inputList(components: owner.components)
        // A `reference` passes the component parameter's name (its value as the reference says).
        let named = parameters.compactMap { parameter in
            parameter.name ?? parameter.reference.flatMap { reference in
                componentParameter(reference).flatMap(\.name).map { Located($0.value, at: reference.mark) }
            }
        }
        let calleeText = "workflow '\(callee.workflowId.value)'"
        if !callee.takesOtherInputs(components: owner.components) {
            let names = inputs.map(\.name)
            for name in named where !names.contains(name.value) {
                let has = names.isEmpty ? "it has none" : "its inputs are: " + names.joined(separator: ", ")
                let hint = Suggestions.hint(for: name.value, in: names)
                fail(name.mark, "\(what): parameter '\(name.value)': \(calleeText) has no input '\(name.value)'" + (hint.isEmpty ? " (\(has))" : hint))
            }
        }
        let passed = Set(named.map(\.value) + inherited.filter { callee.takesInput($0, components: owner.components) })
        let missing = inputs.filter { input in input.isRequired && !passed.contains(input.name) }.map(\.name)
        if !missing.isEmpty {
            let list = missing.map { "'\($0)'" }.joined(separator: ", ")
            fail(place, "\(what): \(calleeText) requires the input\(missing.count == 1 ? "" : "s") \(list), which \(missing.count == 1 ? "is" : "are") not among its parameters")
        }
    }

    /// The names of `workflow`'s parameters without `in` (a `reference` resolved), which its
    /// `workflowId` steps pass as inputs; each one that no such step's workflow takes is an error.
    mutating func checkWorkflowInputParameters(_ workflow: Workflow, _ what: String) -> [String] {
        var names: [String] = []
        for written in workflow.parameters {
            let parameter = written.reference.flatMap(componentParameter) ?? written
            guard parameter.location == nil, let name = parameter.name?.value else { continue }
            names.append(name)
            let taken = workflow.steps.contains { step in
                guard case let .workflowId(id) = step.target, let (callee, owner) = self.workflow(named: id.value) else { return false }
                return callee.takesInput(name, components: owner.components)
            }
            if !taken {
                let mark = written.name?.mark ?? written.reference?.mark ?? Mark(line: written.line, column: written.column)
                fail(mark, "\(what): parameter '\(name)' has no 'in', so it goes only to steps that call a workflow, and no step of this workflow calls one that takes an input '\(name)' (a parameter for its operations needs an 'in')")
            }
        }
        return names
    }

    /// The component parameter a `reference` names (`$components.parameters.NAME`, `NAME` dots
    /// and all); `nil` when there is none (reported by ``checkComponentReference(_:kind:readsMember:_:)``).
    private func componentParameter(_ reference: Located<String>) -> ArazzoParameter? {
        let prefix = "$components.parameters."
        guard reference.value.hasPrefix(prefix) else { return nil }
        return document.components.parameters[String(reference.value.dropFirst(prefix.count))]
    }

    /// The workflow `id` names (of this document, or `$sourceDescriptions.NAME.ID` of a loaded
    /// Arazzo source) with the document it is in; `nil` when there is none (reported elsewhere).
    private func workflow(named id: String) -> (Workflow, ArazzoDocument)? {
        guard id.hasPrefix("$sourceDescriptions.") else { return document.workflow(id).map { ($0, document) } }
        let parts = id.split(separator: ".", maxSplits: 2).map(String.init)
        guard parts.count == 3, let other = arazzoSources[parts[1]], let found = other.workflow(parts[2]) else { return nil }
        return (found, other)
    }
}
