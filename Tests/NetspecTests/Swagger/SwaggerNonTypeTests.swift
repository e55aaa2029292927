import Testing

import Netspec

/// Swagger's non-types — httpbin's `type: int`, and `long`, `double`, `bool`, `str`, `dict`,
/// `list` like it — are read as the type they obviously mean, each with a warning at its place.
@Suite struct SwaggerNonTypeTests {
    /// httpbin's `/redirect/{n}` as its document writes it, and other non-types like it.
    static let document = """
        swagger: "2.0"
        info: { title: Bin, version: "1" }
        host: bin.example.com
        paths:
          /redirect/{n}:
            get:
              parameters:
                - { in: path, name: n, type: int, required: true }
                - { in: query, name: ratio, type: double }
                - { in: query, name: on, type: bool }
                - { in: body, name: body, schema: { type: dict, properties: { count: { type: long }, tags: { type: list, items: { type: str } } } } }
              responses: { "302": { description: A redirection. } }
        """

    static func note(_ name: String, _ meant: String) -> String {
        "'type: \(name)' is not a Swagger 2.0 type (integer, number, string, boolean, array, object); read as '\(meant)'"
    }

    @Test func readAsTheTypeTheyMeanWithAWarningAtEach() throws {
        let spec = try Spec(yaml: Self.document, file: "bin.yaml")
        let endpoint = try #require(spec.endpoint(named: "getRedirectByN"))
        #expect(endpoint.parameters.map { "\($0.name): \($0.type)" } == ["n: Int", "ratio: Double?", "on: Bool?", "count: Int?", "tags: [String]?"])
        #expect(spec.warnings.map(\.description) == [
            "bin.yaml:8:38: warning: " + Self.note("int", "integer"),
            "bin.yaml:9:43: warning: " + Self.note("double", "number"),
            "bin.yaml:10:40: warning: " + Self.note("bool", "boolean"),
            "bin.yaml:11:86: warning: " + Self.note("long", "integer"),
            "bin.yaml:11:108: warning: " + Self.note("list", "array"),
            "bin.yaml:11:129: warning: " + Self.note("str", "string"),
        ])
        // The body's schema reads them so too, and says where.
        let body = try #require(try endpoint.requestSchema)
        #expect(body.warnings.map(\.description) == [
            "bin.yaml:11:45: warning: " + Self.note("dict", "object"),
            "bin.yaml:11:80: warning: " + Self.note("long", "integer"),
            "bin.yaml:11:102: warning: " + Self.note("list", "array"),
            "bin.yaml:11:123: warning: " + Self.note("str", "string"),
        ])
        #expect(body.validate(["count": 2, "tags": ["a"]]) == [])
        #expect(body.validate(["count": 2.5, "tags": [1]]).map(\.description) == [
            "/count must be an integer (schema at bin.yaml:11:80)",
            "/tags/0 must be a string (schema at bin.yaml:11:123)",
        ])
        #expect(body.validate([1]).map(\.description) == ["the value must be an object (schema at bin.yaml:11:45)"])
    }

    @Test func aCallChecksThemAsTheirTypes() throws {
        let api = Service(spec: try Spec(yaml: Self.document, file: "bin.yaml"), provider: Provider(options: .init(usesEnvironment: false)))
        #expect(try api.prepare("getRedirectByN", ["n": 3, "ratio": 0.5]).url == "http://bin.example.com/redirect/3?ratio=0.5")
        let error = #expect(throws: CallError.self) { try api.prepare("getRedirectByN", ["n": "three"]) }
        #expect(error?.description == "endpoint 'getRedirectByN': parameter 'n': expected integer, got the string \"three\"")
    }
}
