/// A service spec loaded from YAML: the service's settings and its endpoints, each compiled
/// into a request plan by the inference rules when the spec loads.
///
/// ```swift
/// let spec = try Spec.load(path: "specs/users.yaml")
/// for endpoint in spec.endpoints { print(endpoint.name, endpoint.method, endpoint.path) }
/// ```
/// Every problem in a spec is reported as a ``SpecError`` with file, line and column.
public struct Spec: Sendable {
    /// The file name used in error messages.
    public let file: String
    /// The format version (`netspec: 1`).
    public let version: Int
    /// The service name.
    public let service: String
    /// The default base URL, which the provider or the command line may override.
    package let baseURL: Template?
    /// A relative server (OpenAPI's `servers: [{url: /api/v1}]`, Swagger 2.0's `basePath` without
    /// `host`): resolved by RFC 3986 against the document's URL when it was loaded from one (then
    /// it is part of ``baseURL`` and this is `nil`), else against the caller's base URL
    /// (`--base-url`, `Provider(baseURL:)`, `CallOptions.baseURL`): `http://host:8080` and
    /// `/api/v1` give `http://host:8080/api/v1`.
    package let basePath: String?
    /// Whether a base URL given with only an origin (`http://localhost:8080`) keeps the path of
    /// the spec's server — an OpenAPI or Swagger document's (`/v1.56` of Docker's `basePath`,
    /// `/api/v1` of Airflow's relative server, `/v1` of `https://api.openai.com/v1`) — where one
    /// with a path (`http://localhost:2375/v1.47`, or `/` alone) replaces it. A Netspec spec's
    /// `baseURL:` is the client's default, which a given base URL replaces whole.
    package let keepsServerPath: Bool
    /// The service-level headers.
    package let headers: [SpecHeader]
    /// The service-level body encoding.
    package let encoding: Endpoint.BodyEncoding
    /// The service-level timeout in seconds.
    public let timeout: Double?
    /// The service-level authentication.
    package let auth: AuthPolicy?
    /// The service-level retry policy.
    public let retry: RetryPolicy?
    /// The service-level `tls:` settings (CA bundle, lowest version, pins).
    package let tls: TLSSettings?
    /// A free-text description of the service.
    public let summary: String?
    /// The endpoints in file order.
    public let endpoints: [Endpoint]
    /// What loaded but is likely not what the author meant, in source order; see ``Warning``.
    public let warnings: [Warning]
    /// An OpenAPI document's `servers`, in order (the first is ``baseURL``); empty for other
    /// specs. ``selectingServer(_:)`` makes another the base URL.
    package internal(set) var servers: [Server] = []
    /// An OpenAPI or Swagger document's `tags`, in order, with OpenAPI 3.2's `summary`, `parent`
    /// and `kind`: `netspec list` nests endpoints under them, MCP's search matches them.
    package internal(set) var tags: [Tag] = []
    /// What the spec lacks when it gives no base URL, in its own format's words, for the error of
    /// a call that gives none either: a Netspec spec's `baseURL`, an OpenAPI document's `servers`,
    /// a Swagger document's `host`.
    package internal(set) var baseURLLack = "the spec has no 'baseURL'"

    private let endpointIndex: [String: Int]

    init(
        file: String, version: Int, service: String, baseURL: Template?, headers: [SpecHeader],
        encoding: Endpoint.BodyEncoding, timeout: Double?, auth: AuthPolicy?, retry: RetryPolicy?, summary: String?,
        endpoints: [Endpoint], warnings: [Warning] = [], tls: TLSSettings? = nil, basePath: String? = nil, keepsServerPath: Bool = false
    ) {
        self.basePath = basePath
        self.keepsServerPath = keepsServerPath
        self.tls = tls
        self.file = file
        self.version = version
        self.service = service
        self.baseURL = baseURL
        self.headers = headers
        self.encoding = encoding
        self.timeout = timeout
        self.auth = auth
        self.retry = retry
        self.summary = summary
        self.endpoints = endpoints
        self.warnings = warnings
        var index: [String: Int] = [:]
        index.reserveCapacity(endpoints.count)
        for position in endpoints.indices { index[endpoints[position].name] = position }
        endpointIndex = index
    }

    // MARK: - Lookup

    /// The endpoint with a given name.
    public func endpoint(named name: String) -> Endpoint? {
        endpointIndex[name].map { endpoints[$0] }
    }

    /// The endpoint names closest to a misspelt one, closest first.
    public func endpointNames(closestTo name: String) -> [String] {
        Suggestions.closest(to: name, in: endpoints.map(\.name))
    }
}
