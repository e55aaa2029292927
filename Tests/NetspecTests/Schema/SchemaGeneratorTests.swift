import Foundation
import NetspecTestSupport
import Testing

import Netspec
import NetspecModel

/// The generator: exact deterministic values, reproducible seeded ones, and the property that
/// every value made validates, over the test suite's schemas and the OpenAPI fixtures.
@Suite struct SchemaGeneratorTests {
    static let deterministic: [(JSONValue, JSONValue?)] = [
        (["type": "string"], "string"),
        (["type": "string", "minLength": 8, "maxLength": 9], "stringxx"),
        (["type": "string", "maxLength": 3], "str"),
        (["type": "string", "format": "date-time"], "2024-01-15T09:30:00Z"),
        (["type": "string", "format": "email"], "user@example.com"),
        (["type": "string", "format": "uuid"], "3fa85f64-5717-4562-b3fc-2c963f66afa6"),
        (["type": "string", "pattern": "^[A-Z]{3}-\\d{2}$"], "AAA-00"),
        (["type": "string", "pattern": "^(cat|dog)s?$", "minLength": 4], "cats"),
        (["type": "integer"], 0),
        (["type": "integer", "minimum": 5, "multipleOf": 3], 6),
        (["type": "number", "exclusiveMinimum": 0, "maximum": 1, "multipleOf": 0.1], 0.1),
        (["type": "boolean"], true),
        (["type": ["string", "null"]], "string"),
        (["enum": ["b", "a"]], "b"),
        (["const": 3], 3),
        (["type": "integer", "default": 7, "example": 9], 9),
        (["type": "integer", "example": -1, "minimum": 0], 0),
        (["type": "array", "items": ["type": "integer"]], [0]),
        (["type": "array", "minItems": 2, "uniqueItems": true, "items": ["type": "integer", "minimum": 1]], [1, 2]),
        (["type": "object", "required": ["b"], "properties": ["a": ["type": "string"], "b": ["type": "integer"]]], ["b": 0, "a": "string"]),
        (["anyOf": [["type": "integer", "minimum": 3], ["type": "null"]]], 3),
        // 0 matches both branches; the plainest values are tried when generation fails.
        (["oneOf": [["type": "integer"], ["type": "number", "minimum": 0]]], 0.5),
        (["allOf": [["properties": ["a": ["const": 1]], "required": ["a"]], ["properties": ["b": ["const": 2]], "required": ["b"]]]], ["a": 1, "b": 2]),
        // A required property whose schema is in what the object refers to, not in its own node.
        (["$defs": ["Base": ["properties": ["total": ["type": "integer", "minimum": 1]]]], "allOf": [["$ref": "#/$defs/Base"]], "required": ["total"]], ["total": 1]),
        (["required": ["a"]], ["a": "value"]),
        (false, nil),
        (["not": [:]], nil),
        ([:], [:]),
    ]

    @Test(arguments: deterministic.indices) func deterministicValues(_ index: Int) throws {
        let (json, expected) = Self.deterministic[index]
        let schema = try JSONSchema(json)
        #expect(schema.example() == expected, "\(json)")
    }

