/// The one description of TLS settings, whoever gives them: whom to trust, the lowest version,
/// the client certificate, pins per host, and whether certificates are verified at all.
///
/// A spec's service-level `tls:` declares one (checked when the spec loads); a caller gives one in
/// ``Provider/Options/tls`` (the CLI's `--cacert`, `--capath`, `--tls-min`, `--cert`/`--key`,
/// `--pin`, `--unpinned`, `-k`); the two merge field by field, the caller's winning
/// (``merged(over:)``), and the transport resolves the result for each host it connects to.
///
/// ```yaml
/// tls:
///   ca: certs/internal-ca.pem           # relative to the spec file's folder
///   minVersion: "1.3"
///   pins:
///     api.example.com: [sha256/AAAA…=, sha256/BBBB…=]
///     "*.example.com": [cert-sha256/CCCC…=]
///   unpinned: [status.example.com]
/// ```
public struct TLSSettings: Sendable, Hashable {
    /// A PEM file of the CA certificates a server's chain must lead to, instead of the system's
    /// roots (a spec's `ca:` is resolved against the spec file's folder).
    public var caFile: String?
    /// A directory of CA certificates, one PEM file each under its hashed name as `openssl rehash`
    /// (or `c_rehash`) makes it, like `/etc/ssl/certs`: trusted instead of the system's roots,
    /// with ``caFile`` when both are set (curl's `--capath`).
    public var caDirectory: String?
    /// The lowest TLS version accepted; `nil` leaves the TLS library's default (TLS 1.0 and up).
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
    /// Whether servers' certificates are verified (`-k` turns this off). Turn it off only for
    /// test servers; a spec cannot.
    public var verifiesCertificates: Bool

    /// Creates TLS settings; the defaults are the system's roots, verified, no client certificate, no pins.
    public init(
        caFile: String? = nil, caDirectory: String? = nil, minimumVersion: Version? = nil,
        clientCertificate: (certificateFile: String, keyFile: String)? = nil,
        pins: [String: [Pin]] = [:], unpinnedHosts: Set<String> = [], verifiesCertificates: Bool = true
    ) {
        self.caFile = caFile
        self.caDirectory = caDirectory
        self.minimumVersion = minimumVersion
        self.clientIdentity = clientCertificate.map { ClientCertificate(certificateFile: $0.certificateFile, keyFile: $0.keyFile) }
        self.pins = Dictionary(pins.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: +)
        self.unpinnedHosts = Set(unpinnedHosts.map { $0.lowercased() })
        self.verifiesCertificates = verifiesCertificates
    }

    /// A client certificate chain and its private key, both PEM files.
    package struct ClientCertificate: Sendable, Hashable {
        /// The certificate (followed by any intermediates), PEM.
        package var certificateFile: String
        /// The private key, PEM (unencrypted).
        package var keyFile: String
    }

    /// The pins for `host`, or `nil` when it is unpinned (no pattern matches, or it is excluded).
    package func pins(for host: String) -> [Pin]? {
        let host = host.lowercased()
        if unpinnedHosts.contains(host) { return nil }
        if let pins = pins[host] { return pins }
        if let dot = host.firstIndex(of: "."), let pins = pins["*" + host[dot...]] { return pins }
        return nil
    }

    /// These settings over `other` (the caller's over the spec's): each field set here wins, pins
    /// and unpinned hosts are joined (these pins replacing the other's for the same host), and
    /// verification is these settings'.
    public func merged(over other: TLSSettings?) -> TLSSettings {
        guard let other else { return self }
        var merged = self
        merged.caFile = caFile ?? other.caFile
        merged.caDirectory = caDirectory ?? other.caDirectory
        merged.minimumVersion = minimumVersion ?? other.minimumVersion
        merged.clientIdentity = clientIdentity ?? other.clientIdentity
        merged.pins = other.pins.merging(pins) { _, mine in mine }
        merged.unpinnedHosts.formUnion(other.unpinnedHosts)
        return merged
    }

    /// A TLS version.
    public struct Version: Sendable, Hashable, CustomStringConvertible {
        /// `1.2` or `1.3`.
        public let description: String
        /// TLS 1.2.
        public static let v1_2 = Version(description: "1.2")
        /// TLS 1.3.
        public static let v1_3 = Version(description: "1.3")
        /// The version written `1.2` or `1.3`; `nil` for any other text.
        public init?(_ text: String) {
            guard text == "1.2" || text == "1.3" else { return nil }
            description = text
        }
        private init(description: String) { self.description = description }
    }
}
