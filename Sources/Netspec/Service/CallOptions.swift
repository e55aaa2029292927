/// Settings for one call, winning over the provider's and the spec's (docs/swift.md, "Which
/// setting wins"); a `nil` setting is left to them. A call by name takes them as `options:`, a
/// call written by name through ``EndpointCall/with(_:)``:
///
/// ```swift
/// let order: Order = try await api.getOrder.with(CallOptions(timeout: .seconds(3)))(id: 7)
/// ```
public struct CallOptions: Sendable {
    /// A base URL for this call only, sent as it is written: it has no variables, and a `{stage}`
    /// or `${stage}` in it is refused, a configuration error naming `CallOptions.baseURL`.
    public var baseURL: String?
    /// Headers added last, replacing same-named ones.
    public var headers: [(name: String, value: String)]
    /// Query items the spec does not declare, added after the declared ones and percent-encoded
    /// like them (Snowdrop's `_queryItems`, HTTPie's `name==value`).
    public var queryItems: [(name: String, value: String)]
    /// The total time the call may take (for streams: the wait for the response head); `nil`:
    /// the provider's ``Provider/Options/Timeouts/request``, else the spec's `timeout:`, else 60 s.
    public var timeout: Duration?
    /// How long to wait for a connection (`nil`: the provider's).
    public var connectTimeout: Duration?
    /// A key path applied to the result, after the spec's `keyPath` and `returns`.
    public var keyPath: JSONValue.KeyPath?
    /// Whether to answer from the spec's mock (`nil`: as the provider says, or on when ``mock``
    /// names one).
    public var usesMock: Bool?
    /// The named mock this call is answered with — a Netspec spec's `mock:` entry with that
    /// `name:`, an OpenAPI `examples:` key — as a mock server's `Prefer: example=NAME` chooses it;
    /// naming one turns mocks on for the call. `nil`: the provider's
    /// ``Provider/Options/Mocks/examples`` for the endpoint, else the success response's first.
    public var mock: String?
    /// How this call uses the provider's ``Provider/Options/cache`` (`nil`: the endpoint's `cache:`,
    /// else the cache's ``HTTPCache/policy``).
    public var cachePolicy: CachePolicy?
    /// Told as the request body is sent (bytes done, and the body's length).
    public var uploadProgress: (@Sendable (_ completed: Int, _ total: Int?) -> Void)?
    /// Told as the response body arrives (bytes done, and `Content-Length` when the server sends it).
    public var downloadProgress: (@Sendable (_ completed: Int, _ total: Int?) -> Void)?
    /// Whether the arguments are checked against the document's schemas before anything is sent:
    /// `.strict` throws every problem at once, `.warn` logs them and sends, `.off` sends without
    /// checking (the CLI's `--no-validate`); `nil`: the provider's
    /// ``Provider/Options/Validation/requests``, strict unless set.
    public var requestValidation: Validation?
    /// Whether a response is checked against the document's schema for its status and media type
    /// (`nil`: the provider's ``Provider/Options/Validation/responses``, off unless set).
    public var responseValidation: Validation?

    /// Creates call options.
    public init(
        baseURL: String? = nil, headers: [(name: String, value: String)] = [], queryItems: [(name: String, value: String)] = [],
        timeout: Duration? = nil,
        connectTimeout: Duration? = nil, keyPath: JSONValue.KeyPath? = nil, usesMock: Bool? = nil, cachePolicy: CachePolicy? = nil, uploadProgress: (@Sendable (_ completed: Int, _ total: Int?) -> Void)? = nil,
        downloadProgress: (@Sendable (_ completed: Int, _ total: Int?) -> Void)? = nil,
        requestValidation: Validation? = nil, responseValidation: Validation? = nil, mock: String? = nil
    ) {
        self.mock = mock
        self.requestValidation = requestValidation
        self.responseValidation = responseValidation
        self.connectTimeout = connectTimeout
        self.uploadProgress = uploadProgress
        self.downloadProgress = downloadProgress
        self.baseURL = baseURL
        self.headers = headers
        self.queryItems = queryItems
        self.timeout = timeout
        self.keyPath = keyPath
        self.usesMock = usesMock
        self.cachePolicy = cachePolicy
    }
}
