import Foundation
import NetspecTestSupport
import Testing

/// `--dry-run` and `--curl` of a spec whose base URL holds a variable set nowhere: shown as
/// written, `${NAME}`, where it stands, as a header's unset variable is (CallDryRunTests), never
/// percent-encoded (`$%7BSTAGE%7D`, which no one means and curl would send as it is); `--curl`
/// writes it as a shell reference in the double-quoted URL. A set one is its value (a base URL is
/// no secret); `--show-secrets` and a call that sends need it set.
@Suite struct CallDryRunBaseURLVariableTests {
    static func spec(baseURL: String) throws -> String {
        try CLI.temporarySpec("""
            netspec: 1
            service: Shop
            baseURL: "\(baseURL)"
            endpoints:
              getOrder:
                GET: /orders/{id}
                params: { id: Int }
                returns: Void
              getKeyed:
                GET: /k
                returns: Void
                auth: { apiKey: { in: query, name: api_key, value: "${NETSPEC_TEST_KEY}" } }
            """ + "\n")
    }

    static let tail = "Accept: */*\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n\n"
    static let curlTail = "-H 'Accept: */*' -H 'User-Agent: netspec/0.1.0' --compressed\n"

    @Test(arguments: [
        // In the path.
        ("http://127.0.0.1:9/${NETSPEC_TEST_STAGE}/v1", ["getOrder", "id=7", "--dry-run"],
         "GET http://127.0.0.1:9/${NETSPEC_TEST_STAGE}/v1/orders/7 HTTP/1.1\n" + CallDryRunBaseURLVariableTests.tail),
        ("http://127.0.0.1:9/${NETSPEC_TEST_STAGE}/v1", ["getOrder", "id=7", "--curl"],
         "curl \"http://127.0.0.1:9/${NETSPEC_TEST_STAGE}/v1/orders/7\" " + CallDryRunBaseURLVariableTests.curlTail),
        ("http://127.0.0.1:9/api-${NETSPEC_TEST_STAGE}/v1", ["getOrder", "id=7", "--dry-run"],
         "GET http://127.0.0.1:9/api-${NETSPEC_TEST_STAGE}/v1/orders/7 HTTP/1.1\n" + CallDryRunBaseURLVariableTests.tail),
        // Set, it is its value; with a fallback, the fallback.
        ("http://127.0.0.1:9/${NETSPEC_TEST_STAGE}/v1", ["getOrder", "id=7", "--dry-run", "--var", "NETSPEC_TEST_STAGE=prod"],
         "GET http://127.0.0.1:9/prod/v1/orders/7 HTTP/1.1\n" + CallDryRunBaseURLVariableTests.tail),
        ("http://127.0.0.1:9/${NETSPEC_TEST_STAGE}/v1", ["getOrder", "id=7", "--curl", "--var", "NETSPEC_TEST_STAGE=prod"],
         "curl http://127.0.0.1:9/prod/v1/orders/7 " + CallDryRunBaseURLVariableTests.curlTail),
        ("http://127.0.0.1:9/${NETSPEC_TEST_STAGE:-beta}/v1", ["getOrder", "id=7", "--dry-run"],
         "GET http://127.0.0.1:9/beta/v1/orders/7 HTTP/1.1\n" + CallDryRunBaseURLVariableTests.tail),
        // In the host, which was refused ("'{' (character 10) cannot be in a host", exit 78).
        ("https://${NETSPEC_TEST_REGION}.api.example.com/v1", ["getOrder", "id=7", "--dry-run"],
         "GET https://${NETSPEC_TEST_REGION}.api.example.com/v1/orders/7 HTTP/1.1\n" + CallDryRunBaseURLVariableTests.tail),
        ("https://${NETSPEC_TEST_REGION}.api.example.com/v1", ["getOrder", "id=7", "--curl"],
         "curl \"https://${NETSPEC_TEST_REGION}.api.example.com/v1/orders/7\" " + CallDryRunBaseURLVariableTests.curlTail),
        // Beside an API key's query item, both references in the one double-quoted URL.
        ("http://127.0.0.1:9/${NETSPEC_TEST_STAGE}/v1", ["getKeyed", "--curl"],
         "curl \"http://127.0.0.1:9/${NETSPEC_TEST_STAGE}/v1/k?api_key=${NETSPEC_TEST_KEY}\" " + CallDryRunBaseURLVariableTests.curlTail),
        ("http://127.0.0.1:9/${NETSPEC_TEST_STAGE}/v1", ["getKeyed", "--dry-run"],
         "GET http://127.0.0.1:9/${NETSPEC_TEST_STAGE}/v1/k?api_key=${NETSPEC_TEST_KEY} HTTP/1.1\n" + CallDryRunBaseURLVariableTests.tail),
    ])
    func anUnsetVariableIsShownWhereItStands(baseURL: String, arguments: [String], stdout: String) async throws {
        let result = try await CLI.run(["call", try Self.spec(baseURL: baseURL)] + arguments)
        #expect(result.stdout == stdout)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// Showing every value, or sending, needs the variable: exit 78 naming it, as for a header's.
    @Test(arguments: ["http://127.0.0.1:9/${NETSPEC_TEST_STAGE}/v1", "http://${NETSPEC_TEST_STAGE}.example.com/v1"])
    func showingSecretsOrSendingNeedsItSet(baseURL: String) async throws {
        let spec = try Self.spec(baseURL: baseURL)
        let message = "error: endpoint 'getOrder': variable 'NETSPEC_TEST_STAGE' is not set (used in the base URL); set it with --var NETSPEC_TEST_STAGE=… or in the environment\n"
        for arguments in [["--dry-run", "--show-secrets"], []] {
            let result = try await CLI.run(["call", spec, "getOrder", "id=7"] + arguments)
            #expect(result.stdout == "")
            #expect(result.stderr == message)
            #expect(result.status == 78)
        }
    }

    /// Where no reference can stand in a URL (a port, the whole URL), a preview cannot show it:
    /// the variable is said as a call says it (78), not its `{` as a character out of place
    /// (`'{' (character 19) cannot be in a host`).
    @Test(arguments: [
        ("http://127.0.0.1:${NETSPEC_TEST_PORT}/v1", "NETSPEC_TEST_PORT"),
        ("${NETSPEC_TEST_API_URL}", "NETSPEC_TEST_API_URL"),
    ])
    func aVariableWhereNoReferenceCanStandIsSaidUnset(baseURL: String, variable: String) async throws {
        let spec = try Self.spec(baseURL: baseURL)
        for preview in ["--dry-run", "--curl"] {
            let result = try await CLI.run(["call", spec, "getOrder", "id=7", preview])
            #expect(result.stdout == "")
            #expect(result.stderr == "error: endpoint 'getOrder': variable '\(variable)' is not set (used in the base URL); set it with --var \(variable)=… or in the environment\n")
            #expect(result.status == 78)
        }
    }
}
