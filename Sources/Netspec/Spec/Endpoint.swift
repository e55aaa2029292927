public import HTTPTypes

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
        var encoding: BodyEncoding
        var encoderName: String?
        var decoderName: String?
        var timeout: Double?
        var keyPath: JSONKeyPath?
        var returnType: ReturnType
        var stream: StreamKind?
        var until: String?
        var mock: Mock?
        var auth: AuthPolicy?
        var retry: RetryPolicy?
        var isRetryDisabled: Bool
        var summary: String?
        var mark: Mark
        var plan: RequestPlan
    }

    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    init(fields: Fields) {
        storage = Storage(fields)
    }

    /// The endpoint's name, by which it is called.
    public var name: String { storage.fields.name }
    /// The HTTP method.
    public var method: HTTPRequest.Method { storage.fields.method }
    /// The path template.
    public var path: Endpoint.PathTemplate { storage.fields.path }
    /// The parameters in declaration order (including any implied by `{name=default}`).
    public var parameters: [Parameter] { storage.fields.parameters }
    /// The static headers: the service's, then the endpoint's (which replace same-named ones).
    package var headers: [SpecHeader] { storage.fields.headers }
    /// The body encoding (endpoint, else service, else `json`; `multipart` when a parameter is `in: part`).
    public var encoding: Endpoint.BodyEncoding { storage.fields.encoding }
    /// The name of a JSON encoder registered on the provider, for request bodies.
    public var encoderName: String? { storage.fields.encoderName }
    /// The name of a JSON decoder registered on the provider, for `decode(_:)` of results.
    public var decoderName: String? { storage.fields.decoderName }
    /// The timeout in seconds (endpoint, else service), if any.
    public var timeout: Double? { storage.fields.timeout }
    /// The part of the response JSON that is the result.
    public var keyPath: JSONValue.KeyPath? { storage.fields.keyPath }
    /// The expected shape of the result.
    public var returnType: Endpoint.ReturnType { storage.fields.returnType }
    /// The kind of stream the endpoint yields, if it is a stream endpoint.
    public var stream: Endpoint.StreamKind? { storage.fields.stream }
    /// A data value that ends an `sse` or `lines` stream cleanly (OpenAI's `[DONE]`).
    public var until: String? { storage.fields.until }
    /// The example response used when mocks are on.
    package var mock: Mock? { storage.fields.mock }
    /// The authentication in effect (service-level unless the endpoint overrides it), if any.
    package var auth: AuthPolicy? { storage.fields.auth }
    /// The retry policy in effect, if any.
    public var retry: RetryPolicy? { storage.fields.retry }
    /// Whether the spec turns retries off for this endpoint (`retry: none` here or on the
    /// service), so a provider's default retry policy does not apply either.
    public var isRetryDisabled: Bool { storage.fields.isRetryDisabled }
    /// A free-text description from the spec.
    public var summary: String? { storage.fields.summary }
    /// Where the endpoint is declared.
    package var mark: Mark { storage.fields.mark }
    /// The compiled request recipe.
    var plan: RequestPlan { storage.fields.plan }

    /// The parameter with a given name.
    public func parameter(named name: String) -> Parameter? {
        plan.index(ofParameter: name).map { parameters[$0] }
    }

    /// Whether requests of this endpoint carry a body.
    public var hasBody: Bool {
        if case .none = plan.body { false } else { true }
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

extension Endpoint {
    /// The endpoint's result for a response body already parsed as JSON: its `keyPath` applied,
    /// then its `returns` shape checked and applied (tuples become objects of their labels).
    ///
    /// - Throws: ``CallError/decoding(_:)`` naming the key path where the value does not fit.
    public func result(from json: JSONValue) throws(CallError) -> JSONValue {
        do {
            return try ResultShaper(endpoint: name).shape(json, returnType: returnType, keyPath: keyPath)
        } catch {
            throw .decoding(error)
        }
    }
}
