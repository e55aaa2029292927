import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec run --mock --stateful` and security: the stateful mock checks none, so a run against
/// it is as one with plain `--mock` — a credential set nowhere is its reference `${NAME}`, no
/// secret, and an operation whose security Netspec cannot send is answered — while a run
/// against a server refuses both.
@Suite struct RunStatefulMockSecurityTests {
    /// The pet created is named `${PETS_AUTH}`, the reference an unset credential is sent as, and
    /// a criterion names it: `-v` shows it as it is with `--mock --stateful` as with `--mock` (it
    /// was `<redacted>`, the reference being set as the variable's value, a secret).
    static let echo = """
        arazzo: 1.0.1
        info: { title: A pet named after a token, version: "1" }
        sourceDescriptions: [{ name: pets, url: pets.yaml }]
        workflows:
          - workflowId: echo
            inputs: { type: object, properties: { name: { type: string } } }
            steps:
              - stepId: create
                operationId: createPet
                requestBody: { payload: { name: $inputs.name } }
                outputs: { id: $response.body#/id }
              - stepId: read
                operationId: getPet
                parameters: [{ name: petId, in: path, value: $steps.create.outputs.id }]
                successCriteria: [{ condition: "$response.body#/name != '${PETS_AUTH}'" }]
        """

    @Test func mockStatefulShowsAnUnsetCredentialsReferenceAsMockDoes() async throws {
        let folder = try ScratchDirectory()
        try folder.write(Array(RunSourcesCommandTests.securedPets.utf8), to: "pets.yaml")
        let file = try folder.write(Array(Self.echo.utf8), to: "echo.arazzo.yaml")
        let unsetting = ["PETS_AUTH", "PETS_KEY"]
        let plain = try await CLI.run(["run", file, "--input", "name=${PETS_AUTH}", "--mock", "-v"], unsetting: unsetting)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout == "{}\n")
        #expect(plain.stderr == """
            echo.create  createPet POST http://127.0.0.1:9/pets  → 201  2xx  ⇒ next
            echo.read  getPet GET http://127.0.0.1:9/pets/0  → 200  ✓ $response.body#/name != '${PETS_AUTH}'  ⇒ next

            """)
        let stateful = try await CLI.run(["run", file, "--input", "name=${PETS_AUTH}", "--mock", "--stateful", "-v"], unsetting: unsetting)
        #expect(stateful.status == 1)
        let lines = stateful.stderr.replacing(/127\.0\.0\.1:\d+/, with: "127.0.0.1:PORT")
        #expect(lines == """
            echo.create  createPet POST http://127.0.0.1:PORT/pets  → 201  2xx  ⇒ next
            echo.read  getPet GET http://127.0.0.1:PORT/pets/1  → 200  ✗ $response.body#/name != '${PETS_AUTH}' (actual "${PETS_AUTH}")  ⇒ fail
            error: workflow 'echo': step 'read' failed: criterion `$response.body#/name != '${PETS_AUTH}'` failed: actual "${PETS_AUTH}" \
            (\(file):15:40) [step at \(file):12:17]

            """)
    }

    /// `pets` whose delete accepts only HTTP Digest, which Netspec cannot send.
    static let digestPets = RunSourcesCommandTests.securedPets
        .replacingOccurrences(of: "operationId: deletePet\n", with: "operationId: deletePet\n      security: [{ digest: [] }]\n")
        .replacingOccurrences(of: "securitySchemes:\n", with: "securitySchemes:\n    digest: { type: http, scheme: digest }\n")

    /// The stateful mock answers an operation whose only security Netspec cannot send, as plain
    /// `--mock` does (a step refused it: `it cannot be called`, exit 78); a server run refuses it.
    @Test func mockStatefulAnswersAnOperationWhoseSecurityCannotBeSent() async throws {
        let folder = try ScratchDirectory()
        try folder.write(Array(Self.digestPets.utf8), to: "pets.yaml")
        let file = try folder.write(Array(RunSourcesCommandTests.lifecycle.utf8), to: "life.arazzo.yaml")
        let unsetting = ["PETS_AUTH", "PETS_KEY"]
        let run = try await CLI.run(["run", file, "--input", "name=Tom", "--mock", "--stateful", "--json", "--raw"], unsetting: unsetting)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONValue(parsing: Array(run.stdout.utf8))
        #expect(report["outputs"] == ["id": 1, "name": "Tom"])
        let steps = (report["steps"]?.array ?? []).map { "\($0["stepId"]?.string ?? "") \($0["status"] ?? .null)" }
        #expect(steps == ["create 201", "read 200", "delete 204", "gone 404"])
        let log = Recorder<String>()
        let handler: TestHandler = { request, writer in
            log.record("\(request.method) \(request.target)")
            try await writer.respond(status: request.method == "POST" ? 201 : 200, headers: [("Content-Type", "application/json")], body: #"{"id":1,"name":"Tom"}"#)
        }
        try await withTestServer(handler) { server in
            let served = try await CLI.run(
                ["run", file, "--input", "name=Tom", "--server", "pets=\(server.baseURL)", "--var", "PETS_KEY=k", "--var", "PETS_AUTH=t"], unsetting: unsetting)
            #expect(served.status == 78)
            #expect(served.stderr == """
                error: workflow 'lifecycle': step 'delete': endpoint 'deletePet': it cannot be called: \
                its security accepts only 'digest', which Netspec cannot send (with mocks on it is answered)

                """)
            #expect(log.all == ["POST /pets", "GET /pets/1"])
        }
    }
}
