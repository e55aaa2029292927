import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// What follows a step, counted in requests: `retry` (a response's `Retry-After` over
/// `retryAfter`; `retryLimit` absent is one retry), `goto` a step while a criterion holds, a
/// `goto` loop stopped by `maxSteps` with its steps named, nested workflows with their inputs and
/// outputs, `dependsOn`, the components' parameters and actions, and the run's timeout.
@Suite struct RunActionsTests {
    static func poll(_ job: String, _ actions: String) -> String {
        """
          - workflowId: wait
            steps:
              - stepId: poll
                operationId: getJob
                parameters: [{ name: id, in: path, value: \(job) }]
                successCriteria: [{ condition: $statusCode == 200 }]
        \(actions)
                outputs: { state: $response.body#/state }
            outputs: { state: $steps.poll.outputs.state }
        """
    }

    func run(_ document: String, busy: Int = 0, options: RunOptions = RunOptions()) async throws -> (WorkflowRun, [String], String) {
        let (flows, path) = try await RunFixtures.load(document)
        let log = Recorder<String>()
        let report = try await withTestServer(RunFixtures.shop(log, busy: busy)) { server in
            await flows.runReport("wait", provider: RunFixtures.provider(server), options: options)
        }
        return (report, log.all, path)
    }

    @Test func retryWaitsAsTheResponsesRetryAfterSaysUpToItsLimit() async throws {
        let (report, requests, _) = try await run(RunFixtures.document(Self.poll("busy", """
                    onFailure: [{ name: again, type: retry, retryAfter: 30, retryLimit: 3 }]
            """)), busy: 2)
        #expect(report.error == nil)
        #expect(report.outputs == ["state": "done"])
        #expect(requests == ["GET /jobs/busy", "GET /jobs/busy", "GET /jobs/busy"])
        // The wait taken is the response's (`Retry-After: 0`), not `retryAfter`'s 30 s.
        #expect(report.steps.map(\.action) == ["retry 1 of 3 after 0 s (Retry-After)", "retry 2 of 3 after 0 s (Retry-After)", "next"])
    }

    @Test func retryLimitAbsentRetriesOnceThenTheStepFails() async throws {
        let (report, requests, path) = try await run(RunFixtures.document(Self.poll("busy", """
                    onFailure: [{ name: again, type: retry }]
            """)), busy: 5)
        #expect(requests.count == 2)
        #expect(report.steps.map(\.action) == ["retry 1 of 1 after 0 s (Retry-After)", "fail (1 retry made)"])
        #expect(report.error?.message == "workflow 'wait': step 'poll' failed after 1 retry: criterion `$statusCode == 200` failed: actual 503 (\(path):11:40) [step at \(path):8:17]")
    }

    /// Arazzo 1.0.1 § Failure Action Object: "The retryLimit MUST be exhausted prior to
    /// executing subsequent failure actions": once its two retries are made, the `goto` after
    /// the `retry` applies, and the run goes on from the fallback step.
    @Test func anExhaustedRetryGivesWayToTheNextFailureAction() async throws {
        let (report, requests, _) = try await run(RunFixtures.document("""
              - workflowId: wait
                steps:
                  - stepId: poll
                    operationId: getJob
                    parameters: [{ name: id, in: path, value: busy }]
                    successCriteria: [{ condition: $statusCode == 200 }]
                    onFailure:
                      - { name: again, type: retry, retryLimit: 2 }
                      - { name: fallback, type: goto, stepId: other }
                  - stepId: skipped
                    operationId: getJob
                    parameters: [{ name: id, in: path, value: never }]
                  - stepId: other
                    operationId: getJob
                    parameters: [{ name: id, in: path, value: slow }]
                    outputs: { state: $response.body#/state }
                outputs: { state: $steps.other.outputs.state }
            """), busy: 5)
        #expect(report.error == nil)
        #expect(report.outputs == ["state": "done"])
        #expect(requests == ["GET /jobs/busy", "GET /jobs/busy", "GET /jobs/busy", "GET /jobs/slow"])
        #expect(report.steps.map(\.action) == ["retry 1 of 2 after 0 s (Retry-After)", "retry 2 of 2 after 0 s (Retry-After)", "goto step 'other' (2 retries made)", "next"])
    }

    @Test func gotoAStepWhileACriterionHoldsPolls() async throws {
        let (report, requests, _) = try await run(RunFixtures.document(Self.poll("slow", """
                    onSuccess:
                      - { name: again, type: goto, stepId: poll, criteria: [{ condition: $response.body#/state == 'pending' }] }
            """)))
        #expect(report.error == nil)
        #expect(report.outputs == ["state": "done"])
        #expect(requests.count == 3)
        #expect(report.steps.map(\.action) == ["goto step 'poll'", "goto step 'poll'", "next"])
    }

