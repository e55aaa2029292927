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

    /// An OpenAPI server variable without the `default` OpenAPI requires is a variable the call
    /// must give, `${name}`: a preview shows it where it stands, a call that sends says it is not
    /// set (78), `--var` gives it, and `validate` warns at its place. An empty default dropped it:
    /// `http://127.0.0.1:9/{netspec_test_stage}/v1` went to `http://127.0.0.1:9/v1`, without a word.
    @Test func anOpenAPIServerVariableWithoutADefaultIsShownAndNeeded() async throws {
        let spec = try CLI.temporarySpec("""
            openapi: 3.0.3
            info: { title: S, version: "1" }
            servers:
              - url: http://127.0.0.1:9/{netspec_test_stage}/v1
                variables:
                  netspec_test_stage: { description: the stage }
            paths:
              /orders/{id}:
                get:
                  operationId: getOrder
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses: { "200": { description: ok } }
            """ + "\n", name: "stage.yaml")
        let tail = "Accept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n\n"
        let cases: [([String], String, String, Int32)] = [
            (["--dry-run"], "GET http://127.0.0.1:9/${netspec_test_stage}/v1/orders/7 HTTP/1.1\n" + tail, "", 0),
            (["--curl"], "curl \"http://127.0.0.1:9/${netspec_test_stage}/v1/orders/7\" -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed\n", "", 0),
            (["--dry-run", "--var", "netspec_test_stage=prod"], "GET http://127.0.0.1:9/prod/v1/orders/7 HTTP/1.1\n" + tail, "", 0),
            ([], "", "error: endpoint 'getOrder': variable 'netspec_test_stage' is not set (used in the base URL); set it with --var netspec_test_stage=… or in the environment\n", 78),
        ]
        for (arguments, stdout, stderr, status) in cases {
            let result = try await CLI.run(["call", spec, "getOrder", "id=7"] + arguments, unsetting: ["netspec_test_stage"])
            #expect(result.stdout == stdout, "\(arguments)")
            #expect(result.stderr == stderr, "\(arguments)")
            #expect(result.status == status, "\(arguments)")
        }
        let validated = try await CLI.run(["validate", spec])
        #expect(validated.stderr == spec + ":6:7: warning: server variable 'netspec_test_stage' has no 'default', which OpenAPI requires (Server Variable Object); a call must give it: --var netspec_test_stage=…\n")
        #expect(validated.status == 0)
    }

    /// `{stage}` in a Netspec spec's `baseURL` is no variable there (a base URL's is `${stage}`):
    /// it is an error at its place (65), where it was sent percent-encoded,
    /// `https://api.example.com/%7Bstage%7D/orders/7`, by a preview and a call alike.
    @Test(arguments: [["--dry-run"], ["--curl"], []])
    func aBracedNameInANetspecBaseURLIsAnError(arguments: [String]) async throws {
        let spec = try Self.spec(baseURL: "https://api.example.com/{stage}/v1")
        let result = try await CLI.run(["call", spec, "getOrder", "id=7"] + arguments)
        #expect(result.stdout == "")
        #expect(result.stderr == spec + ":3:10: error: 'baseURL' has '{stage}', which is no variable here: a base URL's variable is written ${stage} (a brace itself, %7B and %7D)\n")
        #expect(result.status == 65)
    }
}
