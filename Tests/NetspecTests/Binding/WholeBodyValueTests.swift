import Testing

import Netspec

/// A whole body that is not an object — an array, a string, a number, `null` — piped in or given
/// as `_` is validated against the body's schema as the JSON value it is, and sent as it is:
/// a schema with `properties` and no `type` admits an array; `null` is a body, not none.
@Suite struct WholeBodyValueTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Bodies, version: "1" }
        servers: [{ url: "https://bodies.example.com" }]
        paths:
          /untyped/{id}:
            post:
              operationId: untyped
              parameters: [{ name: id, in: path, required: true, schema: { type: integer, minimum: 1 } }]
              requestBody:
                content:
                  application/json:
                    schema: { properties: { id: { type: integer } }, required: [id] }
          /typed:
            post:
              operationId: typed
              requestBody:
                required: true
                content:
                  application/json:
                    schema: { type: object, properties: { id: { type: integer } } }
          /list:
            post:
              operationId: list
              requestBody:
                content:
                  application/json:
                    schema: { type: array, items: { type: integer } }
          /nullable:
            post:
              operationId: nullable
              requestBody:
                content:
                  application/json:
                    schema: { type: [object, "null"] }
        """

    static let api = Service(spec: try! Spec(yaml: document, file: "bodies.yaml"), provider: Provider(options: .init(usesEnvironment: false)))

    /// The body sent, or the error's description.
    static func outcome(_ endpoint: String, _ arguments: [String: Argument]) -> String {
        do {
            let request = try api.prepare(endpoint, arguments)
            guard case let .bytes(bytes) = request.body else { return "no body" }
            return "\(request.headerFields[.contentType] ?? "-") \(request.headerFields[.contentLength] ?? "-") " + String(decoding: bytes, as: UTF8.self)
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [
        // `properties` without `type`: only objects must have `id`.
        ("untyped", [1, 2] as JSONValue, "application/json 5 [1,2]"),
        ("untyped", "text", #"application/json 6 "text""#),
        ("untyped", nil, "application/json 4 null"),
        ("untyped", 3, "application/json 1 3"),
        ("untyped", ["id": 1], #"application/json 8 {"id":1}"#),
        ("untyped", ["name": "x"], "endpoint 'untyped': parameter 'idField': missing required argument (integer)"),
        // `type: object`: nothing else.
        ("typed", [1], "endpoint 'typed': the body must be an object (schema at bodies.yaml:20:23)"),
        ("typed", nil, "endpoint 'typed': the body must be an object, got null (schema at bodies.yaml:20:23)"),
        ("typed", "text", #"endpoint 'typed': the body must be an object, got "text" (schema at bodies.yaml:20:23)"#),
        // A body whose schema is an array: `null` is checked, not taken for no body.
        ("list", [1], "application/json 3 [1]"),
        ("list", nil, "endpoint 'list': the body must be an array, got null (schema at bodies.yaml:27:23)"),
        ("list", ["a"], #"endpoint 'list': the body's /0 must be an integer, got "a" (schema at bodies.yaml:27:45)"#),
        // A schema that admits null: `null` is sent.
        ("nullable", nil, "application/json 4 null"),
        ("nullable", [1], "endpoint 'nullable': the body must be an object or null (schema at bodies.yaml:34:23)"),
    ] as [(String, JSONValue, String)])
    func aWholeBodyIsTheValueItIs(endpoint: String, body: JSONValue, outcome: String) {
        var arguments: [String: Argument] = ["_": .value(body)]
        if endpoint == "untyped" { arguments["id"] = 7 }
        #expect(Self.outcome(endpoint, arguments) == outcome)
    }

    @Test func theOtherParametersAreBoundAndCheckedBesideIt() throws {
        #expect(Self.outcome("untyped", ["_": [1], "id": 0]) == "endpoint 'untyped': parameter 'id': must be at least 1, got 0 (schema at bodies.yaml:8:83)")
        #expect(try Self.api.prepare("untyped", ["_": [1], "id": 7]).url == "https://bodies.example.com/untyped/7")
        // A field names a member of an object, which the body is not.
        #expect(Self.outcome("untyped", ["_": [1, 2], "id": 7, "idField": 3])
            == "endpoint 'untyped': parameter 'idField': a body field cannot be given beside a whole body that is not an object (_ is an array)")
        #expect(Self.outcome("typed", ["_": [1], "id": 3]) == """
            endpoint 'typed': 2 problems with the arguments:
              parameter 'id': a body field cannot be given beside a whole body that is not an object (_ is an array)
              the body must be an object (schema at bodies.yaml:20:23)
            """)
        // Without validation, sent as it is.
        #expect(try Self.api.prepare("typed", ["_": [1]], options: CallOptions(requestValidation: .off)).body == .bytes(Array("[1]".utf8)))
    }
}