    @Test func aGotoLoopStopsAtMaxStepsNamingTheLoop() async throws {
        let (report, requests, _) = try await run(RunFixtures.document(Self.poll("slow", """
                    onSuccess: [{ name: forever, type: goto, stepId: poll }]
            """)), options: RunOptions(maxSteps: 4))
        #expect(requests.count == 4)
        #expect(report.error?.reason == .maxSteps)
        #expect(report.error?.message == "workflow 'wait': stopped after 4 steps (the most a run takes; --max-steps): steps 'wait.poll' → 'wait.poll' repeat (a goto or retry loop)")
    }

    /// Stopped where no loop repeats: the step refused is named as the one next, not among those
    /// run (it once was, under "1 steps").
    @Test func maxStepsNamesTheStepItDidNotRun() async throws {
        let (report, requests, _) = try await run(RunFixtures.document("""
              - workflowId: wait
                steps:
                  - { stepId: first, operationId: getJob, parameters: [{ name: id, in: path, value: busy }] }
                  - { stepId: second, operationId: getJob, parameters: [{ name: id, in: path, value: busy }] }
            """), options: RunOptions(maxSteps: 1))
        #expect(requests == ["GET /jobs/busy"])
        #expect(report.error?.message == "workflow 'wait': stopped after 1 step (the most a run takes; --max-steps): 'wait.second' was next, not run; the last step run was 'wait.first'")
    }

    /// The wait (300 s) would pass the timeout (20 s): the run ends without waiting, after one
    /// request. (With a 2 s timeout, a loaded machine once took it for the request itself.)
    @Test func aRetryWaitPastTheTimeoutEndsTheRunAtOnce() async throws {
        let (report, requests, _) = try await run(RunFixtures.document(Self.poll("missing", """
                    onFailure: [{ name: again, type: retry, retryAfter: 300, retryLimit: 3 }]
            """)), options: RunOptions(timeout: .seconds(20)))
        #expect(requests == ["GET /jobs/missing"])
        #expect(report.error?.reason == .timeout)
        #expect(report.error?.message == "workflow 'wait': step 'poll': its retry would wait 300 s, past --timeout (20 s), so the run ends without waiting")
    }

    @Test func cancellingTheTaskCancelsTheRunWhileItWaits() async throws {
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(Self.poll("missing", """
                    onFailure: [{ name: again, type: retry, retryAfter: 30, retryLimit: 3 }]
            """)))
        let log = Recorder<String>()
        try await withTestServer(RunFixtures.shop(log)) { server in
            let seen = Signal()
            let task = Task {
                await flows.runReport("wait", provider: RunFixtures.provider(server), options: RunOptions(onStep: { _ in seen.fire() }))
            }
            #expect(await seen.wait())
            task.cancel()
            let report = await task.value
            #expect(report.error?.reason == .cancelled)
            #expect(report.error?.message == "workflow 'wait': cancelled while waiting to retry step 'poll'")
            #expect(log.all.count == 1)
        }
    }

    static let nested = """
          - workflowId: login
            steps:
              - stepId: in
                operationId: logIn
                requestBody: { payload: { user: ann } }
                outputs: { token: $response.body#/token }
            outputs: { token: $steps.in.outputs.token }
          - workflowId: look
            inputs: { type: object, required: [petId], properties: { petId: { type: integer } } }
            steps:
              - stepId: get
                operationId: getPet
                parameters:
                  - reference: $components.parameters.auth
                    value: "Bearer {$workflows.login.outputs.token}"
                  - { name: petId, in: path, value: $inputs.petId }
                outputs: { name: $response.body#/name }
            outputs: { name: $steps.get.outputs.name }
          - workflowId: wait
            dependsOn: [login]
            steps:
              - stepId: find
                workflowId: look
                parameters: [{ name: petId, value: 1 }]
                outputs: { name: $workflows.look.outputs.name }
            outputs: { petName: $steps.find.outputs.name, token: $workflows.login.outputs.token }
        """

    @Test func nestedWorkflowsAndDependenciesRunOnceWithTheirOwnInputsAndOutputs() async throws {
        let components = """
            components:
              parameters:
                auth: { name: Authorization, in: header, value: none }
            """
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(Self.nested, components: components))
        let log = Recorder<String>()
        try await withTestServer(RunFixtures.shop(log, recordingHeaders: ["Authorization"])) { server in
            let report = await flows.runReport("wait", provider: RunFixtures.provider(server))
            #expect(report.error == nil)
            #expect(report.outputs == ["petName": "Rex", "token": "abc"])
            #expect(log.all == [#"POST /login {"user":"ann"}"#, "GET /pets/1 Authorization: Bearer abc"])
            #expect(report.steps.map { "\($0.workflowId).\($0.stepId) \($0.action)" } == ["login.in next", "look.get next", "wait.find next"])
        }
    }
}
