import NetspecTestSupport
import Testing

@testable import Netspec
@testable import NetspecModel

/// OpenAPI 3.1's schemas are JSON Schema 2020-12: a Schema Object with `$id` is a schema resource
/// (`$ref: '#/$defs/name'` inside it resolves against it, `$ref: '#'` is itself), `$anchor` and
/// `$dynamicAnchor`/`$dynamicRef` name schemas within a document and across files, a schema is
/// named by its `$id`'s URI, and the 2020-12 meta-schemas and OpenAPI 3.1's dialect are built in.
/// The fixture is `Fixtures/schema-resources/api.yaml` and the `lists.yaml` beside it.
@Suite struct SchemaResourceTests {
    static let folder = TestPaths.root + "/Tests/NetspecTests/Fixtures/schema-resources/"
    static let api = Service(spec: try! Spec.load(path: folder + "api.yaml"), provider: Provider(options: .init(usesEnvironment: false)))

    /// The body sent, or the error's description with the fixture's folder left out.
    static func outcome(_ endpoint: String, _ arguments: [String: Argument]) -> String {
        do {
            let request = try api.prepare(endpoint, arguments)
            guard case let .bytes(bytes) = request.body else { return request.url }
            return String(decoding: bytes, as: UTF8.self)
        } catch {
            return "\(error)".replacingOccurrences(of: folder, with: "")
        }
    }

    @Test func theDocumentLoadsWithEveryOperation() throws {
        let spec = try Spec.load(path: Self.folder + "api.yaml")
        #expect(spec.endpoints.map(\.name) == ["plant", "plantById", "addPet", "addCode", "addList", "addSchema", "addOpenAPISchema"])
        #expect(spec.warnings == [])
        // The reader reads the fields from the schemas the references name.
        #expect(spec.endpoint(named: "plant")?.parameters.map(\.name) == ["name", "children"])
        #expect(spec.endpoint(named: "addPet")?.parameters.map(\.name) == ["kind"])
    }

    @Test(arguments: [
        // `$id`: `#/$defs/name` is the Tree's own, `#` the Tree itself; by the `$id`'s URI too.
        ("plant", ["name": "x"], "endpoint 'plant': parameter 'name': must be at least 2 characters long, got \"x\" (schema at api.yaml:62:31)"),
        ("plant", ["name": "xy", "children": [["name": 1]]], "endpoint 'plant': parameter 'children': /0/name must be a string, got 1 (schema at api.yaml:62:17)"),
        ("plant", ["name": "oak", "children": [["name": "ash"]]], #"{"name":"oak","children":[{"name":"ash"}]}"#),
        ("plantById", ["name": "x"], "endpoint 'plantById': parameter 'name': must be at least 2 characters long, got \"x\" (schema at api.yaml:62:31)"),
        // `$anchor`, in the document and in another file (whose root has an `$id`).
        ("addPet", ["kind": "cow"], "endpoint 'addPet': parameter 'kind': \"cow\" is not one of \"cat\", \"dog\""),
        ("addCode", ["code": "abc"], "endpoint 'addCode': parameter 'code': must match ^[A-Z]+$, got \"abc\" (schema at lists.yaml:3:40)"),
        ("addCode", ["code": "ABC"], "https://ids.example.com/codes?code=ABC"),
        // `$dynamicRef` across files: the list's items are the string list's `item`.
        ("addList", ["_": [1]], "endpoint 'addList': the body's /0 must be a string, got 1 (schema at lists.yaml:15:37)"),
        ("addList", ["_": ["a"]], #"["a"]"#),
        // The 2020-12 meta-schema, and OpenAPI 3.1's dialect, built in.
        ("addSchema", ["_": ["type": 3]],
         "endpoint 'addSchema': parameter 'type': must be one of \"array\", \"boolean\", \"integer\", \"null\", \"number\", \"object\", \"string\", got 3 (schema at https://json-schema.org/draft/2020-12/meta/validation#/$defs/simpleTypes/enum)"),
        ("addSchema", ["_": ["type": "string", "minLength": 1]], #"{"type":"string","minLength":1}"#),
        ("addOpenAPISchema", ["_": ["discriminator": [:]]],
         "endpoint 'addOpenAPISchema': parameter 'discriminator': must have the property 'propertyName' (schema at https://spec.openapis.org/oas/3.1/meta/base#/$defs/discriminator/required)"),
    ] as [(String, JSONValue, String)])
    func referencesResolveAsJSONSchemaSays(endpoint: String, arguments: JSONValue, outcome: String) {
        let given = Dictionary(uniqueKeysWithValues: (arguments.object ?? JSONObject()).map { ($0.key, Argument.value($0.value)) })
        #expect(Self.outcome(endpoint, given) == outcome)
    }

    /// The engine's own: a schema that refers to the meta-schema by URI compiles (it was a
    /// configuration error: "no document or schema has that URI").
    @Test func theMetaSchemasAreBuiltIn() throws {
        let schema = try JSONSchema(["$ref": "https://json-schema.org/draft/2020-12/schema"])
        #expect(schema.validate(["type": "string", "minLength": 1]) == [])
        #expect(schema.validate(["minLength": -1]).map(\.description) == [
            "/minLength must be at least 0 (schema at https://json-schema.org/draft/2020-12/meta/validation#/$defs/nonNegativeInteger/minimum)",
        ])
        let dialect = try JSONSchema(["$ref": "https://spec.openapis.org/oas/3.1/dialect/base"])
        #expect(dialect.validate(["xml": ["wrapped": "yes"]]).map(\.message) == ["must be a boolean"])
        for (uri, _) in SchemaMetaSchemas.texts { #expect(SchemaMetaSchemas.documents[uri] != nil, "\(uri)") }
        #expect(SchemaMetaSchemas.texts.count == 11)
    }
}
