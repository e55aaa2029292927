public import HTTPTypes
import Synchronization

/// One endpoint of a service spec: a method, a path, its parameters with their resolved
/// locations, and the shape of its result.
public struct Endpoint: Sendable, Hashable {
    // The fields live in one shared, immutable object: copying an Endpoint is one retain.
    private let storage: Storage

    /// The stored fields, compared and hashed by value.
    struct Fields: Sendable, Hashable {
        var name: String
        var method: HTTPRequest.Method
        var path: PathTemplate
        var parameters: [Parameter]
        var headers: [SpecHeader]
        var encoding: Endpoint.BodyEncoding
        var encoderName: String?
        var decoderName: String?
        var timeout: Double?
        var keyPath: JSONValue.KeyPath?
        var returnType: ReturnType
        var stream: Endpoint.StreamKind?
        var until: String?
        var auth: AuthPolicy?
        var retry: RetryPolicy?
        var isRetryDisabled: Bool
        var summary: String?
        var mark: Mark
        var tags: [String] = []
        /// How results continue on further pages (`paginate:`).
        var pagination: Pagination? = nil
        /// A `stream: websocket` endpoint's settings.
        var webSocket: WebSocketSettings? = nil
        /// The spec's `cache:` policy (endpoint, else service).
        var cachePolicy: CachePolicy? = nil
        /// The longer description beside the summary (an OpenAPI operation's `description`).
        var details: String? = nil
        /// A `stream: sse` endpoint that may answer one JSON value instead (one status with
        /// `application/json` and `text/event-stream`).
        var answersValueOrEvents: Bool = false
        /// The request body's schema, as the document declares it.
        var requestSchema: ModelSchema? = nil
        /// The media types the document says the request body may be sent as, in its order.
        var requestMediaTypes: [String] = []
        /// Whether the document requires a request body (`requestBody.required`, a Swagger
        /// `in: body` parameter's `required`).
        var requiresBody = false
        /// The responses: each status once, its media types, schemas, headers and examples.
        var responses = Responses()
        /// Why a client cannot call it, when the document's security accepts only schemes
        /// Netspec cannot send (HTTP Digest): a mock still answers it.
        var unsupportedAuth: String? = nil
        /// The document's security alternatives for the operation (any one suffices), for a
        /// server to check; empty when it declares none, or for a Netspec spec.
        var securityAlternatives: [[SecurityRequirement]] = []
        /// What the document says of the endpoint as a mock's stored resource: the
        /// `x-netspec-mock` extension (OpenAPI, Swagger: the path item's, the operation's keys
        /// over it), or a Netspec spec's `mock: { resource: … }`; `nil` when it says nothing.
        var mockResource: JSONValue? = nil
    }

    private final class Storage: Sendable {
        let fields: Fields
        /// What later stages derive from the endpoint and keep, one value a type (the binding's
        /// compiled plan, the mock answers' written examples).
        let derived = Mutex<[AnyObject & Sendable]>([])
        init(_ fields: Fields) { self.fields = fields }
    }

    /// A value of type `T` derived from this endpoint by a later stage, made on first use and kept
    /// for the endpoint's lifetime: the binding stage keeps its compiled plan here, the mock
    /// answers the mocks written from the document's examples. One value a type, found among
    /// the few kept by a cast each.
    package func derived<T: AnyObject & Sendable>(_ make: (Endpoint) -> T) -> T {
        storage.derived.withLock { slots in
            for slot in slots { if let value = slot as? T { return value } }
            let value = make(self)
            slots.append(value)
            return value
        }
    }

    init(fields: Fields) {
        storage = Storage(fields)
    }

    /// What the document says of the endpoint as a stored resource of a stateful mock server
    /// (`x-netspec-mock`, a Netspec spec's `mock: { resource: … }`), as written; `nil` when nothing.
    package var mockResource: JSONValue? { storage.fields.mockResource }

