import Netspec
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// What a step passes, checked at load: an operation step's parameter names against the
/// operation's (a warning: Arazzo 1.0.1 § 4.6.6 requires no match), and the parameters a `goto`
/// action or a `workflowId` step passes against that workflow's `inputs` (errors).
@Suite struct WorkflowParameterChecksTests {
    /// The pet coupons example passes `pet_tags` where `findPetsByTags` takes `tags`, and `pet_id`
    /// where `getPetCoupons`'s path says `{petId}`.
    @Test func parameterNamesTheOperationDoesNotDeclareAreWarnedAbout() async throws {
        let path = WorkflowLoadingTests.examples + "/pet-coupons.arazzo.yaml"
        let flows = try await Workflows.load(path: path)
        let step = "warning: workflow 'apply-coupon': step"
        #expect(flows.warnings.map(\.description) == [
            "\(path):26:19: \(step) 'find-pet': parameter 'pet_tags': operation 'findPetsByTags' (GET /pet/findByTags) declares no query parameter 'pet_tags' (it has 'tags'); it is sent as given",
            "\(path):40:19: \(step) 'find-coupons': parameter 'pet_id': operation 'getPetCoupons' (GET /pet/{petId}/coupons) declares no path parameter 'pet_id' (did you mean 'petId'?); the step cannot run",
        ])
    }

    /// A `goto` (1.1's action `parameters`) or a `workflowId` step to a workflow: each parameter
    /// an input of its schema, each required input given; every problem said with its place.
    @Test func parametersPassedToAWorkflowAreItsInputs() async throws {
        let text = RunFixtures.document("""
              - workflowId: look
                inputs:
                  type: object
                  required: [petId]
                  properties: { petId: { type: integer }, fields: { type: string } }
                steps:
                  - { stepId: get, operationId: getPet, parameters: [{ name: petId, in: path, value: $inputs.petId }] }
              - workflowId: open
                inputs: { type: object, properties: { petId: { type: integer } }, additionalProperties: true }
                steps:
                  - { stepId: get, operationId: getPet, parameters: [{ name: petId, in: path, value: 1 }] }
              - workflowId: shop
                steps:
                  - stepId: first
                    workflowId: look
                    parameters: [{ name: petid, value: 1 }]
                  - stepId: second
                    workflowId: open
                    parameters: [{ name: anything, value: 1 }]
                  - stepId: third
                    operationId: getPet
                    parameters: [{ name: petId, in: path, value: 1 }]
                    onSuccess:
                      - { name: fine, type: goto, workflowId: look, parameters: [{ name: petId, value: 2 }], criteria: [{ condition: $statusCode == 201 }] }
                      - { name: extra, type: goto, workflowId: look, parameters: [{ name: petId, value: 2 }, { name: colour, value: red }] }
                      - { name: bare, type: goto, workflowId: look }
            """).replacingOccurrences(of: "arazzo: 1.0.1", with: "arazzo: 1.1.0")
        #expect(await RunFixtures.loadErrors(text) == [
            "19:17: error: workflow 'shop': step 'first': workflow 'look' requires the input 'petId', which is not among its parameters",
            "21:30: error: workflow 'shop': step 'first': parameter 'petid': workflow 'look' has no input 'petid' (did you mean 'petId'?)",
            "30:106: error: workflow 'shop': step 'third': action 'extra': parameter 'colour': workflow 'look' has no input 'colour' (its inputs are: petId, fields)",
            "31:51: error: workflow 'shop': step 'third': action 'bare': workflow 'look' requires the input 'petId', which is not among its parameters",
        ])
    }
}
