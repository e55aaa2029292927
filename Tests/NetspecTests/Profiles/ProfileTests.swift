import Foundation
import NetspecTestServer
import Testing
import Netspec
import NetspecTestSupport

/// Profiles from the config files: which files, in which order; a profile's settings for a
/// service; the mistakes at their place; and a provider set up by one (base URL, variables in
/// order of precedence, headers, TLS, and tokens kept apart per profile).
@Suite struct ProfileTests {
    static let spec = """
        netspec: 1
        service: UsersAPI
        baseURL: http://127.0.0.1:1
        auth: { bearer: "${API_TOKEN}" }
        endpoints:
          echo: { GET: /echo, headers: { X-Region: "${REGION}" } }
        """

    /// A scratch tree: `home/.config/netspec/config.yaml`, `project/.netspec.yaml` and
    /// `project/sub/` (the working directory), with the texts given.
    static func tree(user: String?, project: String?) throws -> (scratch: ScratchDirectory, directory: String, environment: [String: String]) {
        let scratch = try ScratchDirectory()
        let manager = FileManager.default
        try manager.createDirectory(atPath: scratch.path + "/home/.config/netspec", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: scratch.path + "/project/sub", withIntermediateDirectories: true)
        if let user { try user.write(toFile: scratch.path + "/home/.config/netspec/config.yaml", atomically: true, encoding: .utf8) }
        if let project { try project.write(toFile: scratch.path + "/project/.netspec.yaml", atomically: true, encoding: .utf8) }
        return (scratch, scratch.path + "/project/sub", ["HOME": scratch.path + "/home"])
    }

