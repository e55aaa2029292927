import NetspecTestServer
import NetspecTestSupport
import Testing

@testable import Netspec
@testable import NetspecModel

/// The document's schemas in the endpoint model, by place, and what the calls do with them:
/// requests checked before sending (every problem at once), responses validated on request.
@Suite struct SchemasInTheModelTests {
    static let shelter = TestPaths.specs + "/shelter.openapi.yaml"

    static func api(_ options: Provider.Options = .init(usesEnvironment: false), baseURL: String? = nil) throws -> Service {
        Service(spec: try Spec.load(path: shelter), provider: Provider(baseURL: baseURL, options: options))
    }

    // MARK: - The model

    @Test func endpointsExposeTheirSchemasWithTheirPlaces() throws {
        let spec = try Spec.load(path: Self.shelter)
        let list = try #require(spec.endpoint(named: "listAnimals"))
        #expect(try list.parameter(named: "limit")?.schema.location == "\(Self.shelter):15:19")
        #expect(try list.parameter(named: "limit")?.schema.json == ["type": "integer", "minimum": 1, "maximum": 100, "default": 20])
        #expect(try list.requestSchema == nil)
        let admit = try #require(spec.endpoint(named: "admitAnimal"))
        #expect(try admit.requestSchema?.location == "\(Self.shelter):33:21")
        // Body fields have their property's schema.
        #expect(try admit.parameter(named: "name")?.schema.location == "\(Self.shelter):73:15")
        // By status (exact, then a range, then default) and media type (parameters ignored; a JSON
        // answer finds a `+json` type; nothing for an undeclared type).
        #expect(try admit.responseSchema(status: 201, mediaType: "application/json; charset=utf-8")?.location == "\(Self.shelter):39:23")
        #expect(try admit.responseSchema(status: 422, mediaType: "application/problem+json")?.location == "\(Self.shelter):44:23")
        #expect(try admit.responseSchema(status: 422, mediaType: "application/json")?.location == "\(Self.shelter):44:23")
        #expect(try admit.responseSchema(status: 500, mediaType: "application/json") == nil)
        #expect(try admit.responseSchema(status: 201, mediaType: "text/html") == nil)
        let get = try #require(spec.endpoint(named: "getAnimal"))
        #expect(try get.responseSchema(status: 503, mediaType: "application/problem+json")?.location == "\(Self.shelter):64:23")
        #expect(get.responses.schemas.map { "\($0.status) \($0.mediaType)" } == ["200 application/json", "default application/problem+json"])
    }

