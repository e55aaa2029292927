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

    /// A malformed query (a criterion's JSONPath, XPath or regex, a replacement's target) is a
    /// load error at its place, every one at once, exit 65 (WorkflowQueryLoadTests has each kind).
    @Test func validateRefusesEveryMalformedQueryAtItsPlace() async throws {
        let file = "\(Self.folder)/checks/queries-1.0.arazzo.yaml"
        let result = try await CLI.run(["validate", file])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        let step = "error: workflow 'queries': step"
        #expect(result.stderr == """
            \(file):21:24: \(step) 'find': criterion '$.pets[(@.length-1)]': the condition is not a JSONPath query (RFC 9535): column 8: expected a selector: a quoted name, '*', an index, a slice or '?' and a filter
            \(file):31:24: \(step) 'find': criterion '/pets/pet[@id = ]': the condition is not in the XPath subset Netspec runs: column 17: expected a step: a name, '*', '@', '.', '..', text() or node()
            \(file):43:28: \(step) 'find': action 'retryOnServerError': criterion '^5[': the condition '^5[' is not a regular expression this engine can run (expected custom character class members)
            \(file):53:23: \(step) 'login': replacement '#/user/name': the target is not a JSON pointer (RFC 6901): it starts with '/' (/items/0/id), or is empty for the whole value (a URI fragment's '#' is not written here)

            """)
    }

    /// Arazzo 1.1's Selector Objects and replacement targets, each kind valid and malformed: the
    /// malformed ones' places (their messages: WorkflowQueryLoadTests).
    @Test func validateRefusesMalformedSelectorsAndTargetsAtTheirPlaces() async throws {
        let file = "\(Self.folder)/checks/queries.arazzo.yaml"
        let result = try await CLI.run(["validate", file])
        #expect(result.status == 65)
        #expect(result.stderr.split(separator: "\n").map { $0.dropFirst(file.count + 1).prefix { $0 != " " } } == [
            "20:57:", "27:24:", "36:24:", "42:24:", "46:56:", "48:53:", "49:55:", "50:28:", "59:23:", "64:23:", "70:23:", "73:23:", "81:51:", "85:14:", "92:22:", "99:22:",
        ])
    }

    /// A file named as an Arazzo document is read as one whatever it holds: with its `arazzo` key
    /// misspelt, or empty, it was read as a Netspec spec and told of 'netspec: 1', 'service:' and
    /// 'endpoints:' (and `run` said what an Arazzo document lacks).
    @Test func aFileNamedArazzoIsReadAsOne() async throws {
        let misspelt = try CLI.temporarySpec("""
            arazo: 1.0.1
            info: { title: t, version: '1' }
            sourceDescriptions: [{ name: api, url: api.yaml }]
            workflows: [{ workflowId: w, steps: [{ stepId: s, operationId: op }] }]

            """, name: "flows.arazzo.yaml")
        for command in [["validate", misspelt], ["list", misspelt], ["describe", misspelt, "w"]] {
            let result = try await CLI.run(command)
            #expect(result.status == 65)
            #expect(result.stderr == """
                \(misspelt):1:1: error: no 'arazzo' version (expected 'arazzo: 1.0.1' or 'arazzo: 1.1.0')
                \(misspelt):1:1: error: the document: unknown key 'arazo' (did you mean 'arazzo'?)

                """, "\(command[0])")
        }
        let empty = try CLI.temporarySpec("", name: "empty.arazzo.json")
        let result = try await CLI.run(["validate", empty])
        #expect(result.status == 65)
        #expect(result.stderr == "\(empty):1:1: error: an Arazzo document is a mapping with 'arazzo', 'info', 'sourceDescriptions' and 'workflows', found nothing\n")
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
