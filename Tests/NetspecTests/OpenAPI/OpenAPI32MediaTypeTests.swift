import NetspecTestServer
import NetspecTestSupport
import Testing

@testable import Netspec
@testable import NetspecModel

/// OpenAPI 3.2's `components/mediaTypes` (Components Object, Media Type Object): a content map's
/// `$ref` to a Media Type Object is followed when the document is read, so a call's body, the
/// mock's answer and a stream's `itemSchema` come from the object it names (in this document, or
/// in another file through `$self`); a reference to nothing, a cycle, and an entry that is not a
/// Media Type Object are errors at their place.
@Suite struct OpenAPI32MediaTypeTests {
    static let document = """
        openapi: 3.2.0
        $self: https://example.com/api/openapi
        info: {title: Pets, version: "1"}
        components:
          schemas:
            Pet:
              type: object
              required: [name]
              properties: {name: {type: string}, age: {type: integer}}
          mediaTypes:
            PetJSON:
              schema: {$ref: '#/components/schemas/Pet'}
              example: {name: Rex, age: 3}
            Alias: {$ref: '#/components/mediaTypes/PetJSON'}
        paths:
          /pets:
            post:
              operationId: addPet
              requestBody:
                required: true
                content:
                  application/json: {$ref: '#/components/mediaTypes/Alias'}
              responses:
                "201":
                  description: created
                  content:
                    application/json: {$ref: '#/components/mediaTypes/PetJSON'}
          /pets/stream:
            get:
              operationId: streamPets
              responses:
                "200":
                  description: pets
                  content:
                    application/jsonl: {$ref: 'https://example.com/api/shared.yaml#/components/mediaTypes/Stream'}
        """

    static let shared = """
        openapi: 3.2.0
        info: {title: Shared, version: "1"}
        components:
          schemas:
            Item: {type: object, required: [id], properties: {id: {type: integer}}}
          mediaTypes:
            Stream:
              itemSchema: {$ref: '#/components/schemas/Item'}
        """

    /// The document and the file its `$self` places beside it, loaded from a folder.
    static func load() throws -> (Spec, ScratchDirectory) {
        let folder = try ScratchDirectory()
        _ = try folder.write(Array(Self.shared.utf8), to: "shared.yaml")
        let path = try folder.write(Array(Self.document.utf8), to: "openapi.yaml")
        return (try Spec.load(path: path), folder)
    }

    @Test func aReferencedMediaTypeMakesTheBodyTheMockAndNoWarning() async throws {
        let (spec, _) = try Self.load()
        #expect(spec.warnings.map(\.description) == [])
        let endpoint = try #require(spec.endpoints.first { $0.name == "addPet" })
        #expect(endpoint.parameters.map(\.name) == ["name", "age"])
        #expect(endpoint.requestMediaTypes == ["application/json"])
        let mocked = Service(spec: spec, provider: Provider(options: .init(mocks: .enabled, usesEnvironment: false)))
        #expect(try await mocked.call("addPet", ["name": "Rex"]).value == ["name": "Rex", "age": 3])
        try await withTestServer(TestHandlers.echo) { server in
            let api = Service(spec: spec, provider: Provider(baseURL: server.baseURL, options: .init(usesEnvironment: false)))
            let echoed = try await api.call("addPet", ["name": "Rex", "age": 4]).value
            #expect(echoed["bodyText"] == #"{"name":"Rex","age":4}"#)
            let missing = await #expect(throws: CallError.self) { try await api.call("addPet", ["age": 4]) }
            #expect(missing?.description == "endpoint 'addPet': parameter 'name': missing required argument (string)")
        }
    }

