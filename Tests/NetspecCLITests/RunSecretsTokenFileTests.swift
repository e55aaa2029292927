import Foundation
import Netspec
import NetspecTestSupport
import NetspecWorkflows
import Testing
@testable import netspec

/// `netspec run` masks the token store's secrets in each step's line and in its report, asking
/// for them after every step and before every text it masks (``RunSecrets``); the store answers
/// from what it knows, so that its file is read once for a run, not at each step, and a token
/// stored through it during the run (an OAuth grant's) is masked from then on.
@Suite struct RunSecretsTokenFileTests {
    static let openAPI = """
        openapi: 3.0.3
        info: { title: Items, version: "1" }
        paths:
          /ping:
            get:
              operationId: ping
              responses:
                "200": { description: ok, content: { application/json: { example: { ok: true } } } }
        """

    static let workflow = """
        arazzo: 1.0.1
        info: { title: Five, version: "1" }
        sourceDescriptions:
          - { name: items, url: items.yaml, type: openapi }
        workflows:
          - workflowId: five
            steps:
              - { stepId: s1, operationId: ping }
              - { stepId: s2, operationId: ping }
              - { stepId: s3, operationId: ping }
              - { stepId: s4, operationId: ping }
              - { stepId: s5, operationId: ping }
        """

    @Test func aFiveStepRunReadsTheTokenFileOnceAndMasksATokenStoredDuringIt() async throws {
        let directory = try ScratchDirectory()
        try directory.write(Array(Self.openAPI.utf8), to: "items.yaml")
        let path = try directory.write(Array(Self.workflow.utf8), to: "five.arazzo.yaml")
        let tokens = try directory.write(Array(#"{"Items http://127.0.0.1:1 TOKEN":"stored-tok-1a"}"#.utf8), to: "tokens.json")
        chmod(tokens, 0o600)
        let flows = try await Workflows.load(path: path)
        let store = TokenStore(file: tokens)
        let provider = Provider(options: .init(usesEnvironment: false), tokenStore: store)
        let secrets = RunSecrets(variables: [], provider: provider, providers: [:], flows: flows)
        let lines = Recorder<String>()
        var options = RunOptions(usesMock: true)
        options.onStep = { report in
            // The third step's call obtains a token (as a grant does, through the run's store).
            if report.stepId == "s3" { try? store.setToken("minted-tok-7b", for: "Items http://127.0.0.1:1 TOKEN") }
            lines.record(report.stepId + " " + secrets.masked("stored-tok-1a minted-tok-7b"))
        }
        let report = await flows.runReport("five", provider: provider, options: options)
        #expect(report.error == nil)
        #expect(lines.all == [
            "s1 <redacted> minted-tok-7b", "s2 <redacted> minted-tok-7b",
            "s3 <redacted> <redacted>", "s4 <redacted> <redacted>", "s5 <redacted> <redacted>",
        ])
        #expect(secrets.values == ["minted-tok-7b", "stored-tok-1a"])
        // Once when the run started, once by the store's change (which reads what it changes): not at each step.
        #expect(store.fileReads == 2)
    }
}