    @Test func nearerFilesAndTheServicesSettingsWin() throws {
        let (scratch, directory, environment) = try Self.tree(
            user: """
                profiles:
                  staging:
                    baseURL: https://user.example
                    variables: { REGION: us, ZONE: a }
                    headers: { X-Env: user }
                """,
            project: """
                profiles:
                  staging:
                    variables: { REGION: eu }
                    headers: { x-env: project }
                    tls: { cacert: certs/ca.pem }
                    services:
                      UsersAPI: { baseURL: https://users.staging.example }
                      Other: { baseURL: https://other.example }
                  production:
                    baseURL: https://api.example
                """
        )
        // The CA file must be there to be named (a missing one is an error at its place).
        try FileManager.default.createDirectory(atPath: scratch.path + "/project/certs", withIntermediateDirectories: true)
        try "".write(toFile: scratch.path + "/project/certs/ca.pem", atomically: true, encoding: .utf8)
        let files = ProfileConfig.files(from: directory, environment: environment)
        #expect(files == [scratch.path + "/home/.config/netspec/config.yaml", scratch.path + "/project/.netspec.yaml"])
        let staging = try #require(try ProfileConfig.resolve("staging", service: "UsersAPI", files: files))
        #expect(staging.baseURL?.value == "https://users.staging.example")
        #expect(staging.baseURL?.source.description == "profile staging, services.UsersAPI, \(scratch.path)/project/.netspec.yaml:7:28")
        #expect(staging.variables.mapValues(\.value) == ["REGION": .text("eu"), "ZONE": .text("a")])
        #expect(staging.headers.map(\.name) == ["x-env"])
        #expect(staging.caFile?.value == scratch.path + "/project/certs/ca.pem")
        #expect(try ProfileConfig.resolve("production", service: "UsersAPI", files: files)?.baseURL?.value == "https://api.example")
        #expect(try ProfileConfig.resolve("nowhere", service: "UsersAPI", files: files) == nil)
        // XDG_CONFIG_HOME wins over HOME.
        #expect(ProfileConfig.files(from: "/", environment: ["XDG_CONFIG_HOME": scratch.path + "/home/.config", "HOME": "/nonexistent"])
            == [scratch.path + "/home/.config/netspec/config.yaml"])
    }

    @Test(arguments: [
        ("profiles:\n  staging:\n    variables: { API_TOKEN: abc }\n", "profile staging: variable 'API_TOKEN' is a secret: give it as { env: NAME }, never written in the file", 3, 29),
        ("profiles:\n  staging:\n    variables: { SESSION: abc }\n", "profile staging: variable 'SESSION' is a secret: give it as { env: NAME }, never written in the file", 3, 27),
        ("profiles:\n  staging:\n    headers: { Authorization: Bearer x }\n", "profile staging: header 'Authorization' is a secret: give it as { env: NAME }, never written in the file", 3, 31),
        ("profiles:\n  staging:\n    baseUrl: https://x\n", "profile staging: 'baseUrl' is not a profile setting (baseURL, server, variables, headers, tls, proxy, noProxy, overlays, services)", 3, 5),
        ("profiles:\n  staging:\n    tls: { verify: no }\n", "profile staging: 'tls.verify' is not a TLS setting (cacert, insecure)", 3, 12),
        ("profile:\n  staging: {}\n", "'profile' is not a config key (the file has 'profiles')", 1, 1),
        ("profiles:\n  other:\n    variables: { REGION: [eu] }\n", "profile other: variable 'REGION' is text or { env: NAME }", 3, 26),
        // A header that cannot be sent, in whichever profile, as a call's -H is refused.
        ("profiles:\n  staging:\n    headers: { \"Bad Name\": x }\n", "profile staging: invalid header name 'Bad Name'", 3, 16),
        ("profiles:\n  other:\n    headers: { X-Ok: \"a\\r\\nb\" }\n", "profile other: the value of header 'X-Ok' contains a line break (CR or LF)", 3, 22),
        ("profiles:\n  staging:\n    services: { UsersAPI: { headers: { X-Ok: \"a\\x00\" } } }\n",
         "profile staging, services.UsersAPI: the value of header 'X-Ok' contains the control character 0x00", 3, 46),
    ])
    func mistakesAreErrorsAtTheirPlace(_ text: String, _ message: String, _ line: Int, _ column: Int) throws {
        let (scratch, directory, environment) = try Self.tree(user: nil, project: text)
        let files = ProfileConfig.files(from: directory, environment: environment)
        let error = #expect(throws: SpecError.self) {
            try ProfileConfig.resolve("staging", service: "UsersAPI", files: files, secretVariables: ["SESSION"])
        }
        #expect(error?.description == "\(scratch.path)/project/.netspec.yaml:\(line):\(column): error: \(message)")
    }

    @Test func aProviderFromAProfileSetsTheCall() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let (scratch, directory, home) = try Self.tree(user: nil, project: """
                profiles:
                  staging:
                    baseURL: \(server.baseURL)
                    variables: { REGION: eu, API_TOKEN: { env: STAGING_TOKEN }, ZONE: z1 }
                    headers: { X-Env: staging, X-Call: profile }
                """)
            let spec = try Spec(yaml: Self.spec, file: "users.yaml")
            // The caller's variables win, then the environment, then the profile.
            let environment = home.merging(["STAGING_TOKEN": "t-staging", "ZONE": "from-environment"]) { $1 }
            let provider = try Provider.profile("staging", for: spec, variables: ["REGION": "ap"], directory: directory, environment: environment)
            #expect(provider.baseURL == server.baseURL)
            #expect(provider.variable("REGION") == "ap")
            #expect(provider.variable("API_TOKEN") == "t-staging")
            #expect(provider.variable("ZONE") == nil)  // the environment's, read at the call
            #expect(provider.options.profile == "staging")
            let answer = try await Service(spec: spec, provider: provider).call("echo", options: CallOptions(headers: [("X-Call", "call")]))
            let headers = answer.value["headers"]?.array ?? []
            #expect(headers.contains(["X-Region", "ap"]))
            #expect(headers.contains(["Authorization", "Bearer t-staging"]))
            #expect(headers.contains(["X-Env", "staging"]))
            #expect(headers.contains(["X-Call", "call"]) && !headers.contains(["X-Call", "profile"]))

            let missing = #expect(throws: SpecError.self) { try Provider.profile("prod", for: spec, directory: directory, environment: home) }
            #expect(missing?.message == "no profile 'prod' in \(scratch.path)/project/.netspec.yaml")
        }
    }

    /// Two profiles of one API on two authorization servers, one token file: each profile's token
    /// comes from its own server and is never sent to the other.
    @Test(.enabled(if: FastAPIPeer.python != nil, "needs the peers venv (Tests/Peers/setup.sh); see the printed reason"))
    func tokensNeverCrossProfiles() async throws {
        let first = try await ChildProcess.blocking { Result { try FastAPIPeer.start(script: "oauth_server.py") } }.get()
        defer { first.stop() }
        let second = try await ChildProcess.blocking { Result { try FastAPIPeer.start(script: "oauth_server.py") } }.get()
        defer { second.stop() }
        let (scratch, directory, home) = try Self.tree(user: nil, project: """
            profiles:
              staging: { baseURL: \(first.baseURL) }
              production: { baseURL: \(second.baseURL) }
            """)
        let spec = try Spec(yaml: OAuthClientCredentialsTests.document("http://127.0.0.1:1"), file: "items.yaml")
        let store = scratch.path + "/tokens.json"
        for profile in ["staging", "production", "staging", "production"] {
            let provider = try Provider.profile(
                profile, for: spec, variables: OAuthClientCredentialsTests.client, options: .init(usesEnvironment: false),
                directory: directory, environment: home, tokenStore: TokenStore(file: store)
            )
            #expect(try await Service(spec: spec, provider: provider).call("listItems").value == [["id": 1, "name": "kettle"]])
        }
        // One token from each server; each server saw only its own (a foreign one would be a 401
        // and a second token request).
        #expect(try await OAuthClientCredentialsTests.stats(first.baseURL)["tokens"] == 1)
        #expect(try await OAuthClientCredentialsTests.stats(second.baseURL)["tokens"] == 1)
        let file = try String(contentsOfFile: store, encoding: .utf8)
        #expect(file.contains("profile=staging") && file.contains("profile=production"))
    }

    /// The profile used must be able to read the files it names, which are errors at their place
    /// when it is read (they failed only when used: the CA file when the call connected); the
    /// other profiles' are not looked for. A header's value read from the environment is checked
    /// when the provider reads it, at the setting's place.
    @Test func theFilesAndEnvironmentValuesOfTheProfileUsedAreChecked() throws {
        let (scratch, directory, environment) = try Self.tree(user: nil, project: """
            profiles:
              staging:
                tls: { cacert: certs/missing.pem }
                services:
                  UsersAPI: { tls: { cacert: ../home } }
              production:
                overlays: [missing.yaml]
              dev:
                headers: { X-Env: { env: NETSPEC_TEST_PROFILE_ENV } }
            """)
        let files = ProfileConfig.files(from: directory, environment: environment)
        let config = scratch.path + "/project/.netspec.yaml"
        let missing = #expect(throws: SpecError.self) { try ProfileConfig.resolve("staging", service: "Other", files: files) }
        #expect(missing?.description == "\(config):3:20: error: profile staging: 'tls.cacert' '\(scratch.path)/project/certs/missing.pem': no such readable file")
        let folder = #expect(throws: SpecError.self) { try ProfileConfig.resolve("staging", service: "UsersAPI", files: files) }
        #expect(folder?.description == "\(config):5:34: error: profile staging, services.UsersAPI: 'tls.cacert' '\(scratch.path)/project/../home': no such readable file")
        let overlay = #expect(throws: SpecError.self) { try ProfileConfig.overlays(ofProfile: "production", files: files) }
        #expect(overlay?.description == "\(config):7:16: error: profile production: overlay '\(scratch.path)/project/missing.yaml': no such readable file")
        // The overlays are read before the service is known: staging's CA file is not theirs.
        #expect(try ProfileConfig.overlays(ofProfile: "staging", files: files) == [])
        #expect(try ProfileConfig.resolve("dev", service: "UsersAPI", files: files)?.headers.map(\.name) == ["X-Env"])

        let spec = try Spec(yaml: Self.spec, file: "users.yaml")
        let broken = environment.merging(["NETSPEC_TEST_PROFILE_ENV": "a\nb"]) { $1 }
        let error = #expect(throws: SpecError.self) { try Provider.profile("dev", for: spec, directory: directory, environment: broken) }
        #expect(error?.description == "\(config):9:23: error: profile dev: the value of header 'X-Env' contains a line break (CR or LF) (from $NETSPEC_TEST_PROFILE_ENV)")
        let fine = environment.merging(["NETSPEC_TEST_PROFILE_ENV": "staging"]) { $1 }
        #expect(try Provider.profile("dev", for: spec, directory: directory, environment: fine).options.profile == "dev")
    }

    /// A provider from a profile sends the profile's header over the document's (it was sent
    /// only where the request had none of the name) and under the call's own.
    @Test func aProfilesHeaderReplacesTheDocumentsButNotTheCalls() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let (scratch, directory, home) = try Self.tree(user: nil, project: """
                profiles:
                  staging:
                    baseURL: \(server.baseURL)
                    headers: { X-Region: staging-region, X-Env: staging, Accept: text/plain }
                """)
            let spec = try Spec(yaml: Self.spec, file: "users.yaml")
            let provider = try Provider.profile("staging", for: spec, variables: ["REGION": "eu", "API_TOKEN": "t"], directory: directory, environment: home)
            let service = Service(spec: spec, provider: provider)
            defer { withExtendedLifetime(scratch) {} }
            for (own, expected) in [
                ([(String, String)](), [["Accept", "text/plain"], ["X-Env", "staging"], ["X-Region", "staging-region"]]),
                ([("X-Region", "call"), ("accept", "application/json")], [["X-Env", "staging"], ["X-Region", "call"], ["accept", "application/json"]]),
            ] {
                let answer = try await service.call("echo", options: CallOptions(headers: own))
                let sent = (answer.value["headers"]?.array ?? []).compactMap { $0.array?.compactMap(\.string) }
                    .filter { ["accept", "x-env", "x-region"].contains($0[0].lowercased()) }.sorted { $0[0] < $1[0] }
                #expect(sent == expected, "\(own)")
            }
        }
    }
}
