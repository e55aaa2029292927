import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// A token `netspec run` (or a workflow tool of `netspec mcp`) obtains during the run — a client
/// credentials grant, a new one after a 401 — is `<redacted>` in the `-v` lines, the `--json`
/// report, the error and the progress notifications, as `--har` hides it, and so is one replaced
/// since: the secrets were read once, before the run, and the first run printed the token in clear
/// (docs/workflows.md "Secrets").
@Suite struct RunObtainedTokenTests {
    static let tokens = ["cc-first-11", "cc-second-22"]

    /// `/token` answers `cc-first-11`, then `cc-second-22`; `/api/o` echoes the `Authorization` it
    /// gets as `{"auth": …}`, taking the first token once and then only the second (a 401 else),
    /// so that the second step's call gets a new token.
    static func server(_ log: Recorder<String>) -> TestHandler {
        { request, writer in
            log.record("\(request.method) \(request.path)")
            let json = [("Content-Type", "application/json")]
            let calls = log.all.filter { $0 == "\(request.method) \(request.path)" }.count
            switch request.path {
            case "/token":
                let token = tokens[min(calls, 2) - 1]
                try await writer.respond(status: 200, headers: json, body: #"{"access_token":"\#(token)","token_type":"Bearer","expires_in":3600}"#)
            case "/api/o":
                let auth = request.header("Authorization") ?? ""
                guard auth == "Bearer " + (calls == 1 ? tokens[0] : tokens[1]) else {
                    try await writer.respond(status: 401, headers: json + [("WWW-Authenticate", "Bearer")], body: #"{"error":"unauthorized"}"#)
                    return
                }
                try await writer.respond(status: 200, headers: json, body: #"{"auth":"\#(auth)"}"#)
            default:
                try await writer.respond(status: 404, headers: json, body: "{}")
            }
        }
    }

    /// The OpenAPI source (client credentials at `/token`) and a workflow of two calls of `o`,
    /// the first passing with the token it echoes, the second failing with it; the workflow's path.
    static func files(_ base: String) throws -> String {
        let spec = try CLI.temporarySpec("""
            openapi: 3.0.3
            info: {title: Items, version: "1"}
            servers: [{url: "\(base)"}]
            components:
              securitySchemes:
                oauth:
                  type: oauth2
                  flows: {clientCredentials: {tokenUrl: /token, scopes: {"items:read": r}}}
            paths:
              /api/o: {get: {operationId: o, security: [{oauth: ["items:read"]}], responses: {"200": {description: ok}}}}
            """, name: "api.yaml")
        let path = URL(fileURLWithPath: spec).deletingLastPathComponent().appendingPathComponent("o.arazzo.yaml").path
        try Data("""
            arazzo: 1.0.1
            info: {title: o, version: 1.0.0}
            sourceDescriptions: [{name: api, url: api.yaml, type: openapi}]
            workflows:
              - workflowId: twice
                steps:
                  - stepId: first
                    operationId: o
                    successCriteria: [{condition: $response.body#/auth != 'x'}]
                  - stepId: second
                    operationId: o
                    successCriteria: [{condition: $response.body#/auth == 'x'}]
            """.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let environment = ["OAUTH_CLIENT_ID": "cid", "OAUTH_CLIENT_SECRET": "csecret"]

    @Test func runMasksTheTokensItObtains() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(log)) { server in
            let path = try Self.files(server.baseURL)
            let run = try await CLI.run(["run", path, "-v", "--json", "--raw"], environment: Self.environment)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr == """
                twice.first  o GET \(server.baseURL)/api/o  → 200  ✓ $response.body#/auth != 'x'  ⇒ next
                twice.second  o GET \(server.baseURL)/api/o  → 200  ✗ $response.body#/auth == 'x' (actual "Bearer <redacted>")  ⇒ fail
                error: workflow 'twice': step 'second' failed: criterion `$response.body#/auth == 'x'` failed: actual "Bearer <redacted>" (\(path):12:39) [step at \(path):10:17]

                """)
            // The first step's token, replaced since by the second, is hidden in the report too.
            #expect(run.stdout.contains(#""passed":true,"actual":"Bearer <redacted>""#), "\(run.stdout)")
            #expect(run.stdout.contains(#""passed":false,"actual":"Bearer <redacted>""#), "\(run.stdout)")
            for token in Self.tokens { #expect(!(run.stdout + run.stderr).contains(token)) }
            #expect(log.all == ["POST /token", "GET /api/o", "GET /api/o", "POST /token", "GET /api/o"])
        }
    }

    @Test func aWorkflowToolMasksTheTokensItObtains() async throws {
        try await withTestServer(Self.server(Recorder<String>())) { server in
            let path = try Self.files(server.baseURL)
            let frame = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"twice","arguments":{},"_meta":{"progressToken":"p"}}}"#
            let result = try await CLI.run(["mcp", path], stdin: Array(frame.utf8) + [10], environment: Self.environment)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.prefix(2) == [
                #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1,"message":"twice.first  o GET \#(server.baseURL)/api/o  → 200  ✓ $response.body#/auth != 'x'  ⇒ next"}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":2,"message":"twice.second  o GET \#(server.baseURL)/api/o  → 200  ✗ $response.body#/auth == 'x' (actual \"Bearer <redacted>\")  ⇒ fail"}}"#,
            ])
            #expect(result.stdout.contains(#"failed: actual \"Bearer <redacted>\""#), "\(result.stdout)")
            for token in Self.tokens { #expect(!(result.stdout + result.stderr).contains(token)) }
        }
    }
}
