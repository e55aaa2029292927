import Foundation
import Testing
import NetspecTestServer
import NetspecTestSupport

/// A port out of range or not a number, and credentials, in a base URL: `--base-url` (exit 64), a
/// spec's `baseURL:` (a warning of `validate` at its place, exit 78 on call), a profile's (exit 78 at
/// its place) and a redirect's `Location` are each an error naming the URL and what is wrong. A
/// port above 65535 crashed the CLI (an IP address) or reached port 99999 mod 65536 (a host name).
@Suite struct CallBaseURLPortTests {
    static let usage = "Usage: netspec call SPEC ENDPOINT [ITEM...] [OPTIONS]\n  See 'netspec call --help' for more information.\n"
    static let spec = "netspec: 1\nservice: S\nendpoints:\n  e:\n    GET: /x\n"

    @Test(arguments: [
        ("http://127.0.0.1:99999", "port 99999 (character 18) is out of range (1 to 65535)"),
        ("http://localhost:99999", "port 99999 (character 18) is out of range (1 to 65535)"),
        (":65536", "port 65536 (character 2) is out of range (1 to 65535)"),
        ("http://[::1]:70000", "port 70000 (character 14) is out of range (1 to 65535)"),
        ("http://127.0.0.1:0/v1", "port 0 (character 18) is out of range (1 to 65535)"),
        ("localhost:abc", "port 'abc' (character 11) is not a number"),
        ("http://h:1:5", "port '1:5' (character 10) is not a number"),
        ("::", "port ':' (character 2) is not a number"),
        ("http://::1:8080", "it has no host after 'http://' (an IPv6 address is written in brackets: http://[::1]:8080)"),
        ("http://h[1]/", "'[' (character 9) cannot be in a host (an IPv6 address is written in brackets: http://[::1]:8080)"),
    ])
    func aBadPortIsAUsageErrorNamingTheOption(base: String, problem: String) async throws {
        let spec = try CLI.temporarySpec(Self.spec)
        let result = try await CLI.run(["call", spec, "e", "--base-url", base])
        #expect(result.stderr == "Error: --base-url '\(base)': \(problem)\n" + Self.usage)
        #expect(result.stdout == "")
        #expect(result.status == 64)
    }

    /// Credentials in a base URL are refused, the password never printed: they were dropped while
    /// -v and --curl printed them.
    @Test(arguments: ["", "-v", "--curl", "--dry-run"])
    func credentialsInTheBaseURLAreRefusedUnprinted(option: String) async throws {
        let spec = try CLI.temporarySpec(Self.spec)
        let result = try await CLI.run(["call", spec, "e", "--base-url", "http://user:PASS-SEKRIT@127.0.0.1:9"] + (option.isEmpty ? [] : [option]))
        #expect(result.stderr == """
            Error: --base-url 'http://<redacted>@127.0.0.1:9': it holds credentials (before '@'), which netspec does not send \
            from a URL: give them in an Authorization header or by the spec's auth

            """ + Self.usage)
        #expect(result.stdout == "")
        #expect(result.status == 64)
    }

    /// A spec's: `validate` says it at its place (a call may give another base URL), a call
    /// without another is a configuration error, and one with another goes there.
    @Test func aSpecsBaseURLWithABadPort() async throws {
        let spec = try CLI.temporarySpec("netspec: 1\nservice: S\nbaseURL: http://127.0.0.1:70000\nendpoints:\n  e:\n    GET: /x\n")
        let validated = try await CLI.run(["validate", spec])
        #expect(validated.stderr == "\(spec):3:10: warning: 'baseURL' is not a base URL: port 70000 (character 18) is out of range (1 to 65535); a call fails unless it is given another\n")
        #expect(validated.stdout == "\(spec): ok (1 endpoint)\n")
        #expect(validated.status == 0)
        let called = try await CLI.run(["call", spec, "e"])
        #expect(called.stderr == "error: endpoint 'e': invalid base URL 'http://127.0.0.1:70000': port 70000 (character 18) is out of range (1 to 65535)\n")
        #expect(called.status == 78)
        try await withTestServer(TestHandlers.echo) { server in
            let given = try await CLI.run(["call", spec, "e", "--base-url", server.baseURL])
            #expect(given.status == 0)
            #expect(try EchoReport(json: Array(given.stdout.utf8)).target == "/x")
        }
    }

    /// A spec's base URL with credentials: refused on call without printing them.
    @Test func aSpecsBaseURLWithCredentials() async throws {
        let spec = try CLI.temporarySpec("netspec: 1\nservice: S\nbaseURL: http://ada:PASS-SEKRIT@127.0.0.1:9\nendpoints:\n  e:\n    GET: /x\n")
        let called = try await CLI.run(["call", spec, "e", "--dry-run"])
        #expect(called.stderr == """
            error: endpoint 'e': invalid base URL 'http://<redacted>@127.0.0.1:9': it holds credentials (before '@'), which netspec \
            does not send from a URL: give them in an Authorization header or by the spec's auth

            """)
        #expect(called.status == 78)
    }

    /// A profile's: an error at its place in the config file (exit 78).
    @Test func aProfilesBaseURLWithABadPort() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("netspec-port-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        try "profiles:\n  p: { baseURL: \"http://localhost:99999\" }\n".write(toFile: home + "/netspec/config.yaml", atomically: true, encoding: .utf8)
        let spec = try CLI.temporarySpec(Self.spec)
        let result = try await CLI.run(["call", spec, "e", "--profile", "p"], environment: ["XDG_CONFIG_HOME": home])
        #expect(result.stderr == "\(home)/netspec/config.yaml:2:17: error: profile p: 'baseURL' 'http://localhost:99999': port 99999 (character 18) is out of range (1 to 65535)\n")
        #expect(result.status == 78)
    }

    /// A redirect to a port out of range is an error naming the Location, from a real server.
    @Test func aRedirectToABadPortIsAnErrorNamingTheLocation() async throws {
        try await withTestServer(TestHandlers.redirect(to: "http://127.0.0.1:70000/x", status: 302)) { server in
            let spec = try CLI.temporarySpec(Self.spec)
            let result = try await CLI.run(["call", spec, "e", "--base-url", server.baseURL])
            #expect(result.stderr == "error: cannot follow the 302 redirect from \(server.baseURL)/x to 'http://127.0.0.1:70000/x': port 70000 is out of range (1 to 65535)\n")
            #expect(result.status == 1)
            #expect(server.requestCount == 1)
        }
    }

    /// A spec without a base URL tells a command line user of --base-url and a profile, not of
    /// Provider(baseURL:).
    @Test func noBaseURLNamesTheOption() async throws {
        let spec = try CLI.temporarySpec(Self.spec)
        let result = try await CLI.run(["call", spec, "e"])
        #expect(result.stderr == "error: endpoint 'e': no base URL: the spec has no 'baseURL' and none was given (give one with --base-url or a profile's baseURL)\n")
        #expect(result.status == 78)
    }
}
