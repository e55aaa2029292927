import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// A `workflowId` step without `successCriteria` succeeds when the workflow it runs succeeds.
@Suite struct RunWorkflowStepSuccessTests {
    /// `status` accepts the 404 of `/pets/2` by its own criterion, so the step that runs it
    /// succeeds. It failed: "HTTP 404 (the step has no successCriteria: a 2xx status is its
    /// success)", the last request's status judged a second time, as if the step had sent it.
    @Test func aStepSucceedsWithTheWorkflowItRuns() async throws {
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(RunWorkflowParametersTests.status + """

              - workflowId: outer
                steps:
                  - stepId: check
                    workflowId: status
                    parameters: [{ name: petId, value: 2 }]
                    outputs: { status: $outputs.status }
                outputs: { status: $steps.check.outputs.status }
            """))
        let log = Recorder<String>()
        let report = try await withTestServer(RunFixtures.shop(log)) { server in
            await flows.runReport("outer", provider: RunFixtures.provider(server))
        }
        #expect(report.error == nil, "\(report.error?.message ?? "")")
        #expect(log.all == ["GET /pets/2"])
        #expect(report.steps.map { "\($0.workflowId).\($0.stepId): \($0.status.map(String.init) ?? "-") \($0.succeeded) \($0.action)" } == [
            "status.get: 404 true next", "outer.check: 404 true next",
        ])
        #expect(report.outputs == ["status": 404])
    }
}