    /// The endpoint with ``mockResource`` set.
    package func withMockResource(_ value: JSONValue?) -> Endpoint {
        guard let value else { return self }
        var fields = storage.fields
        fields.mockResource = value
        return Endpoint(fields: fields)
    }

    /// The endpoint with each response link's ``ResponseLink/target`` set by `target`.
    package func withLinkTargets(_ target: (ResponseLink) -> String?) -> Endpoint {
        var fields = storage.fields
        for index in fields.responses.declared.indices {
            for link in fields.responses.declared[index].links.indices {
                fields.responses.declared[index].links[link].target = target(fields.responses.declared[index].links[link])
            }
        }
        return Endpoint(fields: fields)
    }

    /// `x-netspec-mock` of a path item and of one of its operations: the operation's keys over
    /// the path item's when both are mappings, else the operation's, else the path item's.
    static func mockExtension(pathItem: YAMLNode?, operation: YAMLNode?) -> JSONValue? {
        switch (pathItem?.jsonValue, operation?.jsonValue) {
        case var (.object(shared)?, .object(own)?):
            for (key, value) in own { shared[key] = value }
            own = shared
            return .object(own)
        case let (shared, own): return own ?? shared
        }
    }

    /// The stored fields, to make a changed copy.
    var fieldsForRenaming: Fields { storage.fields }

    /// The groups the endpoint belongs to (an OpenAPI operation's `tags`), in the document's order.
    public var tags: [String] { storage.fields.tags }
    /// The endpoint's name, by which it is called.
    public var name: String { storage.fields.name }
    /// The HTTP method.
    public var method: HTTPRequest.Method { storage.fields.method }
    /// The path template.
    package var pathTemplate: PathTemplate { storage.fields.path }
    /// The path as the spec writes it, with its `{placeholders}` (`/users/{id}/todos`).
    public var path: String { storage.fields.path.description }
    /// The parameters in declaration order (including any implied by `{name=default}`).
    public var parameters: [Parameter] { storage.fields.parameters }
    /// The static headers: the service's, then the endpoint's (which replace same-named ones).
    package var headers: [SpecHeader] { storage.fields.headers }
    /// The body encoding (endpoint, else service, else `json`; `multipart` when a parameter is `in: part`).
    package var encoding: Endpoint.BodyEncoding { storage.fields.encoding }
    /// The name of a JSON encoder registered on the provider, for request bodies.
    public var encoderName: String? { storage.fields.encoderName }
    /// The name of a JSON decoder registered on the provider, for `decode(_:)` of results.
    public var decoderName: String? { storage.fields.decoderName }
    /// The timeout in seconds (endpoint, else service), if any.
    public var timeout: Double? { storage.fields.timeout }
    /// The part of the response JSON that is the result.
    public var keyPath: JSONValue.KeyPath? { storage.fields.keyPath }
    /// The expected shape of the result.
    package var returnType: ReturnType { storage.fields.returnType }
    /// The kind of stream the endpoint yields, if it is a stream endpoint.
    package var stream: Endpoint.StreamKind? { storage.fields.stream }
    /// A data value that ends an `sse` or `lines` stream cleanly (OpenAI's `[DONE]`).
    public var until: String? { storage.fields.until }
    /// A `stream: websocket` endpoint's settings (message kind, subprotocols, message types, ping).
    package var webSocket: WebSocketSettings? { storage.fields.webSocket }
    /// Why the endpoint cannot be called (its security accepts only schemes Netspec cannot
    /// send), or `nil`; with mocks on it is answered all the same.
    package var unsupportedAuth: String? { storage.fields.unsupportedAuth }

    /// The document's security alternatives for the operation (any one suffices, each needs all
    /// its schemes); empty when anyone may call it.
    package var securityAlternatives: [[SecurityRequirement]] { storage.fields.securityAlternatives }

