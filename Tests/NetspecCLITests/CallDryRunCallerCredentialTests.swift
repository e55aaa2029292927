import Foundation
import Testing
import NetspecTestServer
import NetspecTestSupport

/// `--dry-run` and `--curl` of a call that gives its own credential (`-H 'Authorization: …'`, the
/// API key's query item, cookie or header) or its own value for a spec header with a variable.
/// The call sends what it gives, not the spec's credential (docs/policies.md), so the preview
/// shows that value, hidden as `-v` hides it: `<redacted>`, never in clear, and never the spec's
/// `${NAME}` reference, which would print a curl command that sends something else. `--curl`
/// writes it `<redacted>`, as it writes a caller's `Authorization` on an endpoint without `auth:`
/// and a `secret: true` parameter: the printed command can be shared.
@Suite struct CallDryRunCallerCredentialTests {
    static let spec = """
        netspec: 1
        service: S
        baseURL: https://api.example.com
        headers:
          X-Var: "v-${NETSPEC_TEST_CC_VAR}"
        endpoints:
          bearer:
            GET: /b
            auth: { bearer: "${NETSPEC_TEST_CC_TOKEN}" }
          basic:
            GET: /c
            auth: { basic: { user: "${NETSPEC_TEST_CC_USER}", password: "${NETSPEC_TEST_CC_PASS}" } }
          qkey:
            GET: /q
            auth: { apiKey: { in: query, name: api_key, value: "${NETSPEC_TEST_CC_KEY}" } }
          ckey:
            GET: /k
            auth: { apiKey: { in: cookie, name: sid, value: "${NETSPEC_TEST_CC_KEY}" } }
          hkey:
            GET: /h
            auth: { apiKey: { in: header, name: X-Api-Key, value: "${NETSPEC_TEST_CC_KEY}" } }
          plain:
            GET: /p
        """ + "\n"

    static let variables = ["NETSPEC_TEST_CC_VAR", "NETSPEC_TEST_CC_TOKEN", "NETSPEC_TEST_CC_USER", "NETSPEC_TEST_CC_PASS", "NETSPEC_TEST_CC_KEY"]
    /// Every credential variable set: the output is the same (the call's credential is not theirs).
    static let allSet = ["--var", "NETSPEC_TEST_CC_TOKEN=tok-value", "--var", "NETSPEC_TEST_CC_USER=usr", "--var", "NETSPEC_TEST_CC_PASS=pwd",
                         "--var", "NETSPEC_TEST_CC_KEY=key-value"]
    static let tail = "Accept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n"
    static let curlTail = "-H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed"
    static let xVar = "X-Var: v-${NETSPEC_TEST_CC_VAR}\n"
    static let curlXVar = "-H \"X-Var: v-${NETSPEC_TEST_CC_VAR}\""

