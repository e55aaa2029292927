import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// A credential whose variable a profile reads from another environment variable
/// (`variables: { KEY: { env: STAGING_KEY } }`) was written in `netspec call --curl` (and
/// `netspec check`'s curl line) as the scheme's `${KEY}`: the user's shell has `STAGING_KEY`, not
/// `KEY`, so the copied command sent an empty credential. The line now references
/// `${STAGING_KEY}`; `${KEY}` where `KEY` itself comes from the environment or `--var`.
@Suite struct CurlProfileEnvironmentReferenceTests {
    static let key = "NETSPEC_TEST_PCR_KEY"
    static let stagingKey = "NETSPEC_TEST_PCR_STAGING_KEY"

    struct Scheme: Sendable, CustomStringConvertible {
        var description: String
        var auth: String
        /// The curl line's URL and credential, for a server at `base`, the variable `name`.
        var curl: @Sendable (_ base: String, _ name: String) -> String
        /// Where the echo report shows the credential: its header line, or its query.
        var sent: @Sendable (EchoReport) -> String?
    }

    static let defaults = "-H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0'"

    static let schemes: [Scheme] = [
        Scheme(
            description: "bearer", auth: "{ bearer: \"${\(key)}\" }",
            curl: { base, name in "curl \(base)/echo \(defaults) -H \"Authorization: Bearer ${\(name)}\" --compressed" },
            sent: { report in report.headers.first { $0[0].lowercased() == "authorization" }?[1] }
        ),
        Scheme(
            description: "apiKey header", auth: "{ apiKey: { in: header, name: X-API-Key, value: \"${\(key)}\" } }",
            curl: { base, name in "curl \(base)/echo \(defaults) -H \"X-API-Key: ${\(name)}\" --compressed" },
            sent: { report in report.headers.first { $0[0].lowercased() == "x-api-key" }.map { "key " + $0[1] } }
        ),
        Scheme(
            description: "apiKey query", auth: "{ apiKey: { in: query, name: api_key, value: \"${\(key)}\" } }",
            curl: { base, name in "curl \"\(base)/echo?api_key=${\(name)}\" \(defaults) --compressed" },
            sent: { report in report.query.map { "query " + $0 } }
        ),
    ]

    /// The spec with `auth`, and a config whose `staging` profile reads the scheme's variable from
    /// `STAGING_KEY`, in a fresh `XDG_CONFIG_HOME`.
    static func setUp(baseURL: String, auth: String, reading source: String = stagingKey) throws -> (spec: String, environment: [String: String]) {
        let spec = try CLI.temporarySpec("""
            netspec: 1
            service: T
            baseURL: \(baseURL)
            auth: \(auth)
            endpoints:
              echo: { GET: /echo }
            """)
        let home = URL(fileURLWithPath: spec).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        try """
            profiles:
              staging:
                variables:
                  \(key): { env: \(source) }
            """.write(toFile: home + "/netspec/config.yaml", atomically: true, encoding: .utf8)
        return (spec, ["XDG_CONFIG_HOME": home])
    }

    @Test(arguments: schemes)
    func theCurlLineReferencesTheVariableTheProfileReads(_ scheme: Scheme) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let base = server.baseURL
            let setUp = try Self.setUp(baseURL: base, auth: scheme.auth)
            let expected = scheme.curl(base, Self.stagingKey)
            let call = try await CLI.run(
                ["call", setUp.spec, "echo", "--profile", "staging", "--curl"],
                environment: setUp.environment.merging([Self.stagingKey: "PCR-SEKRIT"]) { $1 }, unsetting: [Self.key]
            )
            #expect(call.status == 0, "\(call.stderr)")
            #expect(call.stdout == expected + "\n")
            #expect(!call.stdout.contains("SEKRIT"))
            #expect(server.requestCount == 0)

            // The line, run by the shell that has STAGING_KEY (and no KEY), sends the credential.
            let replay = try await ChildProcess.run(
                "/bin/sh", ["-c", expected + " -s --max-time 60"], environment: [Self.stagingKey: "PCR-SEKRIT", Self.key: nil]
            )
            #expect(replay.status == 0, "\(replay.stderr)")
            let report = try EchoReport(json: Array(replay.stdout.utf8))
            let sent = scheme.sent(report)
            #expect(sent == ["bearer": "Bearer PCR-SEKRIT", "apiKey header": "key PCR-SEKRIT", "apiKey query": "query api_key=PCR-SEKRIT"][scheme.description])

            // --dry-run shows the set credential as <redacted>, as before.
            let dryRun = try await CLI.run(
                ["call", setUp.spec, "echo", "--profile", "staging", "--dry-run"],
                environment: setUp.environment.merging([Self.stagingKey: "PCR-SEKRIT"]) { $1 }, unsetting: [Self.key]
            )
            #expect(dryRun.status == 0, "\(dryRun.stderr)")
            #expect(dryRun.stdout.contains("<redacted>"), "\(dryRun.stdout)")
            #expect(!dryRun.stdout.contains("SEKRIT"))

            // KEY itself from the environment, or from --var: the line references ${KEY}, as before.
            let fromEnvironment = try await CLI.run(
                ["call", setUp.spec, "echo", "--profile", "staging", "--curl"],
                environment: setUp.environment.merging([Self.stagingKey: "PCR-SEKRIT", Self.key: "KEY-SEKRIT"]) { $1 }
            )
            #expect(fromEnvironment.stdout == scheme.curl(base, Self.key) + "\n", "\(fromEnvironment.stderr)")
            let fromVar = try await CLI.run(
                ["call", setUp.spec, "echo", "--profile", "staging", "--curl", "--var", "\(Self.key)=VAR-SEKRIT"],
                environment: setUp.environment.merging([Self.stagingKey: "PCR-SEKRIT"]) { $1 }, unsetting: [Self.key]
            )
            #expect(fromVar.stdout == scheme.curl(base, Self.key) + "\n", "\(fromVar.stderr)")
            #expect(server.requestCount == 1)
        }
    }

    /// A profile reading the variable from an environment variable whose name the shell cannot
    /// expand (`{ env: NETSPEC-TEST-PCR }`) printed `${NETSPEC-TEST-PCR}`, which the shell reads as
    /// `$NETSPEC`, or the text `TEST-PCR` when that is unset: a wrong credential, silently. The line
    /// now shows it `<redacted>`, as it shows a profile proxy of such a name.
    @Test(arguments: schemes)
    func aNameTheShellCannotExpandIsRedacted(_ scheme: Scheme) async throws {
        let odd = "NETSPEC-TEST-PCR"
        let setUp = try Self.setUp(baseURL: "http://127.0.0.1:9", auth: scheme.auth, reading: odd)
        let call = try await CLI.run(
            ["call", setUp.spec, "echo", "--profile", "staging", "--curl"],
            environment: setUp.environment.merging([odd: "PCR-SEKRIT"]) { $1 }, unsetting: [Self.key]
        )
        #expect(call.status == 0, "\(call.stderr)")
        let expected = [
            "bearer": "curl http://127.0.0.1:9/echo \(Self.defaults) -H \"Authorization: Bearer <redacted>\" --compressed\n",
            "apiKey header": "curl http://127.0.0.1:9/echo \(Self.defaults) -H \"X-API-Key: <redacted>\" --compressed\n",
            "apiKey query": "curl \"http://127.0.0.1:9/echo?api_key=<redacted>\" \(Self.defaults) --compressed\n",
        ][scheme.description]
        #expect(call.stdout == expected)
    }
}
