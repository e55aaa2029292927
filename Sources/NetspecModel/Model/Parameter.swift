package import HTTPTypes

/// One declared parameter of an endpoint, with its location resolved by the inference rules
/// when the spec loaded.
public struct Parameter: Sendable, Hashable {
    /// Why a parameter goes where it goes, for `netspec describe` and error messages.
    package enum Inference: Sendable, Hashable, CustomStringConvertible {
        /// The spec says `in:` explicitly.
        case explicit
        /// Rule 1: the name matches a `{placeholder}` in the path.
        case pathPlaceholder
        /// Rule 2: the unlabelled parameter `_` is the whole body.
        case unlabelledBody
        /// Rule 3: the method has no body, so parameters go to the query.
        case methodWithoutBody(String)
        /// Rule 4: the method has a body, so parameters are body fields of this encoding.
        case methodWithBody(String, Endpoint.BodyEncoding)

        /// A short explanation such as `query: GET parameter`.
        public var description: String {
            switch self {
            case .explicit: "explicit 'in:'"
            case .pathPlaceholder: "matches a {placeholder} in the path"
            case .unlabelledBody: "the unlabelled parameter '_' is the whole body"
            case let .methodWithoutBody(method): "\(method) has no body, so parameters go to the query"
            case let .methodWithBody(method, encoding): "\(method) has a body, so parameters are \(encoding) body fields"
            }
        }
    }

    /// Whether a call must give a value: not optional, without a default, and not a flag
    /// (an omitted flag is false).
    public var isRequired: Bool { defaultValue == nil && !type.isOptional && !codec.isFlag }

    /// Whether the parameter is the unlabelled one (`_`).
    public var isUnlabelled: Bool { name == "_" }

    // The fields live in one shared, immutable object: copying a Parameter is one retain.
    private let storage: Storage

    /// The stored fields, compared and hashed by value.
    struct Fields: Sendable, Hashable {
        var name: String
        var type: ValueType
        var location: Parameter.Location
        var inference: Inference
        var wireName: String
        var codec: ParameterCodec
        var defaultValue: JSONValue?
        var isSecret: Bool
        var sendsNull: Bool
        var summary: String?
        var mark: Mark
        var defaultTemplate: Template?
        var fieldName: HTTPField.Name?
        var alias: String?
        var allowedValues: [JSONValue]?
        var isNullable: Bool = false
        /// The schema the document declares for the value.
        var schema: ModelSchema? = nil
        /// The server's default of an optional parameter a document declares.
        var serverDefault: JSONValue? = nil
        /// Whether the document allows the value to be sent empty (`allowEmptyValue: true`).
        var allowsEmptyValue = false
        /// The values the document gives beside the schema (``Parameter/examples``).
        var examples: [JSONValue] = []
    }

    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The parameter's name in the spec: the argument label from Swift, the item name on the CLI.
    public var name: String { storage.fields.name }
    /// The declared type (`String` when the spec gives none).
    package var type: ValueType { storage.fields.type }
    /// Where the value goes.
    public var location: Parameter.Location { storage.fields.location }
    /// Why it goes there.
    package var inference: Inference { storage.fields.inference }
    /// The name on the wire (`name:` in the spec, else ``name``).
    public var wireName: String { storage.fields.wireName }
    /// How the value is written into a request and read back from one, chosen by the front end.
    package var codec: ParameterCodec { storage.fields.codec }
    /// The value used when the caller omits the parameter, as written (it may hold `${NAME}`): a
    /// Netspec spec's `default:`, the client's own, sent when the call gives none (an OpenAPI or
    /// Swagger document's `default` of an optional parameter is ``serverDefault`` instead).
    public var defaultValue: JSONValue? { storage.fields.defaultValue }
    /// The value the server assumes when the parameter is left out: an OpenAPI or Swagger
    /// document's `default` of an optional parameter (OpenAPI 3.1 §4.8.24: "the value the server
    /// will use if none is provided"). Documentation only: a call does not send it unless given.
    public var serverDefault: JSONValue? { storage.fields.serverDefault }

