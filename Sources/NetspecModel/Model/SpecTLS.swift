#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A spec's service-level `tls:` settings: the CA bundle the server's certificate must chain to,
/// the lowest TLS version, and pins per host, checked when the spec loads.
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
package struct SpecTLS: Sendable, Hashable {
    /// The CA bundle's path, resolved against the spec file's folder.
    package var caFile: String?
    /// The lowest TLS version: `"1.2"` or `"1.3"`.
    package var minimumVersion: String?
    /// Pins by host pattern (`api.example.com`, `*.example.com`), each `sha256/…` or `cert-sha256/…`.
    package var pins: [String: [String]]
    /// Hosts that are never pinned, even when a pattern in ``pins`` matches them.
    package var unpinnedHosts: [String]

    package init(caFile: String? = nil, minimumVersion: String? = nil, pins: [String: [String]] = [:], unpinnedHosts: [String] = []) {
        self.caFile = caFile
        self.minimumVersion = minimumVersion
        self.pins = pins
        self.unpinnedHosts = unpinnedHosts
    }

    /// The TLS versions `minVersion` accepts.
    package static let versions = ["1.2", "1.3"]

    /// A pin's kind and SHA-256 digest from its text: `sha256/BASE64` (the public key, as OkHttp
    /// and HPKP write it) or `cert-sha256/BASE64` (the whole certificate); `nil` when it is neither
    /// or its digest is not 32 bytes.
    package static func parsePin(_ text: String) -> (isCertificate: Bool, digest: [UInt8])? {
        let isCertificate: Bool
        let encoded: Substring
        if text.hasPrefix("sha256/") {
            (isCertificate, encoded) = (false, text.dropFirst("sha256/".count))
        } else if text.hasPrefix("cert-sha256/") {
            (isCertificate, encoded) = (true, text.dropFirst("cert-sha256/".count))
        } else {
            return nil
        }
        guard let data = Data(base64Encoded: String(encoded)), data.count == 32 else { return nil }
        return (isCertificate, Array(data))
    }
}