    /// How the endpoint's results continue on further pages, if they do.
    package var pagination: Pagination? { storage.fields.pagination }
    /// The authentication in effect (service-level unless the endpoint overrides it), if any.
    package var auth: AuthPolicy? { storage.fields.auth }
    /// The retry policy in effect, if any.
    public var retry: RetryPolicy? { storage.fields.retry }
    /// Whether the spec turns retries off for this endpoint (`retry: none` here or on the
    /// service), so a provider's default retry policy does not apply either.
    public var isRetryDisabled: Bool { storage.fields.isRetryDisabled }
    /// How calls use the provider's HTTP cache (`cache:`, the endpoint's else the service's), if the spec says.
    public var cachePolicy: CachePolicy? { storage.fields.cachePolicy }
    /// A free-text description from the spec: its summary (an OpenAPI operation's `summary`, else
    /// its `description`).
    public var summary: String? { storage.fields.summary }
    /// The longer description given beside the summary (an OpenAPI operation's `description`
    /// when it has a `summary` too), if any.
    public var details: String? { storage.fields.details }
    /// Whether the endpoint answers either one JSON value or an event stream, as the response's
    /// `Content-Type` says (an OpenAPI response with `application/json` and `text/event-stream`
    /// under one status): a call asks for both, JSON first, unless it asks for events
    /// (`api.x.events(…)`, `--stream`). Such an endpoint is not a stream endpoint (it has no `stream:` kind).
    public var answersValueOrEvents: Bool { storage.fields.answersValueOrEvents }
    /// Where the endpoint is declared.
    package var mark: Mark { storage.fields.mark }
    /// The compiled request recipe.

    /// The request body's schema as the document declares it (an OpenAPI `requestBody`'s chosen
    /// media type, a Swagger `in: body` parameter), compiled on first use; `nil` when it declares
    /// none. Body fields also have their own (``Parameter/schema``).
    ///
    /// - Throws: The schema's compile error, with its `file:line:column`.
    public var requestSchema: JSONSchema? {
        get throws { try storage.fields.requestSchema?.compiled() }
    }

    /// The request body's schema, uncompiled.
    package var requestSchemaReference: ModelSchema? { storage.fields.requestSchema }

    /// The media types the document says the request body may be sent as, lower-cased, in its
    /// order (a Swagger operation's `consumes`, an OpenAPI `requestBody`'s `content`); empty when
    /// it says none, or for a Netspec spec.
    package var requestMediaTypes: [String] { storage.fields.requestMediaTypes }

    /// Whether the document requires a request body (OpenAPI's `requestBody.required: true`, a
    /// Swagger `in: body` parameter's `required: true`): a server refuses a request without one,
    /// even when every field of it is optional.
    package var requiresBody: Bool { storage.fields.requiresBody }

    /// What the endpoint declares about its responses: each status once (`200`, `2XX`,
    /// `default`), its media types with their schemas, its headers and its examples (a Netspec
    /// spec's `mock:` gives examples only). Mocks answer from it (`MockAnswers/`), responses are
    /// validated against it, the mock server checks answers by it.
    package var responses: Responses { storage.fields.responses }

    /// The schema the document declares for a response with `status` and `mediaType` (the
    /// `Content-Type`), compiled on first use: the most specific status (`200`, then `2XX`, then
    /// `default`) and the same media type (or a JSON one for JSON, or a wildcard); `nil` when the
    /// document declares none.
    ///
    /// - Throws: The schema's compile error, with its `file:line:column`.
    public func responseSchema(status: Int, mediaType: String) throws -> JSONSchema? {
        let entry = storage.fields.responses.schema(status: status, mediaType: mediaType)
        return try (entry?.schema ?? entry?.itemSchema)?.compiled()
    }

    /// The parameter with a given name (or alias).
    public func parameter(named name: String) -> Parameter? {
        parameters.first { $0.name == name } ?? parameters.first { $0.alias == name }
    }

    /// Whether requests of this endpoint carry a body.
    public var hasBody: Bool {
        parameters.contains { $0.location == .body || $0.location == .field || $0.location == .part }
    }
}

extension Endpoint {
    /// Whether two values have the same fields.
    public static func == (lhs: Endpoint, rhs: Endpoint) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes the fields.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }
}
