import NetspecModel

/// TLS settings: whom to trust, the lowest version, the client certificate, and pins per host.
///
/// The spec's `tls:` (``SpecTLS``) and the provider's ``Provider/TLS`` merge field by field, the
/// provider's winning (``merged(over:)``); the CLI's `--cacert`, `--capath`, `--tls-min`,
/// `--cert`/`--key` and `--pin` fill the provider's. The transport builds one `HTTPClient` per distinct
/// effective setting (``TLSSetup``).
extension Provider {
    /// TLS settings for every call through a provider (see docs/tls.md).
    ///
    /// ```swift
    /// let tls = Provider.TLS(
    ///     caFile: "certs/internal-ca.pem",
    ///     pins: ["api.example.com": [try .init("sha256/…")]]
    /// )
    /// let provider = Provider(options: .init(tls: tls))
    /// ```
    public struct TLS: Sendable, Hashable {
        /// A PEM file of the CA certificates a server's chain must lead to, instead of the system's roots.
        public var caFile: String?
        /// A directory of CA certificates, one PEM file each under its hashed name as `openssl rehash`
        /// (or `c_rehash`) makes it, like `/etc/ssl/certs`: trusted instead of the system's roots,
        /// with ``caFile`` when both are set (curl's `--capath`).
        public var caDirectory: String?
        /// The lowest TLS version accepted; `nil` leaves NIOSSL's default (TLS 1.0 and up).
        public var minimumVersion: Version?
        /// The client certificate presented to servers that ask for one (mutual TLS): a PEM file of
        /// the certificate (followed by any intermediates) and a PEM file of its private key
        /// (unencrypted).
        public var clientCertificate: (certificateFile: String, keyFile: String)? {
            get { clientIdentity.map { ($0.certificateFile, $0.keyFile) } }
            set { clientIdentity = newValue.map { ClientCertificate(certificateFile: $0.certificateFile, keyFile: $0.keyFile) } }
        }
        /// ``clientCertificate``, as the transport keeps it.
        package var clientIdentity: ClientCertificate?
        /// Pins by host: `api.example.com`, or `*.example.com` for one label before `example.com`.
        /// A call to a pinned host fails before any request byte when the server's chain matches
        /// none of the host's pins.
        public var pins: [String: [Pin]]
        /// Hosts never pinned, even when a pattern in ``pins`` matches them.
        public var unpinnedHosts: Set<String>

        /// Creates TLS settings; the defaults are the system's roots, no client certificate, no pins.
        public init(
            caFile: String? = nil, caDirectory: String? = nil, minimumVersion: Version? = nil,
            clientCertificate: (certificateFile: String, keyFile: String)? = nil,
            pins: [String: [Pin]] = [:], unpinnedHosts: Set<String> = []
        ) {
            self.caFile = caFile
            self.caDirectory = caDirectory
            self.minimumVersion = minimumVersion
            self.clientIdentity = clientCertificate.map { ClientCertificate(certificateFile: $0.certificateFile, keyFile: $0.keyFile) }
            self.pins = Dictionary(pins.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: +)
            self.unpinnedHosts = Set(unpinnedHosts.map { $0.lowercased() })
        }

        /// A client certificate chain and its private key, both PEM files.
        package struct ClientCertificate: Sendable, Hashable {
            /// The certificate (followed by any intermediates), PEM.
            public var certificateFile: String
            /// The private key, PEM (unencrypted).
            public var keyFile: String
            /// Creates a client certificate from its files.
            public init(certificateFile: String, keyFile: String) {
                self.certificateFile = certificateFile
                self.keyFile = keyFile
            }
        }

        /// The pins for `host`, or `nil` when it is unpinned (no pattern matches, or it is excluded).
        package func pins(for host: String) -> [Pin]? {
            let host = host.lowercased()
            if unpinnedHosts.contains(host) { return nil }
            if let pins = pins[host] { return pins }
            if let dot = host.firstIndex(of: "."), let pins = pins["*" + host[dot...]] { return pins }
            return nil
        }

        /// These settings over the spec's: each field set here wins; pins and unpinned hosts are
        /// joined, this provider's pins replacing the spec's for the same host.
        package func merged(over spec: SpecTLS?) -> TLS {
            guard let spec else { return self }
            var merged = self
            merged.caFile = caFile ?? spec.caFile
            merged.minimumVersion = minimumVersion ?? spec.minimumVersion.flatMap(Version.init)
            for (host, texts) in spec.pins where merged.pins[host] == nil {
                merged.pins[host] = texts.compactMap { try? Pin($0) }
            }
            merged.unpinnedHosts.formUnion(spec.unpinnedHosts)
            return merged
        }

        /// Whether these settings are all defaults (the transport then uses its default client).
        var isDefault: Bool {
            caFile == nil && caDirectory == nil && minimumVersion == nil && clientIdentity == nil && pins.isEmpty
        }
    }
}
