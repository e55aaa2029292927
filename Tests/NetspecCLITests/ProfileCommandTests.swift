import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `--profile NAME` and `NETSPEC_PROFILE` on `netspec call`, and `netspec config show`, with the
/// user's config file found through `XDG_CONFIG_HOME`.
@Suite struct ProfileCommandTests {
    static let spec = """
        netspec: 1
        service: EchoAPI
        baseURL: http://127.0.0.1:1
        auth: { bearer: "${TOKEN}" }
        endpoints:
          echo: { GET: /echo }
        """

    @Test func aProfileSetsTheCallAndConfigShowSaysWhereFrom() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let spec = try CLI.temporarySpec(Self.spec)
            let home = URL(fileURLWithPath: spec).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
            let config = home + "/netspec/config.yaml"
            try """
                profiles:
                  staging:
                    baseURL: \(server.baseURL)
                    variables: { TOKEN: { env: STAGING_TOKEN } }
                    headers: { X-Env: staging }
                """.write(toFile: config, atomically: true, encoding: .utf8)
            let environment = ["XDG_CONFIG_HOME": home, "STAGING_TOKEN": "t-staging"]
            for (arguments, extra) in [(["--profile", "staging"], [String: String]()), ([], ["NETSPEC_PROFILE": "staging"])] {
                let call = try await CLI.run(["call", spec, "echo", "--raw"] + arguments, environment: environment.merging(extra) { $1 })
                #expect(call.status == 0, "\(call.stderr)")
                #expect(call.stdout.contains(#"["Authorization","Bearer t-staging"]"#))
                #expect(call.stdout.contains(#"["X-Env","staging"]"#))
            }
            let shown = try await CLI.run(["config", "show", spec, "--profile", "staging"], environment: environment)
            #expect(shown.status == 0)
            #expect(shown.stdout == """
                profile: staging (--profile)
                config files: \(config)
                service: EchoAPI
                base URL: \(server.baseURL) (profile staging, \(config):3:14)
                variable TOKEN: •••• (secret, set) (profile staging, \(config):4:25, from $STAGING_TOKEN)
                header X-Env: staging (profile staging, \(config):5:23)

                """)
            #expect(!shown.stdout.contains("t-staging"))
            let missing = try await CLI.run(["call", spec, "echo", "--profile", "prod"], environment: environment)
            #expect(missing.status == 78)
            #expect(missing.stderr == "\(config):1:1: error: no profile 'prod' in \(config)\n")
        }
    }
}
