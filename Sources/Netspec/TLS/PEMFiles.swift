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
import NIOConcurrencyHelpers
import NIOCore
import NIOSSL
import X509

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
            certificates = try streamedBytes(path).map(NIOSSLCertificate.fromPEMBytes) ?? NIOSSLCertificate.fromPEMFile(path)
        } catch {
            throw TransportError(kind: .tls, message: "cannot read the \(what) '\(path)': \(reason(error, path: path, expected: "PEM certificates"))")
        }
        guard !certificates.isEmpty else { throw TransportError(kind: .tls, message: "the \(what) '\(path)' holds no certificate") }
        return certificates
    }

    /// The private key in a PEM file.
    static func privateKey(_ path: String) throws(TransportError) -> NIOSSLPrivateKey {
        guard exists(path) else { throw TransportError(kind: .tls, message: "cannot read the client key '\(path)': no such file") }
        do {
            if let bytes = streamedBytes(path) { return try NIOSSLPrivateKey(bytes: bytes, format: .pem) }
            return try NIOSSLPrivateKey(file: path, format: .pem)
        } catch {
            throw TransportError(kind: .tls, message: "cannot read the client key '\(path)': \(reason(error, path: path, expected: "an unencrypted PEM private key"))")
        }
    }

    /// The bytes of `path` when it is not a regular file: a pipe (`--key <(gpg -d client.key.gpg)`,
    /// `/dev/fd/N`) gives its bytes once, and a run sets TLS up more than once (a pin check's
    /// connection, then the call's; a connection pool per host), so they are read the first time
    /// and kept for the process, by the stream's device and inode rather than its path: a
    /// process that lives on (an app) reuses a closed descriptor's number, and `/dev/fd/N` then
    /// names another pipe, which was given the first one's bytes. `nil` for a regular file, read
    /// afresh each time (a renewed certificate is seen), and for one that cannot be read (the
    /// parser then says why).
    static func streamedBytes(_ path: String) -> [UInt8]? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR else { return nil }
        let stream = StreamIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        return streamed.withLockedValue { kept in
            if let bytes = kept[stream] { return bytes }
            guard let bytes = readToEnd(path) else { return nil }
            kept[stream] = bytes
            return bytes
        }
    }

    /// A stream that is not a regular file, as the system tells it apart from any other while it
    /// is open (a pipe's inode is new for each pipe).
    private struct StreamIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// All of `path`'s bytes, read until its end (Foundation's `contents(atPath:)` gave a pipe's
    /// as empty); `nil` when it cannot be opened or read.
    private static func readToEnd(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 { if errno == EINTR { continue } else { return nil } }
            bytes += chunk[..<count]
        }
    }

    /// The bytes of the files that are not regular files, by stream (``streamedBytes(_:)``).
    private static let streamed = NIOLockedValueBox<[StreamIdentity: [UInt8]]>([:])

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

    /// Why a file could not be read: unreadable, or not what was expected (`PEM certificates`).
    private static func reason(_ error: any Error, path: String, expected: String) -> String {
        if let error = error as? IOError { return "\(error)" }
        return "not \(expected)"
    }

    /// Checks that `key`, the client key NIOSSL read from `keyPath` (``privateKey(_:)``), is the
    /// key of `certificate` (read from `certificatePath`), so that a mismatched pair fails when it
    /// is loaded, naming both files, rather than as a handshake the server breaks off. The key is
    /// the one the configuration presents, not the file read again (a pipe, `--key <(…)`, gives
    /// its key once). A key whose public key cannot be had (not RSA or EC) is not checked: the
    /// handshake then tells.
    static func checkKey(_ key: NIOSSLPrivateKey, at keyPath: String, matches certificate: NIOSSLCertificate, certificatePath: String) throws(TransportError) {
        guard let publicKey = publicKey(of: key),
              let parsed = try? Certificate(derEncoded: certificate.toDERBytes()) else { return }
        guard publicKey != parsed.publicKey else { return }
        throw TransportError(
            kind: .tls, message: "the client key '\(keyPath)' does not match the client certificate '\(certificatePath)': it is the key of another certificate"
        )
    }

    /// The public key of a key NIOSSL holds, from the DER BoringSSL writes of it in memory
    /// (PKCS #1 for RSA, SEC 1 for EC); `nil` for other kinds, which it does not write, and for
    /// a kind swift-certificates does not know.
    static func publicKey(of key: NIOSSLPrivateKey) -> Certificate.PublicKey? {
        guard let der = try? key.derBytes else { return nil }
        for type in ["EC PRIVATE KEY", "RSA PRIVATE KEY"] {
            if let parsed = try? Certificate.PrivateKey(pemEncoded: pem(type, der: der)) { return parsed.publicKey }
        }
        return nil
    }

    /// DER as PEM text: `-----BEGIN TYPE-----`, the base64 in lines of 64, `-----END TYPE-----`.
    private static func pem(_ type: String, der: [UInt8]) -> String {
        var pem = "-----BEGIN \(type)-----\n"
        var rest = Substring(Data(der).base64EncodedString())
        while !rest.isEmpty {
            pem += rest.prefix(64) + "\n"
            rest = rest.dropFirst(64)
        }
        return pem + "-----END \(type)-----\n"
    }

    /// Checks that a CA directory has certificates under hashed names (`3387b84d.0`, as
    /// `openssl rehash` makes them): BoringSSL looks a CA up by the hash of its subject and reads
    /// no other name, so a directory of plain `ca.pem` files trusts nothing, and every server
    /// would fail as untrusted for no reason the handshake can tell.
    static func checkHashedNames(_ path: String) throws(TransportError) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw TransportError(kind: .tls, message: "cannot read the CA directory '\(path)': \(exists(path) ? "not a readable directory" : "no such directory")")
        }
        guard !names.contains(where: isHashedName) else { return }
        throw TransportError(
            kind: .tls,
            message: "the CA directory '\(path)' has no certificate under a hashed name (such as 3387b84d.0): run `openssl rehash '\(path)'` to make them"
        )
    }

    /// Whether a file name is OpenSSL's hashed name of a certificate: 8 hex digits, a dot, a number.
    static func isHashedName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].count == 8 && parts[0].allSatisfy(\.isHexDigit)
            && !parts[1].isEmpty && parts[1].allSatisfy { $0.isASCII && $0.isNumber }
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
        let text = pem("TRUSTED CERTIFICATE", der: der + aux)
        // `fromPEMBytes` reads the first certificate with its trust settings (`PEM_read_bio_X509_AUX`).
        guard let certificate = try NIOSSLCertificate.fromPEMBytes(Array(text.utf8)).first else { throw NIOSSLError.failedToLoadCertificate }
        return certificate
    }
}
