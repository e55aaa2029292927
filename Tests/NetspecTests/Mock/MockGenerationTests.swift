import Foundation
import NetspecMock
import NetspecTestServer
import Testing

import Netspec
import NetspecModel
import NetspecTestSupport

/// Mock answers made from the document's schemas where it has no example, and drawn from them
/// with a seed (`dynamic`): which response and schema each request gets, exact bodies from the
/// mock server (read with curl) and from `--mock` calls, seeds that replay, and 501s that say why.
@Suite struct MockGenerationTests {
    static let shelter = TestPaths.specs + "/shelter.openapi.yaml"

    static let document = """
        openapi: 3.1.0
        info: { title: gen, version: "1" }
        servers: [{ url: "https://gen.example.com" }]
        paths:
          /items:
            get:
              operationId: listItems
              responses:
                "200":
                  description: items
                  content: { application/vnd.items+json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } } }
                "404":
                  description: none
                  content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } }
                "410": { description: gone }
                4XX:
                  description: refused
                  content: { application/problem+json: { schema: { $ref: "#/components/schemas/Problem" } } }
                default:
                  description: error
                  content: { application/json: { schema: { type: object, required: [error], properties: { error: { type: string, default: oops } } } } }
            post:
              operationId: addItem
              responses:
                "201":
                  description: added
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Item" }
                      examples:
                        one: { value: { id: 1, name: pear } }
                "204": { description: nothing }
          /broken:
            get:
              operationId: broken
              responses:
                "200": { description: x, content: { application/json: { schema: { type: string, pattern: "(" } } } }
          /impossible:
            get:
              operationId: impossible
              responses:
                "200": { description: x, content: { application/json: { schema: { type: integer, minimum: 5, maximum: 1 } } } }
          /image:
            get:
              operationId: image
              responses:
                "200": { description: x, content: { image/png: { schema: { type: string, format: binary } } } }
        components:
          schemas:
            Item:
              type: object
              required: [id, name]
              properties:
                id: { type: integer, minimum: 1 }
                name: { type: string, enum: [apple, pear] }
                secret: { type: string, writeOnly: true }
            Problem: { type: object, required: [title], properties: { title: { type: string, example: Not found } } }
        """

    /// What the mock answers: status, `Content-Type` (`nil`: none) and body, or why not.
    enum Answer: Equatable, CustomStringConvertible {
        case mock(Int, String?, String)
        case unavailable(MockUnavailable)

        init(_ make: () throws(MockUnavailable) -> Mock) {
            do {
                let mock = try make()
                self = .mock(mock.status, mock.headers.first { $0.name == "Content-Type" }?.value, String(decoding: mock.body, as: UTF8.self))
            } catch {
                self = .unavailable(error)
            }
        }

        var description: String {
            switch self {
            case let .mock(status, type, body): "\(status) \(type ?? "-") \(body)"
            case let .unavailable(why): "\(why)"
            }
        }
    }

