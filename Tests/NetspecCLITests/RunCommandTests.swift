import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec run`: the outputs as JSON on standard output, inputs from `--input` and standard
/// input, `-v` a line per step, `--json` the report, `--dry-run` the first request, `--mock`
/// offline, and the exit statuses (1 a failed step, 64 usage).
@Suite struct RunCommandTests {
    static let openAPI = """
        openapi: 3.0.3
        info: { title: Pets, version: "1" }
        servers: [{ url: "http://127.0.0.1:9" }]
        paths:
          /login:
            post:
              operationId: logIn
              requestBody: { content: { application/json: { schema: { type: object, properties: { user: { type: string } } } } } }
              responses:
                "200": { description: ok, content: { application/json: { example: { token: abc } } } }
          /pets/{petId}:
            get:
              operationId: getPet
              parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
              responses:
                "200": { description: ok, content: { application/json: { example: { id: 1, name: Rex } } } }
        """

    static let document = """
        arazzo: 1.0.1
        info: { title: Pets, version: "1" }
        sourceDescriptions: [{ name: pets, url: pets.yaml }]
        workflows:
          - workflowId: look
            inputs: { type: object, required: [petId], properties: { petId: { type: integer }, user: { type: string } } }
            steps:
              - stepId: login
                operationId: logIn
                requestBody: { payload: { user: $inputs.user } }
                outputs: { token: $response.body#/token }
              - stepId: get
                operationId: getPet
                parameters:
                  - { name: petId, in: path, value: $inputs.petId }
                  - { name: Authorization, in: header, value: "Bearer {$steps.login.outputs.token}" }
                successCriteria: [{ condition: $statusCode == 200 }]
                outputs: { name: $response.body#/name }
            outputs: { name: $steps.get.outputs.name, token: $steps.login.outputs.token }
        """

    /// The document and its OpenAPI source in a fresh temporary folder; the document's path.
    static func files(_ document: String = Self.document) throws -> String {
        let spec = try CLI.temporarySpec(openAPI, name: "pets.yaml")
        let path = URL(fileURLWithPath: spec).deletingLastPathComponent().appendingPathComponent("look.arazzo.yaml").path
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func shop(_ log: Recorder<String>) -> TestHandler {
        { request, writer in
            log.record("\(request.method) \(request.target)")
            let json = [("Content-Type", "application/json")]
            switch request.path {
            case "/login": try await writer.respond(status: 200, headers: json, body: #"{"token":"abc"}"#)
            case "/pets/1": try await writer.respond(status: 200, headers: json, body: #"{"id":1,"name":"Rex"}"#)
            default: try await writer.respond(status: 404, headers: json, body: #"{"error":"none"}"#)
            }
        }
    }

    @Test func runPrintsTheOutputsAndVerboseALinePerStep() async throws {
        let path = try Self.files()
        let log = Recorder<String>()
        try await withTestServer(Self.shop(log)) { server in
            let result = try await CLI.run(["run", path, "--input", "petId=1", "--input", "user=ann", "--base-url", server.baseURL, "-v"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == #"{"name":"Rex","token":"abc"}"# + "\n")
            #expect(result.stderr == """
                look.login  logIn POST \(server.baseURL)/login  → 200  2xx  ⇒ next
                look.get  getPet GET \(server.baseURL)/pets/1  → 200  ✓ $statusCode == 200  ⇒ next

                """)
            #expect(log.all == ["POST /login", "GET /pets/1"])
        }
    }

    @Test func aFailedStepExits1NamingTheCriterionAndJSONReportsEveryStep() async throws {
        let path = try Self.files()
        let log = Recorder<String>()
        try await withTestServer(Self.shop(log)) { server in
            let result = try await CLI.run(["run", path, "look", "--server", "pets=\(server.baseURL)", "--json"], stdin: Array(#"{"petId": 2}"#.utf8))
            #expect(result.status == 1)
            #expect(result.stderr == "error: workflow 'look': step 'get' failed: criterion `$statusCode == 200` failed: actual 404 (\(path):17:40) [step at \(path):12:17]\n")
            let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(report?["succeeded"] as? Bool == false)
            let steps = report?["steps"] as? [[String: Any]] ?? []
            #expect(steps.map { "\($0["stepId"] ?? "") \($0["status"] ?? "") \($0["action"] ?? "")" } == ["login 200 next", "get 404 fail"])
            #expect(log.all == ["POST /login", "GET /pets/2"])
        }
    }

    @Test func dryRunPrintsTheFirstRequestAndMockRunsOffline() async throws {
        let path = try Self.files()
        let dry = try await CLI.run(["run", path, "--input", "petId=1", "--input", "user=ann", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout == """
            POST http://127.0.0.1:9/login HTTP/1.1
            Content-Type: application/json
            Content-Length: 14
            Accept: application/json, */*;q=0.5
            Accept-Encoding: gzip, deflate
            User-Agent: netspec/0.1.0

            {"user":"ann"}

            """)
        let mocked = try await CLI.run(["run", path, "--input", "petId=1", "--mock"])
        #expect(mocked.status == 0, "\(mocked.stderr)")
        #expect(mocked.stdout == #"{"name":"Rex","token":"abc"}"# + "\n")
    }

    @Test func usageErrorsExit64() async throws {
        let two = Self.document + "\n  - { workflowId: other, steps: [{ stepId: a, operationId: logIn }] }\n"
        let path = try Self.files(two)
        let unnamed = try await CLI.run(["run", path])
        #expect(unnamed.status == 64)
        #expect(unnamed.stderr == "error: \(path) has 2 workflows; name one: look, other\n")
        let inputs = try await CLI.run(["run", path, "look", "--input", "petId=x", "--input", "user:=7"])
        #expect(inputs.status == 64)
        #expect(inputs.stderr == "error: workflow 'look': 2 inputs do not fit its inputs schema (\(path):6:13): input 'petId' must be an integer; input 'user' must be a string\n")
    }
}
