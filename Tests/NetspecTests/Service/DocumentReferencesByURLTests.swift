import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// A document fetched by URL whose `$ref`s name other files: they are URLs relative to it
/// (RFC 3986), fetched before the document is read, and the schemas in them check calls.
@Suite struct DocumentReferencesByURLTests {
    static let root = """
        openapi: 3.1.0
        info: { title: Split, version: "1" }
        servers: [{ url: /api }]
        paths:
          /pets:
            get:
              operationId: listPets
              parameters:
                - $ref: "../common/parameters.yaml#/limit"
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: { type: array, items: { $ref: "schemas/pet.yaml" } }
            post:
              operationId: addPet
              requestBody:
                content:
                  application/json:
                    schema: { $ref: "schemas/pet.yaml" }
              responses: { "201": { description: added } }
        """

    static func yaml(_ text: String) -> TestHandler {
        { _, writer in try await writer.respond(status: 200, headers: [("Content-Type", "application/yaml")], body: text) }
    }

    @Test func relativeReferencesAreFetchedAndUsed() async throws {
        let routes = TestHandlers.router([
            "GET /docs/v1/openapi.yaml": Self.yaml(Self.root),
            "GET /docs/common/parameters.yaml": Self.yaml("limit: { name: limit, in: query, schema: { type: integer, maximum: 50 } }\n"),
            // A referenced file refers on, relative to itself.
            "GET /docs/v1/schemas/pet.yaml": Self.yaml("type: object\nrequired: [name]\nproperties:\n  name: { type: string, minLength: 2 }\n  owner: { $ref: 'owner.yaml' }\n"),
            "GET /docs/v1/schemas/owner.yaml": Self.yaml("type: object\nproperties:\n  id: { type: integer }\n"),
        ])
        try await withTestServer(routes) { server in
            let url = server.baseURL + "/docs/v1/openapi.yaml"
            let spec = try await Spec.load(url: url, provider: Provider(options: .init(usesEnvironment: false)))
            #expect(spec.warnings.map(\.description) == [])
            #expect(spec.endpoint(named: "listPets")?.parameters.map(\.name) == ["limit"])
            #expect(spec.endpoint(named: "addPet")?.parameters.map(\.name) == ["name", "owner"])
            let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
            #expect(try api.prepare("listPets", ["limit": 5]).url == server.baseURL + "/api/pets?limit=5")
            let error = #expect(throws: CallError.self) { try api.prepare("addPet", ["name": "x", "owner": ["id": "seven"]]) }
            #expect(error?.description == """
                endpoint 'addPet': 2 problems with the arguments:
                  parameter 'name': must be at least 2 characters long, got "x" (schema at \(server.baseURL)/docs/v1/schemas/pet.yaml:4:25)
                  parameter 'owner': /id must be an integer, got "seven" (schema at \(server.baseURL)/docs/v1/schemas/owner.yaml:3:9)
                """)
            let limit = #expect(throws: CallError.self) { try api.prepare("listPets", ["limit": 80]) }
            #expect(limit?.description == "endpoint 'listPets': parameter 'limit': must be at most 50, got 80 (schema at \(server.baseURL)/docs/common/parameters.yaml:1:59)")
        }
    }

    @Test func aReferenceThatCannotBeFetchedIsAnErrorAtTheRef() async throws {
        let routes = TestHandlers.router(["GET /docs/v1/openapi.yaml": Self.yaml(Self.root)])
        try await withTestServer(routes) { server in
            let url = server.baseURL + "/docs/v1/openapi.yaml"
            let error = await #expect(throws: SpecError.self) { try await Spec.load(url: url, provider: Provider(options: .init(usesEnvironment: false))) }
            #expect(error?.description == """
                \(url):9:17: error: '$ref: ../common/parameters.yaml#/limit' points to \(server.baseURL)/docs/common/parameters.yaml, which could not be fetched: HTTP 404
                \(url):21:29: error: '$ref: schemas/pet.yaml' points to \(server.baseURL)/docs/v1/schemas/pet.yaml, which could not be fetched: HTTP 404
                """)
        }
    }
}
