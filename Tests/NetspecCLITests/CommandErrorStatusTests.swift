import Foundation
import Testing
import NetspecTestSupport

/// A command's own error that reaches the top of `netspec` unreported is printed as its message
/// with its exit status (65 for a file that is not HAR, 73 for a report file that cannot be
/// created), not as ArgumentParser's dump of the error value with status 1.
@Suite struct CommandErrorStatusTests {
    static let notHAR: String = {
        try! CLI.temporarySpec(#"{"foo": 1}"#, name: "not.har")
    }()

    @Test(arguments: [
        (["mock", "--from-har", notHAR, "--port", "0"], 65, "error: \(notHAR):1:1: not a HAR file: it has no log.entries array\n"),
        (["mock", "specs/users.yaml", "--from-har", notHAR, "--port", "0"], 65, "error: \(notHAR):1:1: not a HAR file: it has no log.entries array\n"),
        (
            ["check", "specs/petstore.openapi.yaml", "--base-url", "http://127.0.0.1:9", "--var", "BEARER_AUTH=t", "--phases", "examples", "--include", "listPets",
             "--report", "json=/nonexistent-netspec-dir/r.json"],
            73, "error: cannot create '/nonexistent-netspec-dir/r.json': No such file or directory\n"
        ),
    ])
    func anUnreportedErrorGetsItsMessageAndStatus(arguments: [String], status: Int, message: String) async throws {
        let result = try await CLI.run(arguments)
        #expect(Int(result.status) == status)
        #expect(result.stderr.hasSuffix(message), "\(result.stderr)")
        #expect(!result.stderr.contains("Error: output("))
    }
}

extension CommandErrorStatusTests {
    /// `--mock` with `--replay`: the mock answered and the recording went unused, without a word.
    @Test(arguments: [
        ["call", "specs/users.yaml", "getUser", "id=1"],
        ["mcp", "specs/users.yaml"],
        ["run", "specs/users.yaml"],
    ])
    func mockWithReplayIsAUsageError(_ command: [String]) async throws {
        let result = try await CLI.run(command + ["--mock", "--replay", "calls.har"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --mock answers from the document and --replay from a recording: give one of them\n"), "\(result.stderr)")
    }
}
