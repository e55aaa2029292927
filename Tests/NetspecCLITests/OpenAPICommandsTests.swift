import Foundation
import NetspecTestServer
import Testing

/// The CLI on an OpenAPI document: validate, list, describe and call work as on a Netspec spec.
@Suite struct OpenAPICommandsTests {
    static let document = "specs/petstore.openapi.yaml"
    static let warning = "specs/petstore.openapi.yaml:62:11: warning: operation 'deletePet': parameter 'session' in cookie is not supported yet; it is not sent\n"

    @Test func validateReadsTheDocumentAndPrintsItsWarnings() async throws {
        let result = try await CLI.run(["validate", Self.document])
        #expect(result.status == 0)
        #expect(result.stdout == "specs/petstore.openapi.yaml: ok (5 endpoints)\n")
        #expect(result.stderr == Self.warning)
    }

    @Test func callSendsTheOperationToTheServer() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let result = try await CLI.run([
                "call", Self.document, "createPet", "name=Rex", "tag=dog", "--base-url", server.baseURL, "--keypath", "bodyText", "-r",
            ])
            #expect(result.status == 0)
            #expect(result.stdout == #"{"name":"Rex","tag":"dog"}"# + "\n")
            let list = try await CLI.run([
                "call", Self.document, "listPets", "tags=a", "tags=b", "X-Request-ID=r1", "--base-url", server.baseURL, "--keypath", "target", "-r",
            ])
            #expect(list.stdout == "/pets?limit=20&tags=a&tags=b\n")
        }
    }

    @Test func mockAnswersFromTheExample() async throws {
        let result = try await CLI.run(["call", Self.document, "listPets", "--mock"])
        #expect(result.status == 0)
        #expect(result.stdout == #"[{"id":1,"name":"Rex","tag":"dog"}]"# + "\n")
    }
}
