import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// The runner against a loopback shop: steps by operationId and operationPath with path, query
/// and header parameters and a body with a replacement, each request exactly as sent; outputs
/// chained and returned; a failing criterion's message; inputs checked against their schema.
@Suite struct RunWorkflowTests {
    static let buyPet = """
          - workflowId: buyPet
            summary: Log in, look at a pet, order it.
            inputs:
              type: object
              required: [petId, user]
              properties:
                petId: { type: integer, minimum: 1 }
                user: { type: string }
                password: { type: string }
            steps:
              - stepId: login
                operationId: logIn
                requestBody:
                  payload: { user: $inputs.user, password: $inputs.password }
                successCriteria:
                  - condition: $statusCode == 200
                outputs:
                  token: $response.body#/token
              - stepId: look
                operationId: getPet
                parameters:
                  - { name: petId, in: path, value: $inputs.petId }
                  - { name: Authorization, in: header, value: "Bearer {$steps.login.outputs.token}" }
                  - { name: fields, in: query, value: name }
                successCriteria:
                  - condition: $response.body#/status == 'available'
                outputs:
                  name: $response.body#/name
              - stepId: order
                operationPath: '{$sourceDescriptions.pets.url}#/paths/~1orders/post'
                requestBody:
                  contentType: application/json
                  payload: { petId: 0, note: "for {$inputs.user}" }
                  replacements:
                    - { target: /petId, value: $inputs.petId }
                successCriteria:
                  - condition: $statusCode == 201
                outputs:
                  orderId: $response.body#/id
            outputs:
              orderId: $steps.order.outputs.orderId
              petName: $steps.look.outputs.name
        """

    struct Order: Decodable, Equatable {
        let orderId: Int
        let petName: String
    }

    @Test func buyPetSendsEachStepThroughTheServiceAndChainsItsOutputs() async throws {
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(Self.buyPet))
        let log = Recorder<String>()
        try await withTestServer(RunFixtures.shop(log, recordingHeaders: ["Authorization", "Content-Type"])) { server in
            let report = await flows.runReport("buyPet", inputs: ["petId": 1, "user": "ann", "password": "pw"], provider: RunFixtures.provider(server))
            #expect(report.error == nil)
            #expect(report.outputs == ["orderId": 9, "petName": "Rex"])
            #expect(log.all == [
                #"POST /login {"user":"ann","password":"pw"} Content-Type: application/json"#,
                "GET /pets/1?fields=name Authorization: Bearer abc",
                #"POST /orders {"petId":1,"note":"for ann"} Content-Type: application/json"#,
            ])
            #expect(report.steps.map(\.line) == [
                "buyPet.login  logIn POST \(server.baseURL)/login  → 200  ✓ $statusCode == 200  ⇒ next",
                "buyPet.look  getPet GET \(server.baseURL)/pets/1?fields=name  → 200  ✓ $response.body#/status == 'available'  ⇒ next",
                "buyPet.order  placeOrder POST \(server.baseURL)/orders  → 201  ✓ $statusCode == 201  ⇒ next",
            ])
            let order: Order = try await flows.run("buyPet", inputs: ["petId": 1, "user": "ann"], provider: RunFixtures.provider(server))
            #expect(order == Order(orderId: 9, petName: "Rex"))
        }
    }

    /// The runs of one loaded document keep a source's service while they bring the same
    /// provider, and make another for another provider: its base URL is the one sent to.
    @Test func aRunWithAnotherProviderSendsThroughIt() async throws {
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(Self.buyPet))
        let log = Recorder<String>()
        try await withTestServer(RunFixtures.shop(log)) { server in
            let provider = RunFixtures.provider(server)
            let inputs: [String: JSONValue] = ["petId": 1, "user": "ann", "password": "pw"]
            #expect(await flows.runReport("buyPet", inputs: inputs, provider: provider).error == nil)
            let elsewhere = await flows.runReport("buyPet", inputs: inputs, provider: Provider(baseURL: "http://127.0.0.1:9"))
            #expect(elsewhere.error?.reason == .call)
            #expect(elsewhere.error?.stepId == "login")
            #expect(await flows.runReport("buyPet", inputs: inputs, provider: provider).error == nil)
            #expect(log.all.count == 6)
        }
    }

    @Test func aFailingCriterionNamesTheStepTheCriterionItsActualValueAndItsPlace() async throws {
        let (flows, path) = try await RunFixtures.load(RunFixtures.document(Self.buyPet))
        let log = Recorder<String>()
        try await withTestServer(RunFixtures.shop(log)) { server in
            let error = await #expect(throws: WorkflowError.self) {
                try await flows.run("buyPet", inputs: ["petId": 2, "user": "ann", "password": "pw"], provider: RunFixtures.provider(server))
            }
            #expect(error?.reason == .stepFailed)
            #expect(error?.message == "workflow 'buyPet': step 'look' failed: criterion `$response.body#/status == 'available'` failed: actual null (\(path):31:24) [step at \(path):24:17]")
            #expect(error?.steps.map { "\($0.stepId) \($0.status ?? 0) \($0.action)" } == ["login 200 next", "look 404 fail"])
            #expect(log.all.count == 2)
        }
    }

    @Test func inputsAreCheckedAgainstTheirSchemaWithEveryProblemAtOnce() async throws {
        let (flows, path) = try await RunFixtures.load(RunFixtures.document(Self.buyPet))
        let error = await #expect(throws: WorkflowError.self) {
            try await flows.run("buyPet", inputs: ["petId": 0, "password": 7])
        }
        #expect(error?.reason == .inputs)
        #expect(error?.message == "workflow 'buyPet': 3 inputs do not fit its inputs schema (\(path):9:7): the inputs must have the property 'user'; input 'password' must be a string; input 'petId' must be at least 1")
    }

    @Test func anUnknownWorkflowIsNamedWithThoseThereAre() async throws {
        let (flows, path) = try await RunFixtures.load(RunFixtures.document(Self.buyPet))
        let error = await #expect(throws: WorkflowError.self) { try await flows.run("buyPets") }
        #expect(error?.reason == .unknownWorkflow)
        #expect(error?.message == "no workflow 'buyPets' in \(path) (did you mean 'buyPet'?) (it has: buyPet)")
    }

    @Test func stoppingBeforeSendingGivesTheFirstRequestAndSendsNothing() async throws {
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(Self.buyPet))
        let log = Recorder<String>()
        try await withTestServer(RunFixtures.shop(log)) { server in
            let report = await flows.runReport("buyPet", inputs: ["petId": 1, "user": "ann", "password": "pw"], provider: RunFixtures.provider(server), options: RunOptions(stopsBeforeSending: true))
            #expect(report.error == nil)
            #expect(report.firstRequest?.source == "pets")
            #expect(report.firstRequest?.request.httpMessage == """
                POST \(server.baseURL)/login HTTP/1.1
                Content-Type: application/json
                Content-Length: 30
                Accept: application/json, */*;q=0.5
                Accept-Encoding: gzip, deflate
                User-Agent: netspec/0.1.0

                {"user":"ann","password":"pw"}

                """)
            #expect(log.all.isEmpty)
        }
    }
}
