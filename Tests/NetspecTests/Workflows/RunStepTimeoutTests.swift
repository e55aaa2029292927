import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// A step's `timeout` (Arazzo 1.1 § Step Object: "the maximum number of milli-seconds to wait for
/// the step to complete before aborting and failing the step"): a call that takes longer fails the
/// step, which its `onFailure` actions may recover, and otherwise fails the run saying so.
@Suite struct RunStepTimeoutTests {
    static func document(_ onFailure: String) -> String {
        """
        arazzo: 1.1.0
        info: { title: Pet shop, version: "1" }
        sourceDescriptions:
          - { name: pets, url: pets.yaml, type: openapi }
        workflows:
          - workflowId: wait
            steps:
              - stepId: poll
                operationId: getJob
                parameters: [{ name: id, in: path, value: late }]
                timeout: 200
        \(onFailure)
              - stepId: fallback
                operationId: getJob
                parameters: [{ name: id, in: path, value: now }]
        """
    }

    /// `/jobs/late` answers after 3 s, `/jobs/now` at once.
    func run(_ document: String) async throws -> (WorkflowRun, [String], String) {
        let (flows, path) = try await RunFixtures.load(document)
        let log = Recorder<String>()
        let report = try await withTestServer({ request, writer in
            log.record("\(request.method) \(request.target)")
            if request.path == "/jobs/late" { try await Task.sleep(for: .seconds(3)) }
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"state":"done"}"#)
        }) { server in
            await flows.runReport("wait", provider: RunFixtures.provider(server), options: RunOptions())
        }
        return (report, log.all, path)
    }

    @Test func aStepPastItsTimeoutFailsAndItsOnFailureActionIsTaken() async throws {
        let (report, requests, _) = try await run(Self.document("""
                    onFailure: [{ name: other, type: goto, stepId: fallback }]
            """))
        // No bound on the time taken (a loaded machine runs late): that the late answer, a 200
        // after 3 s, did not make the step succeed is what shows the step's timeout ended it.
        #expect(report.error == nil)
        #expect(requests == ["GET /jobs/late", "GET /jobs/now"])
        #expect(report.steps.map(\.action) == ["goto step 'fallback'", "next"])
        #expect(report.steps.map(\.succeeded) == [false, true])
    }

    @Test func aStepPastItsTimeoutWithoutActionsFailsTheRunSayingSo() async throws {
        let (report, _, path) = try await run(Self.document(""))
        #expect(report.error?.reason == .stepFailed)
        // The test server's port changes from run to run.
        let message = report.error?.message.replacing(/127\.0\.0\.1:\d+/, with: "127.0.0.1:PORT")
        #expect(message == "workflow 'wait': step 'poll' failed: no response within the step's timeout (200 ms): the request to 127.0.0.1:PORT timed out after 200 ms [step at \(path):8:17]")
        #expect(report.steps.first?.line.contains("→ no response within the step's timeout (200 ms)") == true)
    }
}