    /// Whether the document allows a query (or Swagger form) parameter to be sent with an empty
    /// value (`allowEmptyValue: true`): `?flag=` or `?flag` is then the parameter given, not a
    /// value its schema must take.
    package var allowsEmptyValue: Bool { storage.fields.allowsEmptyValue }
    /// `secret: true`: the value is hidden in logs and `-v` output.
    public var isSecret: Bool { storage.fields.isSecret }
    /// `sendNull: true`: an explicit `nil` is sent as JSON `null` (JSON Merge Patch deletes a
    /// member that way) instead of leaving the field out. A left-out argument is always absent.
    public var sendsNull: Bool { storage.fields.sendsNull }
    /// A free-text description from the spec.
    public var summary: String? { storage.fields.summary }
    /// Where the parameter is declared.
    package var mark: Mark { storage.fields.mark }
    /// A second name for a parameter whose name is not a Swift identifier (an OpenAPI wire name
    /// such as `X-Request-ID` is also `xRequestID:` in a dynamic call), if any.
    public var alias: String? { storage.fields.alias }
    /// The only values the parameter accepts (an OpenAPI `enum`), checked before sending; `nil`: any.
    public var allowedValues: [JSONValue]? { storage.fields.allowedValues }
    /// Whether the value may be `null` (an OpenAPI schema that admits null): an explicit null
    /// (`name:=null` on the command line, `.null` or `nil` in Swift) is accepted even when the
    /// parameter is required, and sent as JSON `null` in a JSON body (left out elsewhere).
    public var isNullable: Bool { storage.fields.isNullable }
    /// Templates inside a string default, parsed at load (empty when the default has no `${…}`).
    package var defaultTemplate: Template? { storage.fields.defaultTemplate }
    /// A header parameter's field name, made (and so checked) when the spec loaded; `nil` for a
    /// dictionary header parameter, whose keys are the names, and for other locations.
    package var fieldName: HTTPField.Name? { storage.fields.fieldName }

    /// The schema the document declares for the parameter's value, uncompiled; `nil` for a
    /// Netspec spec's parameter, whose type is its schema.
    package var documentSchema: ModelSchema? { storage.fields.schema }

    /// `type` (the parameter's, or an element's) as messages name it: in the document's words
    /// (`integer`, `array of string`) for a parameter a document declares, else as the spec
    /// writes it (`Int`, `[String]?`).
    package func typeName(_ type: ValueType) -> String {
        guard storage.fields.schema != nil else { return type.description }
        // A document's optional parameter may be left out, not sent as null: "or null" is said
        // only of one whose schema admits null.
        if case let .optional(wrapped) = type, type == self.type, !isNullable { return wrapped.schemaName }
        return type.schemaName
    }

    /// What text of `type` looks like, in the words of ``typeName(_:)``.
    package func expectedText(_ type: ValueType) -> String {
        storage.fields.schema == nil ? type.expectedText : type.expectedSchemaText
    }

    /// The schema of the parameter's value, compiled on first use: the one the document declares
    /// (an OpenAPI parameter's or body property's `schema`, a Swagger parameter), else the one
    /// its type means (`Int` → `{"type": "integer"}`, see ``JSONSchema``).
    ///
    /// - Throws: The document's schema's compile error, with its `file:line:column`.
    public var schema: JSONSchema {
        get throws {
            if let declared = storage.fields.schema { return try declared.compiled() }
            return JSONSchema.schema(for: type)
        }
    }

    init(
        name: String, type: ValueType, location: Parameter.Location, inference: Inference, wireName: String, codec: ParameterCodec,
        defaultValue: JSONValue?, defaultTemplate: Template?, isSecret: Bool, sendsNull: Bool = false, summary: String?, mark: Mark,
        fieldName: HTTPField.Name?, alias: String? = nil, allowedValues: [JSONValue]? = nil, isNullable: Bool = false,
        schema: ModelSchema? = nil, serverDefault: JSONValue? = nil, allowsEmptyValue: Bool = false
    ) {
        storage = Storage(Fields(
            name: name, type: type, location: location, inference: inference, wireName: wireName, codec: codec,
            defaultValue: defaultValue, isSecret: isSecret, sendsNull: sendsNull, summary: summary, mark: mark,
            defaultTemplate: defaultTemplate, fieldName: fieldName, alias: alias, allowedValues: allowedValues, isNullable: isNullable,
            schema: schema, serverDefault: serverDefault, allowsEmptyValue: allowsEmptyValue
        ))
    }
}

extension Parameter {
    /// The examples the document gives beside the parameter's schema, in its order: an OpenAPI
    /// parameter's own `example` and `examples` (each Example's `value`, or 3.2's `dataValue`),
    /// and its media type's; a body field's, its member of each of the body media type's
    /// examples. A schema's own examples are not here (``schema`` has them).
    package var examples: [JSONValue] { storage.fields.examples }

    /// The parameter with `examples` as its document's examples.
    package func withExamples(_ examples: [JSONValue]) -> Parameter {
        guard !examples.isEmpty else { return self }
        var fields = storage.fields
        fields.examples = examples
        return Parameter(storage: Storage(fields))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// Whether two parameters have the same fields.
    public static func == (lhs: Parameter, rhs: Parameter) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes the fields.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }
}
