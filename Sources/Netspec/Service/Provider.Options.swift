#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Logging
import NIOConcurrencyHelpers

extension Provider {
    /// Options that apply to every call made through a provider.
    public struct Options: Sendable {
        /// Whether calls are answered from the spec's `mock:` instead of the network.
        public var usesMocks: Bool
        /// Whether mocked calls answer values drawn at random from the document's response
        /// schemas (``JSONSchema/example(seed:)``) instead of its examples, as Prism's dynamic
        /// mode: `netspec call --mock --dynamic`. A response without a schema answers its example.
        public var dynamicMocks: Bool
        /// The seed of the first dynamic mock answer; the n-th answer through the provider
        /// (counting from 0) is drawn with `mockSeed + n`, so a run replays. `nil`: a random seed
        /// for each provider.
        public var mockSeed: UInt64?
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
        /// Whether responses are checked against the document's schemas, for calls whose
        /// ``CallOptions/responseValidation`` is `nil`: `.off` unless set.
        public var responseValidation: CallOptions.Validation = .off
        /// The config profile the provider was set up by (``Provider/profile(_:for:baseURL:variables:options:directory:environment:transport:interceptors:wireInterceptors:tokenStore:)``),
        /// if any: stored tokens are kept apart per profile.
        public var profile: String? = nil

        /// 16 MiB.
        public static let defaultMaxWebSocketMessageSize = 16 << 20

        /// The `User-Agent` sent when neither the spec nor the options set one: `netspec/VERSION`.
        public static let defaultUserAgent = "netspec/\(NetspecInfo.version)"

        /// Creates options.
        public init(
            usesMocks: Bool = false, dynamicMocks: Bool = false, mockSeed: UInt64? = nil, timeout: Duration? = .seconds(60), connectTimeout: Duration = .seconds(10),
            maxRedirects: Int = 10, maxResponseSize: Int = 64 * 1024 * 1024, decompresses: Bool = true,
            verifiesCertificates: Bool = true, tls: TLS = TLS(), usesEnvironment: Bool = true, userAgent: String = Options.defaultUserAgent,
            reconnectDelay: Duration = .seconds(3), maxReconnectAttempts: Int = 5, retry: RetryPolicy? = nil, cache: HTTPCache? = nil,
            logger: Logger? = nil, secretHeaders: Set<String> = [],
            secretQueryParameters: Set<String> = [], credentialOrigins: Set<String> = [], responseValidation: CallOptions.Validation = .off
        ) {
            self.responseValidation = responseValidation
            self.credentialOrigins = credentialOrigins
            self.retry = retry
            self.cache = cache
            self.logger = logger
            self.secretHeaders = secretHeaders
            self.secretQueryParameters = secretQueryParameters
            self.reconnectDelay = reconnectDelay
            self.maxReconnectAttempts = maxReconnectAttempts
            self.usesMocks = usesMocks
            self.dynamicMocks = dynamicMocks
            self.mockSeed = mockSeed
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
}

extension Provider.Options {
    /// What the transport is told for a request these options send that is not an endpoint's
    /// call (a login's token request, `netspec mock --proxy`'s forwarding): the timeouts, TLS
    /// verification and trust.
    package var transportOptions: TransportOptions {
        TransportOptions(connectTimeout: connectTimeout, timeout: timeout, verifiesCertificates: verifiesCertificates, tls: tls)
    }
}
