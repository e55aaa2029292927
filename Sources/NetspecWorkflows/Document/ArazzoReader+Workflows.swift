import NetspecModel

/// Workflows and steps: their keys, the one thing a step calls, and the forms Arazzo requires of
/// each kind of step (an AsyncAPI step's `action`, a workflow step's lack of one).
extension ArazzoReader {
    mutating func workflow(_ node: YAMLNode) -> Workflow? {
        guard let workflow = mapping(node, "a workflow") else { return nil }
        let id = text(workflow, "workflowId", "a workflow", required: true)
        let what = id.map { "workflow '\($0.value)'" } ?? "a workflow"
        checkKeys(workflow, what, v10: ["workflowId", "summary", "description", "inputs", "dependsOn", "steps", "successActions", "failureActions", "outputs", "parameters"])
        guard let id else { return nil }
        checkName(id, what, pattern: .identifier)
        let dependsOn = self.dependsOn(workflow, what, ofStep: false)
        let steps = items(workflow, "steps", what, required: true).compactMap { step($0, workflow: what) }
        checkUnique(steps.map(\.stepId), "step", "stepId", scope: "\(what): ")
        return Workflow(
            workflowId: id,
            summary: text(workflow, "summary", what)?.value,
            description: text(workflow, "description", what)?.value,
            inputs: workflow["inputs"].map { plainValue($0) },
            dependsOn: dependsOn,
            steps: steps,
            successActions: items(workflow, "successActions", what).compactMap { action($0, "\(what): success action", failure: false) },
            failureActions: items(workflow, "failureActions", what).compactMap { action($0, "\(what): failure action", failure: true) },
            outputs: outputs(workflow, what),
            parameters: parameters(workflow, what, needLocation: false)
        )
    }

    /// `dependsOn`: a non-empty list of distinct strings, each a workflow's (a step's) form of
    /// reference (``DependencyReference``).
    private mutating func dependsOn(_ reader: MappingReader, _ what: String, ofStep: Bool) -> [Located<String>] {
        var names: [Located<String>] = []
        for node in items(reader, "dependsOn", what, nonEmpty: true) {
            guard let string = node.string, node.scalar?.resolved != .null else {
                fail(node.mark, "\(what): a 'dependsOn' item is \(node.foundDescription), expected a string")
                continue
            }
            let name = Located(string, at: node.mark)
            if DependencyReference(string, ofStep: ofStep) == nil {
                fail(name.mark, "\(what): 'dependsOn' item '\(string)' is not \(DependencyReference.forms(ofStep: ofStep))")
            }
            if names.contains(where: { $0.value == string }) {
                fail(name.mark, "\(what): 'dependsOn' names '\(string)' twice")
            } else {
                names.append(name)
            }
        }
        return names
    }

    mutating func step(_ node: YAMLNode, workflow: String) -> Step? {
        guard let step = mapping(node, "\(workflow): a step") else { return nil }
        let id = text(step, "stepId", "\(workflow): a step", required: true)
        let what = id.map { "\(workflow): step '\($0.value)'" } ?? "\(workflow): a step"
        checkKeys(
            step, what,
            v10: ["stepId", "description", "operationId", "operationPath", "workflowId", "parameters", "requestBody", "successCriteria", "onSuccess", "onFailure", "outputs"],
            v11: ["channelPath", "action", "correlationId", "timeout", "dependsOn"]
        )
        guard let id else { return nil }
        checkName(id, what, pattern: .identifier)
        guard let target = target(step, what) else { return nil }
        let action = self.action(of: step, target: target, what)
        var correlationId: ArazzoValue?
        if let node = step["correlationId"] {
            correlationId = plainValue(node)
            if action?.value != "receive" {
                fail(node.mark, "\(what): 'correlationId' is for a step whose 'action' is 'receive'")
            }
        }
        let isOperation = if case .workflowId = target { false } else { true }
        return Step(
            stepId: id,
            description: text(step, "description", what)?.value,
            target: target,
            action: action,
            correlationId: correlationId,
            timeout: integer(step, "timeout", what),
            dependsOn: dependsOn(step, what, ofStep: true),
            parameters: parameters(step, what, needLocation: isOperation),
            requestBody: step["requestBody"].map { requestBody($0, what) },
            successCriteria: criteria(step, "successCriteria", what),
            onSuccess: items(step, "onSuccess", what).compactMap { self.action($0, "\(what): success action", failure: false) },
            onFailure: items(step, "onFailure", what).compactMap { self.action($0, "\(what): failure action", failure: true) },
            outputs: outputs(step, what)
        )
    }

    /// The one thing a step calls; none, or more than one, is an error.
    private mutating func target(_ step: MappingReader, _ what: String) -> Step.Target? {
        let keys = minor == 1 ? ["operationId", "operationPath", "workflowId", "channelPath"] : ["operationId", "operationPath", "workflowId"]
        let written = keys.filter { step[$0] != nil }
        guard let key = written.first else {
            fail(step.node.mark, "\(what): no \(quotedList(keys)): a step calls one operation or workflow")
            return nil
        }
        if written.count > 1, let second = step[written[1]] {
            fail(second.mark, "\(what): both \(quotedList(written, conjunction: "and")) are given: a step calls one operation or workflow")
        }
        guard let value = text(step, key, what) else { return nil }
        switch key {
        case "operationId": return .operationId(value)
        case "operationPath": return .operationPath(value)
        case "workflowId": return .workflowId(value)
        default: return .channelPath(value)
        }
    }

    /// A 1.1 step's `action` (`send` or `receive`): required with `channelPath`, not allowed on a
    /// workflow step.
    private mutating func action(of step: MappingReader, target: Step.Target, _ what: String) -> Located<String>? {
        let action = text(step, "action", what)
        if let action, !["send", "receive"].contains(action.value) {
            fail(action.mark, "\(what): unknown action '\(action.value)' (expected 'send' or 'receive')")
        }
        switch target {
        case let .channelPath(path) where action == nil:
            fail(path.mark, "\(what): a 'channelPath' step needs an 'action' ('send' or 'receive')")
        case .workflowId:
            if let action { fail(action.mark, "\(what): a step that calls a workflow has no 'action' (AsyncAPI steps have one)") }
        default:
            break
        }
        return action
    }
}
