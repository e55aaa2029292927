/// What a `dependsOn` item names: a workflow's items are a `workflowId` of this document or
/// `$sourceDescriptions.NAME.workflowId`; a step's (Arazzo 1.1) are a `stepId` of its workflow,
/// `$workflows.workflowId.steps.stepId` or `$sourceDescriptions.NAME.workflowId.steps.stepId`.
package struct DependencyReference: Sendable, Hashable {
    /// The Arazzo source the workflow is in; `nil` for this document.
    package let source: String?
    /// The workflow; `nil` for a step of the same workflow.
    package let workflow: String?
    /// The step, for a step's dependency.
    package let step: String?

    /// Parses an item; `nil` when it has none of the forms.
    package init?(_ text: String, ofStep: Bool) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.allSatisfy({ ArazzoReader.NamePattern.identifier.allows($0) || $0.hasPrefix("$") }) else { return nil }
        switch (ofStep, parts.first, parts.count) {
        case (false, "$sourceDescriptions", 3): (source, workflow, step) = (parts[1], parts[2], nil)
        case (false, _, 1) where !text.hasPrefix("$"): (source, workflow, step) = (nil, text, nil)
        case (true, _, 1) where !text.hasPrefix("$"): (source, workflow, step) = (nil, nil, text)
        case (true, "$workflows", 4) where parts[2] == "steps": (source, workflow, step) = (nil, parts[1], parts[3])
        case (true, "$sourceDescriptions", 5) where parts[3] == "steps": (source, workflow, step) = (parts[1], parts[2], parts[4])
        default: return nil
        }
        if [source, workflow, step].contains(where: { $0?.hasPrefix("$") == true }) { return nil }
    }

    /// The forms, for messages.
    package static func forms(ofStep: Bool) -> String {
        ofStep
            ? "a stepId of the workflow, '$workflows.WORKFLOW.steps.STEP' or '$sourceDescriptions.SOURCE.WORKFLOW.steps.STEP'"
            : "a workflowId of the document or '$sourceDescriptions.SOURCE.WORKFLOW'"
    }
}
