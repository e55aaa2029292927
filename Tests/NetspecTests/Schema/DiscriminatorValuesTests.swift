import Testing

@testable import Netspec
@testable import NetspecModel

/// A `discriminator` without a `mapping` whose branches give the property their own values (as
/// OpenAI's chat messages do: `role: {enum: [user]}`): those values choose the branch, and a
/// message lists them rather than the schemas' names.
@Suite struct DiscriminatorValuesTests {
    static let document = """
        components:
          schemas:
            Message:
              oneOf: [{ $ref: "#/components/schemas/UserMessage" }, { $ref: "#/components/schemas/SystemMessage" }]
              discriminator: { propertyName: role }
            UserMessage:
              type: object
              required: [role, content]
              properties: { role: { type: string, enum: [user] }, content: { type: string } }
            SystemMessage:
              type: object
              required: [role, content]
              properties: { role: { type: string, enum: [system] }, content: { type: string, minLength: 1 } }
        """

    @Test func theBranchesOwnValuesChooseAndAreListed() throws {
        var registry = SchemaRegistry()
        registry.add(.yaml(try #require(try YAMLParser.parse(Array(Self.document.utf8))), file: "chat.yaml"), uri: "chat.yaml")
        let message = try SchemaCompiler(dialect: .draft2020_12, registry: registry).compile(pointer: "#/components/schemas/Message", in: "chat.yaml")
        #expect(message.isValid(["role": "user", "content": ""]))
        // `system` chooses its branch: its problem is the one told.
        #expect(message.validate(["role": "system", "content": ""]).map(\.description) == [
            "/content must be at least 1 character long (schema at chat.yaml:13:86)",
        ])
        #expect(message.validate(["role": "bot", "content": "hi"]).map(\.description) == [
            #"/role must be one of "system", "user" (schema at chat.yaml:4:7)"#,
        ])
    }
}
