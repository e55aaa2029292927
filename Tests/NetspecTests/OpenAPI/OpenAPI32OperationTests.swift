import Foundation
import NetspecMock
import NetspecTestServer
import Testing

@testable import Netspec
@testable import NetspecModel
import NetspecTestSupport

/// OpenAPI 3.2 documents load, and a Path Item's `query` (HTTP QUERY) and `additionalOperations`
/// (any other method, sent as written) are endpoints like any other: bound, sent, mocked.
@Suite struct OpenAPI32OperationTests {
    static let document = """
        openapi: 3.2.0
        info: { title: Items, version: '1' }
        paths:
          /items:
            get:
              operationId: listItems
              responses: { '200': { description: all } }
            query:
              operationId: searchItems
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [name]
                      properties: { name: { type: string } }
              responses:
                '200':
                  description: found
                  content:
                    application/json:
                      example: { found: 1 }
            additionalOperations:
              LINK:
                operationId: linkItems
                parameters:
                  - { name: to, in: query, required: true, schema: { type: string } }
                responses: { '204': { description: linked } }
              PROPFIND:
                responses: { '207': { description: properties } }

        """

    @Test func queryAndAdditionalOperationsAreEndpoints() throws {
        let spec = try Spec(yaml: Self.document)
        #expect(spec.endpoints.map { "\($0.name) \($0.method.rawValue) \($0.path)" } == [
            "listItems GET /items", "searchItems QUERY /items", "linkItems LINK /items", "propfindItems PROPFIND /items",
        ])
        #expect(spec.endpoint(named: "searchItems")?.parameters.map { "\($0.name)|\($0.location)|\($0.type)" } == ["name|field|String"])
        #expect(spec.endpoint(named: "linkItems")?.parameters.map { "\($0.name)|\($0.location)|\($0.type)" } == ["to|query|String"])
        #expect(spec.warnings.map(\.description) == [])
    }

    /// `netspec call` reads only the one operation it needs (``OpenAPIReader``'s `only`): it finds
    /// an `additionalOperations` entry and `query` as a whole read does.
    @Test(arguments: ["searchItems", "linkItems", "propfindItems"])
    func oneOperationIsReadAlone(name: String) throws {
        let node = try #require(try YAMLParser.parse(Array(Self.document.utf8)))
        let alone = try OpenAPIReader.read(node, file: "items.yaml", only: name)
        let whole = try Spec(yaml: Self.document, file: "items.yaml")
        #expect(alone.endpoints.map(\.name) == [name])
        #expect(alone.endpoints.first?.method == whole.endpoint(named: name)?.method)
    }

    struct Sent: Sendable, CustomStringConvertible {
        var endpoint: String
        var arguments: [String: String]
        var method: String
        var target: String
        var body: String
        var description: String { endpoint }
    }

    @Test(arguments: [
        Sent(endpoint: "searchItems", arguments: ["name": "a b"], method: "QUERY", target: "/items", body: #"{"name":"a b"}"#),
        Sent(endpoint: "linkItems", arguments: ["to": "x y"], method: "LINK", target: "/items?to=x%20y", body: ""),
        Sent(endpoint: "propfindItems", arguments: [:], method: "PROPFIND", target: "/items", body: ""),
    ])
    func theMethodTargetAndBodyReachTheServer(_ sent: Sent) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.document, server: server)
            let response = try await api.call(sent.endpoint, sent.arguments.mapValues { Argument.value(.string($0)) })
            let echo = try Echo(response)
            #expect(echo.method == sent.method)
            #expect(echo.target == sent.target)
            #expect(echo.bodyText == sent.body)
            #expect(echo.header("Content-Type") == (sent.body.isEmpty ? nil : "application/json"))
        }
    }

    @Test func theMockAnswersAQuery() async throws {
        let spec = try Spec(yaml: Self.document, file: "items.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0)) { base, _ in
            let answer = try await MockServerTests.curl(["-X", "QUERY", "-H", "Content-Type: application/json", "-d", #"{"name":"a"}"#, base + "/items"])
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\n"))
            #expect(answer.hasSuffix("\n\n" + #"{"found":1}"#))
            let refused = try await MockServerTests.curl(["-X", "QUERY", "-H", "Content-Type: application/json", "-d", "{}", base + "/items"])
            #expect(refused.hasPrefix("HTTP/1.1 422 Unprocessable Entity\n"))
            let linked = try await MockServerTests.curl(["-X", "LINK", base + "/items?to=x"])
            #expect(linked.hasPrefix("HTTP/1.1 204 No Content\n"))
        }
    }

    static let item = "openapi: 3.2.0\ninfo: { title: T, version: '1' }\npaths:\n  /a:\n"
    static let tags = "openapi: 3.2.0\ninfo: { title: T, version: '1' }\npaths: {}\ntags: "

    @Test(arguments: [
        (item + "    additionalOperations:\n      POST: { responses: {} }\n",
         "<spec>:6:7: error: path '/a': additionalOperations 'POST' is the method of the Path Item's fixed field 'post', which OpenAPI 3.2 does not allow here; write the operation as 'post'"),
        (item + "    additionalOperations:\n      get: {}\n",
         "<spec>:6:7: error: path '/a': additionalOperations 'get' is the method of the Path Item's fixed field 'get', which OpenAPI 3.2 does not allow here; write the operation as 'get'"),
        (item + "    additionalOperations:\n      Query: {}\n",
         "<spec>:6:7: error: path '/a': additionalOperations 'Query' is the method of the Path Item's fixed field 'query', which OpenAPI 3.2 does not allow here; write the operation as 'query'"),
        (item + "    additionalOperations:\n      'SEARCH ALL': {}\n",
         "<spec>:6:7: error: path '/a': additionalOperations 'SEARCH ALL' is not an HTTP method name (RFC 9110 §9.1: letters, digits and !#$%&'*+-.^_`|~)"),
        (item + "    additionalOperations: [LINK]\n",
         "<spec>:5:27: error: path '/a': 'additionalOperations' must be a mapping of HTTP methods to operations, found a list"),
        ("openapi: 3.3.0\npaths: {}\n", "<spec>:1:10: error: unsupported OpenAPI version '3.3.0' (this Netspec reads 3.0.x, 3.1.x and 3.2.x)"),
        // A tag's parent must be a tag of the document, and parents must not form a cycle.
        (tags + "[{ name: pets, parent: animal }, { name: animals }]\n",
         "<spec>:4:30: error: tag 'pets': its parent 'animal' is not a tag of the document, which OpenAPI 3.2.0 requires (Tag Object) (did you mean 'animals'?)"),
        (tags + "[{ name: a, parent: b }, { name: b, parent: c }, { name: c, parent: a }]\n",
         "<spec>:4:27: error: tag 'a': its parents form a cycle ('a' → 'b' → 'c' → 'a'), which OpenAPI 3.2.0 does not allow (Tag Object)"),
        (tags + "[{ name: a, parent: a }]\n",
         "<spec>:4:27: error: tag 'a': its parents form a cycle ('a' → 'a'), which OpenAPI 3.2.0 does not allow (Tag Object)"),
    ])
    func problemsArePositioned(document: String, message: String) {
        let error = #expect(throws: SpecError.self) { try Spec(yaml: document) }
        #expect(error?.description == message)
    }

    /// 3.0 and 3.1 are read as before: `query` is not a key of their Path Item. 3.2's keys that
    /// are read (a tag's `kind`, `$self`) are not warned about.
    @Test(arguments: [
        ("openapi: 3.1.0\npaths:\n  /a:\n    query: { responses: {} }\n",
         ["<spec>:4:5: warning: path '/a': 'query' is not a key of a Path Item, so it is not read"]),
        ("openapi: 3.2.0\n$self: https://example.com/api.yaml\ntags: [{ name: a, kind: nav }]\npaths:\n  /a:\n    query: { responses: {} }\n",
         [] as [String]),
        // A deprecated scheme is said, and still used (deprecatedSchemesAreStillUsed).
        (Self.deprecatedScheme, ["<spec>:4:5: warning: security scheme 'old' is deprecated (OpenAPI 3.2.0, Security Scheme Object); it is still used where the document requires it"]),
    ])
    func keysAreCheckedByVersion(document: String, warnings: [String]) throws {
        let spec = try Spec(yaml: document)
        #expect(spec.warnings.map(\.description) == warnings)
        #expect(spec.endpoints.map(\.method.rawValue) == (document.hasPrefix("openapi: 3.2") ? ["QUERY"] : []))
    }

    static let deprecatedScheme = "openapi: 3.2.0\ncomponents:\n  securitySchemes:\n    old: { type: http, scheme: bearer, deprecated: true }\npaths:\n  /a:\n    query: { security: [{ old: [] }], responses: {} }\n"

    @Test func deprecatedSchemesAreStillUsed() throws {
        let endpoint = try #require(try Spec(yaml: Self.deprecatedScheme).endpoints.first)
        #expect(endpoint.securityAlternatives.map { $0.map(\.name) } == [["old"]])
        #expect(endpoint.securityAlternatives.first?.first?.policy != nil)
        #expect(endpoint.unsupportedAuth == nil)
    }
}
