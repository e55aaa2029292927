import Netspec
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// A step's `dependsOn` (Arazzo 1.1 § Step Dependencies and Execution Order: "Tools supporting only
/// sequential execution MUST execute steps in an order that satisfies" it): steps run in the order
/// written, so a step that depends on a later step of its workflow is refused at load, with its
/// place, rather than run before the step it waits for.
@Suite struct StepDependsOnOrderTests {
    static func document(_ steps: String) -> String {
        """
        arazzo: 1.1.0
        info: { title: Pet shop, version: "1" }
        sourceDescriptions:
          - { name: pets, url: pets.yaml, type: openapi }
        workflows:
          - workflowId: buy
            steps:
        \(steps)
        """
    }

    @Test func aStepThatDependsOnALaterStepIsRefusedAtLoad() async throws {
        let text = Self.document("""
                  - { stepId: order, operationId: placeOrder, dependsOn: [login, $workflows.buy.steps.pay] }
                  - { stepId: login, operationId: logIn }
                  - { stepId: pay, operationId: placeOrder }
            """)
        do {
            let (_, _) = try await RunFixtures.load(text)
            Issue.record("loaded")
        } catch {
            #expect("\(error)".split(separator: "\n").map { String($0.drop { $0 != ":" }.dropFirst()) } == [
                "8:63: error: workflow 'buy': step 'order': dependsOn: step 'login' comes after this step; steps run in the order written, so 'login' would not have completed before it: move this step after 'login'",
                "8:70: error: workflow 'buy': step 'order': dependsOn: step 'pay' comes after this step; steps run in the order written, so 'pay' would not have completed before it: move this step after 'pay'",
            ])
        }
    }

    @Test func aStepThatDependsOnAnEarlierStepLoads() async throws {
        let (flows, _) = try await RunFixtures.load(Self.document("""
                  - { stepId: login, operationId: logIn }
                  - { stepId: order, operationId: placeOrder, dependsOn: [login] }
            """))
        #expect(flows.document.workflow("buy")?.steps.map(\.stepId.value) == ["login", "order"])
    }
}
