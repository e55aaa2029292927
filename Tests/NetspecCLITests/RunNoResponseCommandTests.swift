import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec run` with a step whose request gets no response (the connection refused): `-v` says
/// so for each attempt, its retries are taken, and with none left the run ends as before — the
/// transport error naming the host, exit 1 as `netspec call` exits for it.
@Suite struct RunNoResponseCommandTests {
    /// A port nothing listens on: the test server's, once it has stopped.
    static func closedPort() async throws -> Int {
        let server = try await TestServer.start { _, writer in try await writer.respond(status: 204, headers: [], body: "") }
        let port = server.port
        try await server.shutdown()
        return port
    }

    @Test func aRefusedStepWithoutActionsEndsTheRunWithTheTransportErrorAndExit1() async throws {
        let path = try RunCommandTests.files()
        let port = try await Self.closedPort()
        let base = "http://127.0.0.1:\(port)"
        let run = try await CLI.run(["run", path, "--input", "petId=1", "--server", "pets=\(base)", "-v", "--json", "--raw"])
        #expect(run.status == 1)
        let refused = "cannot connect to 127.0.0.1:\(port): connection refused"
        #expect(run.stderr == """
            look.login  logIn POST \(base)/login  → no response: \(refused)  ⇒ fail
            error: workflow 'look': step 'login': \(refused)

            """)
        let report = try JSONValue(parsing: Array(run.stdout.utf8))
        #expect(report["steps"]?[0]?["noResponse"] == .string("no response: \(refused)"))
        #expect(report["steps"]?[0]?["status"] == nil)
        #expect(report["error"]?["reason"] == "call")
    }

    @Test func aRefusedStepWithARetryIsSentAgainBeforeTheRunEnds() async throws {
        let document = RunCommandTests.document.replacing(
            "requestBody: { payload: { user: $inputs.user } }",
            with: "requestBody: { payload: { user: $inputs.user } }\n        onFailure: [{ name: again, type: retry, retryLimit: 1 }]")
        let path = try RunCommandTests.files(document)
        let port = try await Self.closedPort()
        let base = "http://127.0.0.1:\(port)"
        let run = try await CLI.run(["run", path, "--input", "petId=1", "--server", "pets=\(base)", "-v"])
        #expect(run.status == 1)
        let refused = "cannot connect to 127.0.0.1:\(port): connection refused"
        #expect(run.stderr == """
            look.login  logIn POST \(base)/login  → no response: \(refused)  ⇒ retry 1 of 1
            look.login  logIn POST \(base)/login  → no response: \(refused)  ⇒ fail (1 retry made)
            error: workflow 'look': step 'login' failed after 1 retry: \(refused)

            """)
    }
}
