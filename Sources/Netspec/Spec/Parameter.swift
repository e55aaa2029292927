/// One declared parameter of an endpoint, with its location resolved by the inference rules
/// when the spec loaded.
public struct Parameter: Sendable, Hashable {
    /// Why a parameter goes where it goes, for `netspec describe` and error messages.
    public enum Inference: Sendable, Hashable, CustomStringConvertible {
        /// The spec says `in:` explicitly.
        case explicit
        /// Rule 1: the name matches a `{placeholder}` in the path.
        case pathPlaceholder
        /// Rule 2: the unlabelled parameter `_` is the whole body.
        case unlabelledBody
        /// Rule 3: the method has no body, so parameters go to the query.
        case methodWithoutBody(String)
        /// Rule 4: the method has a body, so parameters are body fields of this encoding.
        case methodWithBody(String, BodyEncoding)

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

    /// The parameter's name in the spec: the argument label from Swift, the item name on the CLI.
    public let name: String
    /// The declared type (`String` when the spec gives none).
    public let type: ValueType
    /// Where the value goes.
    public let location: ParameterLocation
    /// Why it goes there.
    public let inference: Inference
    /// The name on the wire (`name:` in the spec, else ``name``).
    public let wireName: String
    /// Whether the value is already percent-encoded (`encoded: true`, path and query only).
    public let isEncoded: Bool
    /// The value used when the caller omits the parameter, as written (it may hold `${NAME}`).
    public let defaultValue: JSONValue?
    /// `flag: true`: a `Bool` query item written as `?name` when true and omitted when false.
    public let isFlag: Bool
    /// How arrays are written into a query or form body.
    public let arrayFormat: ArrayFormat
    /// The file name of a multipart part.
    public let filename: String?
    /// The media type of a multipart part or a raw body.
    public let mimeType: String?
    /// `secret: true`: the value is hidden in logs and `-v` output.
    public let isSecret: Bool
    /// A free-text description from the spec.
    public let summary: String?
    /// Where the parameter is declared.
    public let mark: Mark

    /// Whether a call must give a value: not optional, without a default, and not a flag
    /// (an omitted flag is false).
    public var isRequired: Bool { defaultValue == nil && !type.isOptional && !isFlag }

    /// Whether a `[String: T]` value expands into one item per entry (Retrofit's `@QueryMap`,
    /// `@HeaderMap`, `@FieldMap`, `@PartMap`): always for query and header parameters, and for
    /// fields and parts declared with an explicit `in:`. An inferred dictionary field is one
    /// nested value instead (a JSON object member, or `name[key]=value` in a form).
    public var expandsDictionary: Bool {
        guard type.isDictionaryType else { return false }
        switch location {
        case .query, .header: return true
        case .field, .part: return inference == .explicit
        case .path, .body: return false
        }
    }

    /// Whether the parameter is the unlabelled one (`_`).
    public var isUnlabelled: Bool { name == "_" }

    /// Templates inside a string default, parsed at load (empty when the default has no `${…}`).
    let defaultTemplate: Template?

    init(
        name: String, type: ValueType, location: ParameterLocation, inference: Inference, wireName: String,
        isEncoded: Bool, defaultValue: JSONValue?, defaultTemplate: Template?, isFlag: Bool,
        arrayFormat: ArrayFormat, filename: String?, mimeType: String?, isSecret: Bool, summary: String?, mark: Mark
    ) {
        self.isSecret = isSecret
        self.name = name
        self.type = type
        self.location = location
        self.inference = inference
        self.wireName = wireName
        self.isEncoded = isEncoded
        self.defaultValue = defaultValue
        self.defaultTemplate = defaultTemplate
        self.isFlag = isFlag
        self.arrayFormat = arrayFormat
        self.filename = filename
        self.mimeType = mimeType
        self.summary = summary
        self.mark = mark
    }
}