    /// The `itemSchema` of a media type in another file (`$self`'s folder) checks each item.
    @Test func aStreamsItemSchemaComesThroughAReferenceToAnotherFile() async throws {
        let (spec, folder) = try Self.load()
        let handler: TestHandler = { _, writer in
            try await writer.respond(status: 200, headers: [("Content-Type", "application/jsonl")], body: "{\"id\":1}\n{\"id\":\"two\"}\n")
        }
        try await withTestServer(handler) { server in
            let api = Service(spec: spec, provider: Provider(baseURL: server.baseURL, options: .init(usesEnvironment: false)))
            var seen: [JSONValue] = []
            let error = await #expect(throws: CallError.self) {
                for try await item in try await api.lines("streamPets", options: CallOptions(responseValidation: .strict)) { seen.append(item) }
            }
            #expect(seen == [["id": 1]])
            #expect(error?.description == """
                endpoint 'streamPets': line 2 of the response (200, application/jsonl) breaks the document's schema (1 violation):
                  /id must be an integer (schema at \(folder.path)/shared.yaml:5:60)
                """)
        }
    }

    static let broken = """
        openapi: 3.2.0
        info: {title: Bad, version: "1"}
        components:
          mediaTypes:
            A: {$ref: '#/components/mediaTypes/B'}
            B: {$ref: '#/components/mediaTypes/A'}
            Text: just text
            Schema: {type: object, properties: {a: {type: string}}}
        paths:
          /x:
            post:
              operationId: x
              requestBody:
                content:
                  application/json: {$ref: '#/components/mediaTypes/Missing'}
                  text/plain: {$ref: '#/components/mediaTypes/A'}
                  application/xml: {$ref: '#/components/mediaTypes/Text'}
              responses:
                "200":
                  description: ok
                  content:
                    application/json: {$ref: '#/components/mediaTypes/Schema'}
        """

    /// Each problem once, at its place, however many content maps use it.
    @Test func aMissingTargetACycleAndWhatIsNotAMediaTypeObjectAreErrors() throws {
        let error = #expect(throws: SpecError.self) { try Spec(yaml: Self.broken, file: "bad.yaml") }
        #expect(error?.description == """
            bad.yaml:6:15: error: '$ref: #/components/mediaTypes/A' closes a cycle of media type references ('#/components/mediaTypes/A' → '#/components/mediaTypes/B' → '#/components/mediaTypes/A'), so it names no Media Type Object (OpenAPI 3.2.0, Components Object)
            bad.yaml:7:11: error: '#/components/mediaTypes/Text' is not a Media Type Object: it is the string 'just text', not a mapping (OpenAPI 3.2.0, Media Type Object)
            bad.yaml:8:13: error: '#/components/mediaTypes/Schema' is not a Media Type Object: none of its keys ('type', 'properties') is a field of one (schema, itemSchema, example, examples, encoding, prefixEncoding, itemEncoding, description) (OpenAPI 3.2.0, Media Type Object)
            bad.yaml:15:36: error: '$ref: #/components/mediaTypes/Missing' points to nothing in this document
            """)
    }

    /// `mediaTypes` that is not a mapping; and a 3.1 document, which has no `mediaTypes`, is read as before.
    @Test func mediaTypesMustBeAMappingAndA31DocumentIsUnchanged() throws {
        let error = #expect(throws: SpecError.self) {
            try Spec(yaml: "openapi: 3.2.0\ninfo: {title: T, version: '1'}\ncomponents:\n  mediaTypes: [a]\n", file: "list.yaml")
        }
        #expect(error?.description == "list.yaml:4:15: error: 'mediaTypes' must be a mapping of names to Media Type Objects, found a list (OpenAPI 3.2.0, Components Object)")
        let old = try Spec(yaml: Self.broken.replacing("3.2.0", with: "3.1.0"), file: "old.yaml")
        #expect(old.warnings.map(\.description).prefix(2) == [
            "old.yaml:4:3: warning: 'mediaTypes' is not a key of a Components object, so it is not read",
            "old.yaml:15:30: warning: operation 'x': '$ref' is not a key of a Media Type object, so it is not read",
        ])
    }
}
