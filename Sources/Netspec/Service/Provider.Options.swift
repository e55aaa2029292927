import NetspecModel
extension Provider {
    /// Options that apply to every call made through a provider, in groups as async-http-client
    /// groups `HTTPClient.Configuration`:
    ///
    /// ```swift
    /// var options = Provider.Options()
    /// options.timeouts.request = .seconds(5)
    /// options.redirects = .follow(limit: 3)
    /// options.validation.responses = .warn
    /// let provider = Provider(baseURL: "https://api.example.com", options: options)
    /// ```
    ///
    /// A setting that a call and the spec can also give is resolved by one rule, the call's over
    /// the provider's over the spec's (docs/swift.md, "Which setting wins"); such a setting is
    /// optional here, `nil` leaving it to the spec and then to its default.
    public struct Options: Sendable {
        /// Whether calls are answered from the spec's mocks, and how (``Mocks``); off by default.
        public var mocks: Mocks
        /// How long a call and its connection may take (``Timeouts``).
        public var timeouts: Timeouts
        /// Whether and how far redirects are followed (``Redirects``): 10 hops by default.
        public var redirects: Redirects
        /// How response bodies are read (``Responses``): up to 64 MiB, decompressed.
        public var responses: Responses
        /// Trust (a CA file), the lowest TLS version, the client certificate and pins; merged over
        /// the spec's `tls:`, these winning field by field.
        public var tls: TLSSettings
        /// Which proxy calls and WebSockets go through (``Proxy``): the one the environment names
        /// (`https_proxy`, `http_proxy`, `all_proxy`, `no_proxy`), as curl reads it, by default.
        public var proxy: Proxy = .environment
        /// The HTTP cache calls go through (`nil`: none, the default). See ``HTTPCache``.
        public var cache: HTTPCache?
        /// Retries of every call (`nil`: the spec's `retry:`, else none); wins over the spec's.
        public var retry: RetryPolicy?
        /// Where calls are logged and which values are hidden there (``Logging``).
        public var logging: Logging
        /// What calls do with the document's schemas (``Validation``): requests strictly, responses not.
        public var validation: Validation
        /// Event streams' reconnection and WebSocket messages' size (``Streams``).
        public var streams: Streams
        /// Whether `${NAME}` falls back to the process environment for names not set on the provider.
        public var usesEnvironment: Bool
        /// The `User-Agent` of every call, over the spec's header of that name (a call's `headers`
        /// win over it: call over provider over spec); `nil`: the spec's, else ``defaultUserAgent``.
        public var userAgent: String?
        /// Origins (`https://uploads.example.com`) that may receive the spec's credentials although
        /// they are not the spec's own: an OpenAPI operation with its own server on another origin
        /// is called without credentials unless its origin is here.
        public var credentialOrigins: Set<String>
        /// The config profile the provider was set up by (``Provider/profile(_:for:baseURL:variables:options:directory:environment:transport:interceptors:wireInterceptors:tokenStore:)``),
        /// if any: stored tokens are kept apart per profile.
        public var profile: String? = nil
        /// How retries wait (replaced in tests to control the clock).
        package var retryTiming: RetryTiming = .system
        /// Whether calls go to a mock server that checks no security (`netspec run --mock --stateful`'s
        /// stateful mock of each source), which needs no credential, as calls that mocks answer
        /// (``mocks``) need none: a variable set nowhere is sent as its reference `${NAME}`, as
        /// mocks show it (a credential's too: no token is asked for), and an endpoint whose
        /// security Netspec cannot send is called, without it. A variable set — on the provider or
        /// in the environment — is sent as set. Off by default.
        package var callsMockServer = false

        /// The `User-Agent` sent when neither the spec nor the options set one: `netspec/VERSION`.
        public static let defaultUserAgent = BindingContext.defaultUserAgent

        /// Creates options; every group's defaults are documented on the group.
        public init(
            mocks: Mocks = .disabled, timeouts: Timeouts = Timeouts(), redirects: Redirects = .follow(), responses: Responses = Responses(),
            tls: TLSSettings = TLSSettings(), cache: HTTPCache? = nil, retry: RetryPolicy? = nil, logging: Logging = Logging(), validation: Validation = Validation(),
            streams: Streams = Streams(), usesEnvironment: Bool = true, userAgent: String? = nil, credentialOrigins: Set<String> = []
        ) {
            self.mocks = mocks
            self.timeouts = timeouts
            self.redirects = redirects
            self.responses = responses
            self.tls = tls
            self.cache = cache
            self.retry = retry
            self.logging = logging
            self.validation = validation
            self.streams = streams
            self.usesEnvironment = usesEnvironment
            self.userAgent = userAgent
            self.credentialOrigins = credentialOrigins
        }
    }
}

extension Provider.Options {
    /// What the transport is told for a request these options send that is not an endpoint's
    /// call (a login's token request, `netspec mock --proxy`'s forwarding): the timeouts (the
    /// request's own, else ``Timeouts/defaultRequest``), the TLS trust and verification, and the proxy.
    package var transportOptions: TransportOptions {
        TransportOptions(
            connectTimeout: timeouts.connect, timeout: timeouts.request ?? Timeouts.defaultRequest,
            decompresses: responses.decompresses, tls: tls, proxy: proxy
        )
    }
}
