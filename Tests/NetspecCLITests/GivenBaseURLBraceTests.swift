import Foundation
import Testing
import NetspecTestServer
import NetspecTestSupport

/// A `{stage}` (an OpenAPI server's placeholder) or a `${stage}` in a base URL given — `--base-url`,
/// `run --server SOURCE=URL`, a profile's `baseURL` — is no variable: a base URL given is sent as it
/// is written, and was, percent-encoded (`http://127.0.0.1:PORT/%7Bstage%7D/x`), without a word.
/// It is refused before anything is sent: a usage error naming the option (64), or an error at
/// the profile's setting in its config file (78). A spec's `baseURL` refuses `{stage}` at its place
/// by the same check (CallDryRunBaseURLVariableTests.aBracedNameInANetspecBaseURLIsAnError).
@Suite struct GivenBaseURLBraceTests {
    static let spec = "netspec: 1\nservice: S\nendpoints:\n  e:\n    GET: /x\n"
    static let hint = "is no variable here: a base URL given is sent as it is written, so write the value in its place (a brace itself, %7B and %7D)"
    static let callUsage = "Usage: netspec call SPEC ENDPOINT [ITEM...] [OPTIONS]\n  See 'netspec call --help' for more information.\n"
    static let runUsage = "Usage: netspec run [<options>] <file> [<workflow>]\n  See 'netspec run --help' for more information.\n"

    /// `PORT` is the test server's port.
    @Test(arguments: [
        ("http://127.0.0.1:PORT/{stage}", "http://127.0.0.1:PORT/{stage}", "{stage}"),
        ("http://127.0.0.1:PORT/${stage}/v1", "http://127.0.0.1:PORT/${stage}/v1", "${stage}"),
        ("http://127.0.0.1:PORT/${stage:-dev}", "http://127.0.0.1:PORT/${stage:-dev}", "${stage:-dev}"),
        ("http://127.0.0.1:PORT/v1?region={region}", "http://127.0.0.1:PORT/v1?region={region}", "{region}"),
        (":PORT/{stage}", ":PORT/{stage}", "{stage}"),
        ("http://{region}.example.com", "http://{region}.example.com", "{region}"),
        ("http://ada:PASS-SEKRIT@127.0.0.1:PORT/{stage}", "http://<redacted>@127.0.0.1:PORT/{stage}", "{stage}"),
    ])
    func aBracedNameInBaseURLOptionIsAUsageError(given: String, shown: String, braced: String) async throws {
        let spec = try CLI.temporarySpec(Self.spec)
        try await withTestServer(TestHandlers.echo) { server in
            let port = String(server.port)
            for flags in [[], ["--dry-run"], ["--curl"]] as [[String]] {
                let result = try await CLI.run(["call", spec, "e", "--base-url", given.replacing("PORT", with: port)] + flags)
                #expect(result.stderr == "Error: --base-url '\(shown.replacing("PORT", with: port))': '\(braced)' \(Self.hint)\n" + Self.callUsage, "\(flags)")
                #expect(result.stdout == "", "\(flags)")
                #expect(result.status == 64, "\(flags)")
            }
            #expect(server.requestCount == 0)
        }
    }

    /// `run` checks its `--base-url` and each `--server SOURCE=URL` the same way, before it reads
    /// the workflow file.
    @Test func runsBaseURLAndServerOptionsRefuseABracedName() async throws {
        let baseURL = try await CLI.run(["run", "flows.arazzo.yaml", "--base-url", "http://127.0.0.1:9/{stage}"])
        #expect(baseURL.stderr == "Error: --base-url 'http://127.0.0.1:9/{stage}': '{stage}' \(Self.hint)\n" + Self.runUsage)
        #expect(baseURL.status == 64)
        let server = try await CLI.run(["run", "flows.arazzo.yaml", "--server", "api=http://127.0.0.1:9/${stage}"])
        #expect(server.stderr == "Error: --server 'api=http://127.0.0.1:9/${stage}': '${stage}' \(Self.hint)\n" + Self.runUsage)
        #expect(server.status == 64)
    }

    /// A profile's `baseURL`, the profile's own or a service's: an error at its place in the config
    /// file (78), as a profile's base URL that is no base URL is, and nothing is sent.
    @Test(arguments: [
        ("profiles:\n  p: { baseURL: \"http://127.0.0.1:PORT/{stage}\" }\n",
         "2:17: error: profile p: 'baseURL' 'http://127.0.0.1:PORT/{stage}': '{stage}'"),
        ("profiles:\n  p:\n    services:\n      S: { baseURL: \"http://127.0.0.1:PORT/${stage}/v1\" }\n",
         "4:21: error: profile p, services.S: 'baseURL' 'http://127.0.0.1:PORT/${stage}/v1': '${stage}'"),
    ])
    func aBracedNameInAProfilesBaseURLIsAnErrorAtItsPlace(config: String, error: String) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("netspec-brace-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let spec = try CLI.temporarySpec(Self.spec)
        try await withTestServer(TestHandlers.echo) { server in
            let port = String(server.port)
            try config.replacing("PORT", with: port).write(toFile: home + "/netspec/config.yaml", atomically: true, encoding: .utf8)
            for flags in [[], ["--dry-run"]] as [[String]] {
                let result = try await CLI.run(["call", spec, "e", "--profile", "p"] + flags, environment: ["XDG_CONFIG_HOME": home])
                #expect(result.stderr == "\(home)/netspec/config.yaml:\(error.replacing("PORT", with: port)) \(Self.hint)\n", "\(flags)")
                #expect(result.stdout == "", "\(flags)")
                #expect(result.status == 78, "\(flags)")
            }
            #expect(server.requestCount == 0)
        }
    }
}