    @Test func aNetspecSpecsTypesAreItsSchemas() throws {
        let spec = try Spec(yaml: """
            netspec: 1
            service: S
            baseURL: https://example.com
            endpoints:
              find:
                GET: /find
                params: { q: String, page: Int?, ids: "[Int]" }
            """, file: "s.yaml")
        let find = try #require(spec.endpoint(named: "find"))
        #expect(try find.parameters.map { try $0.schema.json } == [
            ["type": "string"], ["anyOf": [["type": "integer"], ["type": "null"]]], ["type": "array", "items": ["type": "integer"]],
        ])
    }

    @Test func aSwaggerParameterIsItsOwnSchema() throws {
        let spec = try Spec(yaml: """
            swagger: "2.0"
            info: { title: S, version: "1" }
            host: example.com
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters:
                    - { name: limit, in: query, type: integer, minimum: 1, required: true }
                    - { name: ids, in: query, type: array, items: { type: integer }, maxItems: 2 }
                  responses:
                    "200": { description: ok, schema: { type: array, items: { type: string } } }
                post:
                  operationId: addItem
                  parameters:
                    - { name: body, in: body, required: true, schema: { type: object, required: [name], properties: { name: { type: string, minLength: 2 } } } }
                  responses:
                    "201": { description: created }
            """, file: "s.yaml")
        #expect(spec.warnings.isEmpty)
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let error = #expect(throws: CallError.self) { try api.prepare("listItems", ["limit": 0, "ids": [1, 2, 3]]) }
        #expect(error?.description == """
            endpoint 'listItems': 2 problems with the arguments:
              parameter 'limit': must be at least 1, got 0 (schema at s.yaml:9:52)
              parameter 'ids': must have at most 2 items (schema at s.yaml:10:74)
            """)
        let body = #expect(throws: CallError.self) { try api.prepare("addItem", ["name": "x"]) }
        #expect(body?.description == "endpoint 'addItem': parameter 'name': must be at least 2 characters long, got \"x\" (schema at s.yaml:16:129)")
        #expect(try spec.endpoint(named: "listItems")?.responseSchema(status: 200, mediaType: "application/json")?.isValid(["a"]) == true)
    }

    // MARK: - Requests

    @Test func everyProblemWithTheArgumentsIsNamedBeforeSending() throws {
        let api = try Self.api()
        let error = #expect(throws: CallError.self) {
            try api.prepare("admitAnimal", ["name": "", "species": "lion", "tags": ["a", "", "c", "d"], "secret": "s"])
        }
        guard case let .argument(problem)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(problem.reason == .several)
        #expect(problem.description == """
            endpoint 'admitAnimal': 4 problems with the arguments:
              parameter 'species': "lion" is not one of "cat", "dog", "rabbit"
              parameter 'name': must be at least 1 character long, got "" (schema at \(Self.shelter):73:31)
              parameter 'tags': must have at most 3 items (schema at \(Self.shelter):78:11)
              parameter 'tags': /1 must be at least 1 character long, got "" (schema at \(Self.shelter):79:34)
            """)
        #expect(problem.problems.map { "\($0.parameter ?? "-") \($0.violation?.instancePath ?? "?") \($0.violation?.keyword ?? "?")" } == [
            "species ? ?", "name /name minLength", "tags /tags maxItems", "tags /tags/1 minLength",
        ])
    }

    @Test func aParametersOwnSchemaIsChecked() throws {
        let api = try Self.api()
        let limit = #expect(throws: CallError.self) { try api.prepare("listAnimals", ["limit": -5]) }
        #expect(limit?.description == "endpoint 'listAnimals': parameter 'limit': must be at least 1, got -5 (schema at \(Self.shelter):15:36)")
        let id = #expect(throws: CallError.self) { try api.prepare("getAnimal", ["id": "Tom"]) }
        #expect(id?.description == "endpoint 'getAnimal': parameter 'id': must match ^[a-z]{2}-[0-9]+$, got \"Tom\" (schema at \(Self.shelter):52:35)")
        #expect(try api.prepare("getAnimal", ["id": "ca-1"]).url == "https://shelter.example.com/v1/animals/ca-1")
    }

    @Test func readOnlyPropertiesAreNotAskedOfARequest() throws {
        // `id` is required and readOnly: the server's to send. `secret` is required and writeOnly.
        let request = try Self.api().prepare("admitAnimal", ["name": "Tom", "species": "cat", "secret": "s"])
        #expect(request.body == .bytes(Array(#"{"name":"Tom","species":"cat","secret":"s"}"#.utf8)))
    }

    @Test func theBodyAsAWholeIsChecked() throws {
        // A whole body given as `_` with a member the schema forbids (additionalProperties: false).
        let error = #expect(throws: CallError.self) {
            try Self.api().prepare("admitAnimal", ["_": ["name": "Tom", "species": "cat", "secret": "s", "colour": "grey"]])
        }
        #expect(error?.description == "endpoint 'admitAnimal': the body's /colour is not allowed (additionalProperties: false), got \"grey\" (schema at \(Self.shelter):70:29)")
    }

    @Test func validationOffSendsAnyway() throws {
        let request = try Self.api().prepare("listAnimals", ["limit": -5], options: CallOptions(requestValidation: .off))
        #expect(request.url == "https://shelter.example.com/v1/animals?limit=-5")
    }

    @Test func aSchemaThatCannotBeCompiledSaysWhereAndHowToGoOn() throws {
        let spec = try Spec(yaml: """
            openapi: 3.1.0
            info: { title: S, version: "1" }
            servers: [{ url: "https://example.com" }]
            paths:
              /x:
                get:
                  operationId: x
                  parameters:
                    - { name: q, in: query, schema: { type: string, pattern: "(" } }
                  responses: { "204": { description: none } }
            """, file: "bad.yaml")
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let error = #expect(throws: CallError.self) { try api.prepare("x", ["q": "a"]) }
        #expect(error?.description.hasPrefix("endpoint 'x': parameter 'q': its schema cannot be compiled: bad.yaml:9:") == true)
        // An invalid document, not a setup to fix nor an argument to change (the command line exits 65).
        guard case let .configuration(problem)? = error else { Issue.record("expected a configuration error, got \(String(describing: error))"); return }
        #expect(problem.reason == .spec)
        #expect(error?.description.hasSuffix("; send without checking with --no-validate (CallOptions(requestValidation: .off))") == true)
        #expect(try api.prepare("x", ["q": "a"], options: CallOptions(requestValidation: .off)).url == "https://example.com/x?q=a")
    }

    /// A request body's schema that cannot be compiled is not hidden behind an argument that
    /// cannot be bound (text for an integer): both are said, and the document is invalid.
    @Test func aBodySchemaThatCannotBeCompiledIsSaidBesideABadArgument() throws {
        let spec = try Spec(yaml: """
            openapi: 3.1.0
            info: { title: S, version: "1" }
            servers: [{ url: "https://example.com" }]
            paths:
              /x:
                post:
                  operationId: x
                  parameters:
                    - { name: n, in: query, required: true, schema: { type: integer } }
                  requestBody:
                    content:
                      application/json:
                        schema: { type: object, properties: { s: { type: string, pattern: "(" } } }
                  responses: { "204": { description: none } }
            """, file: "bad.yaml")
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let error = #expect(throws: CallError.self) { try api.prepare("x", ["n": "abc", "s": "a"]) }
        guard case let .configuration(problem)? = error else { Issue.record("expected a configuration error, got \(String(describing: error))"); return }
        #expect(problem.reason == .spec)
        #expect(problem.message.hasPrefix("2 problems with the arguments:\n  parameter 'n': ") == true)
        #expect(problem.message.contains("\n  the request body's schema cannot be compiled: bad.yaml:13:") == true)
    }

    // MARK: - Responses

    static let badAnimal = #"{"id":"ca-1","name":"","species":"lion","extra":1}"#

    @Test func responsesAreValidatedOnRequest() async throws {
        try await withTestServer(TestHandlers.json(body: Self.badAnimal)) { server in
            let api = try Self.api(baseURL: server.baseURL)
            // Off by default: the value as it came.
            let plain = try await api.call("getAnimal", ["id": "ca-1"])
            #expect(plain.violations == [])
            // `.warn`: the value, and the violations beside it.
            let warned = try await api.call("getAnimal", ["id": "ca-1"], options: CallOptions(responseValidation: .warn))
            #expect(warned.value["name"] == "")
            #expect(warned.violations.map(\.description) == [
                "/name must be at least 1 character long (schema at \(Self.shelter):73:31)",
                "/species must be one of \"cat\", \"dog\", \"rabbit\" (schema at \(Self.shelter):74:34)",
                "/extra is not allowed (additionalProperties: false) (schema at \(Self.shelter):70:29)",
            ])
            // `.strict`: an error carrying them; `writeOnly` `secret` is not asked of a response.
            let error = await #expect(throws: CallError.self) {
                try await api.call("getAnimal", ["id": "ca-1"], options: CallOptions(responseValidation: .strict))
            }
            guard case let .decoding(problem)? = error else { Issue.record("\(String(describing: error))"); return }
            #expect(problem.violations.map(\.keyword) == ["minLength", "enum", "additionalProperties"])
            #expect(problem.description == """
                endpoint 'getAnimal': the response (200, application/json) breaks the document's schema (3 violations):
                  /name must be at least 1 character long (schema at \(Self.shelter):73:31)
                  /species must be one of "cat", "dog", "rabbit" (schema at \(Self.shelter):74:34)
                  /extra is not allowed (additionalProperties: false) (schema at \(Self.shelter):70:29)
                """)
        }
    }

    @Test func theProvidersDefaultAppliesAndACallOverridesIt() async throws {
        try await withTestServer(TestHandlers.json(body: #"[{"id":"ca-1","name":"Tom","species":"cat"},{"id":7}]"#)) { server in
            let api = try Self.api(.init(validation: .init(responses: .warn), usesEnvironment: false), baseURL: server.baseURL)
            let listed = try await api.call("listAnimals")
            #expect(listed.violations.map { "\($0.instancePath) \($0.keyword)" } == ["/1 required", "/1 required", "/1/id type"])
            let unchecked = try await api.call("listAnimals", options: CallOptions(responseValidation: .off))
            #expect(unchecked.violations == [])
        }
    }

    /// A large answer is checked while it is parsed (JSONSchema+Concurrent.swift): the same result.
    @Test func aLargeResponseIsCheckedAsItIsParsed() async throws {
        func animals(spoiling spoiled: Int?) -> String {
            "[" + (0..<4_000).map { index in
                #"{"id": "ca-\#(index)", "name": "Animal number \#(index)", "species": "\#(index == spoiled ? "lion" : "cat")", "age": 3}"#
            }.joined(separator: ",") + "]"
        }
        let valid = animals(spoiling: nil)
        #expect(valid.utf8.count >= ConcurrentItemCheck.minimumSize)
        try await withTestServer(TestHandlers.json(body: valid)) { server in
            let response = try await Self.api(baseURL: server.baseURL).call("listAnimals", options: CallOptions(responseValidation: .strict))
            #expect(response.value[3_999]?["name"] == "Animal number 3999")
            #expect(response.violations == [])
        }
        try await withTestServer(TestHandlers.json(body: animals(spoiling: 2_345))) { server in
            let error = await #expect(throws: CallError.self) {
                try await Self.api(baseURL: server.baseURL).call("listAnimals", options: CallOptions(responseValidation: .strict))
            }
            guard case let .decoding(problem)? = error else { Issue.record("\(String(describing: error))"); return }
            #expect(problem.violations.map(\.description) == [
                "/2345/species must be one of \"cat\", \"dog\", \"rabbit\" (schema at \(Self.shelter):74:34)"
            ])
        }
    }

    @Test func aValidResponseHasNoViolations() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"id":"ca-1","name":"Tom","species":"cat","age":3}"#)) { server in
            let response = try await Self.api(baseURL: server.baseURL).call("getAnimal", ["id": "ca-1"], options: CallOptions(responseValidation: .strict))
            #expect(response.value["name"] == "Tom")
            #expect(response.violations == [])
        }
    }
}
