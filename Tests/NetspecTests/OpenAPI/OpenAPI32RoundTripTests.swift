import NetspecMCP
import Testing

@testable import Netspec
@testable import NetspecModel
import NetspecTestSupport

/// OpenAPI 3.2's `style: cookie` and `in: querystring` written by the binder and read back by
/// the mock server's reader (``ParameterCodecRoundTripTests/roundTrip(_:of:in:)``): what is sent
/// reads back as the value given.
@Suite struct OpenAPI32RoundTripTests {
    static func openAPI32(_ parameter: String) -> String {
        """
        openapi: 3.2.0
        info: { title: T, version: '1' }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /p:
            get:
              operationId: e
              parameters: [\(parameter)]
        """
    }

    struct Row: Sendable, CustomStringConvertible {
        var name: String
        var parameter: String
        var declaration: String
        var values: [JSONValue]
        var description: String { name }
    }

    static func json(_ text: String) -> JSONValue { try! JSONValue(parsing: Array(text.utf8)) }

    static let rows: [Row] = [
        Row(name: "cookie style string", parameter: "c", declaration: "{ name: c, in: cookie, style: cookie, schema: { type: string } }",
            values: ["blue", "a%20b", "x!*'()", ""].map(JSONValue.string)),
        Row(name: "cookie style array exploded", parameter: "c", declaration: "{ name: c, in: cookie, style: cookie, schema: { type: array, items: { type: string } } }",
            values: [json(#"["blue","black"]"#), json(#"["a%2Cb"]"#)]),
        Row(name: "cookie style array joined", parameter: "c",
            declaration: "{ name: c, in: cookie, style: cookie, explode: false, schema: { type: array, items: { type: string } } }",
            values: [json(#"["blue","black","brown"]"#)]),
        Row(name: "cookie style object exploded", parameter: "c",
            declaration: "{ name: c, in: cookie, style: cookie, schema: { type: object, additionalProperties: { type: integer } } }",
            values: [json(#"{"R":100,"G":200}"#)]),
        Row(name: "querystring form", parameter: "q",
            declaration: "{ name: q, in: querystring, content: { application/x-www-form-urlencoded: { schema: { type: object } } } }",
            values: [json(#"{"foo":"a + b","bar":true}"#), json(#"{"x":"é&=?","n":3}"#)]),
        // A media type with a parameter is a form by its base type (it was a text querystring).
        Row(name: "querystring form with a charset", parameter: "q",
            declaration: "{ name: q, in: querystring, content: { 'application/x-www-form-urlencoded; charset=utf-8': { schema: { type: object } } } }",
            values: [json(#"{"foo":"a + b","bar":true}"#)]),
        Row(name: "querystring JSON", parameter: "q", declaration: "{ name: q, in: querystring, content: { application/json: { schema: {} } } }",
            values: [json(#"{"numbers":[1,2],"flag":null}"#), json(#"[1,"a b"]"#), json(#""text""#)]),
        Row(name: "querystring text", parameter: "q", declaration: "{ name: q, in: querystring, content: { application/jsonpath: { schema: { type: string } } } }",
            values: ["$.a.b[1:1]", "a b&c=d"].map(JSONValue.string)),
    ]

    @Test(arguments: rows)
    func whatIsSentReadsBack(_ row: Row) async throws {
        let spec = try Spec(yaml: Self.openAPI32(row.declaration), file: "p.yaml")
        #expect(spec.warnings.map(\.description) == [])
        for value in row.values {
            let result = try await ParameterCodecRoundTripTests.roundTrip(.value(value), of: row.parameter, in: spec)
            guard case let .read(read) = result else {
                Issue.record("\(row.name): \(value): \(result)")
                continue
            }
            #expect(ParameterCodecRoundTripTests.plain(read) == ParameterCodecRoundTripTests.plain(.value(value)), "\(row.name): \(value)")
        }
    }

    /// `describe` and MCP show a querystring parameter where it goes.
    @Test func aQuerystringParameterIsInTheQuerystring() throws {
        let spec = try Spec(yaml: Self.openAPI32("{ in: querystring, content: { application/json: { schema: { type: object } } } }"))
        let parameter = try #require(spec.endpoint(named: "e")?.parameters.first)
        #expect("\(parameter.name)|\(parameter.location)|\(parameter.type)" == "querystring|querystring|JSON?")
    }
}

extension OpenAPI32RoundTripTests {
    /// 3.2 allows `allowReserved` in a path (reserved expansion: `/` and reserved characters
    /// stay) and on a `form` cookie, where it is not applied yet: a warning says so.
    @Test func allowReservedInAPathIsReservedExpansion() throws {
        let spec = try Spec(yaml: Self.openAPI32("""
            { name: p, in: path, required: true, allowReserved: true, schema: { type: string } }, \
            { name: c, in: cookie, allowReserved: true, schema: { type: string } }
            """).replacing("/p:", with: "/p/{p}:"))
        #expect(spec.warnings.map(\.description) == [
            "<spec>:8:106: warning: operation 'e': parameter 'c': 'allowReserved' is not applied in the cookie here; its value is percent-encoded",
        ])
        let request = try Service(spec: spec, provider: Provider()).prepare("e", ["p": "a/b:c@d%20e"])
        #expect(request.url == "https://api.example.com/p/a/b:c@d%20e")
    }
}

extension OpenAPI32RoundTripTests {
    /// MCP's tool for an operation with a `querystring` takes it as one argument whose schema is
    /// the media type's; the tool call sends it as the whole query string.
    @Test func mcpTakesAQuerystringAsOneArgument() async throws {
        let spec = try Spec(yaml: Self.openAPI32("""
            { in: querystring, name: filter, required: true, content: { application/x-www-form-urlencoded: \
            { schema: { type: object, properties: { foo: { type: string }, bar: { type: boolean } } } } } }
            """))
        let server = try MCPSchemaTests.server(spec: spec)
        let tools = try await MCPSchemaTests.tools(server)
        #expect(tools["e"]?["inputSchema"]?["properties"]?["filter"] == [
            "type": "object", "properties": ["foo": ["type": "string"], "bar": ["type": "boolean"]],
        ])
        #expect(tools["e"]?["inputSchema"]?["required"] == ["filter"])
        let request = try Service(spec: spec, provider: Provider()).prepare("e", ["filter": .value(Self.json(#"{"foo":"a + b","bar":true}"#))])
        #expect(request.url == "https://api.example.com/p?foo=a+%2B+b&bar=true")
    }
}

extension OpenAPI32RoundTripTests {
    /// `netspec call`'s one-operation read checks the operation it reads as a whole read does:
    /// a `querystring` beside the path item's `query` parameter is refused there too.
    @Test(arguments: [nil, "e"] as [String?])
    func aQuerystringBesideAQueryIsRefusedByEveryRead(only: String?) throws {
        let document = Self.openAPI32("{ in: querystring, name: q, content: { application/json: { schema: {} } } }")
            .replacing("    get:", with: "    parameters: [{ name: page, in: query, schema: { type: integer } }]\n    get:")
        let node = try #require(try YAMLParser.parse(Array(document.utf8)))
        let error = #expect(throws: SpecError.self) { try OpenAPIReader.read(node, file: "p.yaml", only: only) }
        #expect(error?.description == "p.yaml:9:20: error: operation 'e': parameter 'q': a 'querystring' parameter beside the 'query' parameter 'page'; 'querystring' and 'query' parameters exclude each other in an operation and its path item (OpenAPI 3.2.0, Parameter Locations)")
    }
}
