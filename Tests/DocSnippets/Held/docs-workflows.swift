// docs/workflows.md's Swift block, verbatim between `// snippet docs/workflows.md N` and
// `// end snippet docs/workflows.md N` (see DocSnippetTests).

// snippet docs/workflows.md 1
import NetspecWorkflows

// end snippet docs/workflows.md 1

extension DocSnippets {
    static func workflowsList() async throws {
        // snippet docs/workflows.md 1
        let flows = try await Workflows.load(path: "pets.arazzo.yaml")
        for workflow in flows.document.workflows {
            let inputs = workflow.inputList(components: flows.document.components).map(\.name)
            print(workflow.workflowId.value, inputs)
            for step in workflow.steps {
                if let operation = flows.operation(workflow: workflow.workflowId.value, step: step.stepId.value) {
                    print("  \(step.stepId.value): \(operation.endpoint.method.rawValue) \(operation.endpoint.path)")
                }
            }
        }
        // end snippet docs/workflows.md 1
    }
}
