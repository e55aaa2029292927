import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec run --har` records every step's exchange, and `--replay` runs the workflow again from
/// the recording with the server gone: the same outputs, byte for byte (issue 57.3).
@Suite struct HARWorkflowCommandTests {
    @Test func aWorkflowRecordedReplaysOfflineWithTheSameOutputs() async throws {
        let path = try RunCommandTests.files()
        let har = path + ".har"
        let arguments = ["run", path, "--input", "petId=1", "--input", "user=ann", "--var", "PASSWORD=s3cret-value"]
        var recorded: ChildProcess.Result?
        var base = ""
        try await withTestServer(RunCommandTests.shop(Recorder<String>())) { server in
            base = server.baseURL
            recorded = try await CLI.run(arguments + ["--base-url", server.baseURL, "--har", har])
        }
        let first = try #require(recorded)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == #"{"name":"Rex","token":"abc"}"# + "\n")
        let archive = try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: har))))
        let entries = archive["log"]?["entries"]?.array ?? []
        #expect(entries.map { "\($0["request"]?["method"]?.string ?? "") \($0["request"]?["url"]?.string ?? "")" } == ["POST \(base)/login", "GET \(base)/pets/1"])
        #expect(!(try String(contentsOfFile: har, encoding: .utf8)).contains("s3cret-value"))

        let replayed = try await CLI.run(arguments + ["--base-url", base, "--replay", har])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout == first.stdout)
    }
}
