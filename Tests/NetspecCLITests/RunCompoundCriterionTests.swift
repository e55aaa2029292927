import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// A compound condition's `-v` line and `--json` criterion showed only its first operand's value,
/// which passed (`✗ … (actual 200)`, `"actual": 200`), while the error named each value read.
@Suite struct RunCompoundCriterionTests {
    @Test func aFailedCompoundConditionShowsEveryValueItRead() async throws {
        let document = RunCommandTests.document.replacing(
            "successCriteria: [{ condition: $statusCode == 200 }]", with: "successCriteria: [{ condition: $statusCode == 200 && $response.body#/state != null }]")
        let path = try RunCommandTests.files(document)
        try await withTestServer(RunCommandTests.shop(Recorder<String>())) { server in
            let run = try await CLI.run(["run", path, "--input", "petId=1", "--base-url", server.baseURL, "-v", "--json", "--raw"])
            #expect(run.status == 1)
            let failed = "criterion `$statusCode == 200 && $response.body#/state != null` failed: actual $statusCode = 200, $response.body#/state = null"
            #expect(run.stderr == """
                look.login  logIn POST \(server.baseURL)/login  → 200  2xx  ⇒ next
                look.get  getPet GET \(server.baseURL)/pets/1  → 200  ✗ $statusCode == 200 && $response.body#/state != null (actual $statusCode = 200, $response.body#/state = null)  ⇒ fail
                error: workflow 'look': step 'get' failed: \(failed) (\(path):17:40) [step at \(path):12:17]

                """)
            let report = try JSONValue(parsing: Array(run.stdout.utf8))
            #expect(report["steps"]?[1]?["criteria"]?[0] == .object([
                "condition": "$statusCode == 200 && $response.body#/state != null", "type": "simple", "passed": false,
                "values": [["expression": "$statusCode", "value": 200], ["expression": "$response.body#/state", "value": .null]],
                "message": .string(failed), "location": .string("\(path):17:40"),
            ]))
        }
    }
}
