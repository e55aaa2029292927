/// The keys each OpenAPI object may hold (3.0 and 3.1 together): any other key that does not
/// start with `x-` is a warning at its file:line:column, so nothing in a document is ignored
/// silently. Schema objects are not checked (JSON Schema allows keywords of its own).
extension OpenAPIReader {
    /// An OpenAPI object kind (named as messages name it), with the keys the specification defines for it.
    enum ObjectKind: String {
        case document = "an OpenAPI document"
        case info = "an Info object"
        case server = "a Server object"
        case serverVariable = "a Server Variable object"
        case pathItem = "a Path Item"
        case operation = "an Operation"
        case parameter = "a Parameter"
        case requestBody = "a Request Body"
        case mediaType = "a Media Type object"
        case encoding = "an Encoding object"
        case responses = "a Responses object"
        case response = "a Response"
        case components = "a Components object"
        case securityScheme = "a Security Scheme"
        case oauthFlows = "an OAuth Flows object"
        case oauthFlow = "an OAuth Flow object"
        case tag = "a Tag"
        case externalDocs = "an External Documentation object"
        case contact = "a Contact object"
        case license = "a License object"
        case example = "an Example"
        case header = "a Header"

        /// The keys the specification defines (`responses` also takes status codes).
        var keys: [String] {
            switch self {
            case .document: ["openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags", "externalDocs"]
            case .info: ["title", "summary", "description", "termsOfService", "contact", "license", "version"]
            case .server: ["url", "description", "variables"]
            case .serverVariable: ["enum", "default", "description"]
            case .pathItem: ["$ref", "summary", "description", "servers", "parameters"] + OpenAPIReader.methods.map { $0.key }
            case .operation:
                ["tags", "summary", "description", "externalDocs", "operationId", "parameters", "requestBody", "responses", "callbacks",
                 "deprecated", "security", "servers"]
            case .parameter:
                ["name", "in", "description", "required", "deprecated", "allowEmptyValue", "style", "explode", "allowReserved", "schema",
                 "example", "examples", "content"]
            case .requestBody: ["description", "content", "required"]
            case .mediaType: ["schema", "example", "examples", "encoding", "itemSchema"]
            case .encoding: ["contentType", "headers", "style", "explode", "allowReserved"]
            case .responses: ["default"]
            case .response: ["description", "headers", "content", "links"]
            case .components:
                ["schemas", "responses", "parameters", "examples", "requestBodies", "headers", "securitySchemes", "links", "callbacks", "pathItems"]
            case .securityScheme: ["type", "description", "name", "in", "scheme", "bearerFormat", "flows", "openIdConnectUrl"]
            case .oauthFlows: ["implicit", "password", "clientCredentials", "authorizationCode"]
            case .oauthFlow: ["authorizationUrl", "tokenUrl", "refreshUrl", "scopes"]
            case .tag: ["name", "description", "externalDocs"]
            case .externalDocs: ["description", "url"]
            case .contact: ["name", "url", "email"]
            case .license: ["name", "identifier", "url"]
            case .example: ["summary", "description", "value", "externalValue"]
            case .header:
                ["description", "required", "deprecated", "allowEmptyValue", "style", "explode", "allowReserved", "schema", "example",
                 "examples", "content"]
            }
        }
    }

    /// Warns, once per object, about each key of `object` that is neither one of the kind's nor
    /// an extension (`x-…`), at the key, in the file the object is in. In a 3.2 document, a key
    /// 3.2 adds that is not read yet says so.
    mutating func checkKeys(_ object: MappingReader, _ kind: ObjectKind, context: String = "") {
        guard checkedObjects.insert(NodeIdentity(object.node)).inserted else { return }
        let allowed = kind.keys + (isVersion32 ? kind.keysRead32 : kind.keysReadInEveryVersion)
        let unread = isVersion32 ? kind.keysNotRead32 : []
        for pair in object.pairs {
            guard let key = pair.key.string, !key.hasPrefix("x-"), !pair.key.hasText(in: allowed) else { continue }
            if kind == .responses, Self.isStatusKey(key) { continue }
            if pair.key.hasText(in: unread) {
                warnIn(path(of: pair.key), "\(context)'\(key)' of \(kind.rawValue) (OpenAPI 3.2) is not read yet, so it is ignored", at: pair.key.mark)
                continue
            }
            let hint = Suggestions.hint(for: key, in: allowed)
            if isVersion32, kind == .document {
                // The 3.2 schema admits no other key at the root (its tests' unknown_container).
                reportIn(path(of: pair.key), "'\(key)' is not a key of \(kind.rawValue), which OpenAPI 3.2 does not allow (OpenAPI 3.2.0, OpenAPI Object)\(hint)", at: pair.key.mark)
                continue
            }
            warnIn(path(of: pair.key), "\(context)'\(key)' is not a key of \(kind.rawValue), so it is not read\(hint)", at: pair.key.mark)
        }
    }