    struct Case: Sendable, CustomStringConvertible {
        var arguments: [String]
        var dryRun: String
        var curl: String
        /// `--dry-run` with every variable set, where it differs (the spec's own credential is `<redacted>` then).
        var dryRunSet: String? = nil
        /// The line `-v` and `--dry-run` both show for the call's own value.
        var shownLine: String
        /// What the server gets: a header's name and value, or the request target.
        var sentHeader: [String]?
        var sentTarget: String?
        var description: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["bearer", "-H", "Authorization: Bearer HDR-SEKRIT"],
             dryRun: "GET https://api.example.com/b HTTP/1.1\n" + xVar + "Authorization: <redacted>\n" + tail + "\n",
             curl: "curl https://api.example.com/b " + curlXVar + " -H 'Authorization: <redacted>' " + curlTail + "\n",
             shownLine: "Authorization: <redacted>", sentHeader: ["Authorization", "Bearer HDR-SEKRIT"]),
        // Not `Basic base64(${U}:${P})` / `-u "${U}:${P}"`: that is not sent.
        Case(arguments: ["basic", "-H", "Authorization: Bearer CALLER-SEKRIT"],
             dryRun: "GET https://api.example.com/c HTTP/1.1\n" + xVar + "Authorization: <redacted>\n" + tail + "\n",
             curl: "curl https://api.example.com/c " + curlXVar + " -H 'Authorization: <redacted>' " + curlTail + "\n",
             shownLine: "Authorization: <redacted>", sentHeader: ["Authorization", "Bearer CALLER-SEKRIT"]),
        Case(arguments: ["qkey", "api_key==CALLER-SEKRIT"],
             dryRun: "GET https://api.example.com/q?api_key=<redacted> HTTP/1.1\n" + xVar + tail + "\n",
             curl: "curl \"https://api.example.com/q?api_key=<redacted>\" " + curlXVar + " " + curlTail + "\n",
             shownLine: "/q?api_key=<redacted> HTTP/1.1", sentTarget: "/q?api_key=CALLER-SEKRIT"),
        // The call's other cookies are hidden too, as -v hides them.
        Case(arguments: ["ckey", "Cookie: sid=CK-SEKRIT; theme=dark"],
             dryRun: "GET https://api.example.com/k HTTP/1.1\n" + xVar + "Cookie: sid=<redacted>; theme=<redacted>\n" + tail + "\n",
             curl: "curl https://api.example.com/k " + curlXVar + " -H 'Cookie: sid=<redacted>; theme=<redacted>' " + curlTail + "\n",
             shownLine: "Cookie: sid=<redacted>; theme=<redacted>", sentHeader: ["Cookie", "sid=CK-SEKRIT; theme=dark"]),
        Case(arguments: ["hkey", "-H", "X-Api-Key: HK-SEKRIT"],
             dryRun: "GET https://api.example.com/h HTTP/1.1\n" + xVar + "X-Api-Key: <redacted>\n" + tail + "\n",
             curl: "curl https://api.example.com/h " + curlXVar + " -H 'X-Api-Key: <redacted>' " + curlTail + "\n",
             shownLine: "X-Api-Key: <redacted>", sentHeader: ["X-Api-Key", "HK-SEKRIT"]),
        // As without auth: (what --curl did already for a caller's Authorization).
        Case(arguments: ["plain", "-H", "Authorization: Bearer PLAIN-SEKRIT"],
             dryRun: "GET https://api.example.com/p HTTP/1.1\n" + xVar + "Authorization: <redacted>\n" + tail + "\n",
             curl: "curl https://api.example.com/p " + curlXVar + " -H 'Authorization: <redacted>' " + curlTail + "\n",
             shownLine: "Authorization: <redacted>", sentHeader: ["Authorization", "Bearer PLAIN-SEKRIT"]),
        // The call's own value for a spec header with a variable: not `v-${NETSPEC_TEST_CC_VAR}`.
        Case(arguments: ["bearer", "X-Var: VAR-SEKRIT"],
             dryRun: "GET https://api.example.com/b HTTP/1.1\nX-Var: <redacted>\n" + tail + "Authorization: Bearer ${NETSPEC_TEST_CC_TOKEN}\n\n",
             curl: "curl https://api.example.com/b -H 'X-Var: <redacted>' " + curlTail.replacing(" --compressed", with: "")
                + " -H \"Authorization: Bearer ${NETSPEC_TEST_CC_TOKEN}\" --compressed\n",
             dryRunSet: "GET https://api.example.com/b HTTP/1.1\nX-Var: <redacted>\n" + tail + "Authorization: <redacted>\n\n",
             shownLine: "X-Var: <redacted>", sentHeader: ["X-Var", "VAR-SEKRIT"]),
    ]

    @Test(arguments: cases)
    func thePreviewShowsTheCallsOwnCredentialHidden(_ item: Case) async throws {
        let spec = try CLI.temporarySpec(Self.spec)
        for variables in [[], Self.allSet] {
            let dryRun = try await CLI.run(["call", spec] + item.arguments + variables + ["--dry-run"], unsetting: Self.variables)
            #expect(dryRun.stdout == (variables.isEmpty ? item.dryRun : item.dryRunSet ?? item.dryRun), "\(variables)")
            #expect(dryRun.stderr == "")
            #expect(dryRun.status == 0)
            let curl = try await CLI.run(["call", spec] + item.arguments + variables + ["--curl"], unsetting: Self.variables)
            #expect(curl.stdout == item.curl, "\(variables)")
            #expect(curl.stderr == "")
            #expect(curl.status == 0)
        }
    }

    /// The call sends its own credential, and `-v` hides it as the preview does.
    @Test(arguments: cases)
    func theCallSendsItAndVerboseHidesIt(_ item: Case) async throws {
        let spec = try CLI.temporarySpec(Self.spec)
        try await withTestServer(TestHandlers.echo) { server in
            let result = try await CLI.run(
                ["call", spec] + item.arguments + ["--base-url", server.baseURL, "--var", "NETSPEC_TEST_CC_VAR=1", "-v"] + Self.allSet, unsetting: Self.variables
            )
            #expect(result.status == 0, "\(result.stderr)")
            let echo = try EchoReport(json: Array(result.stdout.utf8))
            if let header = item.sentHeader {
                #expect(echo.headers.filter { $0[0].lowercased() == header[0].lowercased() } == [header])
            }
            if let target = item.sentTarget { #expect(echo.target == target) }
            #expect(result.stderr.contains(item.shownLine), "\(result.stderr)")
            #expect(!result.stderr.contains("SEKRIT"))
        }
    }

    /// A profile's headers are in the preview, as the call sends them (after the request's own,
    /// before auth): a profile's `Authorization` is the credential sent, shown `<redacted>`; they
    /// were left out, and the endpoint's `Bearer ${TOKEN}` shown instead.
    @Test func aProfilesHeadersAreShownAsSent() async throws {
        let spec = try CLI.temporarySpec(Self.spec)
        let home = URL(fileURLWithPath: spec).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        try """
            profiles:
              p:
                headers: { X-Env: staging, Authorization: { env: NETSPEC_TEST_CC_PROFILE_AUTH } }
              q:
                headers: { X-Env: staging }
            """.write(toFile: home + "/netspec/config.yaml", atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": home, "NETSPEC_TEST_CC_PROFILE_AUTH": "Bearer PROF-SEKRIT"]
        let cases: [(arguments: [String], dryRun: String, curl: String)] = [
            (["--profile", "p"],
             "GET https://api.example.com/b HTTP/1.1\n" + Self.xVar + Self.tail + "X-Env: staging\nAuthorization: <redacted>\n\n",
             "curl https://api.example.com/b " + Self.curlXVar + " -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0'"
                + " -H 'X-Env: staging' -H 'Authorization: <redacted>' --compressed\n"),
            (["--profile", "q"],
             "GET https://api.example.com/b HTTP/1.1\n" + Self.xVar + Self.tail + "X-Env: staging\nAuthorization: Bearer ${NETSPEC_TEST_CC_TOKEN}\n\n",
             "curl https://api.example.com/b " + Self.curlXVar + " -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0'"
                + " -H 'X-Env: staging' -H \"Authorization: Bearer ${NETSPEC_TEST_CC_TOKEN}\" --compressed\n"),
            // The call's own header wins over the profile's.
            (["--profile", "q", "-H", "X-Env: mine"],
             "GET https://api.example.com/b HTTP/1.1\n" + Self.xVar + "X-Env: mine\n" + Self.tail + "Authorization: Bearer ${NETSPEC_TEST_CC_TOKEN}\n\n",
             "curl https://api.example.com/b " + Self.curlXVar + " -H 'X-Env: mine' -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0'"
                + " -H \"Authorization: Bearer ${NETSPEC_TEST_CC_TOKEN}\" --compressed\n"),
        ]
        for item in cases {
            let dryRun = try await CLI.run(["call", spec, "bearer", "--dry-run"] + item.arguments, environment: environment, unsetting: Self.variables)
            #expect(dryRun.stdout == item.dryRun, "\(item.arguments) \(dryRun.stderr)")
            let curl = try await CLI.run(["call", spec, "bearer", "--curl"] + item.arguments, environment: environment, unsetting: Self.variables)
            #expect(curl.stdout == item.curl, "\(item.arguments) \(curl.stderr)")
        }
        try await withTestServer(TestHandlers.echo) { server in
            let result = try await CLI.run(
                ["call", spec, "bearer", "--profile", "p", "--base-url", server.baseURL, "--var", "NETSPEC_TEST_CC_VAR=1", "-v"],
                environment: environment, unsetting: Self.variables
            )
            #expect(result.status == 0, "\(result.stderr)")
            let echo = try EchoReport(json: Array(result.stdout.utf8))
            #expect(echo.headers.filter { $0[0].lowercased() == "authorization" } == [["Authorization", "Bearer PROF-SEKRIT"]])
            #expect(result.stderr.contains("> X-Env: staging\n> Authorization: <redacted>\n"), "\(result.stderr)")
        }
    }
}
