import Foundation
import Testing
import NetspecTestServer
import NetspecTestSupport

/// `--base-url` as given on the command line: a path or query needing escapes is percent-encoded,
/// what cannot be a base URL is a usage error (exit 64) naming the character and its place, and
/// the URL --dry-run shows is the one sent.
@Suite struct CallBaseURLOptionTests {
    static let usage = "Usage: netspec call SPEC ENDPOINT [ITEM...] [OPTIONS]\n  See 'netspec call --help' for more information.\n"

    @Test(arguments: [
        ("http://127.0.0.1:8080/a#b", "'#' (character 24) would start a fragment, which a base URL cannot have"),
        ("http://127.0.0.1:8080/a%zz", "'%' (character 24) must start an escape such as %25 (a '%' itself)"),
        ("ftp://127.0.0.1", "it must start with http:// or https://"),
        ("http://", "it has no host after 'http://'"),
        ("http://bücher.example/v1", "'ü' (character 9) cannot be in a host; write an international domain name in its xn-- form"),
    ])
    func aBadBaseURLIsAUsageError(base: String, problem: String) async throws {
        let result = try await CLI.run(["call", "specs/users.yaml", "getUser", "id=1", "--base-url", base, "--dry-run"])
        #expect(result.stderr == "Error: --base-url '\(base)': \(problem)\n" + Self.usage)
        #expect(result.stdout == "")
        #expect(result.status == 64)
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080/café", "GET http://127.0.0.1:8080/caf%C3%A9/user?identifier=1 HTTP/1.1"),
        ("http://127.0.0.1:8080/a b", "GET http://127.0.0.1:8080/a%20b/user?identifier=1 HTTP/1.1"),
        ("http://127.0.0.1:8080/a|b?x[]=1", "GET http://127.0.0.1:8080/a%7Cb/user?x%5B%5D=1&identifier=1 HTTP/1.1"),
    ])
    func aPathOrQueryIsPercentEncoded(base: String, requestLine: String) async throws {
        let result = try await CLI.run(["call", "specs/users.yaml", "getUser", "id=1", "--base-url", base, "--dry-run", "--var", "TOKEN=t"])
        #expect(result.stdout.split(separator: "\n").first.map(String.init) == requestLine)
        #expect(result.status == 0)
    }

    /// The tester's case: an `allowReserved` value with `[` made the whole query escaped again on
    /// the wire (`q=a%2520b`) while --dry-run showed `q=a%20b&path=/a[0]`.
    @Test func theDryRunsURLIsTheOneSent() async throws {
        let spec = try CLI.temporarySpec("""
            openapi: 3.1.0
            info: { title: t, version: "1" }
            servers: [{ url: "http://127.0.0.1:9" }]
            paths:
              /search:
                get:
                  operationId: search
                  parameters:
                    - { name: q, in: query, schema: { type: string } }
                    - { name: path, in: query, allowReserved: true, schema: { type: string } }
                  responses: { "200": { description: ok } }
            """)
        try await withTestServer(TestHandlers.echo) { server in
            let items = ["call", spec, "search", "q=a b", "path=/a[0]", "--base-url", server.baseURL + "/?x[]=1"]
            let shown = try await CLI.run(items + ["--dry-run"])
            let target = "/search?x%5B%5D=1&q=a%20b&path=/a%5B0%5D"
            #expect(shown.stdout.split(separator: "\n").first.map(String.init) == "GET \(server.baseURL)\(target) HTTP/1.1")
            let sent = try await CLI.run(items)
            #expect(sent.status == 0)
            #expect(try EchoReport(json: Array(sent.stdout.utf8)).target == target)
        }
    }
}
