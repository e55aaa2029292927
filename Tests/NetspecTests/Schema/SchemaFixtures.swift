@testable import Netspec
@testable import NetspecModel

/// Real-world-shaped OpenAPI component schemas for the schema engine's tests: a Kubernetes
/// `JSONSchemaProps` excerpt (a schema that refers to itself), an OpenAI-style chat request
/// (anyOf, nullable, enums, a discriminated oneOf), and the OpenAPI discriminator example.
enum SchemaFixtures {
    static let kubernetes = """
        openapi: 3.0.3
        info: {title: apiextensions, version: v1}
        paths: {}
        components:
          schemas:
            JSONSchemaProps:
              description: JSONSchemaProps is a JSON-Schema following Specification Draft 4.
              type: object
              properties:
                $ref:
                  type: string
                description:
                  type: string
                type:
                  type: string
                format:
                  type: string
                default:
                  $ref: '#/components/schemas/JSON'
                enum:
                  type: array
                  items:
                    $ref: '#/components/schemas/JSON'
                maximum:
                  type: number
                  format: double
                minLength:
                  type: integer
                  format: int64
                  minimum: 0
                pattern:
                  type: string
                required:
                  type: array
                  items:
                    type: string
                items:
                  $ref: '#/components/schemas/JSONSchemaPropsOrArray'
                allOf:
                  type: array
                  items:
                    $ref: '#/components/schemas/JSONSchemaProps'
                not:
                  $ref: '#/components/schemas/JSONSchemaProps'
                properties:
                  type: object
                  additionalProperties:
                    $ref: '#/components/schemas/JSONSchemaProps'
                additionalProperties:
                  $ref: '#/components/schemas/JSONSchemaPropsOrBool'
                nullable:
                  type: boolean
                x-kubernetes-preserve-unknown-fields:
                  type: boolean
            JSONSchemaPropsOrArray:
              anyOf:
                - $ref: '#/components/schemas/JSONSchemaProps'
                - type: array
                  items:
                    $ref: '#/components/schemas/JSONSchemaProps'
            JSONSchemaPropsOrBool:
              anyOf:
                - type: boolean
                - $ref: '#/components/schemas/JSONSchemaProps'
            JSON:
              description: Any JSON value.
        """

    static let chat = """
        openapi: 3.0.0
        info: {title: chat, version: '1'}
        paths: {}
        components:
          schemas:
            CreateChatCompletionRequest:
              type: object
              required: [model, messages]
              properties:
                model:
                  anyOf:
                    - type: string
                    - type: string
                      enum: [gpt-4o, gpt-4o-mini]
                  example: gpt-4o
                messages:
                  type: array
                  minItems: 1
                  items:
                    $ref: '#/components/schemas/ChatCompletionRequestMessage'
                temperature:
                  type: number
                  minimum: 0
                  maximum: 2
                  default: 1
                  nullable: true
                max_tokens:
                  type: integer
                  nullable: true
                stop:
                  oneOf:
                    - type: string
                      nullable: true
                    - type: array
                      minItems: 1
                      maxItems: 4
                      items:
                        type: string
                response_format:
                  type: object
                  properties:
                    type:
                      type: string
                      enum: [text, json_object]
                user:
                  type: string
                  example: user-1234
            ChatCompletionRequestMessage:
              oneOf:
                - $ref: '#/components/schemas/ChatCompletionRequestSystemMessage'
                - $ref: '#/components/schemas/ChatCompletionRequestUserMessage'
              discriminator:
                propertyName: role
                mapping:
                  system: '#/components/schemas/ChatCompletionRequestSystemMessage'
                  user: '#/components/schemas/ChatCompletionRequestUserMessage'
            ChatCompletionRequestSystemMessage:
              type: object
              required: [role, content]
              properties:
                role: {type: string, enum: [system]}
                content: {type: string}
                name: {type: string}
            ChatCompletionRequestUserMessage:
              type: object
              required: [role, content]
              properties:
                role: {type: string, enum: [user]}
                content:
                  oneOf:
                    - type: string
                    - type: array
                      minItems: 1
                      items: {type: object}
        """

    static let pets = """
        openapi: 3.0.3
        info: {title: pets, version: '1'}
        paths: {}
        components:
          schemas:
            Pet:
              oneOf:
                - $ref: '#/components/schemas/Cat'
                - $ref: '#/components/schemas/Dog'
              discriminator:
                propertyName: petType
            Cat:
              type: object
              required: [petType, name]
              properties:
                petType: {type: string}
                name: {type: string, minLength: 1}
                lives: {type: integer, minimum: 1, maximum: 9}
            Dog:
              type: object
              required: [petType, bark]
              properties:
                petType: {type: string}
                bark: {type: string, enum: [soft, loud]}
                born: {type: string, format: date}
        """

    /// The names of the component schemas of each fixture, for the generator's property test.
    static let documents: [(file: String, text: String, schemas: [String])] = [
        ("kubernetes.yaml", kubernetes, ["JSONSchemaProps", "JSONSchemaPropsOrArray", "JSONSchemaPropsOrBool", "JSON"]),
        ("chat.yaml", chat, ["CreateChatCompletionRequest", "ChatCompletionRequestMessage", "ChatCompletionRequestSystemMessage", "ChatCompletionRequestUserMessage"]),
        ("pets.yaml", pets, ["Pet", "Cat", "Dog"]),
    ]

    /// A compiler over one fixture document (OpenAPI 3.0 dialect), registered under `file`.
    static func compiler(_ text: String, file: String, assertingFormats: Bool = false) throws -> SchemaCompiler {
        var registry = SchemaRegistry()
        guard let root = try YAMLParser.parse(Array(text.utf8)) else { throw SchemaError(message: "empty fixture", location: file) }
        registry.add(.yaml(root, file: file), uri: file)
        return SchemaCompiler(dialect: .openAPI30, registry: registry, options: SchemaOptions(assertsFormat: assertingFormats))
    }
}
