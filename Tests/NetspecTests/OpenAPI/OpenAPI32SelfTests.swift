import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// OpenAPI 3.2's `$self` ("OpenAPI Object", "Establishing the Base URI"): the document's base URI.
/// References resolve against it; one naming `$self` is the document itself, and one under
/// `$self`'s folder is read from the same place beside the document, from a folder or a server.
@Suite struct OpenAPI32SelfTests {
    static let root = """
        openapi: 3.2.0
        $self: https://example.com/api/openapi
        info: { title: Pets, version: "1" }
        paths:
          /pets:
            get:
              operationId: listPets
              parameters:
                - $ref: "https://example.com/api/openapi#/components/parameters/Limit"
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: { type: array, items: { $ref: "https://example.com/api/shared/pets.yaml#/components/schemas/Pet" } }
            post:
              operationId: addPet
              requestBody:
                $ref: "shared/pets.yaml#/components/requestBodies/Pet"
              responses: { "201": { description: added } }
        components:
          parameters:
            Limit: { name: limit, in: query, schema: { type: integer, maximum: 50 } }
        """

    static let shared = """
        openapi: 3.2.0
        $self: https://example.com/api/shared/pets.yaml
        info: { title: Shared, version: "1" }
        components:
          requestBodies:
            Pet:
              content:
                application/json:
                  schema: { $ref: "https://example.com/api/shared/pets.yaml#/components/schemas/Pet" }
          schemas:
            Pet:
              type: object
              required: [name]
              properties:
                name: { type: string, minLength: 2 }
        """

    /// What both tests check of the spec read from `location` (a folder's path or a server's URL).
    static func check(_ spec: Spec, sharedAt shared: String) throws {
        #expect(spec.warnings.map(\.description) == [])
        #expect(spec.endpoint(named: "listPets")?.parameters.map(\.name) == ["limit"])
        #expect(spec.endpoint(named: "addPet")?.parameters.map(\.name) == ["name"])
        let api = Service(spec: spec, provider: Provider(baseURL: "http://127.0.0.1:1", options: .init(usesEnvironment: false)))
        let error = #expect(throws: CallError.self) { try api.prepare("addPet", ["name": "x"]) }
        #expect(error?.description == """
            endpoint 'addPet': parameter 'name': must be at least 2 characters long, got "x" (schema at \(shared):15:31)
            """)
        let items = try #require(try spec.endpoint(named: "listPets")?.responseSchema(status: 200, mediaType: "application/json"))
        #expect(items.validate([["name": "y"]], direction: .response).map(\.description) == [
            "/0/name must be at least 2 characters long (schema at \(shared):15:31)",
        ])
    }

    @Test func referencesResolveAgainstSelfInAFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("netspec-self-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: folder + "/shared", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.root.write(toFile: folder + "/openapi.yaml", atomically: true, encoding: .utf8)
        try Self.shared.write(toFile: folder + "/shared/pets.yaml", atomically: true, encoding: .utf8)
        try Self.check(try Spec.load(path: folder + "/openapi.yaml"), sharedAt: folder + "/shared/pets.yaml")
    }

    @Test func referencesResolveAgainstSelfOnAServer() async throws {
        let yaml: (String) -> TestHandler = { text in
            { _, writer in try await writer.respond(status: 200, headers: [("Content-Type", "application/yaml")], body: text) }
        }
        let routes = TestHandlers.router(["GET /v2/openapi.yaml": yaml(Self.root), "GET /v2/shared/pets.yaml": yaml(Self.shared)])
        try await withTestServer(routes) { server in
            let spec = try await Spec.load(url: server.baseURL + "/v2/openapi.yaml", provider: Provider(options: .init(usesEnvironment: false)))
            try Self.check(spec, sharedAt: server.baseURL + "/v2/shared/pets.yaml")
        }
    }

    /// A schema's `$ref` resolves against `$self` too (3.2, Establishing the Base URI), in the
    /// document and in a file beside it that has no `$self`: `openapi#/…` and `../openapi#/…` name
    /// the document itself. Against the file's path they said 'openapi cannot be read'.
    @Test func schemaReferencesResolveAgainstSelf() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("netspec-self-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: folder + "/shared", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            openapi: 3.2.0
            $self: https://example.com/api/openapi
            info: { title: Owners, version: "1" }
            paths:
              /pets:
                get:
                  operationId: listPets
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              o: { $ref: "openapi#/components/schemas/Owner" }
                              p: { $ref: "shared/pet.yaml#/Pet" }
            components:
              schemas:
                Owner:
                  type: object
                  properties:
                    name: { type: string, minLength: 2 }
            """.write(toFile: folder + "/openapi.yaml", atomically: true, encoding: .utf8)
        try "Pet:\n  type: object\n  properties:\n    owner: { $ref: '../openapi#/components/schemas/Owner' }\n"
            .write(toFile: folder + "/shared/pet.yaml", atomically: true, encoding: .utf8)
        let spec = try Spec.load(path: folder + "/openapi.yaml")
        let schema = try #require(try spec.endpoint(named: "listPets")?.responseSchema(status: 200, mediaType: "application/json"))
        #expect(schema.validate(["o": ["name": "x"], "p": ["owner": ["name": "y"]]], direction: .response).map(\.description) == [
            "/o/name must be at least 2 characters long (schema at \(folder)/openapi.yaml:23:31)",
            "/p/owner/name must be at least 2 characters long (schema at \(folder)/openapi.yaml:23:31)",
        ])
    }
}
