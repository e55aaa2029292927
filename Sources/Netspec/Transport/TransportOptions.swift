import HTTPTypes
import NetspecModel

/// Per-request settings for a transport: what a call resolved (``CallOptions`` over
/// ``Provider/Options`` over the spec) and the transport needs, described once there.
public struct TransportOptions: Sendable {
    /// How long to wait for a connection.
    public var connectTimeout: Duration
    /// The time limit of one attempt: for ``HTTPTransport/send(_:options:)`` until the response
    /// head arrives, for ``HTTPTransport/fetch(_:options:maxResponseSize:)`` from connecting to the
    /// body's last byte; `nil` waits forever.
    public var timeout: Duration?
    /// Whether gzip and deflate responses are decompressed.
    public var decompresses: Bool
    /// Trust, client certificate, pins and verification for `https` requests: the caller's
    /// ``TLSSettings`` merged over the spec's, which the transport resolves for each host.
    public var tls: TLSSettings
    /// Which proxy the request goes through (``Provider/Options/Proxy``): the environment's by default.
    public var proxy: Provider.Options.Proxy
    /// Told as the request body is sent, when set.
    public var uploadProgress: (@Sendable (_ completed: Int, _ total: Int?) -> Void)?
    /// Told as a whole response's body arrives (``HTTPTransport/fetch(_:options:maxResponseSize:)``), when set.
    public var downloadProgress: (@Sendable (_ completed: Int, _ total: Int?) -> Void)?

    /// Creates transport options.
    public init(
        connectTimeout: Duration = Provider.Options.Timeouts.defaultConnect, timeout: Duration? = Provider.Options.Timeouts.defaultRequest,
        decompresses: Bool = true, tls: TLSSettings = TLSSettings(), uploadProgress: (@Sendable (_ completed: Int, _ total: Int?) -> Void)? = nil,
        downloadProgress: (@Sendable (_ completed: Int, _ total: Int?) -> Void)? = nil, proxy: Provider.Options.Proxy = .environment
    ) {
        self.proxy = proxy
        self.uploadProgress = uploadProgress
        self.downloadProgress = downloadProgress
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.decompresses = decompresses
        self.tls = tls
    }
}
