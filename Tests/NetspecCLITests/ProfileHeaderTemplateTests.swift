import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// A profile's header written as a template (`X-Tenant: "t-${TENANT}"`) was sent as written —
/// `X-Tenant: t-${TENANT}` — whatever `--var`, the environment or the profile's variables set.
/// It is now filled as a spec's header is (docs/profiles.md): the same variables in the same
/// precedence, the same error for one set nowhere, `${NAME}` in `--dry-run` and `--curl`.
@Suite struct ProfileHeaderTemplateTests {
    static let spec = """
        netspec: 1
        service: T
        baseURL: http://127.0.0.1:1
        endpoints:
          echo: { GET: /echo }
        """

    /// A config whose `staging` profile sends `X-Tenant: "t-${NETSPEC_TEST_TENANT}"` (and
    /// `variables` more), in a fresh `XDG_CONFIG_HOME`: the spec's path and the environment.
    static func setUp(baseURL: String, variables: String = "", spec text: String = spec) throws -> (spec: String, environment: [String: String]) {
        let spec = try CLI.temporarySpec(text)
        let home = URL(fileURLWithPath: spec).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        try """
            profiles:
              staging:
                baseURL: \(baseURL)
                headers:
                  X-Tenant: "t-${NETSPEC_TEST_TENANT}"
                  X-Fallback: "f-${NETSPEC_TEST_TENANT_REGION:-eu}"
            \(variables)
            """.write(toFile: home + "/netspec/config.yaml", atomically: true, encoding: .utf8)
        return (spec, ["XDG_CONFIG_HOME": home])
    }

    static func sent(_ stdout: String) throws -> [[String]] {
        try EchoReport(json: Array(stdout.utf8)).headers.filter { $0[0].hasPrefix("X-") }.sorted { $0[0] < $1[0] }
    }

