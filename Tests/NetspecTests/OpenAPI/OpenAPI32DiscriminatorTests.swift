import Testing

@testable import Netspec
@testable import NetspecModel

/// OpenAPI 3.2's discriminator `defaultMapping` (3.2.0, Discriminator Object): the schema whose
/// problems are told for a value without the discriminating property or with a value no branch is
/// mapped to; one naming no schema is a warning at its place.
@Suite struct OpenAPI32DiscriminatorTests {
    static let schemas = """
        components:
          schemas:
            Pet:
              oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }, { $ref: "#/components/schemas/Other" }]
              discriminator: { propertyName: petType, mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" }, defaultMapping: Other }
            Animal:
              oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }]
              discriminator: { propertyName: petType, defaultMapping: "#/components/schemas/Other" }
            Plain:
              oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }]
              discriminator: { propertyName: petType }
            Cat: { type: object, required: [petType, lives], properties: { petType: { const: cat }, lives: { type: integer } } }
            Dog: { type: object, required: [petType, bark], properties: { petType: { const: dog }, bark: { type: string } } }
            Other: { type: object, required: [name], properties: { name: { type: string } } }
        """

    static func schema(_ name: String) throws -> JSONSchema {
        var registry = SchemaRegistry()
        registry.add(.yaml(try #require(try YAMLParser.parse(Array(schemas.utf8))), file: "pets.yaml"), uri: "pets.yaml")
        return try SchemaCompiler(dialect: .draft2020_12, registry: registry).compile(pointer: "#/components/schemas/" + name, in: "pets.yaml")
    }

    static let cases: [(schema: String, value: JSONValue, messages: [String])] = [
        // Without the property: the default's problem, where without `defaultMapping` the property is asked for.
        ("Pet", ["bark": 1], ["the value must have the property 'name' (schema at pets.yaml:14:28)"]),
        ("Plain", ["bark": 1], ["the value must have the property 'petType' (schema at pets.yaml:10:7)"]),
        // A value no branch is mapped to: the default's problem, not the list of values.
        ("Pet", ["petType": "bird"], ["the value must have the property 'name' (schema at pets.yaml:14:28)"]),
        ("Plain", ["petType": "bird"], [#"/petType must be one of "cat", "dog" (schema at pets.yaml:10:7)"#]),
        // A mapped value still chooses its branch.
        ("Pet", ["petType": "cat", "lives": "nine"], ["/lives must be an integer (schema at pets.yaml:12:102)"]),
        // A default outside the branches is checked in their place.
        ("Animal", ["petType": "bird", "name": 3], ["/name must be a string (schema at pets.yaml:14:68)"]),
        ("Pet", ["name": "Tom"], []),
    ]

    @Test(arguments: cases.indices)
    func theDefaultMappingsProblemsAreTold(index: Int) throws {
        let row = Self.cases[index]
        let messages = try Self.schema(row.schema).validate(row.value).map(\.description)
        #expect(messages == row.messages, "\(row.schema) \(row.value)")
    }

    static func document(defaultMapping: String) -> String {
        """
        openapi: 3.2.0
        info: { title: T, version: '1' }
        paths: {}
        components:
          schemas:
            Pet:
              oneOf: [{ $ref: "#/components/schemas/Cat" }]
              discriminator: { propertyName: petType, defaultMapping: \(defaultMapping) }
            Cat: { type: object }
        """
    }

    @Test(arguments: ["Cat", "'#/components/schemas/Cat'"])
    func aDefaultMappingNamingASchemaLoads(target: String) throws {
        #expect(try Spec(yaml: Self.document(defaultMapping: target)).warnings.map(\.description) == [])
    }

    /// The 3.2 schema tests call a document whose `defaultMapping` names no schema valid
    /// (`pass/mega.yaml`): it loads, with a warning at the value.
    @Test(arguments: [("Bird", "Bird"), ("'#/components/schemas/Bird'", "#/components/schemas/Bird")])
    func aDefaultMappingNamingNoSchemaIsWarned(target: String, named: String) throws {
        #expect(try Spec(yaml: Self.document(defaultMapping: target)).warnings.map(\.description) == [
            "<spec>:8:63: warning: schema 'Pet': discriminator's 'defaultMapping: \(named)' names no schema of this document, so it is not used (OpenAPI 3.2.0, Discriminator Object)",
        ])
    }
}
