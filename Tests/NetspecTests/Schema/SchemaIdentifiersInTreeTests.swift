import Testing

@testable import Netspec
@testable import NetspecModel

/// A document's identifiers (`$id`, `$anchor`) are found in its positioned tree in place, as in
/// the same document read as JSON, and a document that writes none is not walked for them.
@Suite struct SchemaIdentifiersInTreeTests {
    static let document = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths:
          /pets:
            post:
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        pet: {$ref: 'https://example.com/schemas/pet'}
                        size: {$ref: 'https://example.com/schemas/pet#size'}
                        tags: {$ref: 'https://example.com/schemas/tags'}
        components:
          schemas:
            Pet:
              $id: https://example.com/schemas/pet
              type: object
              required: [name]
              properties:
                name: {type: string}
                size:
                  $anchor: size
                  enum: [small, large]
            Tags:
              $id: "https://example.com/schemas/tags"
              type: array
              items: {$ref: '#/$defs/tag'}
              $defs:
                tag: {type: string, maxLength: 3}
            Numbered:
              $id: 12
        """

    static let cases: [(value: JSONValue, valid: Bool)] = [
        (["pet": ["name": "Rex"], "size": "small", "tags": ["a", "bc"]], true),
        (["pet": [:]], false),
        (["size": "huge"], false),
        (["tags": ["long"]], false),
    ]

    @Test func identifiersAreFoundInTheTreeAsInJSON() throws {
        let root = try #require(try YAMLParser.parse(Array(Self.document.utf8)))
        let schemaNode = try #require(root["paths"]?["/pets"]?["post"]?["requestBody"]?["content"]?["application/json"]?["schema"])
        var treeRegistry = SchemaRegistry()
        treeRegistry.add(.yaml(root, file: "pets.yaml"), uri: "pets.yaml")
        let fromTree = try SchemaCompiler(dialect: .draft2020_12, registry: treeRegistry).compile(node: schemaNode, in: "pets.yaml", file: "pets.yaml")
        var jsonRegistry = SchemaRegistry()
        jsonRegistry.add(.json(root.jsonValue), uri: "pets.json")
        let fromJSON = try SchemaCompiler(dialect: .draft2020_12, registry: jsonRegistry)
            .compile(pointer: "#/paths/~1pets/post/requestBody/content/application~1json/schema", in: "pets.json")
        for (value, valid) in Self.cases {
            #expect(fromTree.isValid(value) == valid, "\(value)")
            #expect(fromJSON.isValid(value) == valid, "\(value)")
        }
    }

    @Test(arguments: [
        ("a: {$ref: '#/b'}\nb: {type: string}", false),
        ("a: {$id: 'https://x/a'}", true),
        ("a:\n  $anchor: here", true),
        ("a: {$dynamicAnchor: node}", true),
        // Text that only mentions one is enough to walk (never a reason to skip one).
        ("a: {description: 'its $id'}", true),
        ("a: {description: '$ids and $anchors are not used'}", true),
        ("a: [1, 2, {b: c}]", false),
    ])
    func aDocumentThatWritesNoIdentifierIsNotWalked(_ yaml: String, mayContain: Bool) throws {
        let root = try #require(try YAMLParser.parse(Array(yaml.utf8)))
        #expect(root.documentTextMayContain(anyOf: SchemaCompilation.identifierKeywords) == mayContain)
    }
}
