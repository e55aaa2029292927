import Netspec
import Testing

@testable import NetspecModel

/// What an OpenAPI or Swagger document's parameters are called: `_` is the unlabelled body's
/// name, so a parameter named `_` has its place after it (`_Query`), and a name without ASCII
/// letters or digits (`é`, `日本`, `-`) is called by itself, never by the alias `_` (either took
/// the body and piped input); `name` and `in` are required, `in` one of the locations; `servers`
/// is a list; a call without a base URL says what the document lacks in its own words.
@Suite struct OpenAPIParameterNamesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var document: String
        /// Each parameter as `name (alias) location 'wire name'`.
        var expected: [String]
        var testDescription: String { label }
    }

    static func openAPI(_ parameters: String, body: String = "requestBody: {content: {application/json: {schema: {type: array}}}}") -> String {
        """
        openapi: 3.0.3
        info: {title: U, version: "1"}
        servers: [{url: https://u.example.com}]
        paths:
          /a/{p}:
            post:
              operationId: op
              parameters:
        \(parameters)
              \(body)
              responses: {'200': {description: ok}}
        """
    }

    static func swagger(_ parameters: String) -> String {
        """
        swagger: "2.0"
        info: {title: U, version: "1"}
        host: u.example.com
        paths:
          /a/{p}:
            post:
              operationId: op
              parameters:
        \(parameters)
              responses: {'200': {description: ok}}
        """
    }

    static let cases: [Case] = [
        Case(
            label: "an OpenAPI parameter named _ in each place, beside a body that is _",
            document: openAPI("""
                    - {name: p, in: path, required: true, schema: {type: string}}
                    - {name: _, in: query, schema: {type: integer}}
                    - {name: limit, in: query, schema: {type: integer}}
                    - {name: _, in: header, schema: {type: string}}
                    - {name: _, in: cookie, schema: {type: string}}
            """),
            expected: ["p path 'p'", "_Query query '_'", "limit query 'limit'", "_Header header '_'", "_Cookie cookie '_'", "_ body '_'"]
        ),
        Case(
            label: "names without ASCII letters or digits are called by themselves",
            document: openAPI("""
                    - {name: p, in: path, required: true, schema: {type: string}}
                    - {name: é, in: query, schema: {type: string}}
                    - {name: 日本, in: query, schema: {type: string}}
                    - {name: "-", in: query, schema: {type: string}}
                    - {name: X-Rate, in: header, schema: {type: string}}
            """),
            expected: ["p path 'p'", "é query 'é'", "日本 query '日本'", "- query '-'", "X-Rate (xRate) header 'X-Rate'", "_ body '_'"]
        ),
        Case(
            label: "a body field named _ is _Field, one named é has no alias",
            document: openAPI(
                "        - {name: p, in: path, required: true, schema: {type: string}}",
                body: "requestBody: {content: {application/json: {schema: {type: object, properties: {_: {type: string}, é: {type: string}, p: {type: string}}}}}}"
            ),
            expected: ["p path 'p'", "_Field field '_'", "é field 'é'", "pField field 'p'"]
        ),
        Case(
            label: "Swagger: _ in the query and a form field, é in the query",
            document: swagger("""
                    - {name: p, in: path, required: true, type: string}
                    - {name: _, in: query, type: integer}
                    - {name: é, in: query, type: string}
                    - {name: _, in: formData, type: string}
            """),
            expected: ["p path 'p'", "_Query query '_'", "é query 'é'", "_Field field '_'"]
        ),
    ]

    @Test(arguments: cases)
    func parametersAreNamedApartFromTheBody(_ testCase: Case) throws {
        let spec = try Spec(yaml: testCase.document, file: "t.yaml")
        let endpoint = try #require(spec.endpoint(named: "op"))
        let described = endpoint.parameters.map { parameter in
            "\(parameter.name)\(parameter.alias.map { " (\($0))" } ?? "") \(parameter.location) '\(parameter.wireName)'"
        }
        #expect(described == testCase.expected)
        // One parameter at most is the unlabelled `_`, and no alias is `_`.
        #expect(endpoint.parameters.filter(\.isUnlabelled).count <= 1)
        #expect(!endpoint.parameters.contains { $0.alias == "_" })
    }

    /// Path placeholders that would get the same name (`{é}` and `{ü}` are each `_`; `{user-id}`
    /// is `userId`, beside a `{userId}`) are told apart by a number: the operation was left out
    /// with "placeholder '{_}' appears more than once".
    @Test(arguments: [
        ("/a/{é}/{ü}", ["é", "ü"], "/a/{_}/{_2}", "https://u.example.com/a/x/y"),
        ("/a/{user-id}/{userId}", ["user-id", "userId"], "/a/{userId2}/{userId}", "https://u.example.com/a/x/y"),
    ] as [(String, [String], String, String)])
    func placeholdersThatWouldShareANameAreToldApart(path: String, names: [String], netspecPath: String, url: String) throws {
        let document = """
            openapi: 3.0.3
            info: {title: U, version: "1"}
            servers: [{url: https://u.example.com}]
            paths:
              /p:
                get: {operationId: other, responses: {'200': {description: ok}}}
              "\(path)":
                get:
                  operationId: op
                  parameters:
                    - {name: "\(names[0])", in: path, required: true, schema: {type: string}}
                    - {name: "\(names[1])", in: path, required: true, schema: {type: string}}
                  responses: {'200': {description: ok}}
            """
        let spec = try Spec(yaml: document, file: "t.yaml")
        #expect(spec.warnings.isEmpty)
        let endpoint = try #require(spec.endpoint(named: "op"))
        #expect(endpoint.path == netspecPath)
        let request = try Service(spec: spec, provider: Provider()).prepare("op", [names[0]: "x", names[1]: "y"])
        #expect(request.url == url)
    }

    /// A header's name must be an HTTP field name: one that is not (`日本`) was left unsent without a word.
    @Test func aHeaderNameThatIsNoFieldNameIsWarnedAbout() throws {
        let document = Self.openAPI("""
                    - {name: p, in: path, required: true, schema: {type: string}}
                    - {name: 日本, in: header, schema: {type: string}}
                    - {name: "a b", in: header, required: true, schema: {type: string}}
            """)
        let spec = try Spec(yaml: document, file: "t.yaml")
        #expect(spec.endpoints.isEmpty)
        #expect(spec.warnings.map(\.description) == [
            "t.yaml:10:11: warning: operation 'op': parameter '日本' is not a valid HTTP header name; it is not sent",
            "t.yaml:11:11: warning: operation 'op': parameter 'a b' is not a valid HTTP header name; the operation is left out",
        ])
    }

    @Test(arguments: [
        ("X-Rate-Limit", "xRateLimit"), ("pet-id", "petId"), ("2fa", "_2fa"), ("é", nil), ("日本", nil), ("-", nil), ("---", nil), ("limit", nil),
    ] as [(String, String?)])
    func aNameWithoutLettersOrDigitsHasNoAlias(wireName: String, alias: String?) {
        #expect(OpenAPIReader.alias(of: wireName) == alias)
    }

    @Test(arguments: [
        (
            "        - {in: query, schema: {type: string}}\n        - {name: noin, schema: {type: integer}}\n        - {name: wrongin, in: querry, schema: {type: integer}}\n        - {name: old, in: body, schema: {type: integer}}",
            """
            t.yaml:10:11: error: operation 'op': a parameter needs 'name' and 'in'
            t.yaml:11:11: error: operation 'op': a parameter needs 'name' and 'in'
            t.yaml:12:31: error: operation 'op': parameter 'wrongin': 'in: querry' is not an OpenAPI location (path, query, header or cookie) (did you mean 'query'?)
            t.yaml:13:27: error: operation 'op': parameter 'old': 'in: body' is not an OpenAPI location (path, query, header or cookie) (OpenAPI 3 describes a body with the operation's 'requestBody')
            """
        ),
    ])
    func nameAndInAreRequired(parameters: String, expected: String) {
        let document = Self.openAPI("        - {name: p, in: path, required: true, schema: {type: string}}\n" + parameters)
        #expect(throws: SpecError.self) { try Spec(yaml: document, file: "t.yaml") }
        do {
            _ = try Spec(yaml: document, file: "t.yaml")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func serversWrittenAsAMappingAreAnError() {
        let document = "openapi: 3.1.0\ninfo: {title: B, version: \"1\"}\nservers: {url: https://b.example.com}\npaths:\n  /a:\n    get: {operationId: getA, responses: {\"200\": {description: ok}}}\n"
        do {
            _ = try Spec(yaml: document, file: "t.yaml")
            Issue.record("loaded")
        } catch {
            #expect(error.description == "t.yaml:3:10: error: 'servers' must be a list of Server objects (- url: https://…), found a mapping")
        }
    }

    @Test(arguments: [
        ("netspec: 1\nservice: S\nendpoints:\n  getA: { GET: /a }\n", "the spec has no 'baseURL'"),
        ("openapi: 3.1.0\ninfo: {title: B, version: \"1\"}\npaths:\n  /a:\n    get: {operationId: getA, responses: {\"200\": {description: ok}}}\n",
         "the document has no 'servers'"),
        ("openapi: 3.1.0\ninfo: {title: B, version: \"1\"}\nservers: [{url: /api}]\npaths:\n  /a:\n    get: {operationId: getA, responses: {\"200\": {description: ok}}}\n",
         "the document's server '/api' is relative (and the document was not loaded from a URL)"),
        ("swagger: \"2.0\"\ninfo: {title: B, version: \"1\"}\npaths:\n  /a:\n    get: {operationId: getA, responses: {\"200\": {description: ok}}}\n",
         "the document has no 'host' (its 'basePath' is a path only)"),
    ])
    func whatASpecWithoutABaseURLLacksIsInItsOwnWords(document: String, lack: String) throws {
        let spec = try Spec(yaml: document, file: "t.yaml")
        #expect(spec.baseURLLack == lack)
        // Kept by a copy (another server chosen, warnings added).
        #expect(spec.adding(warnings: [Spec.Warning(file: "o.yaml", line: 1, column: 1, message: "w")]).baseURLLack == lack)
    }
}