    /// Checks the document's `tags`, `externalDocs` and `info`'s `contact` and `license`.
    mutating func checkDocumentationKeys(info: MappingReader?) {
        if let contact = info?["contact"].flatMap(MappingReader.init) { checkKeys(contact, .contact) }
        if let license = info?["license"].flatMap(MappingReader.init) { checkKeys(license, .license) }
        for tag in (root["tags"]?.sequence.map(Array.init) ?? []).compactMap(MappingReader.init) {
            checkKeys(tag, .tag)
            if let docs = tag["externalDocs"].flatMap(MappingReader.init) { checkKeys(docs, .externalDocs) }
        }
        if let docs = root["externalDocs"].flatMap(MappingReader.init) { checkKeys(docs, .externalDocs) }
    }

    /// Checks a security scheme's OAuth flows.
    mutating func checkFlowKeys(_ scheme: MappingReader, context: String) {
        guard let flows = scheme["flows"].flatMap(MappingReader.init) else { return }
        checkKeys(flows, .oauthFlows, context: context)
        for flow in flows.pairs.compactMap({ MappingReader($0.value) }) { checkKeys(flow, .oauthFlow, context: context) }
    }

    /// Checks a media type's or a parameter's `examples` and a response's or an encoding's `headers`.
    ///
    /// - Parameter keepsBoth: whether both `example` and `examples` are read when both are
    ///   given (a response's media type: `example` answers, the named ones when asked for).
    mutating func checkExampleAndHeaderKeys(_ object: MappingReader, context: String, keepsBoth: Bool = false) {
        // `example` and `examples` are mutually exclusive (a Parameter, Media Type or Header
        // object): the document is invalid, and only `example` is read, except by a response's
        // mock. Said once per object. (In 3.2 a positioned error: `OpenAPIReader+Rules32Objects.swift`.)
        if !isVersion32, object["example"] != nil, let examples = object.entry("examples"), checkedObjects.insert(NodeIdentity(examples.value)).inserted {
            let read = keepsBoth ? "both are kept ('example' answers unless a named one is asked for)" : "only 'example' is read"
            warnIn(path(of: examples.key), "\(context)'example' and 'examples' are both given, which OpenAPI does not allow; \(read)", at: examples.key.mark)
        }
        for example in (object["examples"].flatMap(MappingReader.init).map { Array($0.pairs) } ?? []).compactMap({ resolve($0.value).flatMap(MappingReader.init) }) {
            checkKeys(example, .example, context: context)
        }
        for header in (object["headers"].flatMap(MappingReader.init).map { Array($0.pairs) } ?? []).compactMap({ resolve($0.value).flatMap(MappingReader.init) }) {
            checkKeys(header, .header, context: context)
        }
    }

    /// `200`, `2XX` (any case): a key of a Responses object.
    static func isStatusKey(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard bytes.count == 3, (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(bytes[0]) else { return false }
        let digits = bytes.dropFirst().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        let wildcard = bytes.dropFirst().allSatisfy { $0 == UInt8(ascii: "X") || $0 == UInt8(ascii: "x") }
        return digits || wildcard
    }
}

/// A node's identity: its document and its index in it.
struct NodeIdentity: Hashable {
    let document: ObjectIdentifier
    let index: Int32

    init(_ node: YAMLNode) {
        document = ObjectIdentifier(node.document)
        index = node.index
    }
}
