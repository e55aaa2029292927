import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// A `retry` failure action that names a `workflowId` or a `stepId` (Arazzo 1.0.1 § Failure Action
/// Object: "the reference is executed and the context is returned, after which the current step
/// is retried"): the workflow (or step) runs before the step is sent again, and what it gives is
/// read after it.
@Suite struct RunRetryReferenceTests {
    func run(_ workflows: String) async throws -> (WorkflowRun, [String]) {
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(workflows))
        let log = Recorder<String>()
        let report = try await withTestServer(RunFixtures.shop(log, busy: 1)) { server in
            await flows.runReport("wait", provider: RunFixtures.provider(server), options: RunOptions())
        }
        return (report, log.all)
    }

    @Test func aRetryWithAWorkflowIdRunsThatWorkflowBeforeTheRetry() async throws {
        let (report, requests) = try await run("""
              - workflowId: wait
                steps:
                  - stepId: poll
                    operationId: getJob
                    parameters: [{ name: id, in: path, value: busy }]
                    successCriteria: [{ condition: $statusCode == 200 }]
                    onFailure: [{ name: relogin, type: retry, workflowId: login, retryLimit: 2 }]
                    outputs: { state: $response.body#/state }
                outputs: { state: $steps.poll.outputs.state, token: $workflows.login.outputs.token }
              - workflowId: login
                steps:
                  - stepId: logIn
                    operationId: logIn
                    requestBody: { payload: { user: ann, password: pw } }
                    outputs: { token: $response.body#/token }
                outputs: { token: $steps.logIn.outputs.token }
            """)
        #expect(report.error == nil)
        #expect(requests == ["GET /jobs/busy", #"POST /login {"user":"ann","password":"pw"}"#, "GET /jobs/busy"])
        #expect(report.steps.map { "\($0.workflowId).\($0.stepId): \($0.action)" } == [
            "wait.poll: retry 1 of 2 after 0 s (Retry-After) and workflow 'login'", "login.logIn: next", "wait.poll: next",
        ])
        #expect(report.outputs == ["state": "done", "token": "abc"])
    }

    @Test func aRetryWithAStepIdRunsThatStepBeforeTheRetry() async throws {
        let (report, requests) = try await run("""
              - workflowId: wait
                steps:
                  - stepId: poll
                    operationId: getJob
                    parameters: [{ name: id, in: path, value: busy }]
                    successCriteria: [{ condition: $statusCode == 200 }]
                    onSuccess: [{ name: done, type: end }]
                    onFailure: [{ name: relogin, type: retry, stepId: logIn }]
                    outputs: { state: $response.body#/state }
                  - stepId: logIn
                    operationId: logIn
                    requestBody: { payload: { user: ann, password: pw } }
                    outputs: { token: $response.body#/token }
                outputs: { state: $steps.poll.outputs.state, token: $steps.logIn.outputs.token }
            """)
        #expect(report.error == nil)
        #expect(requests == ["GET /jobs/busy", #"POST /login {"user":"ann","password":"pw"}"#, "GET /jobs/busy"])
        #expect(report.steps.map { "\($0.workflowId).\($0.stepId): \($0.action)" } == [
            "wait.poll: retry 1 of 1 after 0 s (Retry-After) and step 'logIn'", "wait.logIn: back to step 'poll'", "wait.poll: end",
        ])
        #expect(report.outputs == ["state": "done", "token": "abc"])
    }
}
