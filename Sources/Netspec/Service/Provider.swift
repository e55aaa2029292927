#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import Logging
import NIOConcurrencyHelpers

/// What a ``Service`` calls through: the base URL, `${NAME}` variables, registered JSON coders,
/// the transport, interceptors and options.
///
/// ```swift
/// let provider = Provider(
///     baseURL: "https://api.example.com",
///     variables: ["TOKEN": token],
///     encoders: ["snake": snakeCaseEncoder]
/// )
/// let api = try Service(spec: .load(path: "specs/users.yaml"), provider: provider)
/// ```
/// A provider is shared by every call of the services that use it and is safe to use from any task.
/// Variables may change at run time (a token refresh stores the new token in one).
public final class Provider: Sendable {
    /// The base URL that replaces the spec's, if any.
    public let baseURL: String?
    /// JSON encoders by the names specs use in `encoder:`.
    public let encoders: [String: JSONEncoder]
    /// JSON decoders by the names specs use in `decoder:`.
    public let decoders: [String: JSONDecoder]
    /// Options for every call.
    public let options: Options
    /// What requests are sent through.
    public let transport: any HTTPTransport
    /// Middleware every call runs through, outermost first (see ``Interceptor`` for the whole order).
    public let interceptors: [any Interceptor]
    /// Middleware at the wire: innermost, after retry and auth, run for each request exactly as
    /// it is sent — every attempt and every redirect hop — with the response head as it came
    /// (for tracing, metrics, `netspec -v`).
    public let wireInterceptors: [any Interceptor]
    /// Token refreshes in flight, one per variable.
    let tokenRefresher = TokenRefresher()
    /// Where tokens a spec's `refresh:` obtains are kept between calls (in memory by default).
    public let tokenStore: TokenStore

    private let variables: NIOLockedValueBox<[String: String]>

    /// Options that apply to every call made through a provider.
    public struct Options: Sendable {
        /// Whether calls are answered from the spec's `mock:` instead of the network.
        public var usesMocks: Bool
        /// The total time a call may take when neither the call nor the spec says (`nil`: no limit).
        /// For a stream endpoint it limits the wait for the response head, not the stream.
        public var timeout: Duration?
        /// How long to wait for a connection.
        public var connectTimeout: Duration
        /// How many redirects to follow (0 follows none).
        public var maxRedirects: Int
        /// The largest response body read into memory, in bytes.
        public var maxResponseSize: Int
        /// Whether gzip and deflate responses are requested and decompressed.
        public var decompresses: Bool
        /// Whether TLS certificates are verified. Turn this off only for test servers.
        public var verifiesCertificates: Bool
        /// Trust (a CA file), the lowest TLS version, the client certificate and pins; merged over
        /// the spec's `tls:`, these winning.
        public var tls: TLS
        /// Whether `${NAME}` falls back to the process environment for names not set on the provider.
        public var usesEnvironment: Bool
        /// The `User-Agent` sent when the spec sets none.
        public var userAgent: String
        /// How long an event stream waits before reconnecting when the server sent no `retry`.
        public var reconnectDelay: Duration
        /// How many times in a row an event stream may reconnect without receiving an event.
        public var maxReconnectAttempts: Int
        /// Retries for endpoints whose spec declares none (an endpoint's `retry: none` turns this off).
        public var retry: RetryPolicy?
        /// The HTTP cache calls go through (`nil`: none, the default). See ``HTTPCache``.
        public var cache: HTTPCache?
        /// How retries wait (replaced in tests to control the clock).
        package var retryTiming: RetryTiming = .system
        /// Where calls are logged (one line per call at `info`, headers and bodies at `debug`).
        public var logger: Logger?
        /// More header names whose values are hidden in logs and `-v` output.
        public var secretHeaders: Set<String>
        /// More query item names whose values are hidden in logs and `-v` output.
        public var secretQueryParameters: Set<String>
        /// Origins (`https://uploads.example.com`) that may receive the spec's credentials although
        /// they are not the spec's own: an OpenAPI operation with its own server on another origin
        /// is called without credentials unless its origin is here.
        public var credentialOrigins: Set<String>
        /// The largest WebSocket message received (reassembled and decompressed), in bytes; a larger
        /// one ends the connection with 1009 and an error. 16 MiB unless set.
        public var maxWebSocketMessageSize: Int = Options.defaultMaxWebSocketMessageSize

