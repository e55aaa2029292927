import Netspec
import NetspecWorkflows
import Testing

/// `Workflows.load`: an Arazzo document with its sources, each operation step resolved to an
/// endpoint, every reference checked (docs/workflows.md). The Arazzo repository's examples
/// (`Fixtures/arazzo/examples-1.0.0`) against their OpenAPI documents — two of which the
/// repository does not ship, given here by stand-ins (`stand-ins/`) — and documents written to be
/// wrong (`checks/`).
@Suite struct WorkflowLoadingTests {
    static let folder = TestPaths.root + "/Tests/NetspecTests/Fixtures/arazzo"
    static let examples = folder + "/examples-1.0.0"

    /// A workflow's steps as `stepId → source endpoint METHOD path` (or the workflow it calls).
    static func steps(_ flows: Workflows, _ workflow: String) -> [String] {
        flows.document.workflow(workflow)?.steps.map { step in
            if let operation = flows.operation(workflow: workflow, step: step.stepId.value) {
                return "\(step.stepId.value) → \(operation.source) \(operation.endpoint.name) \(operation.endpoint.method.rawValue) \(operation.endpoint.path)"
            }
            return "\(step.stepId.value) → \(step.target.key) \(step.target.text.value)"
        } ?? []
    }

    @Test func petCouponsLoadsAgainstItsOpenAPIDocument() async throws {
        let flows = try await Workflows.load(path: Self.examples + "/pet-coupons.arazzo.yaml")
        #expect(flows.document.version == "1.0.0")
        #expect(flows.sources["pet-coupons"]?.endpoints.count == 11)
        #expect(Self.steps(flows, "apply-coupon") == [
            "find-pet → pet-coupons findPetsByTags GET /pet/findByTags",
            "find-coupons → pet-coupons getPetCoupons GET /pet/{petId}/coupons",
            "place-order → workflowId place-order",
        ])
        #expect(Self.steps(flows, "place-order") == ["place-order → pet-coupons placeOrder POST /store/order"])
        // Inputs through `$ref: "#/components/inputs/…"`, a property's `$ref` too.
        let inputs = try #require(flows.document.workflow("apply-coupon")).inputList(components: flows.document.components)
        #expect(inputs.map { "\($0.name) \($0.type) \($0.isRequired)" } == ["my_pet_tags array of string false", "store_id string false"])
        // Its parameter names the operations do not have: WorkflowParameterChecksTests.
        #expect(flows.warnings.map(\.line) == [26, 40])
    }

    @Test func oauthLoadsAgainstItsOpenAPIDocument() async throws {
        let flows = try await Workflows.load(path: Self.examples + "/oauth.arazzo.yaml")
        #expect(flows.document.workflows.map(\.workflowId.value) == ["refresh-token-flow", "client-credentials-flow", "authorization-code-flow"])
        #expect(Self.steps(flows, "refresh-token-flow") == [
            "do-the-auth-flow → workflowId authorization-code-flow",
            "do-the-refresh → apim-auth get-token POST /oauth/token",
        ])
    }

    /// Its source is a URL of the internet; given a local copy by `sources:`, and a stand-in for
    /// `./animals.yaml`, which the repository does not have.
    @Test func examplesWithSourcesGivenElsewhereLoad() async throws {
        let extended = try await Workflows.load(
            path: Self.examples + "/ExtendedParametersExample.arazzo.yaml", sources: ["animals": Self.folder + "/stand-ins/animals.yaml"]
        )
        #expect(Self.steps(extended, "animal-workflow") == [
            "post-step → animals postAnimal POST /animals", "get-step → animals getRandomAnimal GET /animals/random",
        ])
        #expect(extended.document.workflows[0].parameters.map { "\($0.location?.value ?? "") \($0.name?.value ?? "")" } == [
            "cookie workflowLevelParamOne", "header workflowLevelParamTwo",
        ])
    }

    /// Its `operationPath` points at a path item, not an operation: the one operation there is
    /// taken, with a warning.
    @Test func anOperationPathToAPathWithOneOperationLoadsWithAWarning() async throws {
        let path = Self.examples + "/LoginAndRetrievePets.arazzo.yaml"
        let flows = try await Workflows.load(path: path, sources: ["petStoreDescription": Self.folder + "/stand-ins/petstore3.openapi.yaml"])
        #expect(Self.steps(flows, "loginUserRetrievePet") == [
            "loginStep → petStoreDescription loginUser GET /user/login",
            "getPetStep → petStoreDescription findPetsByStatus GET /pet/findByStatus",
        ])
        #expect(flows.warnings.map(\.description) == [
            "\(path):46:20: warning: workflow 'loginUserRetrievePet': step 'getPetStep': operationPath '{$sourceDescriptions.petStoreDescription.url}#/paths/~1pet~1findByStatus' points at a path, not an operation; its one operation, GET /pet/findByStatus, is taken (write '…/get')",
        ])
    }

    /// Two examples of the Arazzo repository are wrong, and are refused saying where: FAPI-PAR
    /// calls `PAR`, whose operationId is `Par`; bnpl uses three step outputs no step defines and
    /// one output expression without `.outputs.`.
    @Test func theExamplesMistakesAreFound() async throws {
        let fapi = Self.examples + "/FAPI-PAR.arazzo.yaml"
        await #expect(throws: SpecError(
            file: fapi, line: 102, column: 22,
            message: "workflow 'OIDC-PAR-AuthzCode': step 'PARStep': no operation 'PAR' in source 'auth-api' (\(Self.examples)/FAPI-PAR.openapi.yaml) (did you mean 'Par'?)"
        )) { try await Workflows.load(path: fapi) }

        let bnpl = Self.examples + "/bnpl-arazzo.yaml"
        do {
            _ = try await Workflows.load(path: bnpl, sources: ["BnplApi": Self.examples + "/bnpl-openapi.yaml"])
            Issue.record("bnpl loaded")
        } catch {
            let step = "error: workflow 'ApplyForLoanAtCheckout': step"
            #expect(error.description == """
                \(bnpl):231:16: \(step) 'authenticateCustomerAndAuthorizeLoan': parameter 'redirectAuthToken': '$steps.authenticateCustomerAndAuthorizeLoan.outputs.redirectAuthToken': step 'authenticateCustomerAndAuthorizeLoan' defines no output 'redirectAuthToken'; its outputs are: redirectUrl
                \(bnpl):242:16: \(step) 'retrieveFinalizedPaymentPlan': parameter 'loanTransactionId': '$steps.initiateBnplTransaction.outputs.loanTransactionId': step 'initiateBnplTransaction' defines no output 'loanTransactionId'; its outputs are: redirectAuthToken, loanTransactionResourceUrl
                \(bnpl):253:16: \(step) 'updateOrderStatus': parameter 'loanTransactionId': '$steps.initiateBnplTransaction.outputs.loanTransactionId': step 'initiateBnplTransaction' defines no output 'loanTransactionId'; its outputs are: redirectAuthToken, loanTransactionResourceUrl
                \(bnpl):260:27: error: workflow 'ApplyForLoanAtCheckout': output 'finalizedPaymentPlan': runtime expression '$steps.retrieveFinalizedPaymentPlan.finalizedPaymentPlan': column 36: expected '.outputs.' after the step id 'retrieveFinalizedPaymentPlan'
                """)
        }
    }

    /// Every kind of wrong reference, once each, all said at once in document order.
    @Test func everyWrongReferenceIsSaidWithItsPlace() async {
        let file = Self.folder + "/checks/broken.arazzo.yaml"
        do {
            _ = try await Workflows.load(path: file)
            Issue.record("loaded")
        } catch {
            // Named `../stand-ins/petstore3.openapi.yaml` from `checks/`: said as the file it is.
            let petstore = Self.folder + "/stand-ins/petstore3.openapi.yaml"
            #expect(error.description.split(separator: "\n").map { String($0.dropFirst(file.count + 1)) } == [
                "14:22: error: workflow 'login': step 'logIn': no operation 'loginUsr' in \(petstore) (did you mean 'loginUser'?)",
                "22:24: error: workflow 'login': step 'find': path '/pet/findByStatus' of source 'petstore' has no post operation (it has get)",
                "26:20: error: workflow 'login': step 'find': parameter 'Authorization': '$steps.logIn.outputs.tokn': step 'logIn' defines no output 'tokn' (did you mean 'token'?)",
                "28:24: error: workflow 'login': step 'find': criterion '$statusCod == 200': runtime expression '$statusCod': unknown root '$statusCod' (did you mean '$statusCode'?)",
                "32:21: error: workflow 'login': step 'find': action 'again': no step 'logon' in workflow 'login' (did you mean 'logIn'?)",
                "35:13: error: workflow 'login': output 'pets': '$steps.find.outputs.pets': step 'find' defines no output 'pets'; it defines no outputs",
                "37:17: error: dependsOn cycle: workflow 'login' → 'browse' → 'login'",
                "40:21: error: workflow 'browse': step 'callLogin': no workflow 'logn' in \(file) (did you mean 'login'?)",
                "42:24: error: workflow 'browse': step 'list': no source 'pets' (did you mean 'petstore'?)",
                "44:24: error: workflow 'browse': step 'list': no parameters component 'statuss' (did you mean 'status'?)",
                "46:14: error: workflow 'browse': output 'token': '$workflows.login.outputs.token': workflow 'login' defines no output 'token'; its outputs are: pets",
            ])
        }
    }

    /// An Arazzo source (a JSON document) is loaded with its own sources; its workflows are what
    /// `$sourceDescriptions.NAME.workflowId` names.
    @Test func anArazzoSourcesWorkflowsAreChecked() async throws {
        let file = Self.folder + "/checks/outer.arazzo.yaml"
        await #expect(throws: SpecError(
            file: file, line: 21, column: 21,
            message: "workflow 'signInTwice': step 'second': no workflow 'signOn' in source 'accounts' (\(Self.folder)/checks/inner.arazzo.json) (did you mean 'signIn'?)"
        )) { try await Workflows.load(path: file) }

        let inner = try await Workflows.load(path: Self.folder + "/checks/inner.arazzo.json")
        #expect(Self.steps(inner, "signIn") == ["logIn → petstore loginUser GET /user/login"])
        #expect(inner.document.workflows[0].inputList(components: inner.document.components).map { "\($0.name) \($0.type) \($0.isRequired)" } == [
            "username string true", "password string|null false",
        ])
    }

    /// A source that cannot be read is an error at its `url`.
    @Test func aMissingSourceIsAnErrorAtItsURL() async {
        let file = Self.examples + "/ExtendedParametersExample.arazzo.yaml"
        await #expect(throws: SpecError(
            file: file, line: 8, column: 10,
            message: "source 'animals': cannot load \(Self.examples)/animals.yaml: cannot read file: No such file or directory"
        )) { try await Workflows.load(path: file) }
    }

    /// Arazzo 1.1's AsyncAPI steps load (their sources are not read) and are refused to run.
    @Test func asyncAPIStepsLoadAndCannotRun() async throws {
        let file = Self.folder + "/schema-tests/pass/minimal-async.arazzo.yaml"
        let flows = try await Workflows.load(path: file)
        #expect(flows.unrunnableReason(workflow: "basicWorkflow")
            == "\(file):12:17: workflow 'basicWorkflow': step 'step1' is an AsyncAPI step (action 'send'): Netspec runs OpenAPI and workflow steps only")
        let coupons = try await Workflows.load(path: Self.examples + "/pet-coupons.arazzo.yaml")
        #expect(coupons.unrunnableReason(workflow: "apply-coupon") == nil)
    }
}
