import Foundation
import NetspecTestServer
import Testing

/// The CLI on an OpenAPI document: validate, list, describe and call work as on a Netspec spec.
@Suite struct OpenAPICommandsTests {
    static let document = "specs/petstore.openapi.yaml"
    static let warning = ""

    @Test func validateReadsTheDocumentAndPrintsItsWarnings() async throws {
        let result = try await CLI.run(["validate", Self.document])
        #expect(result.status == 0)
        #expect(result.stdout == "specs/petstore.openapi.yaml: ok (5 endpoints)\n")
        #expect(result.stderr == Self.warning)
    }

    @Test func callSendsTheOperationToTheServer() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let result = try await CLI.run([
                "call", Self.document, "createPet", "name=Rex", "tag=dog", "--base-url", server.baseURL, "--var", "BEARER_AUTH=t", "--keypath", "bodyText", "-r",
            ])
            #expect(result.status == 0)
            #expect(result.stdout == #"{"name":"Rex","tag":"dog"}"# + "\n")
            let list = try await CLI.run([
                "call", Self.document, "listPets", "tags=a", "tags=b", "X-Request-ID=r1", "--base-url", server.baseURL, "--keypath", "target", "-r",
            ])
            #expect(list.stdout == "/pets?limit=20&tags=a&tags=b\n")
        }
    }

    @Test func securitySchemesBecomeAuthFromVariables() async throws {
        let shown = try await CLI.run(["call", Self.document, "createPet", "name=R", "--dry-run", "--var", "BEARER_AUTH=t", "--show-secrets"])
        #expect(shown.stdout.contains("\nAuthorization: Bearer t\n"))
        let curl = try await CLI.run(["call", Self.document, "getPetsByPetId", "pet-id=1", "--curl"])
        #expect(curl.stdout == """
            curl https://eu.petstore.example.com/v1/pets/1 -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' \
            -H "Authorization: Bearer ${BEARER_AUTH}" --compressed

            """)
        let region = try await CLI.run(["call", Self.document, "listPets", "--dry-run", "--var", "region=us"])
        #expect(region.stdout.hasPrefix("GET https://us.petstore.example.com/v1/pets?limit=20 HTTP/1.1\n"))
        #expect(!region.stdout.contains("Authorization"))
    }

    @Test func listGroupsOperationsByTag() async throws {
        let result = try await CLI.run(["list", Self.document])
        #expect(result.status == 0)
        #expect(result.stdout == """
            pets:
              listPets   GET   /pets
              createPet  POST  /pets

            admin:
              createPet  POST    /pets
              deletePet  DELETE  /pets/{petId}

            (no tag):
              getPetsByPetId  GET  /pets/{petId}
              petEvents       GET  /pets/{petId}/events

            """)
    }

    @Test func mockAnswersFromTheExample() async throws {
        let result = try await CLI.run(["call", Self.document, "listPets", "--mock"])
        #expect(result.status == 0)
        #expect(result.stdout == #"[{"id":1,"name":"Rex","tag":"dog"}]"# + "\n")
    }
}
