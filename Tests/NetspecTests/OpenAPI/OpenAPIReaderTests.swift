import Foundation
import NetspecTestServer
import Testing

@testable import Netspec
@testable import NetspecModel
import NetspecTestSupport

/// OpenAPI 3.0 and 3.1 documents load into the same endpoints as Netspec specs: operations,
/// parameters by wire name (with camelCase aliases), JSON bodies as fields, streams, mocks from
/// examples, and every problem or unsupported construct at file:line:column.
@Suite struct OpenAPIReaderTests {
    static let petstore = TestPaths.specs + "/petstore.openapi.yaml"

    static func api(usesMock: Bool = false) throws -> Service {
        Service(spec: try Spec.load(path: petstore), provider: Provider(options: .init(mocks: .init(isEnabled: usesMock), usesEnvironment: false)))
    }

    @Test func operationsBecomeEndpoints() async throws {
        let spec = try Spec.load(path: Self.petstore)
        #expect(spec.service == "Petstore")
        #expect(spec.endpoints.map { "\($0.name) \($0.method.rawValue) \($0.path)" } == [
            "listPets GET /pets",
            "createPet POST /pets",
            "getPetsByPetId GET /pets/{petId}",
            "deletePet DELETE /pets/{petId}",
            "petEvents GET /pets/{petId}/events",
        ])
        let list = try #require(spec.endpoint(named: "listPets"))
        #expect(list.parameters.map { "\($0.name)|\($0.alias ?? "-")|\($0.location)|\($0.wireName)|\($0.type)" } == [
            "limit|-|query|limit|Int?", "tags|-|query|tags|[String]?", "X-Request-ID|xRequestID|header|X-Request-ID|String?",
        ])
        let create = try #require(spec.endpoint(named: "createPet"))
        #expect(create.parameters.map { "\($0.name)|\($0.location)|\($0.type)" } == ["name|field|String", "tag|field|String?"])
        #expect(spec.endpoint(named: "petEvents")?.stream == .sse)
        // The document's security applies unless an operation says otherwise; the first
        // alternative that is supported is taken.
        #expect(spec.endpoint(named: "petEvents")?.auth?.scheme == .bearer(token: try Template(parsing: "${BEARER_AUTH}")))
        #expect(spec.endpoint(named: "createPet")?.auth?.scheme == .bearer(token: try Template(parsing: "${BEARER_AUTH}")))
        #expect(spec.endpoint(named: "listPets")?.auth == nil)
        // mutualTLS is a client certificate requirement, taken after the alternatives that send credentials.
        #expect(spec.warnings.map(\.description) == [])
    }

    @Test func requestsGoWhereTheDocumentSays() async throws {
        let api = try Self.api()
        let list = try await api.listPets.prepare(limit: 5, tags: ["a", "b"], xRequestID: "r1")
        #expect(list.url == "https://eu.petstore.example.com/v1/pets?limit=5&tags=a&tags=b")
        #expect(list.headerFields[.init("X-Request-ID")!] == "r1")
        let byWireName = try api.prepare("listPets", ["X-Request-ID": "r2"])
        // `limit`'s default (20) is the server's: not sent.
        #expect(byWireName.url == "https://eu.petstore.example.com/v1/pets")
        #expect(byWireName.headerFields[.init("X-Request-ID")!] == "r2")
        let create = try await api.createPet.prepare(name: "Rex", tag: "dog")
        #expect(create.body == .bytes(Array(#"{"name":"Rex","tag":"dog"}"#.utf8)))
        #expect(try api.prepare("getPetsByPetId", ["pet-id": 3]).url == "https://eu.petstore.example.com/v1/pets/3")
        #expect(try await api.getPetsByPetId.prepare(petId: 4).url == "https://eu.petstore.example.com/v1/pets/4")
        // Cookie parameters go in one Cookie header, percent-encoded outside RFC 6265's octets.
        let delete = try api.prepare("deletePet", ["pet-id": 1, "session": "a b;c"], options: CallOptions(headers: [("Cookie", "theme=dark")]))
        #expect(delete.headerFields[.cookie] == "theme=dark; session=a%20b%3Bc")
        #expect(try api.prepare("deletePet", ["pet-id": 1]).headerFields[.cookie] == nil)
    }

    @Test func examplesAreTheMock() async throws {
        let api = try Self.api(usesMock: true)
        #expect(try await api.listPets().value == [["id": 1, "name": "Rex", "tag": "dog"]])
        let created = try await api.createPet(name: "Tom")
        #expect(created.status == 201)
        #expect(created.value == ["id": 2, "name": "Tom"])
    }

    static let json = """
        {
          "openapi": "3.1.0",
          "info": { "title": "J", "version": "1" },
          "servers": [{ "url": "http://127.0.0.1:9/api/" }],
          "paths": {
            "/users/{id}": {
              "get": { "responses": { "200": { "description": "ok" } } },
              "put": { "operationId": "send", "responses": { "204": { "description": "ok" } } }
            },
            "/items": {
              "get": { "operationId": "getUsersById", "parameters": [{ "name": "q", "in": "query", "style": "matrix", "required": true, "schema": { "type": "array", "items": { "type": "string" } } }], "responses": {} },
              "post": { "operationId": "getUsersById", "responses": {} }
            }
          }
        }
        """

    @Test func aJSONDocumentReadsTheSameWithPositions() async throws {
        let spec = try Spec(yaml: Self.json, file: "doc.json")
        // Named from the method and path; a repeated name gets a suffix; an operation that needs
        // an unsupported style is left out, with a warning at its parameter.
        #expect(spec.endpoints.map(\.name) == ["getUsersById", "send", "getUsersById2"])
        #expect(spec.baseURL?.description == "http://127.0.0.1:9/api")
        #expect(spec.endpoint(named: "getUsersById")?.parameters.map(\.name) == ["id"])
        #expect(spec.warnings.map(\.description) == [
            "doc.json:7:7: warning: operation 'getUsersById': path placeholder '{id}' has no parameter; it is taken as a required String",
            "doc.json:8:7: warning: operation 'send': path placeholder '{id}' has no parameter; it is taken as a required String",
            #"doc.json:8:7: warning: endpoint 'send': 'api.send' is Service's own member, not this endpoint; call it as api[endpoint: "send"](…) or api.call("send", …)"#,
            "doc.json:11:62: warning: operation 'getUsersById': parameter 'q': style 'matrix' is not supported in the query yet; the operation is left out",
        ])
    }

    @Test(arguments: [
        ("openapi: 2.5.0\npaths: {}\n", "<spec>:1:10: error: unsupported OpenAPI version '2.5.0' (this Netspec reads 3.0.x, 3.1.x and 3.2.x)"),
        ("openapi: 3.0.0\npaths:\n  /a:\n    get:\n      parameters:\n        - $ref: '#/components/parameters/Nope'\n",
         "<spec>:6:17: error: '$ref: #/components/parameters/Nope' points to nothing in this document"),
        ("openapi: 3.0.0\ncomponents:\n  parameters:\n    A: { $ref: '#/components/parameters/B' }\n    B: { $ref: '#/components/parameters/A' }\npaths:\n  /a:\n    get:\n      parameters: [{ $ref: '#/components/parameters/A' }]\n",
         "<spec>:4:16: error: '$ref: #/components/parameters/B' refers to itself through other references"),
        // A response every reader of responses follows: said once.
        ("openapi: 3.1.0\ncomponents:\n  responses:\n    A: { $ref: '#/components/responses/A' }\npaths:\n  /a:\n    get:\n      responses: { '200': { $ref: '#/components/responses/A' } }\n",
         "<spec>:4:16: error: '$ref: #/components/responses/A' refers to itself through other references"),
    ])
    func problemsArePositioned(document: String, message: String) {
        let error = #expect(throws: SpecError.self) { try Spec(yaml: document) }
        #expect(error?.description == message)
    }

    /// The start of a small 3.0 document served from https://example.com; its `paths:` follow.
    static let onExampleCom = "openapi: 3.0.3\nservers: [{ url: \"https://example.com\" }]\npaths:\n"

    @Test func allOfMembersAreMergedIntoBodyFields() async throws {
        let spec = try Spec(yaml: Self.onExampleCom + """
              /pets:
                put:
                  operationId: updatePet
                  requestBody:
                    content:
                      application/json:
                        schema: { $ref: "#/components/schemas/Pet" }
            components:
              schemas:
                Base:
                  required: [name]
                  properties: { name: { type: string }, tag: { type: string } }
                Pet:
                  allOf:
                    - $ref: "#/components/schemas/Base"
                    - { required: [id], properties: { id: { type: integer }, tag: { type: integer } } }
            """, file: "allof.yaml")
        let endpoint = try #require(spec.endpoint(named: "updatePet"))
        #expect(endpoint.parameters.map { "\($0.name)|\($0.location)|\($0.type)" } == ["name|field|String", "tag|field|Int?", "id|field|Int"])
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        #expect(try await api.updatePet.prepare(name: "Rex", id: 3).body == .bytes(Array(#"{"name":"Rex","id":3}"#.utf8)))
    }

    @Test func otherMediaTypesAreRawBodiesFromTheUnlabelledArgument() async throws {
        let spec = try Spec(yaml: Self.onExampleCom + """
              /blobs:
                put:
                  operationId: putBlob
                  requestBody:
                    required: true
                    content: { image/png: { schema: { type: string, format: binary } } }
              /notes:
                post:
                  operationId: postNote
                  requestBody:
                    content: { "text/plain; charset=utf-8": { schema: { type: string } } }
            """, file: "raw.yaml")
        #expect(spec.endpoints.map { "\($0.name): \($0.parameters.map { "\($0.name) \($0.location) \($0.type) \($0.codec.bodyMediaType ?? "-")" })" } == [
            "putBlob: [\"_ body Data image/png\"]", "postNote: [\"_ body String? text/plain; charset=utf-8\"]",
        ])
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let blob = try await api.putBlob.prepare(Data([0x89, 0x50]))
        #expect(blob.body == .bytes([0x89, 0x50]))
        #expect(blob.headerFields[.contentType] == "image/png")
        let note = try await api.postNote.prepare("hello")
        #expect(note.body == .bytes(Array("hello".utf8)))
        // The charset stays: text/plain without one is US-ASCII (RFC 6657 §4).
        #expect(note.headerFields[.contentType] == "text/plain; charset=utf-8")
    }

    @Test func operationServersAreAbsoluteAndGetCredentialsOnAnotherOriginOnlyWhenAllowed() async throws {
        let spec = try Spec(yaml: """
            openapi: 3.0.3
            servers: [{ url: "https://{region}.example.com/v1", variables: { region: { default: eu } } }]
            security: [{ token: [] }]
            components: { securitySchemes: { token: { type: http, scheme: bearer } } }
            paths:
              /same:
                get:
                  operationId: same
                  servers: [{ url: "https://eu.example.com/v2" }]
              /upload:
                servers: [{ url: "https://uploads.example.net" }]
                post: { operationId: upload }
            """, file: "servers.yaml")
        let api = Service(spec: spec, provider: Provider(variables: ["TOKEN": "t"], options: .init(usesEnvironment: false)))
        #expect(try await api.same.prepare().url == "https://eu.example.com/v2/same")
        #expect(try await api.upload.prepare().url == "https://uploads.example.net/upload")
        #expect(spec.endpoint(named: "same")?.auth?.origin == nil)
        #expect(spec.endpoint(named: "upload")?.auth?.origin == URLOrigin("https://uploads.example.net"))
        #expect(spec.warnings.map(\.description) == [
            "servers.yaml:11:14: warning: operation 'upload': its server https://uploads.example.net is another origin than the document's, so its credentials are sent there only if that origin is allowed (--allow-origin https://uploads.example.net)",
        ])
        // The request as sent: credentials on the document's origin; on the other only when allowed
        // (written in any case, with or without a path).
        #expect(try api.preview("same", [:], showingSecrets: true).request.headerFields[.authorization] == "Bearer t")
        #expect(try api.preview("upload", [:], showingSecrets: true).request.headerFields[.authorization] == nil)
        for allowed in ["https://uploads.example.net", "HTTPS://Uploads.Example.NET/", "https://uploads.example.net/x"] {
            let trusting = Service(spec: spec, provider: Provider(variables: ["TOKEN": "t"], options: .init(usesEnvironment: false, credentialOrigins: [allowed])))
            #expect(try trusting.preview("upload", [:], showingSecrets: true).request.headerFields[.authorization] == "Bearer t")
        }
        let other = Service(spec: spec, provider: Provider(variables: ["TOKEN": "t"], options: .init(usesEnvironment: false, credentialOrigins: ["https://uploads.example.net:8443"])))
        #expect(try other.preview("upload", [:], showingSecrets: true).request.headerFields[.authorization] == nil)
    }

    /// A body's `encoding`: a part's `contentType` (the first of a list), a form field's `style`
    /// and `explode`; part `headers` are warned about by name.
    @Test func bodyEncodingPerPropertyIsHonoured() async throws {
        let spec = try Spec(yaml: Self.onExampleCom + """
              /upload:
                post:
                  operationId: upload
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          properties:
                            meta: { type: object }
                            note: { type: string }
                            plain: { type: string }
                            picture: { type: string, format: binary }
                        encoding:
                          meta: { contentType: application/vnd.meta+json }
                          note: { contentType: "text/markdown, text/plain" }
                          picture: { contentType: image/png, headers: { X-Rate-Limit: { schema: { type: integer } } } }
              /search:
                post:
                  operationId: search
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties:
                            ids: { type: array, items: { type: integer } }
                            tags: { type: array, items: { type: string } }
                            color: { type: object }
                            path: { type: string }
                        encoding:
                          ids: { style: form, explode: false }
                          tags: { style: pipeDelimited, explode: false }
                          color: { explode: false }
                          path: { allowReserved: true }
            """, file: "encoding.yaml")
        #expect(spec.warnings.map(\.description) == [
            "encoding.yaml:20:59: warning: operation 'upload': the 'headers' of part 'picture' are not sent (not supported yet)",
        ])
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let upload = try api.prepare("upload", ["meta": ["a": 1], "note": "# Hi", "plain": "p", "picture": .data(Data([1, 2]))])
        guard case let .multipart(body) = upload.body else { Issue.record("not multipart: \(upload.body)"); return }
        #expect(body.parts.map(\.contentType) == ["application/vnd.meta+json", "text/markdown", nil, "image/png"])
        let search = try api.prepare("search", ["ids": [1, 2], "tags": ["a", "b"], "color": ["R": 1, "G": 2], "path": "a/b c"])
        #expect(search.body == .bytes(Array("ids=1,2&tags=a%7Cb&color=R,1,G,2&path=a/b%20c".utf8)))
    }

    @Test func contentParametersAreSentAsJSONText() async throws {
        let spec = try Spec(yaml: Self.onExampleCom + """
              /search:
                get:
                  operationId: search
                  parameters:
                    - { name: filter, in: query, content: { application/json: { schema: { type: object } } } }
                    - { name: X-Meta, in: header, content: { application/json: { schema: { type: array } } } }
            """, file: "content.yaml")
        #expect(spec.warnings.isEmpty)
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let request = try api.prepare("search", ["filter": ["a": 1, "b": "x y"], "X-Meta": [1, 2]])
        #expect(request.url == "https://example.com/search?filter=%7B%22a%22%3A1%2C%22b%22%3A%22x%20y%22%7D")
        #expect(request.headerFields[.init("X-Meta")!] == "[1,2]")
    }

    @Test func enumsAreCheckedBeforeSending() async throws {
        let spec = try Spec(yaml: Self.onExampleCom + """
              /pets:
                get:
                  operationId: findPets
                  parameters:
                    - { name: status, in: query, schema: { type: string, enum: [available, sold] } }
                    - { name: tags, in: query, schema: { type: array, items: { type: integer, enum: [1, 2] } } }
            """, file: "enum.yaml")
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        #expect(try await api.findPets.prepare(status: "sold", tags: [1, 2]).url == "https://example.com/pets?status=sold&tags=1&tags=2")
        for (arguments, message) in [
            (["status": "lost"], #"endpoint 'findPets': parameter 'status': "lost" is not one of "available", "sold""#),
            (["tags": [1, 3]], "endpoint 'findPets': parameter 'tags': 3 is not one of 1, 2"),
        ] as [([String: Argument], String)] {
            let error = #expect(throws: CallError.self) { try api.prepare("findPets", arguments) }
            #expect(error?.description == message)
        }
    }

    @Test func referencesIntoOtherFilesAreRelativeToTheirOwnFile() async throws {
        let directory = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/schemas", withIntermediateDirectories: true)
        try directory.write(Array("Limit: { name: limit, in: query, schema: { type: integer } }\n".utf8), to: "params.yaml")
        // A reference from inside schemas/pet.yaml is relative to schemas/.
        try directory.write(Array("type: object\nproperties:\n  name: { type: string }\n  owner: { $ref: 'owner.yaml' }\n".utf8), to: "schemas/pet.yaml")
        try directory.write(Array("type: string\n".utf8), to: "schemas/owner.yaml")
        let main = try directory.write(Array("""
            openapi: 3.0.3
            servers: [{ url: "https://example.com" }]
            paths:
              /pets:
                post:
                  operationId: createPet
                  parameters: [{ $ref: 'params.yaml#/Limit' }]
                  requestBody:
                    content: { application/json: { schema: { $ref: 'schemas/pet.yaml' } } }

            """.utf8), to: "main.yaml")
        let spec = try Spec.load(path: main)
        #expect(spec.endpoint(named: "createPet")?.parameters.map { "\($0.name)|\($0.location)|\($0.type)" } == [
            "limit|query|Int?", "name|field|String?", "owner|field|String?",
        ])
        let broken = try directory.write(Array("""
            openapi: 3.0.3
            paths:
              /a:
                get:
                  parameters: [{ $ref: 'nowhere.yaml#/X' }, { $ref: 'params.yaml#/Nope' }]
            """.utf8), to: "broken.yaml")
        let error = #expect(throws: SpecError.self) { try Spec.load(path: broken) }
        #expect(error?.description == """
                \(broken):5:28: error: '$ref: nowhere.yaml#/X' points to \(directory.path)/nowhere.yaml, which cannot be read: No such file or directory
                \(broken):5:57: error: '$ref: params.yaml#/Nope' points to nothing in 'params.yaml'
                """)
    }

    @Test(arguments: [
        ("X-Rate-Limit", "xRateLimit"), ("$select", "select"), ("page.size", "pageSize"), ("pet-id", "petId"), ("2fa", "_2fa"), ("---", "_"),
    ])
    func aliasesAreCamelCase(wireName: String, alias: String) {
        #expect(OpenAPIReader.identifier(wireName) == alias)
    }

    @Test(arguments: [
        ("bearerAuth", "BEARER_AUTH"), ("api_key", "API_KEY"), ("OAuth2", "OAUTH2"), ("petstore-auth", "PETSTORE_AUTH"), ("", "TOKEN"),
    ])
    func credentialVariablesAreNamedAfterTheScheme(scheme: String, variable: String) {
        #expect(OpenAPIReader.variableName(scheme) == variable)
    }

    @Test(arguments: [
        ("GET", "/users/{id}", "getUsersById"), ("POST", "/users", "postUsers"), ("DELETE", "/a/{b-c}/d", "deleteAByBCD"), ("GET", "/", "get"),
    ])
    func namesFromMethodAndPath(method: String, path: String, name: String) {
        #expect(OpenAPIReader.name(method: .init(method)!, path: path) == name)
    }
}

/// The query rows of the OpenAPI 3.1 style table (§4.8.12.4.2), with its own example values:
/// `color` as the array `["blue", "black", "brown"]` and the object `{"R": 100, "G": 200, "B": 150}`.
@Suite struct OpenAPIStyleTableTests {
    static func document(style: String, explode: Bool, object: Bool) -> String {
        let schema = object ? "{ type: object, properties: { R: { type: integer }, G: { type: integer }, B: { type: integer } } }"
            : "{ type: array, items: { type: string } }"
        return """
            openapi: 3.1.0
            servers: [{ url: "https://example.com" }]
            paths:
              /p:
                get:
                  operationId: p
                  parameters:
                    - { name: color, in: query, style: \(style), explode: \(explode), schema: \(schema) }
            """
    }

    static let array: Argument = ["blue", "black", "brown"]
    static let object: Argument = ["R": 100, "G": 200, "B": 150]

    @Test(arguments: [
        ("form", false, false, "color=blue,black,brown"),
        ("form", true, false, "color=blue&color=black&color=brown"),
        ("form", true, true, "R=100&G=200&B=150"),
        ("spaceDelimited", false, false, "color=blue%20black%20brown"),
        ("pipeDelimited", false, false, "color=blue%7Cblack%7Cbrown"),
        ("deepObject", true, true, "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"),
    ])
    func theTablesExamples(style: String, explode: Bool, object: Bool, query: String) throws {
        let spec = try Spec(yaml: Self.document(style: style, explode: explode, object: object), file: "style.yaml")
        #expect(spec.warnings.isEmpty)
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let request = try api.prepare("p", ["color": object ? Self.object : Self.array])
        #expect(request.url == "https://example.com/p?" + query)
    }

    @Test(arguments: [
        ("form", false, "color=R,100,G,200,B,150"),
        ("spaceDelimited", false, "color=R%20100%20G%20200%20B%20150"),
        ("pipeDelimited", false, "color=R%7C100%7CG%7C200%7CB%7C150"),
    ])
    func theTablesObjectExamples(style: String, explode: Bool, query: String) throws {
        try theTablesExamples(style: style, explode: explode, object: true, query: query)
    }

    /// `allowReserved`: reserved characters stay in the value (`#` does not, it would end the URL;
    /// nor do `[` and `]`, which a query cannot hold: a URL parser escaped the whole query again
    /// for them); names and values without it are escaped as usual.
    @Test(arguments: [
        ("form", true, "string", Argument.value("a/b?c=d&e[0]:f@g!$'()*+,;#h%2F"), "color=a/b?c=d&e%5B0%5D:f@g!$'()*+,;%23h%2F"),
        ("form", true, "array", ["x/y", "z&w"] as Argument, "color=x/y&color=z&w"),
        ("form", false, "array", ["x/y", "z:w"] as Argument, "color=x/y,z:w"),
        ("form", false, "object", ["R": "1/2", "G": "3"] as Argument, "color=R,1/2,G,3"),
        ("form", true, "object", ["R": "1/2"] as Argument, "R=1/2"),
        ("deepObject", true, "object", ["R": "1/2"] as Argument, "color%5BR%5D=1/2"),
    ])
    func allowReservedKeepsReservedCharacters(style: String, explode: Bool, type: String, value: Argument, query: String) throws {
        let schema = switch type {
        case "array": "{ type: array, items: { type: string } }"
        case "object": "{ type: object, additionalProperties: { type: string } }"
        default: "{ type: string }"
        }
        let spec = try Spec(yaml: """
            openapi: 3.1.0
            servers: [{ url: "https://example.com" }]
            paths:
              /p:
                get:
                  operationId: p
                  parameters:
                    - { name: color, in: query, style: \(style), explode: \(explode), allowReserved: true, schema: \(schema) }
                    - { name: plain, in: query, schema: { type: string } }
            """, file: "style.yaml")
        #expect(spec.warnings.isEmpty)
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        #expect(try api.prepare("p", ["color": value, "plain": "a/b&c"]).url == "https://example.com/p?" + query + "&plain=a%2Fb%26c")
    }
}

/// The path rows of the OpenAPI 3.1 style table, with its example values (`blue` and the array
/// `["blue", "black", "brown"]`).
@Suite struct OpenAPIPathStyleTableTests {
    @Test(arguments: [
        ("simple", false, false, "blue"), ("simple", false, true, "blue,black,brown"), ("simple", true, true, "blue,black,brown"),
        ("label", false, false, ".blue"), ("label", false, true, ".blue,black,brown"), ("label", true, true, ".blue.black.brown"),
        ("matrix", false, false, ";color=blue"), ("matrix", false, true, ";color=blue,black,brown"),
        ("matrix", true, true, ";color=blue;color=black;color=brown"),
    ])
    func theTablesExamples(style: String, explode: Bool, array: Bool, path: String) throws {
        try check(style: style, explode: explode, schema: array ? "{ type: array, items: { type: string } }" : "{ type: string }",
                  value: array ? ["blue", "black", "brown"] : "blue", path: path)
    }

    @Test(arguments: [
        ("simple", false, "R,100,G,200,B,150"), ("simple", true, "R=100,G=200,B=150"),
        ("label", false, ".R,100,G,200,B,150"), ("label", true, ".R=100.G=200.B=150"),
        ("matrix", false, ";color=R,100,G,200,B,150"), ("matrix", true, ";R=100;G=200;B=150"),
    ])
    func theTablesObjectExamples(style: String, explode: Bool, path: String) throws {
        try check(
            style: style, explode: explode, schema: "{ type: object, properties: { R: { type: integer }, G: { type: integer }, B: { type: integer } } }",
            value: ["R": 100, "G": 200, "B": 150], path: path
        )
    }

    /// Names and values are percent-encoded as segments; an empty label (`.`) is refused.
    @Test func valuesAreEncodedAndAnEmptyLabelIsRefused() async throws {
        try check(style: "matrix", explode: true, schema: "{ type: object }", value: ["a b": "c/d"], path: ";a%20b=c%2Fd")
        try check(style: "label", explode: false, schema: "{ type: array, items: { type: string } }", value: ["x/y", "z"], path: ".x%2Fy,z")
        let error = #expect(throws: CallError.self) {
            try check(style: "label", explode: false, schema: "{ type: string }", value: "", path: "")
        }
        #expect(error?.description == "endpoint 'p': parameter 'color': '.' is not allowed as a path segment")
    }

    func check(style: String, explode: Bool, schema: String, value: Argument, path: String) throws {
        let spec = try Spec(yaml: OpenAPIReaderTests.onExampleCom + """
              /p/{color}:
                get:
                  operationId: p
                  parameters: [{ name: color, in: path, required: true, style: \(style), explode: \(explode), schema: \(schema) }]
            """, file: "path.yaml")
        #expect(spec.warnings.isEmpty)
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        #expect(try api.prepare("p", ["color": value]).url == "https://example.com/p/" + path)
    }
}

/// The header rows of the OpenAPI 3.1 style table (`simple`): one field line.
@Suite struct OpenAPIHeaderStyleTableTests {
    @Test(arguments: [
        (false, "{ type: string }", Argument.value("blue"), "blue"),
        (false, "{ type: array, items: { type: string } }", ["blue", "black", "brown"] as Argument, "blue,black,brown"),
        (true, "{ type: array, items: { type: string } }", ["blue", "black", "brown"] as Argument, "blue,black,brown"),
        (false, "{ type: object }", ["R": 100, "G": 200, "B": 150] as Argument, "R,100,G,200,B,150"),
        (true, "{ type: object }", ["R": 100, "G": 200, "B": 150] as Argument, "R=100,G=200,B=150"),
    ])
    func theTablesExamples(explode: Bool, schema: String, value: Argument, header: String) throws {
        let spec = try Spec(yaml: OpenAPIReaderTests.onExampleCom + """
              /p:
                get:
                  operationId: p
                  parameters: [{ name: X-Color, in: header, explode: \(explode), schema: \(schema) }]
            """, file: "header.yaml")
        #expect(spec.warnings.isEmpty)
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let request = try api.prepare("p", ["X-Color": value])
        #expect(request.headerFields[values: .init("X-Color")!] == [header])
    }
}

extension ParameterCodec {
    /// A whole body's declared media type.
    var bodyMediaType: String? {
        if case let .body(body) = self { body.mediaType } else { nil }
    }
}
