extension TransportError {
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
}