    @Test func theHeaderIsFilledFromVarTheEnvironmentAndTheProfilesVariables() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let plain = try Self.setUp(baseURL: server.baseURL)
            let withVariable = try Self.setUp(baseURL: server.baseURL, variables: "    variables: { NETSPEC_TEST_TENANT: profile }")
            let cases: [(setUp: (spec: String, environment: [String: String]), arguments: [String], environment: [String: String], tenant: String)] = [
                (plain, ["--var", "NETSPEC_TEST_TENANT=acme"], [:], "t-acme"),
                (plain, [], ["NETSPEC_TEST_TENANT": "from-env"], "t-from-env"),
                (plain, ["--var", "NETSPEC_TEST_TENANT=acme"], ["NETSPEC_TEST_TENANT": "from-env"], "t-acme"),
                (withVariable, [], [:], "t-profile"),
                (withVariable, [], ["NETSPEC_TEST_TENANT": "from-env"], "t-from-env"),
                (withVariable, ["--var", "NETSPEC_TEST_TENANT=acme"], ["NETSPEC_TEST_TENANT": "from-env"], "t-acme"),
            ]
            for item in cases {
                let call = try await CLI.run(
                    ["call", item.setUp.spec, "echo", "--profile", "staging"] + item.arguments,
                    environment: item.setUp.environment.merging(item.environment) { $1 }, unsetting: item.environment.isEmpty ? ["NETSPEC_TEST_TENANT"] : []
                )
                #expect(call.status == 0, "\(item.arguments) \(call.stderr)")
                #expect(try Self.sent(call.stdout) == [["X-Fallback", "f-eu"], ["X-Tenant", item.tenant]], "\(item.arguments) \(item.environment)")
            }
            // The default's variable set: its value, not the default.
            let region = try await CLI.run(
                ["call", plain.spec, "echo", "--profile", "staging", "--var", "NETSPEC_TEST_TENANT=acme", "--var", "NETSPEC_TEST_TENANT_REGION=us"],
                environment: plain.environment
            )
            #expect(try Self.sent(region.stdout) == [["X-Fallback", "f-us"], ["X-Tenant", "t-acme"]])
            // config show shows the header as written.
            let shown = try await CLI.run(["config", "show", plain.spec, "--profile", "staging"], environment: plain.environment)
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains("header X-Tenant: t-${NETSPEC_TEST_TENANT} (profile staging, "))
        }
    }

    /// Set nowhere: the error (and exit status) a spec header's unset variable gives, and nothing
    /// is sent; `--dry-run` shows it as `${NAME}` (and the default's value), and `--curl` as the
    /// shell reference that its variable fills, as it shows a spec header's.
    @Test func anUnsetVariableIsTheSpecHeadersErrorAndDryRunShowsItsReference() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let profile = try Self.setUp(baseURL: server.baseURL)
            let call = try await CLI.run(["call", profile.spec, "echo", "--profile", "staging"], environment: profile.environment, unsetting: ["NETSPEC_TEST_TENANT"])
            let specHeader = try CLI.temporarySpec("""
                netspec: 1
                service: T
                baseURL: \(server.baseURL)
                headers:
                  X-Tenant: "t-${NETSPEC_TEST_TENANT}"
                endpoints:
                  echo: { GET: /echo }
                """)
            let spec = try await CLI.run(["call", specHeader, "echo"], unsetting: ["NETSPEC_TEST_TENANT"])
            #expect(call.status == spec.status)
            #expect(call.stderr == spec.stderr)
            #expect(call.status == 78)
            #expect(call.stderr == "error: endpoint 'echo': variable 'NETSPEC_TEST_TENANT' is not set (used in header 'X-Tenant'); set it with --var NETSPEC_TEST_TENANT=… or in the environment\n")
            #expect(call.stdout == "")
            #expect(server.requestCount == 0)

            let dryRun = try await CLI.run(["call", profile.spec, "echo", "--profile", "staging", "--dry-run"], environment: profile.environment, unsetting: ["NETSPEC_TEST_TENANT"])
            #expect(dryRun.status == 0, "\(dryRun.stderr)")
            #expect(dryRun.stdout == """
                GET \(server.baseURL)/echo HTTP/1.1
                Accept: application/json, */*;q=0.5
                Accept-Encoding: gzip, deflate
                User-Agent: netspec/0.1.0
                X-Tenant: t-${NETSPEC_TEST_TENANT}
                X-Fallback: f-eu


                """)
            let curl = try await CLI.run(["call", profile.spec, "echo", "--profile", "staging", "--curl"], environment: profile.environment, unsetting: ["NETSPEC_TEST_TENANT"])
            #expect(curl.status == 0, "\(curl.stderr)")
            #expect(curl.stdout == "curl \(server.baseURL)/echo -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0'"
                + " -H \"X-Tenant: t-${NETSPEC_TEST_TENANT}\" -H \"X-Fallback: f-${NETSPEC_TEST_TENANT_REGION:-eu}\" --compressed\n")
            #expect(server.requestCount == 0)
        }
    }

    /// A template that cannot be read is an error at the header's place when the config is read
    /// (exit 78), before anything is sent; `$$` is one `$`, as in a spec's header.
    @Test(arguments: [
        (#""a${1B}""#, "header 'X-A': invalid variable name '1B' (use letters, digits and '_')"),
        (#""a${B""#, "header 'X-A': '${' is not closed by '}'"),
    ])
    func aTemplateThatCannotBeReadIsAnErrorAtItsPlace(_ value: String, _ message: String) async throws {
        let spec = try CLI.temporarySpec(Self.spec)
        let home = URL(fileURLWithPath: spec).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        let config = home + "/netspec/config.yaml"
        try "profiles:\n  staging:\n    headers: { X-A: \(value) }\n".write(toFile: config, atomically: true, encoding: .utf8)
        for command in [["call", spec, "echo", "--dry-run"], ["call", spec, "echo"], ["config", "show", spec]] {
            let result = try await CLI.run(command + ["--profile", "staging"], environment: ["XDG_CONFIG_HOME": home])
            #expect(result.status == 78, "\(command)")
            #expect(result.stderr == "\(config):3:21: error: profile staging: \(message)\n", "\(command)")
        }
        try "profiles:\n  staging:\n    headers: { X-A: \"a$$b\" }\n".write(toFile: config, atomically: true, encoding: .utf8)
        let dollar = try await CLI.run(["call", spec, "echo", "--dry-run", "--profile", "staging"], environment: ["XDG_CONFIG_HOME": home])
        #expect(dollar.stdout.contains("\nX-A: a$b\n"), "\(dollar.stdout)")
    }

    /// The secret headers stay `{ env: NAME }` only: a template in one is refused as any text is.
    @Test func aTemplateInASecretHeaderIsStillRefused() async throws {
        let spec = try CLI.temporarySpec(Self.spec)
        let home = URL(fileURLWithPath: spec).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        let config = home + "/netspec/config.yaml"
        try "profiles:\n  staging:\n    headers: { Authorization: \"Bearer ${NETSPEC_TEST_TENANT}\" }\n".write(toFile: config, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["call", spec, "echo", "--profile", "staging", "--var", "NETSPEC_TEST_TENANT=x"], environment: ["XDG_CONFIG_HOME": home])
        #expect(result.status == 78)
        #expect(result.stderr == "\(config):3:31: error: profile staging: header 'Authorization' is a secret: give it as { env: NAME }, never written in the file\n")
    }
}
