import Testing

import Netspec
import NetspecModel

/// The one rule of which declared response answers a status code (``ResponseStatus``,
/// `mostSpecific(covering:)`): the code itself, else its range, else `default`, else none; a
/// status is written once whichever spelling the document uses, and mocks, validation and the
/// mock server's checks all find responses by it.
@Suite struct ResponseStatusTests {
    /// The statuses as a document writes them, a code, and the one that answers it (`nil`: none).
    static let choices: [(declared: [String], code: Int, chosen: String?)] = [
        (["200", "2XX", "default"], 200, "200"),
        (["default", "2XX", "200"], 200, "200"),
        (["200", "2XX", "default"], 201, "2XX"),
        (["200", "2xx", "default"], 204, "2XX"),
        (["200", "4XX", "default"], 404, "4XX"),
        (["404", "4XX", "default"], 404, "404"),
        (["200", "4XX", "default"], 503, "default"),
        (["200", "default"], 418, "default"),
        (["200", "404"], 500, nil),
        (["201"], 200, nil),
        (["5XX"], 599, "5XX"),
        (["5XX"], 600, nil),
        ([], 200, nil),
    ]

    @Test(arguments: choices)
    func theMostSpecificDeclaredStatusAnswers(declared: [String], code: Int, chosen: String?) throws {
        let statuses = try declared.map { try #require(ResponseStatus(written: $0)) }
        let responses = Responses(declared: statuses.map { DeclaredResponse(status: $0, position: "d.yaml:1:1", mark: Mark(line: 1, column: 1)) })
        #expect(responses.matching(status: code)?.status.description == chosen)
        #expect(statuses.map(Covering.init).mostSpecific(covering: code).map(\.declaredStatus.description) == chosen.map { [$0] } ?? [])
    }

    /// A status as written, and as the model keeps it (`nil`: not a status).
    static let spellings: [(written: String, kept: String?)] = [
        ("200", "200"), ("599", "599"), ("100", "100"), ("2XX", "2XX"), ("2xx", "2XX"), ("5Xx", "5XX"), ("default", "default"),
        ("Default", nil), ("600", nil), ("99", nil), ("6XX", nil), ("0XX", nil), ("2XXX", nil), ("x-foo", nil), ("", nil),
    ]

    @Test(arguments: spellings)
    func eachStatusIsWrittenOnce(written: String, kept: String?) {
        #expect(ResponseStatus(written: written)?.description == kept)
    }

    /// OpenAPI's `2xx` and `default`, and Swagger 2.0's `default`, are one status each in the
    /// model, and a mock answers a code from the response that covers it.
    @Test func documentsSpellingsAnswerAlike() throws {
        let openAPI = try Spec(yaml: """
            openapi: 3.1.0
            info: { title: S, version: "1" }
            servers: [{ url: "https://example.com" }]
            paths:
              /a:
                get:
                  operationId: a
                  responses:
                    "200": { description: ok, content: { application/json: { example: { n: 200 } } } }
                    "4xx": { description: client, content: { application/json: { example: { n: 400 } } } }
                    default: { description: other, content: { application/json: { example: { n: 0 } } } }
            """, file: "o.yaml")
        let swagger = try Spec(yaml: """
            swagger: "2.0"
            info: { title: S, version: "1" }
            host: example.com
            paths:
              /a:
                get:
                  operationId: a
                  produces: [application/json]
                  responses:
                    "200": { description: ok, examples: { application/json: { n: 200 } } }
                    "404": { description: missing, examples: { application/json: { n: 404 } } }
                    default: { description: other, examples: { application/json: { n: 0 } } }
            """, file: "s.yaml")
        let a = try #require(openAPI.endpoint(named: "a"))
        let b = try #require(swagger.endpoint(named: "a"))
        #expect(a.responses.declared.map(\.status.description) == ["200", "4XX", "default"])
        #expect(b.responses.declared.map(\.status.description) == ["200", "404", "default"])
        func answer(_ endpoint: Endpoint, _ code: Int) throws -> String {
            let mock = try endpoint.mockAnswer(status: code)
            return "\(mock.status) \(String(decoding: mock.body, as: UTF8.self))"
        }
        #expect(try [200, 404, 409, 503].map { try answer(a, $0) } == [#"200 {"n":200}"#, #"404 {"n":400}"#, #"409 {"n":400}"#, #"503 {"n":0}"#])
        #expect(try [200, 404, 409, 503].map { try answer(b, $0) } == [#"200 {"n":200}"#, #"404 {"n":404}"#, #"409 {"n":0}"#, #"503 {"n":0}"#])
    }

    /// The success response declared as a range or `default` covers every status of it, as any
    /// other response's does: `Prefer: code=201` for `2XX`, `code=401` for a `default` beside
    /// no 2xx (Prism's range-status-codes-AC-3 was a 501). The status asked for (`nil`: none),
    /// and the answer's status and body (`501`: no mock covers it).
    static let successRanges: [(responses: String, code: Int?, answer: String)] = [
        ("'2XX': { description: x, content: { application/json: { example: { ok: 1 } } } }\n'404': { description: nf }", nil, #"200 {"ok":1}"#),
        ("'2XX': { description: x, content: { application/json: { example: { ok: 1 } } } }\n'404': { description: nf }", 201, #"201 {"ok":1}"#),
        ("'2XX': { description: x, content: { application/json: { example: { ok: 1 } } } }\n'404': { description: nf }", 404, "404 "),
        ("'2XX': { description: x, content: { application/json: { example: { ok: 1 } } } }\n'404': { description: nf }", 500, "501"),
        ("'503': { description: x, content: { text/plain: { example: unavailable } } }\ndefault: { description: d, content: { text/plain: { example: other } } }", nil, "200 other"),
        ("'503': { description: x, content: { text/plain: { example: unavailable } } }\ndefault: { description: d, content: { text/plain: { example: other } } }", 401, "401 other"),
        ("'503': { description: x, content: { text/plain: { example: unavailable } } }\ndefault: { description: d, content: { text/plain: { example: other } } }", 503, "503 unavailable"),
    ]

    @Test(arguments: successRanges)
    func theSuccessResponsesRangeCoversTheStatusAskedFor(responses: String, code: Int?, answer: String) throws {
        let spec = try Spec(yaml: """
            openapi: 3.0.2
            info: { title: r, version: '1' }
            paths:
              /todos:
                get:
                  operationId: listTeams
                  responses:
            \(responses.split(separator: "\n").map { "            " + $0 }.joined(separator: "\n"))
            """, file: "r.yaml")
        let endpoint = try #require(spec.endpoint(named: "listTeams"))
        let result = Result { () throws(MockUnavailable) -> Mock in try endpoint.mockAnswer(status: code) }
        switch result {
        case let .success(mock): #expect("\(mock.status) \(String(decoding: mock.body, as: UTF8.self))" == answer)
        case let .failure(error): #expect(error == .noMatch && answer == "501")
        }
    }

    /// A Netspec spec's `mock:` list is a response per status, in the order they first appear,
    /// with its examples in order; the first is the call's.
    @Test func aNetspecSpecsMocksAreItsResponses() throws {
        let spec = try Spec(yaml: """
            netspec: 1
            service: M
            baseURL: https://example.com
            endpoints:
              e:
                GET: /e
                mock:
                  - { name: one, body: { n: 1 } }
                  - { name: gone, status: 404, body: { n: 404 } }
                  - { name: two, body: { n: 2 } }
            """, file: "m.yaml")
        let e = try #require(spec.endpoint(named: "e"))
        #expect(e.responses.declared.map { "\($0.status) \($0.examples.compactMap(\.name))" } == [#"200 ["one", "two"]"#, #"404 ["gone"]"#])
        #expect(e.responses.areDeclared == false)
        #expect(e.mock?.name == "one")
        #expect(try e.mockAnswer(example: "two").body == Array(#"{"n":2}"#.utf8))
    }

    /// A response declared without content answers its status with no schema, beside a `default`
    /// or a range that has one: the responses, a code, and the status whose schema checks it
    /// (`nil`: none). Response validation took the most specific status among those with a
    /// schema, so DigitalOcean's `'204': no_content.yml` beside `default: unexpected_error.yml`
    /// checked an empty 204 against the error schema (`--validate` exited 1).
    static let withoutContent: [(responses: String, code: Int, schema: String?)] = [
        ("'204': { description: deleted }\ndefault: \(errorSchema)", 204, nil),
        ("'204': { description: deleted }\ndefault: \(errorSchema)", 500, "default"),
        ("'202': { description: accepted }\n'4XX': \(errorSchema)", 202, nil),
        ("'2XX': { description: none }\ndefault: \(errorSchema)", 201, nil),
        ("'2XX': \(errorSchema)\n'204': { description: deleted }", 204, nil),
        ("'2XX': \(errorSchema)\n'204': { description: deleted }", 201, "2XX"),
        ("'200': \(errorSchema)\n'2XX': { description: none }", 200, "200"),
    ]

    static let errorSchema = "{ description: e, content: { application/json: { schema: { type: object, required: [message] } } } }"

    static func removing(_ responses: String) throws -> Spec {
        try Spec(yaml: """
            openapi: 3.0.3
            info: { title: r, version: '1' }
            servers: [{ url: "https://example.com" }]
            paths:
              /keys/{id}:
                delete:
                  operationId: remove
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses:
            \(responses.split(separator: "\n").map { "            " + $0 }.joined(separator: "\n"))
            """, file: "r.yaml")
    }

    @Test(arguments: withoutContent)
    func aStatusDeclaredWithoutContentHasNoSchema(responses: String, code: Int, schema: String?) throws {
        let endpoint = try #require(try Self.removing(responses).endpoint(named: "remove"))
        #expect(endpoint.responses.schema(status: code, mediaType: "application/json")?.status.description == schema)
        #expect(endpoint.responses.schema(status: code, mediaType: nil)?.status.description == schema)
        #expect((try endpoint.responseSchema(status: code, mediaType: "application/json") != nil) == (schema != nil))
    }

    /// The mock's empty 204 (the success response, declared without content) passes strict
    /// response validation, with `default`'s error schema beside it.
    @Test func anEmpty204IsNotCheckedAgainstDefault() async throws {
        let spec = try Self.removing("'204': { description: deleted }\ndefault: \(Self.errorSchema)")
        let api = Service(spec: spec, provider: Provider(options: .init(mocks: .enabled, usesEnvironment: false)))
        let response = try await api.call("remove", ["id": 1], options: CallOptions(responseValidation: .strict))
        #expect(response.status == 204)
        #expect(response.body.isEmpty)
        #expect(response.violations.map(\.description) == [])
    }

    /// A status as something declared under it.
    struct Covering: DeclaredUnderStatus {
        var declaredStatus: ResponseStatus
        init(_ status: ResponseStatus) { declaredStatus = status }
    }
}
