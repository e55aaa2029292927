/// The keys OpenAPI 3.2.0 adds to its objects: those this reader reads, and those it does not
/// read yet, which a 3.2 document is warned about by name (docs/openapi.md, "OpenAPI 3.2").
extension OpenAPIReader.ObjectKind {
    /// The 3.2 keys read whatever the document's version, so never warned about: the
    /// `deviceAuthorization` flow and its `deviceAuthorizationUrl` (`OpenAPIReader.grant`), which
    /// `auth login --device` uses in a 3.0 or 3.1 document as in a 3.2 one. (Before, a 3.0 or 3.1
    /// document was warned that they were not read, while the login used them.)
    var keysReadInEveryVersion: [String] {
        switch self {
        case .oauthFlows: ["deviceAuthorization"]
        case .oauthFlow: ["deviceAuthorizationUrl"]
        default: []
        }
    }

    /// The 3.2 keys that are read: the document's `$self` (DocumentSelf.swift), a Path Item's
    /// `query` and `additionalOperations` (its operations), the `deviceAuthorization` flow (read
    /// in 3.0 and 3.1 documents too: ``keysReadInEveryVersion``), an Example's `dataValue` and `serializedValue` (checked against
    /// each other, `OpenAPIReader+Examples32.swift`), a tag's `parent` (checked,
    /// `OpenAPIReader+Tags32.swift`), a security scheme's `deprecated` (a warning), a server's
    /// `name` (`OpenAPIReader+Servers.swift`), a tag's `summary` and `kind` (``Spec/tags``), a
    /// response's `summary` (`describe`), the components' `mediaTypes` (`OpenAPIReader+MediaTypes.swift`)
    /// and a security scheme's `oauth2MetadataUrl` (its flows discovered, RFC 8414).
    var keysRead32: [String] {
        switch self {
        case .document: ["$self"]
        case .server: ["name"]
        case .pathItem: ["query", OpenAPIReader.additionalOperationsKey]
        case .oauthFlows: ["deviceAuthorization"]
        case .oauthFlow: ["deviceAuthorizationUrl"]
        case .example: ["dataValue", "serializedValue"]
        case .tag: ["parent", "summary", "kind"]
        case .response: ["summary"]
        case .securityScheme: ["deprecated", "oauth2MetadataUrl"]
        case .components: ["mediaTypes"]
        default: []
        }
    }

    /// The 3.2 keys not read yet: each is a warning at its key, never ignored silently.
    var keysNotRead32: [String] {
        switch self {
        case .mediaType: ["itemEncoding", "prefixEncoding", "description"]
        case .encoding: ["encoding", "itemEncoding", "prefixEncoding"]
        default: []
        }
    }
}
