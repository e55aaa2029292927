import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// What a run checks and reports beyond a step's own request: the inputs a `dependsOn` workflow
/// and a `goto` action's workflow get are checked against their schema (as a workflow step's
/// are), a retry's action text says the wait it takes (a response's `Retry-After` over
/// `retryAfter`, at most a day), and a step whose outputs cannot be evaluated is still reported.
@Suite struct RunReportedChecksTests {
    /// The pet shop, but `GET /jobs/ID?wait=S` answers 503 with `Retry-After: S`.
    static func shop(_ log: Recorder<String>) -> TestHandler {
        let shop = RunFixtures.shop(log)
        return { request, writer in
            guard request.path.hasPrefix("/jobs/"), let wait = request.target.split(separator: "wait=").dropFirst().first else {
                try await shop(request, writer)
                return
            }
            log.record("\(request.method) \(request.target)")
            try await writer.respond(status: 503, headers: [("Retry-After", String(wait))], body: "")
        }
    }

    func run(_ workflows: String, _ id: String, version: String = "1.0.1", inputs: [String: JSONValue] = [:], options: RunOptions = RunOptions()) async throws -> (WorkflowRun, [String], String) {
        let (flows, path) = try await RunFixtures.load(RunFixtures.document(workflows).replacing("arazzo: 1.0.1", with: "arazzo: \(version)"))
        let log = Recorder<String>()
        let report = try await withTestServer(Self.shop(log)) { server in
            await flows.runReport(id, inputs: inputs, provider: RunFixtures.provider(server), options: options)
        }
        return (report, log.all, path)
    }

    static let look = """
          - workflowId: look
            inputs: { type: object, required: [petId], properties: { petId: { type: integer, minimum: 1 } } }
            steps:
              - stepId: get
                operationId: getPet
                parameters: [{ name: petId, in: path, value: $inputs.petId }]
            outputs: { petId: $inputs.petId }
        """

    /// A dependency runs with the run's inputs: they must fit its schema, as when it is run itself.
    @Test func aDependencyGetsTheRunsInputsCheckedAgainstItsSchema() async throws {
        let (report, requests, path) = try await run(Self.look + """

              - workflowId: main
                dependsOn: [look]
                steps:
                  - { stepId: login, operationId: logIn }
            """, "main", inputs: ["petId": 0])
        #expect(requests.isEmpty)
        #expect(report.error?.reason == .inputs)
        #expect(report.error?.message == "workflow 'look': an input does not fit its inputs schema (\(path):7:13): input 'petId' must be at least 1")
    }

    /// A 1.1 `goto` to a workflow passes its `parameters` as inputs: checked as a workflow step's are.
    @Test func aGotoWorkflowsParametersAreCheckedAgainstItsInputsSchema() async throws {
        let workflows = Self.look + """

              - workflowId: main
                steps:
                  - stepId: login
                    operationId: logIn
                    onSuccess:
                      - { name: jump, type: goto, workflowId: look, parameters: [{ name: petId, value: two }] }
            """
        let (report, requests, path) = try await run(workflows, "main", version: "1.1.0")
        #expect(requests == ["POST /login {}"])
        #expect(report.steps.map { "\($0.workflowId).\($0.stepId) \($0.action)" } == ["main.login goto workflow 'look'"])
        #expect(report.error?.reason == .inputs)
        #expect(report.error?.message == "workflow 'look': an input does not fit its inputs schema (\(path):7:13): input 'petId' must be an integer")
    }

    static func poll(wait: String) -> String {
        """
          - workflowId: wait
            steps:
              - stepId: poll
                operationId: getJob
                parameters:
                  - { name: id, in: path, value: j }
                  - { name: wait, in: query, value: '\(wait)' }
                successCriteria: [{ condition: $statusCode == 200 }]
                onFailure: [{ name: again, type: retry, retryAfter: 1, retryLimit: 2 }]
        """
    }

