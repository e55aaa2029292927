/// A request got no complete response: it could not connect, timed out, was cancelled, or the
/// connection failed.
public struct TransportError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The name, as in the case (`missing`, `timeout`, …).
        public let name: String
        /// A value with this name (a reason Netspec does not name yet).
        public init(_ name: String) { self.name = name }
        /// The name.
        public var description: String { name }

        /// The connection could not be made (refused, unreachable, DNS).
        public static let connect = Kind("connect")
        /// The TLS handshake failed for a reason without a kind of its own below (for example a
        /// chain that breaks a CA constraint, or a server that does not speak TLS).
        public static let tls = Kind("tls")
        /// The server's verified chain matches none of the host's pins (nothing was sent).
        public static let pinning = Kind("pinning")
        /// The server's certificate does not lead to a trusted CA: an issuer is neither sent nor trusted.
        public static let unknownIssuer = Kind("unknownIssuer")
        /// The server's certificate, or the root its chain ends at, is self-signed and not trusted.
        public static let selfSignedCertificate = Kind("selfSignedCertificate")
        /// A certificate of the server's chain has expired.
        public static let certificateExpired = Kind("certificateExpired")
        /// A certificate of the server's chain is not valid yet.
        public static let certificateNotYetValid = Kind("certificateNotYetValid")
        /// The server's certificate is for other host names.
        public static let hostnameMismatch = Kind("hostnameMismatch")
        /// The server says the client certificate is revoked (Netspec checks no revocation lists itself).
        public static let certificateRevoked = Kind("certificateRevoked")
        /// The server and the client share no TLS version (see the lowest version accepted).
        public static let tlsVersion = Kind("tlsVersion")
        /// The server requires a client certificate and none was given.
        public static let clientCertificateRequired = Kind("clientCertificateRequired")
        /// The server rejected the client certificate.
        public static let clientCertificateRejected = Kind("clientCertificateRejected")
        /// A timeout expired.
        public static let timeout = Kind("timeout")
        /// The calling task was cancelled.
        public static let cancelled = Kind("cancelled")
        /// The connection closed or was reset before the response was complete.
        public static let connectionClosed = Kind("connectionClosed")
        /// Too many redirects, or a redirect loop.
        public static let redirect = Kind("redirect")
        /// The response body is larger than the limit.
        public static let responseTooLarge = Kind("responseTooLarge")
        /// The response is not valid HTTP, or its body could not be decoded (for example truncated gzip).
        public static let invalidResponse = Kind("invalidResponse")
        /// A WebSocket closed with a code that is not a normal closure (see ``TransportError/closeCode``).
        public static let webSocketClosed = Kind("webSocketClosed")
        /// Anything else.
        public static let other = Kind("other")
    }

    /// What went wrong.
    public let kind: Kind
    /// A sentence saying what went wrong, e.g. `cannot connect to 127.0.0.1:9: connection refused`.
    public let message: String
    /// The close code of a WebSocket that ended abnormally (1011, 1009, …), as the server sent
    /// it or as this side closed with; `nil` for HTTP calls.
    public let closeCode: Int?

    /// Creates a transport error.
    public init(kind: Kind, message: String, closeCode: Int? = nil) {
        self.kind = kind
        self.message = message
        self.closeCode = closeCode
    }

    /// The message.
    public var description: String { message }

    /// A body larger than the limit.
    static func responseTooLarge(limit: Int) -> TransportError {
        TransportError(kind: .responseTooLarge, message: "the response body is larger than the limit of \(ByteCount(limit))")
    }

    /// A timeout.
    static func timedOut(after duration: Duration) -> TransportError {
        TransportError(kind: .timeout, message: "timed out after \(DurationText(duration))")
    }

    /// A WebSocket the server closed with an abnormal code.
    static func webSocketClosed(_ frame: WebSocket.CloseFrame, endpoint: String) -> TransportError {
        TransportError(
            kind: .webSocketClosed, message: "WebSocket '\(endpoint)': the server closed the connection with \(frame)", closeCode: frame.code
        )
    }

    /// A cancelled call.
    static let cancelled = TransportError(kind: .cancelled, message: "the call was cancelled")
}


/// A duration for messages: `2 s`, `0.5 s`, `250 ms`.
struct DurationText: CustomStringConvertible {
    let duration: Duration
    init(_ duration: Duration) { self.duration = duration }

    var description: String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if seconds < 1, seconds > 0 { return "\(Int((seconds * 1000).rounded())) ms" }
        let rounded = (seconds * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
}
