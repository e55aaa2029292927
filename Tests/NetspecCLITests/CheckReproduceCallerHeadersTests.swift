import Foundation
import NetspecTestServer
import Synchronization
import Testing
import NetspecTestSupport

/// `netspec check`'s reproductions of a failure against a 127.0.0.1 server: the request, the
/// `netspec call` line and the curl line give what was sent — the caller's `-H`, a profile's
/// headers, the document's auth — each credential as `netspec call --dry-run` and `--curl` show
/// it (CallDryRunCallerCredentialTests): the caller's and the profile's `<redacted>` where they
/// go, the document's scheme as its variable's reference, never a value in clear. They printed
/// the document's `Bearer ${TOKEN}` where the caller's or the profile's credential had gone, and
/// left out the profile's headers: another request than the one that failed.
@Suite struct CheckReproduceCallerHeadersTests {
    static let spec = """
        openapi: 3.0.3
        info: { title: Secured, version: '1' }
        components:
          securitySchemes:
            netspecTestRcToken: { type: http, scheme: bearer }
        security: [ { netspecTestRcToken: [] } ]
        paths:
          /items:
            get:
              operationId: listItems
              responses:
                '200': { description: the items }
        """ + "\n"
    static let token = "NETSPEC_TEST_RC_TOKEN"
    static let profileAuth = "NETSPEC_TEST_RC_PROFILE_AUTH"
    static let profileToken = "NETSPEC_TEST_RC_PROFILE_TOKEN"
    static let accept = "Accept: application/json, */*;q=0.5"
    static let userAgent = "User-Agent: netspec/0.1.0"
    static let curlDefaults = "-H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0'"

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var arguments: [String]
        var environment: [String: String] = [:]
        /// The request's header lines as the failure shows them.
        var requestHeaders: [String]
        /// What follows the base URL in the `netspec call` line.
        var netspecTail: String
        /// The curl line's words after the URL.
        var curlTail: String
        /// The `Authorization` the server got.
        var sent: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "caller's -H Authorization", arguments: ["-H", "Authorization: Bearer CALLER-SEKRIT"],
            requestHeaders: ["Authorization: <redacted>", accept, "Accept-Encoding: gzip, deflate", userAgent],
            netspecTail: " -H 'Authorization: <redacted>'", curlTail: "-H 'Authorization: <redacted>' " + curlDefaults + " --compressed",
            sent: "Bearer CALLER-SEKRIT"
        ),
        // The document's variable set too: the caller's credential is still what is sent and shown.
        Case(
            name: "caller's -H Authorization, the variable set", arguments: ["-H", "Authorization: Bearer CALLER-SEKRIT", "--var", "\(token)=VAR-SEKRIT"],
            requestHeaders: ["Authorization: <redacted>", accept, "Accept-Encoding: gzip, deflate", userAgent],
            netspecTail: " -H 'Authorization: <redacted>' --var \(token)=\"$\(token)\"",
            curlTail: "-H 'Authorization: <redacted>' " + curlDefaults + " --compressed", sent: "Bearer CALLER-SEKRIT"
        ),
        // A header of the caller's that is no secret is given as it is.
        Case(
            name: "caller's -H X-Tenant", arguments: ["-H", "X-Tenant: acme", "--var", "\(token)=VAR-SEKRIT"],
            requestHeaders: ["X-Tenant: acme", accept, "Accept-Encoding: gzip, deflate", userAgent, "Authorization: <redacted>"],
            netspecTail: " -H 'X-Tenant: acme' --var \(token)=\"$\(token)\"",
            curlTail: "-H 'X-Tenant: acme' " + curlDefaults + " -H \"Authorization: Bearer ${\(token)}\" --compressed", sent: "Bearer VAR-SEKRIT"
        ),
        Case(
            name: "a profile's Authorization and header", arguments: ["--profile", "p"], environment: [profileAuth: "Bearer PROF-SEKRIT"],
            requestHeaders: [accept, "Accept-Encoding: gzip, deflate", userAgent, "X-Env: staging", "Authorization: <redacted>"],
            netspecTail: " --profile p", curlTail: curlDefaults + " -H 'X-Env: staging' -H 'Authorization: <redacted>' --compressed",
            sent: "Bearer PROF-SEKRIT"
        ),
        Case(
            name: "a profile's header, the document's credential", arguments: ["--profile", "q", "--var", "\(token)=VAR-SEKRIT"],
            requestHeaders: [accept, "Accept-Encoding: gzip, deflate", userAgent, "X-Env: staging", "Authorization: <redacted>"],
            netspecTail: " --profile q --var \(token)=\"$\(token)\"",
            curlTail: curlDefaults + " -H 'X-Env: staging' -H \"Authorization: Bearer ${\(token)}\" --compressed", sent: "Bearer VAR-SEKRIT"
        ),
        Case(
            name: "the document's scheme from --var", arguments: ["--var", "\(token)=VAR-SEKRIT"],
            requestHeaders: [accept, "Accept-Encoding: gzip, deflate", userAgent, "Authorization: <redacted>"],
            netspecTail: " --var \(token)=\"$\(token)\"", curlTail: curlDefaults + " -H \"Authorization: Bearer ${\(token)}\" --compressed",
            sent: "Bearer VAR-SEKRIT"
        ),
        Case(
            name: "the document's scheme from the environment", arguments: [], environment: [token: "ENV-SEKRIT"],
            requestHeaders: [accept, "Accept-Encoding: gzip, deflate", userAgent, "Authorization: <redacted>"],
            netspecTail: "", curlTail: curlDefaults + " -H \"Authorization: Bearer ${\(token)}\" --compressed", sent: "Bearer ENV-SEKRIT"
        ),
    ]

    /// A folder with the spec and a config file of two profiles, as `XDG_CONFIG_HOME`.
    static func setUp() throws -> (spec: String, home: String) {
        let spec = try CLI.temporarySpec(Self.spec)
        let home = URL(fileURLWithPath: spec).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        try """
            profiles:
              p:
                headers: { X-Env: staging, Authorization: { env: \(profileAuth) } }
              q:
                headers: { X-Env: staging }
              r:
                variables: { \(token): { env: \(profileToken) } }
                headers: { X-Env: staging, Accept-Encoding: identity }
            """.write(toFile: home + "/netspec/config.yaml", atomically: true, encoding: .utf8)
        return (spec, home)
    }

    @Test(arguments: cases)
    func theReproductionSendsWhatFailed(_ item: Case) async throws {
        let (spec, home) = try Self.setUp()
        let sent = Mutex<[String]>([])
        let handler: TestHandler = { request, writer in
            sent.withLock { $0 += request.headers.filter { $0.name.lowercased() == "authorization" }.map(\.value) }
            try await TestHandlers.text(status: 500, body: "down")(request, writer)
        }
        try await withTestServer(handler) { server in
            let base = server.baseURL
            let result = try await CLI.run(
                ["check", spec, "--base-url", base, "--phases", "examples", "--checks", "not_a_server_error"] + item.arguments,
                environment: ["XDG_CONFIG_HOME": home].merging(item.environment) { $1 }, unsetting: [Self.token, Self.profileAuth].filter { item.environment[$0] == nil }
            )
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("""
                listItems: not_a_server_error (examples)
                  the server answered 500
                  request:
                    GET \(base)/items HTTP/1.1
                \(item.requestHeaders.map { "    " + $0 }.joined(separator: "\n"))
                  answer: 500

                """), "\(result.stdout)")
            #expect(result.stdout.contains("""
                  Reproduce with:
                    netspec call \(spec) listItems --base-url \(base)\(item.netspecTail)
                    curl \(base)/items \(item.curlTail)

                """), "\(result.stdout)")
            #expect(!result.stdout.contains("SEKRIT"))
            #expect(sent.withLock { $0 } == [item.sent])
        }
    }

    /// The curl line sends what the check sent: a profile's `Accept-Encoding` (`identity`) was
    /// left out of it, and its `--compressed` asked for curl's own list (`deflate, gzip, br,
    /// zstd`), another request than the one that failed. The profile's header and its credential
    /// (the scheme's variable, from the profile's `{ env: … }`) are in the line, the credential as
    /// the reference of the environment variable the profile reads it from, as `netspec call
    /// --curl` writes them; the line, run by the shell with that variable set, sends the server
    /// the same header fields as the check did.
    @Test func theCurlLineSendsTheProfilesHeadersAndCredential() async throws {
        let (spec, home) = try Self.setUp()
        let received = Mutex<[[String]]>([])
        let handler: TestHandler = { request, writer in
            let fields = request.headers.filter { $0.name.lowercased() != "host" }.map { "\($0.name.lowercased()): \($0.value)" }
            received.withLock { $0.append(fields.sorted()) }
            try await TestHandlers.text(status: 500, body: "down")(request, writer)
        }
        try await withTestServer(handler) { server in
            let base = server.baseURL
            let environment = ["XDG_CONFIG_HOME": home, Self.profileToken: "PROF-SEKRIT"]
            let result = try await CLI.run(
                ["check", spec, "--base-url", base, "--phases", "examples", "--checks", "not_a_server_error", "--profile", "r"],
                environment: environment, unsetting: [Self.token, Self.profileAuth]
            )
            #expect(result.status == 1, "\(result.stderr)")
            let curl = "curl \(base)/items -H 'Accept: application/json, */*;q=0.5' -H 'Accept-Encoding: identity' -H 'User-Agent: netspec/0.1.0'"
                + " -H 'X-Env: staging' -H \"Authorization: Bearer ${\(Self.profileToken)}\" --compressed"
            #expect(result.stdout.contains("""
                  request:
                    GET \(base)/items HTTP/1.1
                    Accept: application/json, */*;q=0.5
                    Accept-Encoding: identity
                    User-Agent: netspec/0.1.0
                    X-Env: staging
                    Authorization: <redacted>
                  answer: 500
                """), "\(result.stdout)")
            #expect(result.stdout.contains("""
                  Reproduce with:
                    netspec call \(spec) listItems --base-url \(base) --profile r
                    \(curl)

                """), "\(result.stdout)")
            #expect(!result.stdout.contains("SEKRIT"))
            // netspec call --curl writes the same line.
            let call = try await CLI.run(["call", spec, "listItems", "--base-url", base, "--profile", "r", "--curl"], environment: environment, unsetting: [Self.token, Self.profileAuth])
            #expect(call.stdout == curl + "\n", "\(call.stderr)")
            // The line the check printed, run by the shell with the variable set.
            let printed = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("    curl ") })
            let replay = try await ChildProcess.run("/bin/sh", ["-c", String(printed) + " -s -o /dev/null --max-time 60"], environment: [Self.profileToken: "PROF-SEKRIT", Self.token: nil])
            #expect(replay.status == 0, "\(replay.stderr)")
            let requests = received.withLock { $0 }
            #expect(requests.count == 2)
            #expect(requests.first?.contains("authorization: Bearer PROF-SEKRIT") == true, "\(requests)")
            #expect(requests.first == requests.last, "\(requests)")
        }
    }

    /// The `ignored_auth` probes go without the caller's credential: the probe "without
    /// credentials" carried the caller's `Authorization` (and the "wrong" one kept it too), so a
    /// server that refuses every other request was reported as answering 200 without credentials.
    @Test func theAuthProbesGoWithoutTheCallersCredential() async throws {
        let (spec, _) = try Self.setUp()
        let sent = Mutex<[String]>([])
        let handler: TestHandler = { request, writer in
            let authorization = request.headers.first { $0.name.lowercased() == "authorization" }?.value
            sent.withLock { $0.append(authorization ?? "-") }
            try await TestHandlers.text(status: authorization == "Bearer CALLER-SEKRIT" ? 200 : 401, body: "")(request, writer)
        }
        try await withTestServer(handler) { server in
            let result = try await CLI.run(
                ["check", spec, "--base-url", server.baseURL, "--phases", "examples", "--checks", "ignored_auth", "-H", "Authorization: Bearer CALLER-SEKRIT"],
                unsetting: [Self.token]
            )
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(sent.withLock { $0 } == ["Bearer CALLER-SEKRIT", "-", "Bearer bmV0c3BlYy13cm9uZzp3cm9uZw=="])
        }
    }

    /// The `ignored_auth` probes carry the profile's headers but its credential: they went with
    /// none of them, so a server that routes by a profile's `X-Env` refused each probe (400) for
    /// the header, not for the credential, and a server that ignores credentials passed the check.
    @Test func theAuthProbesCarryTheProfilesHeadersButItsCredential() async throws {
        let (spec, home) = try Self.setUp()
        let sent = Mutex<[String]>([])
        let handler: TestHandler = { request, writer in
            func value(_ name: String) -> String { request.headers.first { $0.name.lowercased() == name }?.value ?? "-" }
            sent.withLock { $0.append("\(value("x-env")) \(value("authorization"))") }
            // Routed by X-Env; the credential is never looked at.
            try await TestHandlers.text(status: value("x-env") == "staging" ? 200 : 400, body: "")(request, writer)
        }
        try await withTestServer(handler) { server in
            let result = try await CLI.run(
                ["check", spec, "--base-url", server.baseURL, "--phases", "examples", "--checks", "ignored_auth", "--profile", "p"],
                environment: ["XDG_CONFIG_HOME": home, Self.profileAuth: "Bearer PROF-SEKRIT"], unsetting: [Self.token]
            )
            #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
            #expect(sent.withLock { $0 } == ["staging Bearer PROF-SEKRIT", "staging -", "staging Bearer bmV0c3BlYy13cm9uZzp3cm9uZw=="])
            #expect(result.stdout.contains("curl \(server.baseURL)/items \(Self.curlDefaults) -H 'X-Env: staging' --compressed\n"), "\(result.stdout)")
            #expect(!result.stdout.contains("PROF-SEKRIT") && !result.stderr.contains("PROF-SEKRIT"))
        }
    }

    @Test(arguments: [
        ("Authorization", "Error: -H 'Authorization' must be 'Name: value'\n"),
        ("Bad Name: x", "Error: -H 'Bad Name: x': invalid header name 'Bad Name'\n"),
    ])
    func aHeaderThatCannotBeSentIsAUsageError(header: String, message: String) async throws {
        let result = try await CLI.run(["check", CheckCommandTests.petstore, "--base-url", "http://127.0.0.1:9", "-H", header])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
}
