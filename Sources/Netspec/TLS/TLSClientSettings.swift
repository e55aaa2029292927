package import NIOSSL
import NetspecModel

/// The TLS settings resolved for one connection: ``TLSSettings`` (the caller's over the spec's)
/// made for a host, its pins checked and turned into trust anchors. What the transport keys its
/// clients by (one `HTTPClient` per distinct value) and turns into NIOSSL's `TLSConfiguration`.
/// A WebSocket (`wss`) connection uses the same function,
/// ``TLSSettings/configuration(host:port:connectTimeout:proxy:)``, so that trust, client certificates
/// and pins apply to it alike.
package struct TLSClientSettings: Hashable, Sendable {
    /// Whether the server's certificate is verified at all.
    var verifies: Bool
    /// The CA bundle, when not the system's roots.
    var caFile: String?
    /// The CA directory (hashed, as `openssl rehash` makes it), when not the system's roots.
    var caDirectory: String?
    /// The lowest version.
    var minimumVersion: TLSSettings.Version?
    /// The client certificate.
    var clientCertificate: TLSSettings.ClientCertificate?
    /// For a pinned host: the certificates (DER) of the server's chain that matched a pin; they
    /// replace the trust roots, so a connection is accepted only with a chain through one of them.
    var anchors: [[UInt8]]?

    /// Whether a default client serves these settings.
    var isDefault: Bool {
        verifies && caFile == nil && caDirectory == nil && minimumVersion == nil && clientCertificate == nil && anchors == nil
    }

    /// NIOSSL's configuration for these settings.
    ///
    /// - Throws: ``TransportError`` (kind `tls`) naming a file that cannot be read.
    func makeConfiguration() throws(TransportError) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if !verifies { configuration.certificateVerification = .none }
        if let caFile {
            configuration.trustRoots = .certificates(try PEMFiles.certificates(caFile, what: "CA file"))
        }
        if let caDirectory {
            // BoringSSL looks issuers up in the directory by their hashed names, as OpenSSL does.
            try PEMFiles.checkHashedNames(caDirectory)
            if caFile == nil { configuration.trustRoots = .file(caDirectory) } else { configuration.additionalTrustRoots = [.file(caDirectory)] }
        }
        if let anchors {
            // The anchors alone: a CA directory beside them would let any of its CAs through.
            configuration.additionalTrustRoots = []
            do {
                configuration.trustRoots = .certificates(try anchors.map(PEMFiles.trustedAnchor(der:)))
            } catch {
                throw TransportError(kind: .tls, message: "cannot use the pinned certificates as trust anchors: \(error)")
            }
        }
        switch minimumVersion {
        case .v1_3?: configuration.minimumTLSVersion = .tlsv13
        case .v1_2?: configuration.minimumTLSVersion = .tlsv12
        default: break
        }
        if let clientCertificate {
            let chain = try PEMFiles.certificates(clientCertificate.certificateFile, what: "client certificate")
            configuration.certificateChain = chain.map { .certificate($0) }
            // The key is read once: the one checked is the one presented.
            let key = try PEMFiles.privateKey(clientCertificate.keyFile)
            try PEMFiles.checkKey(key, at: clientCertificate.keyFile, matches: chain[0], certificatePath: clientCertificate.certificateFile)
            configuration.privateKey = .privateKey(key)
        }
        return configuration
    }
}

extension TLSSettings {
    /// The settings of a connection, before any pin check.
    var unpinnedSettings: TLSClientSettings {
        TLSClientSettings(
            verifies: verifiesCertificates, caFile: caFile, caDirectory: caDirectory, minimumVersion: minimumVersion, clientCertificate: clientIdentity
        )
    }

    /// The settings for a connection to `host:port`: for a pinned host, after a handshake that
    /// checked the server's chain against the pins (``TLSPinCheck``), with the trust roots
    /// restricted to the certificates that matched.
    ///
    /// - Throws: ``TransportError``: kind `pinning` when no pin matches (nothing was
    ///   sent), `tls` or `connect` when the check's handshake fails; ``CallError/configuration(_:)``
    ///   when `proxy` cannot be used for a pinned host (nothing connected).
    /// - Parameter proxy: the proxy the connection goes through, which the check's goes through too.
    func connectionSettings(host: String, port: Int, connectTimeout: Duration, proxy: Provider.Options.Proxy = .direct) async throws -> TLSClientSettings {
        var settings = unpinnedSettings
        guard let pins = pins(for: host) else { return settings }
        let matched = try await TLSPinCheck.anchors(host: host, port: port, pins: pins, settings: settings, connectTimeout: connectTimeout, proxy: proxy)
        if verifiesCertificates { settings.anchors = matched }
        return settings
    }

    /// NIOSSL's configuration for a connection to `host:port` with these settings, pins checked
    /// first (see ``connectionSettings(host:port:connectTimeout:proxy:)``): for a WebSocket or any other
    /// connection that async-http-client does not make.
    package func configuration(
        host: String, port: Int, connectTimeout: Duration = .seconds(10), proxy: Provider.Options.Proxy = .direct
    ) async throws -> TLSConfiguration {
        try await connectionSettings(host: host, port: port, connectTimeout: connectTimeout, proxy: proxy).makeConfiguration()
    }
}

extension TLSSettings {
    /// The host (without brackets) and port of an `https` URL; `nil` for any other scheme.
    static func httpsHostAndPort(of url: String) -> (host: String, port: Int)? {
        guard url.prefix(8).lowercased() == "https://" else { return nil }
        let (host, port) = TransportErrorMapping.split(authority: Substring(TransportErrorMapping.hostAndPort(of: url)))
        return (host.lowercased(), port.flatMap { Int($0) } ?? 443)
    }
}
