#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Crypto
import NIOConcurrencyHelpers
import NIOSSL
import X509
import NetspecModel

/// The verified chain of a server, as OkHttp's `CertificatePinner` sees it: the certificates
/// the server presented, cleaned and completed up to a self-signed root of the trust (the CA
/// file, the CA directory, or the system's roots). Pins are compared with it, so a pin of the
/// leaf, of an intermediate or of the root passes whatever the server sends; and when it cannot
/// be built, it says why in our words (``TLSFailure``).
///
/// Why swift-certificates' `Verifier`: it builds the path from a leaf, the presented
/// certificates and a store of trusted ones, and hands back the chain it built, leaf to root.
/// BoringSSL builds the same path during the handshake but NIOSSL does not give it out: its
/// custom verification callbacks replace BoringSSL's verification and see only what the server
/// presented (the "validated chain" of `customVerificationCallbackWithMetadata` is one the
/// callback must build itself), and the per-certificate callback that does see the built chain
/// is deprecated. Nor does NIOSSL say why BoringSSL rejected a chain (`CERTIFICATE_VERIFY_FAILED`
/// only); the chain check here says it (which certificate expired, which issuer is missing).
///
/// What it checks: the path (issuers by name, signatures), and what ``TLSChainPolicy`` asks as
/// BoringSSL's TLS handshake asks it (validity periods, critical extensions, the key usages a
/// TLS server needs, the server's name), so that a chain the handshake accepts is accepted here
/// too (a leaf with a critical extended key usage, as `trustme` and many private CAs make them)
/// and one it refuses is refused with the reason. The real connection is still verified by
/// BoringSSL (CA constraints, …), so a chain this check passes and BoringSSL rejects fails the
/// call with ``TLSFailure/rejected``. The chain ends at a self-signed certificate of
/// the trust, as BoringSSL's does: a trusted intermediate is a step on the way, not an end.
enum TLSVerifiedChain {
    /// The chain from `presented` (leaf first, as the server sent it) to a trusted root.
    ///
    /// - Parameters:
    ///   - host: the host name or IP address the server must be for (when `verifies`).
    ///   - verifies: `false` (`--insecure`): no checks, and the chain is the presented one when
    ///     no path to the trust is found.
    static func build(
        presented: [ChainCertificate], host: String, trust: TLSTrust, verifies: Bool, now: Date = Date()
    ) async -> Result<[ChainCertificate], TLSFailure> {
        guard let trusted = trust.certificates, let leaf = presented.first else { return .success(presented) }
        var known: [Certificate: ChainCertificate] = [:]
        for certificate in presented + trusted { known[certificate.certificate] = certificate }
        let roots = trusted.filter(\.isSelfIssued).map(\.certificate)
        let intermediates = (presented.dropFirst() + trusted.filter { !$0.isSelfIssued }).map(\.certificate)
        let problems = NIOLockedValueBox<[TLSFailure]>([])
        let policy = TLSChainPolicy(
            candidates: (presented + trusted).map(\.certificate), trusted: Set(trusted.map(\.certificate)),
            host: host, now: now, checks: verifies, problems: problems
        )
        var verifier = Verifier(rootCertificates: CertificateStore(roots)) { policy }
        switch await verifier.validate(leaf: leaf.certificate, intermediates: CertificateStore(intermediates)) {
        case let .validCertificate(chain):
            return .success(chain.compactMap { known[$0] })
        case .couldNotValidate:
            if !verifies { return .success(presented) }
            if let problem = problems.withLockedValue({ $0.first }) { return .failure(problem) }
            return .failure(missingIssuer(presented: presented, trusted: trusted, trust: trust.name))
        }
    }