    static let answers: [(endpoint: String, code: Int?, example: String?, seed: UInt64?, answer: Answer)] = [
        // No example: the schema's value, with the document's media type.
        ("listItems", nil, nil, nil, .mock(200, "application/vnd.items+json", #"[{"id":1,"name":"apple"}]"#)),
        ("listItems", 404, nil, nil, .mock(404, "application/json", #"{"title":"Not found"}"#)),
        // A status declared without a body stays without one.
        ("listItems", 410, nil, nil, .mock(410, nil, "")),
        // Statuses the document covers with a range or `default`.
        ("listItems", 409, nil, nil, .mock(409, "application/problem+json", #"{"title":"Not found"}"#)),
        ("listItems", 500, nil, nil, .mock(500, "application/json", #"{"error":"oops"}"#)),
        ("listItems", nil, nil, 3, .mock(200, "application/vnd.items+json", #"[{"id":1057,"name":"apple"}]"#)),
        // An example wins, unless dynamic; an example asked for by name wins even then.
        ("addItem", nil, nil, nil, .mock(201, "application/json", #"{"id":1,"name":"pear"}"#)),
        ("addItem", nil, nil, 3, .mock(201, "application/json", #"{"id":783,"name":"apple"}"#)),
        ("addItem", nil, "one", 3, .mock(201, "application/json", #"{"id":1,"name":"pear"}"#)),
        ("addItem", 204, nil, 3, .mock(204, nil, "")),
        ("addItem", 500, nil, nil, .unavailable(.noMatch)),
        ("addItem", nil, "two", nil, .unavailable(.noMatch)),
        // No body is made in a media type that is not JSON, a form, XML or text/plain.
        ("image", nil, nil, nil, .unavailable(.noMock)),
        ("impossible", nil, nil, nil, .unavailable(.schema("no value could be made from the schema of the 200 response (application/json) at gen.yaml:42:73"))),
        ("broken", nil, nil, nil, .unavailable(.schema(
            "the schema of the 200 response (application/json) cannot be compiled: gen.yaml:37:89: '(' is not a regular expression this engine can run (expected ')')"
        ))),
    ]

    @Test(arguments: answers.indices)
    func whichAnswer(_ index: Int) throws {
        let (name, code, example, seed, expected) = Self.answers[index]
        let endpoint = try #require(try Spec(yaml: Self.document, file: "gen.yaml").endpoint(named: name))
        #expect(Answer { () throws(MockUnavailable) in try endpoint.mockAnswer(status: code, example: example, dynamicSeed: seed) } == expected)
    }

    /// Every generated body is valid for its schema as a response, and leaves `writeOnly` out.
    @Test func generatedBodiesValidate() throws {
        let spec = try Spec(yaml: Self.document, file: "gen.yaml")
        for name in ["listItems", "addItem"] {
            let endpoint = try #require(spec.endpoint(named: name))
            let schema = try #require(try endpoint.responseSchema(status: name == "addItem" ? 201 : 200, mediaType: "application/json"))
            for seed in [UInt64?.none] + (0..<20).map(Optional.some) {
                let mock = try endpoint.mockAnswer(dynamicSeed: seed)
                let value = try JSONValue(parsing: mock.body)
                #expect(schema.validate(value, direction: .response).isEmpty, "\(name) \(String(describing: seed)): \(value)")
                #expect(!String(decoding: mock.body, as: UTF8.self).contains("secret"))
            }
        }
    }

    // MARK: - The mock server, over HTTP

    /// Runs `body` with a mock server of the shelter document on a free port, and its base URL.
    static func withShelterServer(_ options: MockServer.Options, _ body: (String, Recorder<String>) async throws -> Void) async throws {
        try await MockServerTests.withMockServer(of: try Spec.load(path: shelter), options, body)
    }

    /// The deterministic value of the shelter's `listAnimals` (no example): `secret` is
    /// `writeOnly`, so it is left out of a response although the schema requires it.
    static let listAnimals = #"[{"id":"string","name":"string","species":"cat","age":0,"tags":["string"],"weight":1,"ref":0}]"#

    @Test func anOperationWithoutAnExampleAnswersItsSchemasValue() async throws {
        try await Self.withShelterServer(.init(port: 0)) { base, log in
            let output = try await MockServerTests.curl([base + "/animals"])
            #expect(output == "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: 94\nServer: netspec-mock\n\n" + Self.listAnimals)
            let schema = try #require(try Spec.load(path: Self.shelter).endpoint(named: "listAnimals")?.responseSchema(status: 200, mediaType: "application/json"))
            #expect(schema.validate(try JSONValue(parsing: Array(Self.listAnimals.utf8)), direction: .response).isEmpty)
            // `default` covers any status asked for; the example answers where there is one.
            #expect(try await MockServerTests.curl([base + "/animals/ab-1?__code=503"]).hasSuffix("Content-Type: application/problem+json\nContent-Length: 29\nServer: netspec-mock\n\n{\"title\":\"string\",\"status\":0}"))
            #expect(try await MockServerTests.curl([base + "/animals/ab-1"]).hasSuffix(#"{"id":"cat-1","name":"Tom","species":"cat","age":3,"secret":"s"}"#))
            #expect(log.all == ["GET /animals 200 listAnimals", "GET /animals/ab-1?__code=503 503 getAnimal", "GET /animals/ab-1 200 getAnimal"])
        }
    }

    /// With `--seed 5`, the n-th drawn answer is drawn with seed 5 + n: a run replays.
    @Test func dynamicAnswersAreDrawnFromTheSeedOnePerAnswer() async throws {
        let endpoint = try #require(try Spec.load(path: Self.shelter).endpoint(named: "getAnimal"))
        let schema = try #require(try endpoint.responseSchema(status: 200, mediaType: "application/json"))
        let expected = (5..<8 as Range<UInt64>).map { String(decoding: schema.example(direction: .response, seed: $0)!.serialized(), as: UTF8.self) }
        #expect(expected == [
            #"{"id":"ffqlhardaxnl","name":"prkzvmd","species":"rabbit","age":806,"tags":["pu","sdwbukxrfpj"],"weight":1758,"ref":664}"#,
            #"{"id":"kjesodqvtyd","name":"fmcigkjar","species":"dog","age":744,"tags":[],"weight":1872,"ref":"SZR"}"#,
            #"{"id":"vkteuhjzi","name":"uwfzjej","species":"cat","age":1064,"tags":["bucgizbmf","fnko"],"weight":352,"ref":486}"#,
        ])
        for _ in 0..<2 {
            try await Self.withShelterServer(.init(port: 0, dynamic: true, seed: 5)) { base, _ in
                var bodies: [String] = []
                for _ in 0..<3 {
                    let output = try await MockServerTests.curl([base + "/animals/ab-1"])
                    bodies.append(String(output.split(separator: "\n\n", maxSplits: 1).last ?? ""))
                }
                #expect(bodies == expected)
                // `dynamic=false` asks for the example; a named example is never drawn.
                #expect(try await MockServerTests.curl(["-H", "Prefer: dynamic=false", base + "/animals/ab-1"]).hasSuffix(#"{"id":"cat-1","name":"Tom","species":"cat","age":3,"secret":"s"}"#))
            }
        }
    }

    /// Without `dynamic`, `Prefer: dynamic=true` or `__dynamic=true` asks for a drawn answer,
    /// which the server's seed numbers like the others; the control item is not the request's.
    @Test func aRequestAsksForADynamicAnswer() async throws {
        let endpoint = try #require(try Spec.load(path: Self.shelter).endpoint(named: "getAnimal"))
        let schema = try #require(try endpoint.responseSchema(status: 200, mediaType: "application/json"))
        let drawn = (40..<42 as Range<UInt64>).map { "\n\n" + String(decoding: schema.example(direction: .response, seed: $0)!.serialized(), as: UTF8.self) }
        try await Self.withShelterServer(.init(port: 0, strict: true, seed: 40)) { base, log in
            let header = try await MockServerTests.curl(["-H", "Prefer: dynamic=true", base + "/animals/ab-1"])
            #expect(header.hasSuffix(drawn[0]))
            let item = try await MockServerTests.curl([base + "/animals/ab-1?__dynamic=true"])
            #expect(item.hasSuffix(drawn[1]))
            let plain = try await MockServerTests.curl([base + "/animals/ab-1"])
            #expect(plain.hasSuffix(#"{"id":"cat-1","name":"Tom","species":"cat","age":3,"secret":"s"}"#))
            #expect(log.all == ["GET /animals/ab-1 200 getAnimal", "GET /animals/ab-1?__dynamic=true 200 getAnimal", "GET /animals/ab-1 200 getAnimal"])
        }
    }

    /// A schema no body can be made from is a 501 that says which schema, where, and why.
    @Test func aSchemaWithoutABodyIsA501SayingWhy() async throws {
        try await MockServerTests.withMockServer(Self.document) { base, _ in
            let impossible = try await MockServerTests.curl([base + "/impossible"])
            #expect(impossible.hasPrefix("HTTP/1.1 501 Not Implemented\nContent-Type: application/problem+json\n"))
            #expect(impossible.hasSuffix(
                #"{"type":"about:blank","title":"Not Implemented","status":501,"detail":"endpoint 'impossible' has no mock: no value could be made from the schema of the 200 response (application/json) at mock.yaml:42:73","endpoint":"impossible"}"#
            ))
            let broken = try await MockServerTests.curl([base + "/broken"])
            #expect(broken.hasSuffix(
                #"{"type":"about:blank","title":"Not Implemented","status":501,"detail":"endpoint 'broken' has no mock: the schema of the 200 response (application/json) cannot be compiled: mock.yaml:37:89: '(' is not a regular expression this engine can run (expected ')')","endpoint":"broken"}"#
            ))
            let image = try await MockServerTests.curl([base + "/image"])
            #expect(image.hasSuffix(
                #"{"type":"about:blank","title":"Not Implemented","status":501,"detail":"endpoint 'image' has no mock (add 'mock:' to the spec, or examples or a JSON schema to the document)","endpoint":"image"}"#
            ))
        }
    }

    // MARK: - Calls with mocks on

    @Test func callsWithMocksOnAnswerTheSchemasValue() async throws {
        let spec = try Spec.load(path: Self.shelter)
        let api = Service(spec: spec, provider: Provider(options: .init(mocks: .enabled, usesEnvironment: false)))
        let response = try await api.call("listAnimals")
        #expect(String(decoding: response.body, as: UTF8.self) == Self.listAnimals)
        #expect(response.headerFields[.contentType] == "application/json")
        // Validated as a response: `secret` (writeOnly) is not asked for.
        let strict = try await api.call("listAnimals", options: CallOptions(responseValidation: .strict))
        #expect(strict.violations.isEmpty)
    }

    /// `dynamicMocks` with `mockSeed`: the n-th mocked call is drawn with `mockSeed + n`.
    @Test func dynamicCallsReplayFromTheSeed() async throws {
        let spec = try Spec.load(path: Self.shelter)
        let schema = try #require(try spec.endpoint(named: "getAnimal")?.responseSchema(status: 200, mediaType: "application/json"))
        for _ in 0..<2 {
            let api = Service(spec: spec, provider: Provider(options: .init(mocks: .dynamic(seed: 9), usesEnvironment: false)))
            for seed in 9..<12 as Range<UInt64> {
                let response = try await api.call("getAnimal", ["id": "ab-1"], options: CallOptions(responseValidation: .strict))
                #expect(response.value == schema.example(direction: .response, seed: seed))
            }
        }
    }

    @Test func aCallWhoseSchemaGivesNoBodySaysWhy() async throws {
        let api = Service(spec: try Spec(yaml: Self.document, file: "gen.yaml"), provider: Provider(options: .init(mocks: .enabled, usesEnvironment: false)))
        let error = await #expect(throws: CallError.self) { try await api.call("impossible") }
        #expect(error?.description == "endpoint 'impossible': mocks are on, but no answer can be made: no value could be made from the schema of the 200 response (application/json) at gen.yaml:42:73")
        let none = await #expect(throws: CallError.self) { try await api.call("image") }
        #expect(none?.description == "endpoint 'image': mocks are on, but the endpoint has no 'mock:' in gen.yaml")
    }
}