    @Test func seededValuesAreReproducibleAndVaried() throws {
        let schema = try JSONSchema(["type": "object", "required": ["id", "tags"], "properties": [
            "id": ["type": "integer", "minimum": 1, "maximum": 1000],
            "tags": ["type": "array", "items": ["type": "string", "pattern": "^[a-z]{2,5}$"]],
            "when": ["type": "string", "format": "date"],
        ]])
        let values = (0..<20 as Range<UInt64>).map { schema.example(seed: $0) }
        #expect(values == (0..<20 as Range<UInt64>).map { schema.example(seed: $0) })
        #expect(Set(values.compactMap { $0?["id"] }).count > 10)
        for value in values { #expect(value.map(schema.isValid) == true, "\(String(describing: value))") }
    }

    /// As a response, `writeOnly` properties are left out (required or not); as a request,
    /// `readOnly` ones; without a direction, both are made.
    @Test func directionLeavesOutWhatTravelsTheOtherWay() throws {
        let schema = try JSONSchema(["type": "object", "required": ["id", "password"], "properties": [
            "id": ["type": "integer", "readOnly": true], "password": ["type": "string", "writeOnly": true],
            "token": ["type": "string", "writeOnly": true], "name": ["type": "string"],
        ]])
        #expect(schema.example(direction: .response, seed: nil) == ["id": 0, "name": "string"])
        #expect(schema.example(direction: .request, seed: nil) == ["password": "string", "token": "string", "name": "string"])
        #expect(schema.example() == ["id": 0, "password": "string", "token": "string", "name": "string"])
        for seed in 0..<10 as Range<UInt64> {
            let value = try #require(schema.example(direction: .response, seed: seed))
            #expect(value["password"] == nil && value["token"] == nil && schema.validate(value, direction: .response).isEmpty, "\(value)")
        }
    }

    @Test func fixturesGenerateValidValues() throws {
        for (file, text, names) in SchemaFixtures.documents {
            let compiler = try SchemaFixtures.compiler(text, file: file, assertingFormats: true)
            for name in names {
                let schema = try compiler.compile(pointer: "#/components/schemas/" + name, in: file)
                let value = try #require(schema.example(), "\(file) \(name)")
                #expect(schema.isValid(value), "\(file) \(name): \(value)")
                for seed in 0..<20 as Range<UInt64> {
                    let drawn = try #require(schema.example(seed: seed), "\(file) \(name) seed \(seed)")
                    #expect(schema.isValid(drawn), "\(file) \(name) seed \(seed): \(drawn)")
                }
            }
        }
    }

    /// Test-suite schemas that accept some value but for which the generator makes none, and why.
    static let knownUngeneratable: [String: String] = [
        "not.json / collect annotations inside a 'not', even if collection is disabled":
            "`not` of a schema that accepts every value but objects with unknown members: the generator makes no value from a `not`, and none of the plainest values is such an object",
    ]

    @Test(.enabled(if: SchemaTestSuite.directory != nil, "needs the JSON Schema Test Suite (Tests/Peers/setup.sh); see the printed reason"))
    func testSuiteSchemasGenerateValidValues() throws {
        let cases = try SchemaTestSuite.cases(SchemaTestSuite.requiredFiles())
        var groups: [String: (schema: JSONValue, acceptsSomething: Bool)] = [:]
        var order: [String] = []
        for test in cases {
            let key = test.file + " / " + test.group
            if groups[key] == nil { order.append(key) }
            groups[key, default: (test.schema, false)].acceptsSomething = groups[key]?.acceptsSomething == true || test.valid
        }
        var generated = 0
        var expected = 0
        for key in order {
            let (json, acceptsSomething) = groups[key]!
            guard acceptsSomething, let schema = try? SchemaTestSuite.compile(json) else { continue }
            expected += 1
            var made = schema.example().map { [$0] } ?? []
            for seed in 0..<20 as Range<UInt64> { made += schema.example(seed: seed).map { [$0] } ?? [] }
            for value in made { #expect(schema.isValid(value), "\(key): \(value)") }
            if made.isEmpty {
                if Self.knownUngeneratable[key] == nil { Issue.record("\(key): no value generated for \(json)") }
            } else {
                generated += 1
                if Self.knownUngeneratable[key] != nil { Issue.record("\(key) generates now; remove it from the known list") }
            }
        }
        print("Generator over the test suite's schemas that accept something: \(generated)/\(expected) generate valid values")
    }
}

// MARK: - Every response schema of real documents

/// The property over real documents: every response schema of every operation, as the mock
/// answers with it (``Endpoint/mockAnswer(status:example:dynamicSeed:)``'s generator call: as a
/// response, `writeOnly` left out), makes a value that validates, deterministic and seeded. The
/// repository's documents, and the big real ones whole (``RealDocuments``: OpenAI, DigitalOcean,
/// Airflow 2 and 3, Jupyter Server).
@Suite struct ResponseSchemaGenerationTests {
    /// The repository's OpenAPI and Swagger documents.
    static let documents = [
        TestPaths.specs + "/petstore.openapi.yaml", TestPaths.specs + "/shelter.openapi.yaml",
        TestPaths.root + "/Tests/NetspecTests/Fixtures/digitalocean/DigitalOcean-public.v2.yaml",
        TestPaths.root + "/Tests/NetspecTests/Fixtures/swagger/jupyter-api.yaml",
    ]

    /// The response schemas that cannot be compiled, by document: mistakes of the documents
    /// (the mock answers these with a 501 that says so), `operation status: where: why`, where
    /// relative to the document's folder.
    static let uncompilable: [String: [String]] = [
        // The excerpt leaves `KernelSpecFile` out.
        "jupyter-api.yaml": ["getApiKernelspecs 200: jupyter-api.yaml:497:9: cannot resolve 'jupyter-api.yaml#/definitions/KernelSpecFile': no value at that pointer"],
    ]

    /// What one document's response schemas gave.
    struct Tally: CustomStringConvertible {
        var document: String
        var schemas = 0
        var generated = 0
        /// Schemas that cannot be compiled: `operation status: where: why`.
        var uncompilable: [String] = []
        /// Values not made, or made but invalid.
        var problems: [String] = []
        var description: String {
            "\(document): \(generated)/\(schemas - uncompilable.count) compiled response schemas generate valid values (\(uncompilable.count) cannot be compiled)"
        }
    }

    /// Every distinct response schema of the document at `path`, each generated deterministically
    /// and with `seeds`, each value validated as a response.
    static func tally(_ path: String, seeds: Range<UInt64>) throws -> Tally {
        let spec = try Spec.load(path: path)
        var tally = Tally(document: path)
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) + "/"
        var seen = Set<ModelSchema>()
        for endpoint in spec.endpoints {
            for entry in endpoint.responses.schemas {
                for reference in [entry.schema, entry.itemSchema].compactMap({ $0 }) where seen.insert(reference).inserted {
                    tally.schemas += 1
                    let schema: JSONSchema
                    do {
                        schema = try reference.compiled()
                    } catch {
                        let relative = "\(error)".replacingOccurrences(of: folder, with: "")
                        tally.uncompilable.append("\(endpoint.name) \(entry.status): " + relative)
                        continue
                    }
                    var made = 0
                    for seed in [UInt64?.none] + seeds.map(Optional.some) {
                        guard let value = schema.example(direction: .response, seed: seed) else {
                            tally.problems.append("\(endpoint.name) \(entry.status) \(entry.mediaType) (\(reference)) seed \(seed.map(String.init) ?? "none"): no value")
                            continue
                        }
                        let violations = schema.validate(value, direction: .response)
                        if violations.isEmpty { made += 1 } else {
                            tally.problems.append("\(endpoint.name) \(entry.status) \(entry.mediaType) seed \(seed.map(String.init) ?? "none"): \(violations.map(\.description)) for \(value)")
                        }
                    }
                    if made == seeds.count + 1 { tally.generated += 1 }
                }
            }
        }
        return tally
    }

    @Test(arguments: documents)
    func repositoryDocuments(_ path: String) async throws {
        let tally = try await onOwnThread { try Self.tally(path, seeds: 0..<10) }
        print(tally)
        #expect(tally.schemas > 0)
        #expect(tally.problems == [])
        #expect(tally.uncompilable == Self.uncompilable[String(path.split(separator: "/").last!)] ?? [])
    }

    @Test(arguments: RealDocuments.available)
    func realDocument(_ name: String) async throws {
        let path = try await RealDocuments.path(of: name)
        let tally = try await onOwnThread { try Self.tally(path, seeds: 0..<3) }
        print(tally)
        #expect(tally.schemas > 0)
        #expect(tally.problems == [])
        #expect(tally.uncompilable == Self.uncompilable[name] ?? [])
    }
}
