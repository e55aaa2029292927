import HTTPTypes

/// Per-request settings for a transport.
public struct TransportOptions: Sendable {
    /// How long to wait for a connection.
    public var connectTimeout: Duration
    /// The time limit of one attempt: for ``HTTPTransport/send(_:options:)`` until the response
    /// head arrives, for ``HTTPTransport/fetch(_:options:maxResponseSize:)`` from connecting to the
    /// body's last byte; `nil` waits forever.
    public var timeout: Duration?
    /// Whether gzip and deflate responses are decompressed.
    public var decompresses: Bool
    /// Whether TLS certificates are verified. Turning this off is for test servers only.
    public var verifiesCertificates: Bool
    /// Trust, client certificate and pins for `https` requests; see ``Provider/TLS``.
    public var tls: Provider.TLS
    /// Told as the request body is sent, when set.
    public var uploadProgress: (@Sendable (_ completed: Int, _ total: Int?) -> Void)?
    /// Told as a whole response's body arrives (``HTTPTransport/fetch(_:options:maxResponseSize:)``), when set.
    public var downloadProgress: (@Sendable (_ completed: Int, _ total: Int?) -> Void)?

    /// Creates transport options.
    public init(
        connectTimeout: Duration = .seconds(10), timeout: Duration? = .seconds(30),
        decompresses: Bool = true, verifiesCertificates: Bool = true, tls: Provider.TLS = Provider.TLS(), uploadProgress: (@Sendable (_ completed: Int, _ total: Int?) -> Void)? = nil,
        downloadProgress: (@Sendable (_ completed: Int, _ total: Int?) -> Void)? = nil
    ) {
        self.uploadProgress = uploadProgress
        self.downloadProgress = downloadProgress
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.decompresses = decompresses
        self.verifiesCertificates = verifiesCertificates
        self.tls = tls
    }
}
