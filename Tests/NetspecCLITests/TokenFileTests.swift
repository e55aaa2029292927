import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// A token one `netspec call` refreshed is used by the next from the token file; `--var` wins;
/// `netspec auth clear` forgets; a file others may read is refused.
@Suite struct TokenFileTests {
    static let spec = """
        netspec: 1
        service: Tokens
        auth:
          bearer: "${TOKEN}"
          refresh: { endpoint: refresh, token: access_token }
        endpoints:
          refresh:
            POST: /refresh
            auth: none
          data: { GET: /data }
        """

    static func handler(refreshes: Counter) -> TestHandler {
        TestHandlers.router([
            "POST /refresh": { _, writer in
                refreshes.add(1)
                try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"access_token":"fresh"}"#)
            },
            "GET /data": { request, writer in
                let ok = request.header("Authorization") == "Bearer fresh"
                try await writer.respond(status: ok ? 200 : 401, headers: [("Content-Type", "application/json")], body: ok ? #"{"ok":true}"# : #"{"error":"expired"}"#)
            },
        ])
    }

    @Test func aRefreshedTokenIsReusedByTheNextRun() async throws {
        let refreshes = Counter()
        let directory = try ScratchDirectory()
        let tokens = directory.path + "/tokens.json"
        let spec = try CLI.temporarySpec(Self.spec)
        try await withTestServer(Self.handler(refreshes: refreshes)) { server in
            let environment = ["NETSPEC_TOKEN_FILE": tokens]
            let call = ["call", spec, "data", "--base-url", server.baseURL, "--raw"]
            let first = try await CLI.run(call, environment: environment)
            #expect(first.stdout == #"{"ok":true}"# + "\n")
            #expect(refreshes.value == 1)
            var info = stat()
            #expect(stat(tokens, &info) == 0 && info.st_mode & 0o777 == 0o600)
            let second = try await CLI.run(call, environment: environment)
            #expect(second.stdout == #"{"ok":true}"# + "\n")
            #expect(refreshes.value == 1)
            // --var wins over the stored token (here a stale one: 401, refreshed once more).
            let explicit = try await CLI.run(call + ["--var", "TOKEN=stale"], environment: environment)
            #expect(explicit.status == 0)
            #expect(refreshes.value == 2)
            // Others may read it: refused, saying how to fix it.
            chmod(tokens, 0o644)
            let refused = try await CLI.run(call, environment: environment)
            #expect(refused.status == 78)
            #expect(refused.stderr == "error: endpoint 'data': the token file \(tokens) may be read or written by others (mode 644); make it 600 (chmod 600 \(tokens)) or remove it\n")
            let cleared = try await CLI.run(["auth", "clear"], environment: environment)
            #expect(cleared.stdout == "removed \(tokens)\n")
            #expect(!FileManager.default.fileExists(atPath: tokens))
            let again = try await CLI.run(["auth", "clear"], environment: environment)
            #expect(again.stdout == "no stored tokens (\(tokens) does not exist)\n")
        }
    }
}
