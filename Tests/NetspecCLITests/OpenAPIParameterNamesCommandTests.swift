import Foundation
import Testing

/// An OpenAPI document's query parameter named `_` beside a body that is the unlabelled `_`:
/// `describe`, `call` (the body by `_` and by standard input, the parameter by `_Query`) and the
/// facade each keep them apart; an exploded `form` scalar is described as the query item it is;
/// a call without a base URL names what the document lacks.
@Suite struct OpenAPIParameterNamesCommandTests {
    static let document = """
        openapi: 3.0.3
        info: {title: U, version: "1"}
        servers: [{url: https://u.example.com}]
        paths:
          /a:
            post:
              operationId: postA
              parameters:
                - {name: _, in: query, schema: {type: integer}}
                - {name: limit, in: query, schema: {type: integer}}
                - {name: verbose, in: query, schema: {type: boolean}}
              requestBody:
                content: {application/json: {schema: {type: array}}}
              responses: {'200': {description: ok}}
        """

    static let head = """
        Content-Type: application/json
        Content-Length: 5
        Accept: application/json, */*;q=0.5
        Accept-Encoding: gzip, deflate
        User-Agent: netspec/0.1.0

        [1,2]
        """

    @Test func theBodyKeepsTheUnlabelledNameAndTheParameterIsQuery() async throws {
        let spec = try CLI.temporarySpec(Self.document, name: "us3.yaml")
        let described = try await CLI.run(["describe", spec, "postA"])
        #expect(described.stdout.contains("""
              _Query   Int?   optional  query '_' ['_' names the body parameter]  (explicit: in: query)
              limit    Int?   optional  query 'limit'                             (explicit: in: query)
              verbose  Bool?  optional  query 'verbose'                           (explicit: in: query)
              _        JSON?  optional  whole body                                (explicit: in: body)
            """), "\(described.stdout)")

        let given = try await CLI.run(["call", spec, "postA", "_:=[1,2]", "_Query=5", "limit=1", "--dry-run"])
        #expect(given.status == 0, "\(given.stderr)")
        #expect(given.stdout == "POST https://u.example.com/a?_=5&limit=1 HTTP/1.1\n" + Self.head + "\n")

        let piped = try await CLI.run(["call", spec, "postA", "limit=1", "--dry-run"], stdin: Array("[1,2]".utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == "POST https://u.example.com/a?limit=1 HTTP/1.1\n" + Self.head + "\n")
    }

    @Test func theFacadeMapsEachLabelToItsOwnKey() async throws {
        let spec = try CLI.temporarySpec(Self.document, name: "us3.yaml")
        let result = try await CLI.run(["facade", spec])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("""
                internal func postA(
                    _ body: JSONValue? = nil,
                    _Query: Int? = nil,
                    limit: Int? = nil,
                    verbose: Bool? = nil
                ) async throws(CallError) -> Response {
                    try await self.service.call("postA", Argument.arguments(for: "postA", [
                        "_": body,
                        "_Query": _Query,
                        "limit": limit,
                        "verbose": verbose,
                    ]))
                }
            """), "\(result.stdout)")
    }

    /// A scalar in the query is one item whatever its form: `form`, exploded by default, is not
    /// "items, one per entry" (that is a dictionary's).
    @Test func anExplodedFormScalarIsOneQueryItem() async throws {
        let result = try await CLI.run(["describe", "specs/petstore.openapi.yaml", "listPets"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("""
              limit                      Int?       optional, default on the server: 20  query 'limit'          (explicit: in: query)
              tags                       [String]?  optional                             query 'tags'           (explicit: in: query)
            """), "\(result.stdout)")
        let dictionary = try CLI.temporarySpec("netspec: 1\nservice: S\nendpoints:\n  list:\n    GET: /items\n    params:\n      filter: \"[String: String]?\"\n")
        let spread = try await CLI.run(["describe", dictionary, "list"])
        #expect(spread.stdout.contains("  filter  [String: String]?  optional  query items, one per entry  (query: GET parameter)\n"), "\(spread.stdout)")
    }

    @Test func aDocumentWithoutServersSaysSo() async throws {
        let spec = try CLI.temporarySpec(
            "openapi: 3.0.3\ninfo: {title: U, version: \"1\"}\npaths:\n  /a:\n    get: {operationId: getA, responses: {'200': {description: ok}}}\n",
            name: "none.yaml"
        )
        let result = try await CLI.run(["call", spec, "getA", "--dry-run"])
        #expect(result.status == 78)
        #expect(result.stderr == "error: endpoint 'getA': no base URL: the document has no 'servers' and none was given (give one with --base-url or a profile's baseURL)\n")
    }
}
