import Testing

@testable import Netspec
@testable import NetspecModel

/// Compiling from documents: positions, dialects, references across documents, recursion,
/// shared work, and compile errors.
@Suite struct SchemaCompilerTests {
    static let petsYAML = """
        components:
          schemas:
            Pet:
              type: object
              required: [name]
              properties:
                name:
                  type: string
                  minLength: 1
                owner:
                  $ref: '#/components/schemas/Owner'
            Owner:
              type: object
              additionalProperties: false
              properties:
                id: {type: integer}
        """

    static func petsCompiler(dialect: SchemaDialect = .openAPI30) throws -> SchemaCompiler {
        var registry = SchemaRegistry()
        registry.add(.yaml(try #require(try YAMLParser.parse(Array(petsYAML.utf8))), file: "pets.yaml"), uri: "pets.yaml")
        return SchemaCompiler(dialect: dialect, registry: registry)
    }

    @Test func schemasThatApplyToThemselvesAreRefusedWhereTheCycleCloses() throws {
        let yaml = """
            components:
              schemas:
                Node:
                  type: object
                  properties:
                    children: {type: array, items: {$ref: '#/components/schemas/Node'}}
                Base:
                  allOf:
                    - $ref: '#/components/schemas/Derived'
                Derived:
                  anyOf:
                    - {type: string}
                    - $ref: '#/components/schemas/Base'
            """
        var registry = SchemaRegistry()
        registry.add(.yaml(try #require(try YAMLParser.parse(Array(yaml.utf8))), file: "loop.yaml"), uri: "loop.yaml")
        let compiler = SchemaCompiler(dialect: .openAPI30, registry: registry)
        // Recursion through a child of the value is fine.
        #expect(try compiler.compile(pointer: "#/components/schemas/Node", in: "loop.yaml").isValid(["children": [["children": []]]]))
        #expect(throws: SchemaError(
            message: "the schema applies to itself without reaching into the value (#/components/schemas/Base → #/components/schemas/Base/allOf/0 → #/components/schemas/Derived → "
                + "#/components/schemas/Derived/anyOf/1 → #/components/schemas/Base), so no value could be validated",
            location: "loop.yaml:13:11")) {
            try compiler.compile(pointer: "#/components/schemas/Base", in: "loop.yaml")
        }
    }

    @Test func violationsCarryFileLineAndColumn() throws {
        let pet = try Self.petsCompiler().compile(pointer: "#/components/schemas/Pet", in: "pets.yaml")
        #expect(pet.location == "pets.yaml:4:7")
        let violations = pet.validate(["name": "", "owner": ["id": 1, "extra": true]]).map(\.description)
        #expect(violations == [
            "/name must be at least 1 character long (schema at pets.yaml:9:11)",
            "/owner/extra is not allowed (additionalProperties: false) (schema at pets.yaml:14:29)",
        ])
        #expect(pet.validate([:]).map(\.description) == ["the value must have the property 'name' (schema at pets.yaml:5:7)"])
    }

    @Test func oneNodePerPointerAcrossCompilations() throws {
        let compiler = try Self.petsCompiler()
        let pet = try compiler.compile(pointer: "#/components/schemas/Pet", in: "pets.yaml")
        let owner = try compiler.compile(pointer: "/components/schemas/Owner", in: "pets.yaml")
        let again = try compiler.compile(pointer: "#/components/schemas/Pet", in: "pets.yaml")
        #expect(again.root == pet.root)
        #expect(owner.graph.nodes.count == pet.graph.nodes.count)
        #expect(owner.json == ["type": "object", "additionalProperties": false, "properties": ["id": ["type": "integer"]]])
    }

