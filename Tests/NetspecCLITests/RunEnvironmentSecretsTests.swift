import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec run -v --json` and `netspec mcp`'s workflow tools mask a source's secrets whose values
/// come from the environment — a security scheme's credential (named as a secret or not) and a
/// secret-named server variable — as they mask `--var`'s, in every form; an environment variable
/// no request uses is not searched (docs/workflows.md "Secrets").
@Suite struct RunEnvironmentSecretsTests {
    /// A server variable named as a secret in the base URL's path, an API key in the query
    /// (`${API_KEY}`) and one in a header (`${SESSION}`: a credential, not named as a secret).
    static func source(_ server: TestServer) -> String {
        """
        openapi: 3.0.3
        info: { title: Echo, version: "1" }
        servers:
          - url: \(server.baseURL)/t/{tenantToken}
            variables:
              tenantToken: { default: unset-tt }
        paths:
          /echo:
            get:
              operationId: echo
              security: [{ apiKey: [], session: [] }]
              parameters:
                - { name: other, in: query, schema: { type: string } }
              responses:
                '200': { description: ok, content: { application/json: { schema: {} } } }
        components:
          securitySchemes:
            apiKey: { type: apiKey, in: query, name: api_key }
            session: { type: apiKey, in: header, name: X-Session }
        """
    }

    static let workflow = """
        arazzo: 1.0.1
        info: { title: Echo, version: "1" }
        sourceDescriptions:
          - { name: api, url: echo.yaml, type: openapi }
        workflows:
          - workflowId: e
            inputs: { type: object, properties: { other: { type: string } } }
            steps:
              - stepId: first
                operationId: echo
                parameters:
                  - { name: other, in: query, value: $inputs.other }
                successCriteria:
                  - condition: $response.body#/session != 'wrong'
                outputs:
                  target: $response.body#/target
                  session: $response.body#/session
              - stepId: second
                operationId: echo
                successCriteria:
                  - condition: $response.body#/target == 'wrong'
            outputs:
              target: $steps.first.outputs.target
              session: $steps.first.outputs.session
        """

    /// The secrets, each with characters that give it forms of its own (``SecretText``), and an
    /// environment variable named as a secret that no request uses, whose value is an input's.
    static let secrets = ["tenantToken": "12:AB CD", "API_KEY": "env/key 12345", "SESSION": #"se"ss ion-987"#]
    static let environment = secrets.merging(["UNUSED_KEY": "plain-other-99"]) { $1 }

    /// Answers with what arrived: the request target and the `X-Session` header.
    static let echo: TestHandler = { request, writer in
        let json = [("target", request.target), ("session", request.header("X-Session") ?? "")]
            .map { "\(JSONValue.string($0.0)):\(JSONValue.string($0.1))" }.joined(separator: ",")
        try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: "{" + json + "}")
    }

    /// The folder (removed when let go) and the workflow's path in it.
    static func files(_ server: TestServer) throws -> (ScratchDirectory, String) {
        let folder = try ScratchDirectory()
        _ = try folder.write(Array(source(server).utf8), to: "echo.yaml")
        return (folder, try folder.write(Array(workflow.utf8), to: "e.arazzo.yaml"))
    }

    static func expectNoForm(of secrets: some Sequence<String>, in text: String) {
        for secret in secrets {
            for form in SecretText.forms(of: secret) { #expect(!text.contains(form.text), "\(form.form) of \(secret) in \(text)") }
        }
    }

    @Test func runMasksTheEnvironmentsSecretsInTheStepLinesAndTheReport() async throws {
        try await withTestServer(Self.echo) { server in
            let (folder, file) = try Self.files(server)
            let run = try await CLI.run(["run", file, "-v", "--json", "--raw", "--input", "other=plain-other-99"], environment: Self.environment)
            #expect(run.status == 1, "\(run.stderr)")
            // The step's URL (before its credentials), the echoed target (the path's form, the
            // query's), the echoed header.
            let url = "\(server.baseURL)/t/<redacted>/echo"
            #expect(run.stderr == """
                e.first  echo GET \(url)?other=plain-other-99  → 200  ✓ $response.body#/session != 'wrong'  ⇒ next
                e.second  echo GET \(url)  → 200  ✗ $response.body#/target == 'wrong' (actual "/t/<redacted>/echo?api_key=<redacted>")  ⇒ fail
                error: workflow 'e': step 'second' failed: criterion `$response.body#/target == 'wrong'` failed: actual "/t/<redacted>/echo?api_key=<redacted>" (\(file):21:24) [step at \(file):18:17]

                """)
            #expect(run.stdout.contains(#""url":"\#(url)?other=plain-other-99""#), "\(run.stdout)")
            #expect(run.stdout.contains(#""passed":true,"actual":"<redacted>""#), "\(run.stdout)")
            #expect(run.stdout.contains(#""passed":false,"actual":"/t/<redacted>/echo?api_key=<redacted>""#), "\(run.stdout)")
            Self.expectNoForm(of: Self.secrets.values, in: run.stdout + run.stderr)
            withExtendedLifetime(folder) {}
        }
    }

    @Test func aWorkflowToolMasksTheEnvironmentsSecretsInItsProgress() async throws {
        try await withTestServer(Self.echo) { server in
            let (folder, file) = try Self.files(server)
            let frames = [
                #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"e","arguments":{"other":"plain-other-99"},"_meta":{"progressToken":"p"}}}"#
            ]
            let result = try await CLI.run(["mcp", file], stdin: Array(frames.joined(separator: "\n").utf8) + [10], environment: Self.environment)
            #expect(result.status == 0, "\(result.stderr)")
            let url = "\(server.baseURL)/t/<redacted>/echo"
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.prefix(2) == [
                #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1,"message":"e.first  echo GET \#(url)?other=plain-other-99  → 200  ✓ $response.body#/session != 'wrong'  ⇒ next"}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":2,"message":"e.second  echo GET \#(url)  → 200  ✗ $response.body#/target == 'wrong' (actual \"/t/<redacted>/echo?api_key=<redacted>\")  ⇒ fail"}}"#,
            ])
            Self.expectNoForm(of: Self.secrets.values, in: result.stdout + result.stderr)
            withExtendedLifetime(folder) {}
        }
    }
}
