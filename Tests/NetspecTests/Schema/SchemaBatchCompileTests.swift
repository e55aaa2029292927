import Testing

@testable import NetspecModel

/// Compiling many schemas of one document at once (what `netspec validate` does), and a compile
/// that fails leaving nothing behind without the compiler copying its state.
@Suite struct SchemaBatchCompileTests {
    static let yaml = """
        components:
          schemas:
            Pet:
              type: object
              required: [name]
              properties:
                name: {type: string, minLength: 1}
                owner: {$ref: '#/components/schemas/Owner'}
            Owner:
              type: object
              properties:
                id: {type: integer}
            Broken:
              type: object
              properties:
                owner: {$ref: '#/components/schemas/Owner'}
                code: {type: string, pattern: '(['}
            List:
              type: array
              items: {$ref: '#/components/schemas/Pet'}
        """

    static func document() throws -> (compiler: SchemaCompiler, schemas: [String: YAMLNode]) {
        let root = try #require(try YAMLParser.parse(Array(yaml.utf8)))
        var registry = SchemaRegistry()
        registry.add(.yaml(root, file: "pets.yaml"), uri: "pets.yaml")
        let schemas = try #require(root["components"]?["schemas"]?.mapping)
        return (SchemaCompiler(dialect: .openAPI30, registry: registry), Dictionary(uniqueKeysWithValues: schemas.map { ($0.key.string ?? "", $0.value) }))
    }

    static func inline(_ node: YAMLNode) -> SchemaCompiler.InlineSchema {
        SchemaCompiler.InlineSchema(node: node, document: "pets.yaml", file: "pets.yaml")
    }

    /// The schemas that compile share one graph (one copy of the nodes, however many schemas);
    /// each gives what it gives compiled alone, and one that fails gives its error alone.
    @Test func aBatchSharesOneGraphAndGivesWhatEachGivesAlone() throws {
        let (compiler, schemas) = try Self.document()
        let names = ["Pet", "Broken", "List", "Owner"]
        let results = compiler.compileAll(names.map { Self.inline(schemas[$0]!) })
        let compiled = try results.enumerated().filter { $0.offset != 1 }.map { try $0.element.get() }
        #expect(compiled.allSatisfy { $0.graph === compiled[0].graph })
        #expect(throws: SchemaError(message: "'([' is not a regular expression this engine can run (expected custom character class members)", location: "pets.yaml:17:30")) {
            try results[1].get()
        }
        let (alone, _) = try Self.document()
        for (name, result) in zip(names, results) {
            let single = Result { () throws(SchemaError) in try alone.compile(node: schemas[name]!, in: "pets.yaml", file: "pets.yaml") }
            for value: JSONValue in [["name": "Rex", "owner": ["id": 1]], ["name": ""], [["name": "a"]], [["owner": ["id": "x"]]], ["id": 2], 5] {
                let batch = try? result.get().validate(value).map(\.description)
                let one = try? single.get().validate(value).map(\.description)
                #expect(batch == one, "\(name) \(value)")
            }
            if case let .failure(error) = single { #expect(throws: error) { try result.get() } }
        }
    }

