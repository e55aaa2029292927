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

    /// Precedence (docs/profiles.md): the call's own `-H` and arguments, then the profile, then
    /// the document. A profile's header replaced nothing: the document's `X-Env: doc` went out
    /// (and `--dry-run` showed it) while `config show` said the profile's was in effect. Now the
    /// profile's value replaces the document's header, a template one too, and netspec's own
    /// `User-Agent`; its `Authorization` is sent instead of the spec's bearer; the call's `-H`
    /// and a header parameter's argument win over it.
    @Test func aProfilesHeaderReplacesTheDocumentsAndTheCallsOwnWinOverIt() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let spec = try CLI.temporarySpec("""
                netspec: 1
                service: P
                baseURL: http://127.0.0.1:1
                headers:
                  X-Env: doc
                  X-Var: "v-${NETSPEC_TEST_PROF_VAR}"
                auth: { bearer: "${NETSPEC_TEST_PROF_TOKEN}" }
                endpoints:
                  g:
                    GET: /echo
                    params:
                      h: { in: header, name: X-Param, type: String? }
                """)
            let home = URL(fileURLWithPath: spec).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
            try """
                profiles:
                  staging:
                    baseURL: \(server.baseURL)
                    headers: { X-Env: staging, X-Var: prof, X-Param: profile, User-Agent: staging-agent }
                  signed:
                    baseURL: \(server.baseURL)
                    headers: { Authorization: { env: NETSPEC_TEST_PROF_AUTH } }
                """.write(toFile: home + "/netspec/config.yaml", atomically: true, encoding: .utf8)
            let environment = [
                "XDG_CONFIG_HOME": home, "NETSPEC_TEST_PROF_VAR": "1", "NETSPEC_TEST_PROF_TOKEN": "doc-token", "NETSPEC_TEST_PROF_AUTH": "Bearer prof-token",
            ]
            let names: Set = ["x-env", "x-var", "x-param", "user-agent", "authorization"]
            let cases: [(arguments: [String], sent: [[String]])] = [
                (["--profile", "staging"],
                 [["Authorization", "Bearer doc-token"], ["User-Agent", "staging-agent"], ["X-Env", "staging"], ["X-Param", "profile"], ["X-Var", "prof"]]),
                (["--profile", "staging", "-H", "X-Env: mine", "-H", "User-Agent: my-agent", "h=argument"],
                 [["Authorization", "Bearer doc-token"], ["User-Agent", "my-agent"], ["X-Env", "mine"], ["X-Param", "argument"], ["X-Var", "prof"]]),
                (["--profile", "signed"],
                 [["Authorization", "Bearer prof-token"], ["User-Agent", "netspec/0.1.0"], ["X-Env", "doc"], ["X-Var", "v-1"]]),
                (["--profile", "signed", "-H", "Authorization: Bearer mine"],
                 [["Authorization", "Bearer mine"], ["User-Agent", "netspec/0.1.0"], ["X-Env", "doc"], ["X-Var", "v-1"]]),
            ]
            for item in cases {
                let call = try await CLI.run(["call", spec, "g"] + item.arguments, environment: environment)
                #expect(call.status == 0, "\(item.arguments) \(call.stderr)")
                let echo = try EchoReport(json: Array(call.stdout.utf8))
                let sent = echo.headers.filter { names.contains($0[0].lowercased()) }.sorted { $0[0] < $1[0] }
                #expect(sent == item.sent, "\(item.arguments)")
            }
            // --dry-run shows what is sent: the profile's values where the document's were; the
            // template header's place is secret, so the profile's value there is <redacted> as the
            // call's own -H would be (-v hides it too), not the document's ${NAME} reference.
            let dryRun = try await CLI.run(["call", spec, "g", "--profile", "staging", "--dry-run"], environment: environment, unsetting: ["NETSPEC_TEST_PROF_VAR"])
            #expect(dryRun.status == 0, "\(dryRun.stderr)")
            #expect(dryRun.stdout == """
                GET \(server.baseURL)/echo HTTP/1.1
                X-Env: staging
                X-Var: <redacted>
                Accept: application/json, */*;q=0.5
                Accept-Encoding: gzip, deflate
                User-Agent: staging-agent
                X-Param: profile
                Authorization: <redacted>


                """)
            let curl = try await CLI.run(["call", spec, "g", "--profile", "staging", "--curl"], environment: environment, unsetting: ["NETSPEC_TEST_PROF_VAR"])
            #expect(curl.stdout == "curl \(server.baseURL)/echo -H 'X-Env: staging' -H 'X-Var: <redacted>' -H 'Accept: application/json, */*;q=0.5'"
                + " -H 'User-Agent: staging-agent' -H 'X-Param: profile' -H \"Authorization: Bearer ${NETSPEC_TEST_PROF_TOKEN}\" --compressed\n")
        }
    }

    /// A profile's header that cannot be sent is refused when the config is read, at its place
    /// (exit 78), as `-H` refuses it: an invalid name was dropped without a word, a line break in
    /// a value sent as spaces, and `config show` listed both as in effect. A value read from the
    /// environment (`{ env: NAME }`) is checked when it is read, at the setting's place.
    @Test(arguments: [
        (#"headers: { "Bad Name": x }"#, "invalid header name 'Bad Name'", 16),
        (#"headers: { X-Ok: "a\r\nb" }"#, "the value of header 'X-Ok' contains a line break (CR or LF)", 22),
        (#"headers: { X-Ok: "a\u0007b" }"#, "the value of header 'X-Ok' contains the control character 0x07", 22),
        ("headers: { X-Ok: { env: NETSPEC_TEST_PROF_CRLF } }", "the value of header 'X-Ok' contains a line break (CR or LF) (from $NETSPEC_TEST_PROF_CRLF)", 22),
    ])
    func aHeaderThatCannotBeSentIsAnErrorAtItsPlace(_ setting: String, _ message: String, _ column: Int) async throws {
        let spec = try CLI.temporarySpec(Self.spec)
        let home = URL(fileURLWithPath: spec).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        let config = home + "/netspec/config.yaml"
        try "profiles:\n  staging:\n    \(setting)\n".write(toFile: config, atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": home, "TOKEN": "t", "NETSPEC_TEST_PROF_CRLF": "a\r\nb"]
        for command in [["call", spec, "echo", "--dry-run"], ["call", spec, "echo"], ["config", "show", spec]] {
            let result = try await CLI.run(command + ["--profile", "staging"], environment: environment)
            if setting.contains("env:"), command[0] == "config" {
                // config show reads no value from the environment: it says the header is set.
                #expect(result.status == 0, "\(result.stderr)")
                continue
            }
            #expect(result.status == 78, "\(command)")
            #expect(result.stdout == "", "\(command)")
            #expect(result.stderr == "\(config):3:\(column): error: profile staging: \(message)\n", "\(command)")
        }
    }

    /// A file a profile names that cannot be read is an error at the setting's place (exit 78)
    /// when the config is read, as a missing `--cacert` is a usage error naming the option: a
    /// missing `tls.cacert` failed only when the call connected (exit 1, no place), a missing
    /// overlay when the document was read (exit 65, the profile unnamed).
    @Test func aFileAProfileNamesThatCannotBeReadIsAnErrorAtItsPlace() async throws {
        let spec = try CLI.temporarySpec(Self.spec)
        let home = URL(fileURLWithPath: spec).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: home + "/netspec/folder", withIntermediateDirectories: true)
        try "overlay: 1.0.0\ninfo: { title: o, version: '1' }\nactions: []\n".write(toFile: home + "/netspec/o.yaml", atomically: true, encoding: .utf8)
        let config = home + "/netspec/config.yaml"
        try """
            profiles:
              ca:
                tls: { cacert: missing.pem }
              folder:
                tls: { cacert: folder }
              overlay:
                overlays: [o.yaml, missing.yaml]
              fine:
                tls: { insecure: true }
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": home, "TOKEN": "t"]
        let cases = [
            ("ca", "3:20: error: profile ca: 'tls.cacert' '\(home)/netspec/missing.pem': no such readable file"),
            ("folder", "5:20: error: profile folder: 'tls.cacert' '\(home)/netspec/folder': no such readable file"),
            ("overlay", "7:24: error: profile overlay: overlay '\(home)/netspec/missing.yaml': no such readable file"),
        ]
        for (profile, message) in cases {
            for command in [["call", spec, "echo", "--dry-run"], ["call", spec, "echo"], ["config", "show", spec]] {
                let result = try await CLI.run(command + ["--profile", profile], environment: environment)
                #expect(result.status == 78, "\(profile) \(command)")
                #expect(result.stderr == "\(config):\(message)\n", "\(profile) \(command)")
            }
        }
        // Only the profile used: the others' files are not looked for.
        let fine = try await CLI.run(["call", spec, "echo", "--dry-run", "--profile", "fine"], environment: environment)
        #expect(fine.status == 0, "\(fine.stderr)")
    }
}