    /// The response's `Retry-After` (3 s) overrules `retryAfter` (1 s): the action says the wait
    /// taken, which passes the timeout (2 s) and so ends the run at once.
    @Test func aRetrySaysTheWaitTheResponsesRetryAfterAsks() async throws {
        let (report, requests, _) = try await run(Self.poll(wait: "3"), "wait", options: RunOptions(timeout: .seconds(2)))
        #expect(requests == ["GET /jobs/j?wait=3"])
        #expect(report.steps.map(\.action) == ["retry 1 of 2 after 3 s (Retry-After)"])
        #expect(report.error?.reason == .timeout)
        // It said `timed out after 2 s`, a wait it never took.
        #expect(report.error?.message == "workflow 'wait': step 'poll': its retry would wait 3 s (Retry-After), past --timeout (2 s), so the run ends without waiting")
    }

    /// A `Retry-After` of more seconds than a clock holds is waited for a day at most, and said so.
    @Test func aRetryAfterHeaderLongerThanADayIsADay() async throws {
        let (report, requests, _) = try await run(Self.poll(wait: "9223372036854775807"), "wait", options: RunOptions(timeout: .seconds(2)))
        #expect(requests.count == 1)
        #expect(report.steps.map(\.action) == ["retry 1 of 2 after 86400 s (Retry-After asks longer; a day at most)"])
        #expect(report.error?.reason == .timeout)
    }

    /// The request was sent and answered 200; its output names nothing: the step is reported,
    /// failed, with its status, before the output's error ends the run.
    @Test func aStepWhoseOutputsCannotBeEvaluatedIsReportedFailed() async throws {
        let (report, requests, path) = try await run("""
              - workflowId: look
                steps:
                  - stepId: get
                    operationId: getPet
                    parameters: [{ name: petId, in: path, value: 1 }]
                    successCriteria: [{ condition: $statusCode == 200 }]
                    outputs: { id: $response.body#/missing }
            """, "look")
        #expect(requests == ["GET /pets/1"])
        #expect(report.steps.map(\.line) == ["look.get  getPet GET \(report.steps.first?.url ?? "")  → 200  ✓ $statusCode == 200  ⇒ fail (an output cannot be evaluated)"])
        #expect(report.steps.map(\.succeeded) == [false])
        #expect(report.error?.reason == .expression)
        #expect(report.error?.message == "\(path):12:24: workflow 'look': step 'get': output 'id': $response.body#/missing: nothing at the JSON pointer '/missing'")
        #expect(report.error?.steps.count == 1)
    }

    /// `.name`, `[0]` and `['name']` after an expression, in a `simple` condition and a criterion's
    /// `context`, load (they were refused by the stricter grammar of a whole expression) and run.
    @Test func deReferencesInAConditionAndAContextLoadAndRun() async throws {
        let (report, _, _) = try await run("""
              - workflowId: look
                steps:
                  - stepId: get
                    operationId: getPet
                    parameters: [{ name: petId, in: path, value: 1 }]
                    successCriteria:
                      - condition: $response.body.name == 'Rex' && $response.body['status'] != null
                      - { context: $response.body.name, condition: '^Rex$', type: regex }
            """, "look")
        #expect(report.error == nil)
        #expect(report.steps.map { $0.criteria.map(\.passed) } == [[true, true]])
    }
}

extension RunReportedChecksTests {
    /// A step that ran, failed and was taken on by a `goto` has no outputs: a later reference to
    /// one says so (it said the step had not run).
    @Test func anOutputOfAStepThatFailedSaysItDidNotSucceed() async throws {
        let (report, requests, path) = try await run("""
              - workflowId: look
                steps:
                  - stepId: get
                    operationId: getPet
                    parameters: [{ name: petId, in: path, value: 1 }]
                    successCriteria: [{ condition: $statusCode == 201 }]
                    outputs: { name: $response.body#/name }
                    onFailure: [{ name: on, type: goto, stepId: again }]
                  - stepId: again
                    operationId: getPet
                    parameters: [{ name: petId, in: path, value: $steps.get.outputs.name }]
            """, "look")
        #expect(requests == ["GET /pets/1"])
        #expect(report.error?.message == "\(path):16:54: workflow 'look': step 'again': parameter 'petId': $steps.get.outputs.name: step 'get' did not succeed, so it has no outputs")
    }
}