    /// A compile that fails removes the nodes it made and their names: the state is as before
    /// (but the documents read), so what it shared with good schemas compiles again for them,
    /// and it fails the same way again.
    @Test func aFailedCompileLeavesNothingBehind() throws {
        let (compiler, schemas) = try Self.document()
        _ = try compiler.compile(node: schemas["Owner"]!, in: "pets.yaml", file: "pets.yaml")
        let before = compiler.state.withLockedValue { ($0.nodes.count, $0.nodeIndex.count, $0.pending.count) }
        let error = #expect(throws: SchemaError.self) { try compiler.compile(node: schemas["Broken"]!, in: "pets.yaml", file: "pets.yaml") }
        #expect(compiler.state.withLockedValue { ($0.nodes.count, $0.nodeIndex.count, $0.pending.count) } == before)
        #expect(compiler.compileError(node: schemas["Broken"]!, in: "pets.yaml", file: "pets.yaml") == error)
        #expect(compiler.state.withLockedValue { ($0.nodes.count, $0.nodeIndex.count, $0.pending.count) } == before)
        let list = try compiler.compile(node: schemas["List"]!, in: "pets.yaml", file: "pets.yaml")
        #expect(list.validate([["name": ""]]).map(\.description) == ["/0/name must be at least 1 character long (schema at pets.yaml:7:30)"])
        #expect(compiler.compileError(node: schemas["Pet"]!, in: "pets.yaml", file: "pets.yaml") == nil)
    }
    /// Schemas compiled one at a time, as each is first used (``ModelSchema/compiled()``), share
    /// one store of nodes: a compile appends to it, where each compiled schema kept the node array
    /// as it was and the next compile copied every node compiled before (a document's schemas
    /// times its nodes, in time and in memory). What an earlier schema reads is unchanged by later
    /// compiles, by one that fails, and by the store growing (16 nodes at first).
    @Test func schemasCompiledOneAtATimeShareTheirNodes() throws {
        let (compiler, schemas) = try Self.document()
        func compile(_ name: String) throws -> JSONSchema { try compiler.compile(node: schemas[name]!, in: "pets.yaml", file: "pets.yaml") }
        let owner = try compile("Owner"), pet = try compile("Pet")
        func address(_ schema: JSONSchema) -> UnsafePointer<SchemaNode>? { schema.graph.nodes.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(address(pet) == address(owner))
        #expect(owner.graph.nodes.count < pet.graph.nodes.count)
        #expect(throws: SchemaError.self) { try compile("Broken") }
        func more(_ number: Int) throws -> YAMLNode {
            try #require(try YAMLParser.parse(Array("{type: object, properties: {n\(number): {type: integer, maximum: \(number)}}}".utf8)))
        }
        let later = try (0..<40).map { number in try compiler.compile(node: more(number), in: "more\(number).yaml", file: nil) }
        #expect(address(later[39]) != address(owner))
        #expect(owner.validate(["id": "x"]).map(\.description) == ["/id must be an integer (schema at pets.yaml:12:14)"])
        #expect(pet.validate(["name": "", "owner": ["id": 1.5]]).map(\.description) == [
            "/name must be at least 1 character long (schema at pets.yaml:7:30)", "/owner/id must be an integer (schema at pets.yaml:12:14)",
        ])
        for number in [0, 17, 39] {
            let alone = try SchemaCompiler(dialect: .openAPI30).compile(node: more(number), in: "more\(number).yaml", file: nil)
            let value: JSONValue = ["n\(number)": .int(number + 1)]
            #expect(later[number].validate(value).map(\.description) == alone.validate(value).map(\.description))
            #expect(later[number].validate(value).count == 1)
        }
    }

    /// A document's schemas compiled together give what each gives compiled alone, and each is
    /// kept as ``ModelSchema/compiled()`` keeps it: asked again, it is the one compiled together.
    @Test func aDocumentsSchemasCompiledTogetherAreKept() throws {
        let path = TestPaths.specs + "/shelter.openapi.yaml"
        let together = try Spec.load(path: path), alone = try Spec.load(path: path)
        func schemas(_ spec: Spec) -> [ModelSchema] {
            spec.endpoints.flatMap { endpoint in
                [endpoint.requestSchemaReference] + endpoint.parameters.map(\.documentSchema)
                    + endpoint.responses.declared.flatMap { $0.content.map(\.schema) }
            }.compactMap { $0 }
        }
        let batch = schemas(together), single = schemas(alone)
        #expect(batch.count > 5)
        let results = ModelSchema.compileAll(batch)
        for (position, result) in results.enumerated() {
            let compiled = try result.get()
            #expect(try batch[position].compiled().graph === compiled.graph)
            #expect(compiled.graph === (try results[0].get()).graph)
            let one = try single[position].compiled()
            #expect(compiled.location == one.location)
            for value: JSONValue in [["name": "Rex", "species": "dog"], ["name": ""], 5, "x", [1, 2]] {
                #expect(compiled.validate(value).map(\.description) == one.validate(value).map(\.description), "\(batch[position]) \(value)")
            }
        }
    }
}
