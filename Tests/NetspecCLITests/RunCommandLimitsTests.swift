import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec run` with values at the edges: a `--timeout` no clock holds is a usage error, a
/// `retryAfter` no clock holds an invalid document (both once a crash), and `--input` text read
/// as any type of a union the inputs schema gives.
@Suite struct RunCommandLimitsTests {
    static let document = """
        arazzo: 1.0.1
        info: { title: Pets, version: "1" }
        sourceDescriptions: [{ name: pets, url: pets.yaml }]
        workflows:
          - workflowId: look
            inputs:
              type: object
              properties:
                n: { type: ['null', integer] }
                flag: { type: [string, boolean] }
            steps:
              - stepId: get
                operationId: getPet
                parameters: [{ name: petId, in: path, value: 1 }]
                onFailure: [{ name: again, type: retry, retryAfter: RETRY }]
            outputs: { n: $inputs.n, flag: $inputs.flag }
        """

    static func files(retryAfter: String = "1") throws -> String {
        try RunCommandTests.files(document.replacing("RETRY", with: retryAfter))
    }

    @Test(arguments: ["inf", "1e16", "0", "nan"])
    func aTimeoutNoClockHoldsIsAUsageError(_ timeout: String) async throws {
        let path = try Self.files()
        let result = try await CLI.run(["run", path, "--mock", "--timeout", timeout])
        #expect(result.status == 64)
        #expect(result.stderr == """
            Error: --timeout must be a positive number of seconds, at most 1000000000 (about 31 years)
            Usage: netspec run [<options>] <file> [<workflow>]
              See 'netspec run --help' for more information.

            """)
    }

    @Test func aRetryAfterNoClockHoldsIsRefusedAtItsPlace() async throws {
        let path = try Self.files(retryAfter: "1e17")
        let result = try await CLI.run(["run", path, "--mock"])
        #expect(result.status == 65)
        #expect(result.stderr == "\(path):15:61: error: workflow 'look': step 'get': failure action 'again': 'retryAfter' is the number 1e+17, expected a number from 0 to 86400\n")
    }

    /// `type: ['null', integer]`: `5` is the number (the first type, null, does not read it), `null` is null;
    /// `[string, boolean]`: `true` is the boolean, `yes` the string.
    @Test(arguments: [
        (["n=5", "flag=true"], #"{"n":5,"flag":true}"#),
        (["n=null", "flag=yes"], #"{"n":null,"flag":"yes"}"#),
    ])
    func anInputIsReadAsAnyTypeOfItsUnion(_ inputs: [String], _ outputs: String) async throws {
        let path = try Self.files()
        let result = try await CLI.run(["run", path, "--mock"] + inputs.flatMap { ["--input", $0] })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == outputs + "\n")
    }
}

extension RunCommandLimitsTests {
    /// Inputs that are not JSON say where they break (the message said only what was expected).
    @Test(arguments: [
        ([String](), #"{"n": 1,, }"#, #"error: standard input is not JSON (line 1, column 9: expected string key in object, found ','); give the inputs as a JSON object, such as {"petId": 1}"#),
        ([String](), "[1]", #"error: standard input must be the inputs as a JSON object, such as {"petId": 1}"#),
        (["--input", "n:={1"], "", #"error: --input n:={1: the value after ':=' is not JSON (line 1, column 2: expected string key in object, found '1')"#),
    ])
    func inputsThatAreNotJSONSayWhere(_ options: [String], _ stdin: String, _ message: String) async throws {
        let path = try Self.files()
        let result = try await CLI.run(["run", path, "--mock"] + options, stdin: Array(stdin.utf8))
        #expect(result.status == 64)
        #expect(result.stderr == message + "\n")
    }
}

extension RunCommandLimitsTests {
    /// `--dry-run --json`: the report was never printed, without a word.
    @Test func dryRunWithJSONIsAUsageError() async throws {
        let result = try await CLI.run(["run", try Self.files(), "--mock", "--dry-run", "--json"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --dry-run prints the first request and runs nothing, so --json has no run to report: give one of them\n"))
    }
}
