import Foundation
import Netspec
import NetspecTestSupport
import Testing

/// `netspec run --mock --stateful` and security: the stateful mock checks none, so a run against
/// it is as one with plain `--mock` — a credential set nowhere is its reference `${NAME}`, no
/// secret — while a run against a server refuses it.
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
}
