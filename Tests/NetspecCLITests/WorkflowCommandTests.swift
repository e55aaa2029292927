import Testing

/// `netspec validate`, `list` and `describe` on an Arazzo document, found by its `arazzo` key:
/// the workflows loaded with their sources and checked; listed with inputs, outputs and steps.
@Suite struct WorkflowCommandTests {
    static let folder = "Tests/NetspecTests/Fixtures/arazzo"

    @Test func validateSaysWhatLoaded() async throws {
        let result = try await CLI.run(["validate", "\(Self.folder)/examples-1.0.0/pet-coupons.arazzo.yaml", "specs/users.yaml"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            \(Self.folder)/examples-1.0.0/pet-coupons.arazzo.yaml: ok (3 workflows, 6 steps; sources: pet-coupons (11 endpoints))
            specs/users.yaml: ok (5 endpoints)

            """)
    }

    @Test func validatePrintsEveryProblemAndExits65() async throws {
        let file = "\(Self.folder)/checks/outer.arazzo.yaml"
        let result = try await CLI.run(["validate", file])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            \(file):21:21: error: workflow 'signInTwice': step 'second': no workflow 'signOn' in source 'accounts' (\(Self.folder)/checks/inner.arazzo.json) (did you mean 'signIn'?)

            """)
    }

    @Test func listShowsWorkflowsWithInputsOutputsAndSteps() async throws {
        let result = try await CLI.run(["list", "\(Self.folder)/checks/inner.arazzo.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            signIn
              inputs:
                username  string       required
                password  string|null  optional
              outputs:
                token
              steps:
                logIn  loginUser (petstore)  GET /user/login

            """)
    }

    @Test func describeShowsOneWorkflowWithItsDescriptions() async throws {
        let file = "\(Self.folder)/examples-1.0.0/pet-coupons.arazzo.yaml"
        let result = try await CLI.run(["describe", file, "place-order"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            place-order  Place an order for a pet.
              This workflow places an order for a pet. It may be reused by other workflows as the "final step" in a purchase.
              inputs:
                pet_id       integer  optional  The ID of the pet to place in the order.
                quantity     integer  optional  The number of pets to place in the order.
                coupon_code  string   optional  The coupon code to apply to the order.
              outputs:
                workflow_order_id  $steps.place-order.outputs.step_order_id
              steps:
                place-order  placeOrder (pet-coupons)  POST /store/order

            """)
        let unknown = try await CLI.run(["describe", file, "place-ordr"])
        #expect(unknown.status == 64)
        // After the example's warnings (its parameter names the operations do not have).
        #expect(unknown.stderr.hasSuffix("it is sent as given\n\(file):40:19: warning: workflow 'apply-coupon': step 'find-coupons': parameter 'pet_id': operation 'getPetCoupons' (GET /pet/{petId}/coupons) declares no path parameter 'pet_id' (did you mean 'petId'?); the step cannot run\nerror: no workflow 'place-ordr' in \(file) (did you mean 'place-order'?)\n"), "\(unknown.stderr)")
    }
}
