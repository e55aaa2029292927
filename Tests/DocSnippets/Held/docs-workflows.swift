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

// snippet docs/workflows.md 2
import Netspec
import NetspecWorkflows

// end snippet docs/workflows.md 2

extension DocSnippets {
    static func workflowsRun() async throws {
        // snippet docs/workflows.md 2
        struct PetOrder: Decodable {
            let orderId: Int
            let petName: String
        }
        let flows = try await Workflows.load(path: "shop.arazzo.yaml")
        let provider = Provider(baseURL: "https://shop.example.com", variables: ["PASSWORD": "…"])
        let outputs = try await flows.run("buyPet", inputs: ["petId": 1, "user": "ann"], provider: provider)
        print(outputs)                                         // {"orderId":9,"petName":"Rex"}
        let order: PetOrder = try await flows.run("buyPet", inputs: ["petId": 1, "user": "ann"], provider: provider)
        print(order.orderId)

        let report = await flows.runReport("buyPet", inputs: ["petId": 1, "user": "ann"], provider: provider,
                                           options: RunOptions(maxSteps: 100, timeout: .seconds(30)))
        for step in report.steps { print(step.stepId, step.status ?? 0, step.action) }
        let failed = await flows.runReport("buyPet", inputs: ["petId": 2, "user": "ann"], provider: provider)
        if let error = failed.error, error.reason == .stepFailed {
            print(error.message, error.steps.count)
        }
        // end snippet docs/workflows.md 2
    }
}
