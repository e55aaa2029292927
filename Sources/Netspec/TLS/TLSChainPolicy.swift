#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOConcurrencyHelpers
import X509

/// What the chain check asks of a candidate chain, as BoringSSL asks it of the chain in a TLS
/// handshake (`X509_verify_cert` with the purpose `ssl_server`, which NIOSSL's clients use), so
/// that the check accepts what the handshake accepts and says why it refuses what it refuses:
///
/// - each certificate is within its validity period;
/// - each certificate not from the trust (the leaf, and what the server sent up to the first
///   certificate of the trust) marks as critical only extensions TLS knows (BoringSSL's
///   `X509_supported_extension`: basic constraints, key usage, extended key usage, subject
///   alternative names, name constraints and the certificate-policy ones); an extended key
///   usage, critical or not, includes `serverAuth` (`anyExtendedKeyUsage` alone does not do, as
///   for BoringSSL); the leaf's key usage, when it has one, allows digital signatures, key
///   encipherment or key agreement;
/// - the leaf names the host.
///
/// Certificates of the trust are not held to these, as BoringSSL does not hold them (a root
/// with an extended key usage for e-mail still anchors a TLS chain). The first problem of each
/// candidate is kept, for the message. CA constraints (basic constraints, path length, name
/// constraints) are left to BoringSSL on the real connection, which reports them as
/// ``TLSFailure/rejected``.
struct TLSChainPolicy: VerifierPolicy {
    /// Every critical extension of the candidates: the `Verifier` refuses a certificate with a
    /// critical extension its policy does not claim, before asking the policy, so this policy
    /// claims them all and decides itself which may be critical (``knownCritical``).
    private(set) var verifyingCriticalExtensions = ServerIdentityPolicy(serverHostname: nil, serverIP: nil).verifyingCriticalExtensions
    var identity: ServerIdentityPolicy
    let host: String
    let now: Date
    let checks: Bool
    /// The certificates of the trust.
    let trusted: Set<Certificate>
    let problems: NIOLockedValueBox<[TLSFailure]>

    /// The extensions BoringSSL lets a certificate mark critical (`X509_supported_extension`), by
    /// OID: key usage, subject alternative names, basic constraints, certificate policies,
    /// extended key usage, policy constraints, name constraints, policy mappings, inhibit anyPolicy.
    static let knownCritical: Set<String> = [
        "2.5.29.15", "2.5.29.17", "2.5.29.19", "2.5.29.32", "2.5.29.37", "2.5.29.36", "2.5.29.30", "2.5.29.33", "2.5.29.54",
    ]

    /// A policy for chains built from `candidates` to `trusted` for `host`.
    init(candidates: [Certificate], trusted: Set<Certificate>, host: String, now: Date, checks: Bool, problems: NIOLockedValueBox<[TLSFailure]>) {
        for certificate in candidates {
            for field in certificate.extensions where field.critical && !verifyingCriticalExtensions.contains(field.oid) {
                verifyingCriticalExtensions.append(field.oid)
            }
        }
        let isIP = TLSPinCheck.isIPAddress(host)
        identity = ServerIdentityPolicy(serverHostname: isIP ? nil : host, serverIP: isIP ? host : nil)
        self.host = host
        self.now = now
        self.checks = checks
        self.trusted = trusted
        self.problems = problems
    }

    mutating func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
        guard checks else { return .meetsPolicy }
        guard let problem = problem(in: chain) else { return .meetsPolicy }
        problems.withLockedValue { $0.append(problem) }
        return .failsToMeetPolicy(reason: "\(problem)")
    }

    private mutating func problem(in chain: UnverifiedCertificateChain) -> TLSFailure? {
        for (index, certificate) in chain.enumerated() {
            let subject = certificate.subject.description
            if certificate.notValidAfter < now {
                return .expired(subject: subject, isLeaf: index == 0, date: Self.text(certificate.notValidAfter))
            }
            if certificate.notValidBefore > now {
                return .notYetValid(subject: subject, isLeaf: index == 0, date: Self.text(certificate.notValidBefore))
            }
        }
        // BoringSSL's untrusted part: the leaf (unless it is trusted and the whole chain), then
        // each certificate up to the first of the trust.
        let untrusted = chain.count == 1 && trusted.contains(chain.leaf) ? 0 : 1 + chain.dropFirst().prefix { !trusted.contains($0) }.count
        for (index, certificate) in chain.prefix(untrusted).enumerated() {
            if let problem = Self.purposeProblem(certificate, isLeaf: index == 0) { return problem }
        }
        guard case .failsToMeetPolicy = identity.chainMeetsPolicyRequirements(chain: chain) else { return nil }
        return .hostnameMismatch(subject: chain.leaf.subject.description, names: Self.names(of: chain.leaf), host: host)
    }

    /// Why a certificate that is not from the trust cannot serve TLS: a critical extension TLS does
    /// not know, an extended key usage without `serverAuth`, or (the leaf's) a key usage that
    /// allows no TLS key exchange.
    static func purposeProblem(_ certificate: Certificate, isLeaf: Bool) -> TLSFailure? {
        let subject = certificate.subject.description
        if let unknown = certificate.extensions.first(where: { $0.critical && !knownCritical.contains($0.oid.description) }) {
            return .unknownCriticalExtension(subject: subject, isLeaf: isLeaf, oid: unknown.oid.description)
        }
        if let usages = try? certificate.extensions.extendedKeyUsage, !usages.contains(.serverAuth) {
            let names = usages.map { $0 == .any ? "anyExtendedKeyUsage" : $0.description }
            return .notForServers(subject: subject, isLeaf: isLeaf, usage: "extended key usage", allowed: names.joined(separator: ", "))
        }
        if isLeaf, let usage = try? certificate.extensions.keyUsage, !(usage.digitalSignature || usage.keyEncipherment || usage.keyAgreement) {
            return .notForServers(subject: subject, isLeaf: true, usage: "key usage", allowed: usage.description)
        }
        return nil
    }

    /// `2026-01-31 12:00:00 UTC`.
    private static func text(_ date: Date) -> String {
        date.formatted(.iso8601).replacing("T", with: " ").replacing("Z", with: " UTC")
    }

    /// The DNS names and IP addresses a certificate is for.
    private static func names(of certificate: Certificate) -> [String] {
        guard let names = try? certificate.extensions.subjectAlternativeNames else { return [] }
        return names.compactMap { name in
            switch name {
            case let .dnsName(text): return text
            case let .ipAddress(address): return ipText(Array(address.bytes))
            default: return nil
            }
        }
    }

    private static func ipText(_ bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: bytes.count - 1, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }.joined(separator: ":")
    }
}
