import Netspec
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// The Arazzo Specification repository's pet-coupons example run against its OpenAPI document's
/// mocks (the document's examples): a workflow step with its inputs, `$outputs` mapped back
/// through the step's outputs, a `reference` to a component parameter with a `value` override,
/// and optional inputs left out of the body they are not given for.
@Suite struct RunConformanceTests {
    static let path = TestPaths.root + "/Tests/NetspecTests/Fixtures/arazzo/examples-1.0.0/pet-coupons.arazzo.yaml"

    /// Each workflow with its inputs, then its outputs, or the error the example's own mistake
    /// gives: `apply-coupon` passes `pet_id` to `getPetCoupons`, whose path parameter is `petId`.
    static let cases: [(workflow: String, inputs: [String: JSONValue], outputs: JSONValue, error: String?, steps: [String])] = [
        (
            "apply-coupon", ["my_pet_tags": ["dog"], "store_id": "s1"], [:],
            "\(path):40:13: workflow 'apply-coupon': step 'find-coupons': operation 'getPetCoupons' (GET /pet/{petId}/coupons) has no path parameter 'pet_id'",
            ["apply-coupon.find-pet findPetsByTags 200 next"]
        ),
        (
            "buy-available-pet", ["store_id": "s1"], ["buy_pet_order_id": 10], nil,
            ["buy-available-pet.find-pet findPetsByStatus 200 next", "place-order.place-order placeOrder 200 next", "buy-available-pet.place-order - 200 next"]
        ),
    ]

    @Test(arguments: cases.indices) func petCouponsRunsAgainstItsMock(_ index: Int) async throws {
        let (workflow, inputs, outputs, error, steps) = Self.cases[index]
        let flows = try await Workflows.load(path: Self.path)
        let report = await flows.runReport(workflow, inputs: inputs, provider: Provider(options: .init(usesEnvironment: false)), options: RunOptions(usesMock: true))
        #expect(report.error?.message == error)
        #expect(report.outputs == outputs)
        #expect(report.steps.map { "\($0.workflowId).\($0.stepId) \($0.operation ?? "-") \($0.status ?? 0) \($0.action)" } == steps)
    }
}