    @Test func unresolvableReferenceIsAPositionedError() throws {
        var registry = SchemaRegistry()
        let yaml = "components:\n  schemas:\n    A:\n      properties:\n        b:\n          $ref: '#/components/schemas/B'\n"
        registry.add(.yaml(try #require(try YAMLParser.parse(Array(yaml.utf8))), file: "a.yaml"), uri: "a.yaml")
        let compiler = SchemaCompiler(dialect: .openAPI30, registry: registry)
        #expect(throws: SchemaError(message: "cannot resolve 'a.yaml#/components/schemas/B': no value at that pointer", location: "a.yaml:6:11")) {
            try compiler.compile(pointer: "#/components/schemas/A", in: "a.yaml")
        }
        // The failed compilation left nothing behind: the document still compiles elsewhere.
        #expect(try compiler.compile(pointer: "#/components/schemas/A/properties", in: "a.yaml").isValid(1))
    }

    @Test func compileErrors() throws {
        #expect(throws: SchemaError(message: "minLength must be a non-negative integer", location: "s#/properties/a/minLength")) {
            try SchemaCompiler().compile(["properties": ["a": ["minLength": "2"]]], uri: "s")
        }
        #expect(throws: SchemaError(message: "cannot resolve 'other.json#/x': no document or schema has that URI", location: "s#/$ref")) {
            try SchemaCompiler().compile(["$ref": "other.json#/x"], uri: "s")
        }
        #expect(throws: SchemaError(message: #"unknown type "strnig""#, location: "s#/type")) {
            try SchemaCompiler().compile(["type": "strnig"], uri: "s")
        }
        // A boolean exclusiveMinimum in 2020-12 (an OpenAPI 3.1 document written the 3.0 way, as
        // OpenAI's is) is read as its author means: it was ignored, and x:=5 went out under
        // minimum: 5, exclusiveMinimum: true.
        let exclusive = try SchemaCompiler().compile(["type": "number", "minimum": 5, "exclusiveMinimum": true], uri: "s")
        #expect(exclusive.validate(5).map(\.message) == ["must be greater than 5"])
        #expect(exclusive.isValid(5.5))
        // Keywords of the wrong shape were ignored without a word.
        #expect(throws: SchemaError(message: "uniqueItems must be a boolean", location: "s#/uniqueItems")) {
            try SchemaCompiler().compile(["uniqueItems": "yes"], uri: "s")
        }
        #expect(throws: SchemaError(message: "format must be a string", location: "s#/format")) {
            try SchemaCompiler().compile(["format": 5], uri: "s")
        }
    }

    @Test func openAPI30Dialect() throws {
        let compiler = SchemaCompiler(dialect: .openAPI30)
        let nullable = try compiler.compile(["type": "string", "nullable": true, "enum": ["a"]])
        #expect(nullable.isValid(nil))
        #expect(!nullable.isValid("b"))
        let exclusive = try compiler.compile(["minimum": 0, "exclusiveMinimum": true, "maximum": 5, "exclusiveMaximum": false])
        #expect(exclusive.validate(0).map(\.message) == ["must be greater than 0"])
        #expect(exclusive.isValid(5))
        // A $ref's siblings are ignored in OpenAPI 3.0.
        let reference = try compiler.compile(["$defs": ["a": ["type": "string"]], "$ref": "#/$defs/a", "minLength": 5])
        #expect(reference.isValid("abc"))
        let swagger = try SchemaCompiler(dialect: .swagger2).compile(["type": "integer", "x-nullable": true])
        #expect(swagger.isValid(nil))
        // In 2020-12, siblings of $ref apply and `nullable` means nothing.
        let draft = try SchemaCompiler().compile(["$defs": ["a": ["type": "string"]], "$ref": "#/$defs/a", "minLength": 5, "nullable": true])
        #expect(draft.validate("abc").map(\.keyword) == ["minLength"])
        #expect(!draft.isValid(nil))
    }

    @Test func documentsFromTheLoader() throws {
        let registry = SchemaRegistry { uri in
            uri == "https://example.com/common.json" ? .json(["$defs": ["id": ["type": "integer", "minimum": 1]]]) : nil
        }
        let schema = try SchemaCompiler(registry: registry).compile(["properties": ["id": ["$ref": "common.json#/$defs/id"]]], uri: "https://example.com/item.json")
        #expect(schema.validate(["id": 0]).map(\.description) == ["/id must be at least 1 (schema at https://example.com/common.json#/$defs/id/minimum)"])
    }

    @Test func recursiveKubernetesSchema() throws {
        let compiler = try SchemaFixtures.compiler(SchemaFixtures.kubernetes, file: "kubernetes.yaml")
        let props = try compiler.compile(pointer: "#/components/schemas/JSONSchemaProps", in: "kubernetes.yaml")
        let valid: JSONValue = [
            "type": "object",
            "properties": ["spec": ["type": "object", "properties": ["replicas": ["type": "integer", "minLength": 0]], "additionalProperties": false]],
            "items": [["type": "string"], ["not": ["type": "null"]]],
        ]
        #expect(props.isValid(valid))
        let invalid: JSONValue = ["properties": ["spec": ["properties": ["replicas": ["minLength": -1, "required": [1]]]]]]
        #expect(props.validate(invalid).map { "\($0.instancePath) \($0.message)" } == [
            "/properties/spec/properties/replicas/minLength must be at least 0",
            "/properties/spec/properties/replicas/required/0 must be a string",
        ])
        // Deeply nested values recurse through the graph, not the compiler.
        var deep: JSONValue = ["type": "string"]
        for _ in 0..<200 { deep = ["not": deep] }
        #expect(props.isValid(deep))
    }

    @Test func discriminatorPicksTheBranchToReport() throws {
        let compiler = try SchemaFixtures.compiler(SchemaFixtures.pets, file: "pets.yaml")
        let pet = try compiler.compile(pointer: "#/components/schemas/Pet", in: "pets.yaml")
        #expect(pet.isValid(["petType": "Dog", "bark": "loud"]))
        #expect(pet.validate(["petType": "Dog", "bark": "meow"]).map { "\($0.instancePath) \($0.message)" } == [#"/bark must be one of "soft", "loud""#])
        #expect(pet.validate(["petType": "Cat", "name": ""]).map { "\($0.instancePath) \($0.message)" } == ["/name must be at least 1 character long"])
        #expect(pet.validate(["petType": "Cow"]).map { "\($0.instancePath) \($0.keyword): \($0.message)" } == [#"/petType discriminator: must be one of "Cat", "Dog""#])
        #expect(pet.validate(["bark": "loud"]).map { "\($0.instancePath) \($0.keyword): \($0.message)" } == [" discriminator: must have the property 'petType'"])
        // There, but no name: said of the property (it said the property was missing).
        #expect(pet.validate(["petType": 5, "bark": "loud"]).map { "\($0.instancePath) \($0.keyword): \($0.message)" } == [#"/petType discriminator: must be a string, one of "Cat", "Dog"; got 5"#])

        let chat = try SchemaFixtures.compiler(SchemaFixtures.chat, file: "chat.yaml")
        let request = try chat.compile(pointer: "#/components/schemas/CreateChatCompletionRequest", in: "chat.yaml")
        #expect(request.isValid(["model": "gpt-4o", "messages": [["role": "user", "content": "Hi"]], "temperature": nil, "stop": nil]))
        #expect(request.validate(["model": "gpt-4o", "messages": [["role": "system"]], "temperature": 3]).map { "\($0.instancePath) \($0.message)" } == [
            "/messages/0 must have the property 'content'",
            "/temperature must be at most 2",
        ])
    }

    @Test func valueTypes() {
        let cases: [(ValueType, JSONValue)] = [
            (.int, ["type": "integer"]),
            (.double, ["type": "number"]),
            (.bool, ["type": "boolean"]),
            (.string, ["type": "string"]),
            (.data, ["type": "string"]),
            (.url, ["type": "string"]),
            (.json, [:]),
            (.model("User"), [:]),
            (.array(.int), ["type": "array", "items": ["type": "integer"]]),
            (.dictionary(.string), ["type": "object", "additionalProperties": ["type": "string"]]),
            (.optional(.int), ["anyOf": [["type": "integer"], ["type": "null"]]]),
            (.tuple([.init(label: "a", type: .int), .init(label: "b", type: .optional(.string))]),
             ["type": "object", "properties": ["a": ["type": "integer"], "b": ["anyOf": [["type": "string"], ["type": "null"]]]], "required": ["a"]]),
            (.tuple([.init(label: nil, type: .int), .init(label: nil, type: .string)]),
             ["type": "array", "prefixItems": [["type": "integer"], ["type": "string"]], "minItems": 2]),
        ]
        for (type, json) in cases {
            #expect(JSONSchema.schema(for: type).json == json, "\(type)")
        }
        let list = JSONSchema.schema(for: .array(.optional(.int)))
        #expect(list.isValid([1, nil, 3]))
        #expect(list.validate([1, "x"]).map { "\($0.instancePath) \($0.message)" } == ["/1 must match at least one of the 2 schemas in anyOf"])
    }
}
