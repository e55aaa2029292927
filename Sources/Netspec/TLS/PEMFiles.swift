#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOSSL

/// Certificates and keys read from PEM files, with errors that name the file; and the digests
/// pins compare.
enum PEMFiles {
    /// The certificates in a PEM file, at least one.
    ///
    /// - Parameter what: what the file is, for messages (`CA file`, `client certificate`).
    static func certificates(_ path: String, what: String) throws(TransportError) -> [NIOSSLCertificate] {
        let certificates: [NIOSSLCertificate]
        guard exists(path) else { throw TransportError(kind: .tls, message: "cannot read the \(what) '\(path)': no such file") }
        do {
            certificates = try NIOSSLCertificate.fromPEMFile(path)
        } catch {
            throw TransportError(kind: .tls, message: "cannot read the \(what) '\(path)': \(reason(error, path: path, expected: "certificates"))")
        }
        guard !certificates.isEmpty else { throw TransportError(kind: .tls, message: "the \(what) '\(path)' holds no certificate") }
        return certificates
    }

    /// The private key in a PEM file.
    static func privateKey(_ path: String) throws(TransportError) -> NIOSSLPrivateKey {
        guard exists(path) else { throw TransportError(kind: .tls, message: "cannot read the client key '\(path)': no such file") }
        do {
            return try NIOSSLPrivateKey(file: path, format: .pem)
        } catch {
            throw TransportError(kind: .tls, message: "cannot read the client key '\(path)': \(reason(error, path: path, expected: "an unencrypted private key"))")
        }
    }

    /// The certificates of a CA directory, one PEM certificate a file (what `openssl rehash`
    /// and `/etc/ssl/certs` hold; the hashed names are links to the others): files that are not
    /// PEM certificates are passed over, as BoringSSL's lookup passes over them.
    static func directoryCertificates(_ path: String) throws(TransportError) -> [NIOSSLCertificate] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw TransportError(kind: .tls, message: "cannot read the CA directory '\(path)': \(exists(path) ? "not a readable directory" : "no such directory")")
        }
        var seen: Set<NIOSSLCertificate> = []
        var certificates: [NIOSSLCertificate] = []
        for name in names.sorted() {
            for certificate in (try? NIOSSLCertificate.fromPEMFile(path + "/" + name)) ?? [] where seen.insert(certificate).inserted {
                certificates.append(certificate)
            }
        }
        return certificates
    }

    /// The system's root certificates, from the bundle NIOSSL reads on Linux; `nil` where there
    /// is none (macOS keeps them in the Security framework).
    static func systemRootCertificates() throws(TransportError) -> [NIOSSLCertificate]? {
        guard let bundle = systemBundles.first(where: exists) else { return nil }
        return try certificates(bundle, what: "system's CA bundle")
    }

    /// Where Linux distributions keep the bundle of trusted roots (NIOSSL's list).
    private static let systemBundles = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt"]

    /// Why a file could not be read: unreadable, or not PEM of the expected kind.
    private static func reason(_ error: any Error, path: String, expected: String) -> String {
        if let error = error as? IOError { return "\(error)" }
        return "not PEM \(expected)"
    }

    private static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// A certificate marked as trusted for server authentication (OpenSSL's `TRUSTED CERTIFICATE`,
    /// the DER followed by `X509_CERT_AUX { trust: [serverAuth] }`), so that BoringSSL accepts it
    /// as a chain's anchor although it is not self-signed (NIOSSL does not set `X509_V_FLAG_PARTIAL_CHAIN`).
    static func trustedAnchor(der: [UInt8]) throws -> NIOSSLCertificate {
        // SEQUENCE { SEQUENCE OF { OID 1.3.6.1.5.5.7.3.1 (serverAuth) } }
        let aux: [UInt8] = [0x30, 0x0C, 0x30, 0x0A, 0x06, 0x08, 0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x01]
        let body = Data(der + aux).base64EncodedString()
        var pem = "-----BEGIN TRUSTED CERTIFICATE-----\n"
        var rest = Substring(body)
        while !rest.isEmpty {
            pem += rest.prefix(64) + "\n"
            rest = rest.dropFirst(64)
        }
        pem += "-----END TRUSTED CERTIFICATE-----\n"
        // `fromPEMBytes` reads the first certificate with its trust settings (`PEM_read_bio_X509_AUX`).
        guard let certificate = try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)).first else { throw NIOSSLError.failedToLoadCertificate }
        return certificate
    }
}