    /// Why no path leads from the leaf to the trust: following issuers by name through what was
    /// presented and what is trusted, the last certificate reached is self-signed, or its issuer
    /// is nowhere.
    private static func missingIssuer(presented: [ChainCertificate], trusted: [ChainCertificate], trust: String) -> TLSFailure {
        let candidates = presented + trusted
        var current = presented[0]
        var seen: Set<[UInt8]> = [current.der]
        while !current.isSelfIssued,
            let issuer = candidates.first(where: { $0.certificate.subject == current.certificate.issuer && !seen.contains($0.der) })
        {
            current = issuer
            seen.insert(issuer.der)
        }
        // A trusted certificate reached (a path exists by name): another check refused it.
        if trusted.contains(where: { $0.der == current.der }) { return .rejected }
        guard current.isSelfIssued else {
            return .unknownIssuer(subject: current.subject, issuer: current.certificate.issuer.description, trust: trust)
        }
        return current.der == presented[0].der ? .selfSigned(subject: current.subject, trust: trust) : .selfSignedInChain(subject: current.subject, trust: trust)
    }
}

/// A certificate of a chain with its DER encoding and its SubjectPublicKeyInfo, which pins hash
/// and anchors are made from.
struct ChainCertificate: Sendable, Hashable {
    let certificate: Certificate
    let der: [UInt8]
    /// The SubjectPublicKeyInfo (DER), as NIOSSL writes it (swift-certificates'
    /// `subjectPublicKeyInfoBytes` is the key alone).
    let spki: [UInt8]

    init(_ certificate: NIOSSLCertificate) throws(TransportError) {
        do {
            der = try certificate.toDERBytes()
            spki = try certificate.extractPublicKey().toSPKIBytes()
            self.certificate = try Certificate(derEncoded: der)
        } catch {
            throw TransportError(kind: .tls, message: "a certificate cannot be read: it is not valid X.509")
        }
    }

    /// The subject, `CN=…,O=…`.
    var subject: String { certificate.subject.description }

    /// Whether the certificate names itself as its issuer (a root, or a self-signed server).
    var isSelfIssued: Bool { certificate.subject == certificate.issuer }

    /// The pin of this certificate of `kind`: the SHA-256 of its SubjectPublicKeyInfo or of its DER.
    func pin(_ kind: TLSSettings.Pin.Kind) -> TLSSettings.Pin {
        TLSSettings.Pin(kind: kind, digest: Array(SHA256.hash(data: kind == .publicKey ? spki : der)))
    }
}

/// The certificates a connection trusts, as the chain check reads them.
struct TLSTrust: Sendable {
    /// The trust in words, for messages: `the CA file 'ca.pem'`, `the system's trusted CAs`.
    let name: String
    /// The trusted certificates; `nil` when the system's roots are not in a file this platform
    /// has (macOS, where the Security framework holds them): the chain is then what the server
    /// presented, and the real connection verifies it.
    let certificates: [ChainCertificate]?

    /// Trust by CA file and directory (both `nil`: the system's), read once per process.
    private static let cache = NIOLockedValueBox<[[String?]: TLSTrust]>([:])

    /// The trust of `settings`.
    ///
    /// - Throws: ``TransportError`` (kind `tls`) naming a CA file or directory that cannot be read.
    static func of(_ settings: TLSClientSettings) throws(TransportError) -> TLSTrust {
        let key = [settings.caFile, settings.caDirectory]
        if let trust = cache.withLockedValue({ $0[key] }) { return trust }
        var names: [String] = []
        var certificates: [ChainCertificate]? = []
        if let caFile = settings.caFile {
            names.append("the CA file '\(caFile)'")
            certificates! += try PEMFiles.certificates(caFile, what: "CA file").map(ChainCertificate.init)
        }
        if let caDirectory = settings.caDirectory {
            names.append("the CA directory '\(caDirectory)'")
            certificates! += try PEMFiles.directoryCertificates(caDirectory).map(ChainCertificate.init)
        }
        if names.isEmpty {
            names.append("the system's trusted CAs")
            certificates = try PEMFiles.systemRootCertificates()?.map(ChainCertificate.init)
        }
        let trust = TLSTrust(name: names.joined(separator: " and "), certificates: certificates)
        cache.withLockedValue { $0[key] = trust }
        return trust
    }
}