        /// 16 MiB.
        public static let defaultMaxWebSocketMessageSize = 16 << 20

        /// The `User-Agent` sent when neither the spec nor the options set one: `netspec/VERSION`.
        public static let defaultUserAgent = "netspec/\(NetspecInfo.version)"

        /// Creates options.
        public init(
            usesMocks: Bool = false, timeout: Duration? = .seconds(60), connectTimeout: Duration = .seconds(10),
            maxRedirects: Int = 10, maxResponseSize: Int = 64 * 1024 * 1024, decompresses: Bool = true,
            verifiesCertificates: Bool = true, tls: TLS = TLS(), usesEnvironment: Bool = true, userAgent: String = Options.defaultUserAgent,
            reconnectDelay: Duration = .seconds(3), maxReconnectAttempts: Int = 5, retry: RetryPolicy? = nil, cache: HTTPCache? = nil,
            logger: Logger? = nil, secretHeaders: Set<String> = [],
            secretQueryParameters: Set<String> = [], credentialOrigins: Set<String> = []
        ) {
            self.credentialOrigins = credentialOrigins
            self.retry = retry
            self.cache = cache
            self.logger = logger
            self.secretHeaders = secretHeaders
            self.secretQueryParameters = secretQueryParameters
            self.reconnectDelay = reconnectDelay
            self.maxReconnectAttempts = maxReconnectAttempts
            self.usesMocks = usesMocks
            self.timeout = timeout
            self.connectTimeout = connectTimeout
            self.maxRedirects = maxRedirects
            self.maxResponseSize = maxResponseSize
            self.decompresses = decompresses
            self.verifiesCertificates = verifiesCertificates
            self.tls = tls
            self.usesEnvironment = usesEnvironment
            self.userAgent = userAgent
        }
    }

    /// Creates a provider.
    ///
    /// - Parameters:
    ///   - baseURL: replaces the spec's `baseURL` when given.
    ///   - variables: values for `${NAME}` in the spec (checked before the environment).
    ///   - encoders: JSON encoders by the names specs use in `encoder:`.
    ///   - decoders: JSON decoders by the names specs use in `decoder:`.
    ///   - options: options for every call.
    ///   - transport: what requests are sent through; ``AsyncHTTPClientTransport/shared`` by default.
    ///   - interceptors: middleware every call runs through, outermost first.
    ///   - wireInterceptors: middleware run for each request as sent (each attempt and redirect hop), innermost.
    ///   - tokenStore: where refreshed tokens are kept (in memory by default; ``TokenStore/init(file:)`` keeps them across processes).
    public init(
        baseURL: String? = nil, variables: [String: String] = [:], encoders: [String: JSONEncoder] = [:],
        decoders: [String: JSONDecoder] = [:], options: Options = Options(),
        transport: any HTTPTransport = AsyncHTTPClientTransport.shared, interceptors: [any Interceptor] = [],
        wireInterceptors: [any Interceptor] = [], tokenStore: TokenStore = TokenStore()
    ) {
        self.tokenStore = tokenStore
        self.baseURL = baseURL
        self.transport = transport
        self.interceptors = interceptors
        self.wireInterceptors = wireInterceptors
        self.variables = NIOLockedValueBox(variables)
        self.encoders = encoders
        self.decoders = decoders
        self.options = options
    }

    // MARK: - Variables

    /// The value of a variable set on the provider.
    public func variable(_ name: String) -> String? {
        variables.withLockedValue { $0[name] }
    }

    /// Sets (or, with `nil`, removes) a variable.
    public func setVariable(_ name: String, to value: String?) {
        variables.withLockedValue { $0[name] = value }
    }

    /// Where a call's `${NAME}` variables come from: this provider, then the environment.
    func variableLookup(keepingUnset: Bool = false) -> VariableLookup {
        VariableLookup(variables: variables, usesEnvironment: options.usesEnvironment, keepsUnsetReferences: keepingUnset)
    }
}
