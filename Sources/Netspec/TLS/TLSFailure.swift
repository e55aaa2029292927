import NIOSSL

/// Why a TLS handshake failed, in our words: every handshake failure becomes one of these, and
/// ``error(authority:)`` is the one table of their kinds and sentences (docs/tls.md shows it).
///
/// Certificate problems (unknown issuer, self-signed, expired, not yet valid, wrong host) come
/// from the chain check (``TLSVerifiedChain``): BoringSSL says only `CERTIFICATE_VERIFY_FAILED`,
/// so a rejected chain is checked again to say why (``TransportErrorMapping/explained(_:url:options:)``).
/// The others come from BoringSSL's reason codes and the alerts the server sent
/// (``init(_:minimumVersion:hasClientCertificate:)``).
enum TLSFailure: Error, Equatable {
    /// No trusted certificate issued `subject`: its `issuer` is neither presented nor trusted.
    case unknownIssuer(subject: String, issuer: String, trust: String)
    /// The server's only certificate is self-signed and not trusted.
    case selfSigned(subject: String, trust: String)
    /// The chain ends at a self-signed certificate that is not trusted.
    case selfSignedInChain(subject: String, trust: String)
    /// A certificate of the chain expired on `date`.
    case expired(subject: String, isLeaf: Bool, date: String)
    /// A certificate of the chain is valid from `date` on.
    case notYetValid(subject: String, isLeaf: Bool, date: String)
    /// The server's certificate names other hosts.
    case hostnameMismatch(subject: String, names: [String], host: String)
    /// A certificate the server sent marks as critical an extension TLS does not know (`oid`,
    /// dotted), which a client must then refuse (RFC 5280 §4.2).
    case unknownCriticalExtension(subject: String, isLeaf: Bool, oid: String)
    /// A certificate the server sent may not serve TLS: its `usage` (`extended key usage`
    /// without `serverAuth`, or the leaf's `key usage` without a TLS key exchange) allows only
    /// `allowed` (comma-separated; empty: nothing).
    case notForServers(subject: String, isLeaf: Bool, usage: String, allowed: String)
    /// The server's certificate does not name the host (when the chain check cannot say more).
    case wrongHost
    /// The chain was rejected for a reason the chain check does not see (a CA constraint, a key
    /// usage, a signature).
    case rejected
    /// No TLS version in common (`minimum`: the lowest accepted, when set).
    case version(minimum: String?)
    /// The server asked for a client certificate and none was given.
    case clientCertificateRequired
    /// The server rejected the client certificate, saying why with an alert.
    case clientCertificateRejected(reason: String)
    /// The server says the client certificate is revoked.
    case revoked
    /// The server ended the handshake with another alert.
    case alert(String)
    /// The peer does not speak TLS on this port.
    case notTLS
    /// The connection closed during the handshake.
    case closed
    /// Anything else, by BoringSSL's reason name in plain words.
    case other(String)

    /// The error, its kind and sentence: `TLS with HOST:PORT failed: REASON`.
    func error(authority: String) -> TransportError {
        let (kind, reason): (TransportError.Kind, String) = switch self {
        case let .unknownIssuer(subject, issuer, trust):
            (.unknownIssuer, "the server's certificate is not trusted: \(subject) was issued by \(issuer), which is neither among the certificates the server sent nor in \(trust)")
        case let .selfSigned(subject, trust):
            (.selfSignedCertificate, "the server's certificate \(subject) is self-signed and not in \(trust)")
        case let .selfSignedInChain(subject, trust):
            (.selfSignedCertificate, "the server's chain ends at the self-signed \(subject), which is not in \(trust)")
        case let .expired(subject, isLeaf, date):
            (.certificateExpired, "\(Self.certificate(subject, isLeaf: isLeaf)) expired on \(date)")
        case let .notYetValid(subject, isLeaf, date):
            (.certificateNotYetValid, "\(Self.certificate(subject, isLeaf: isLeaf)) is not valid until \(date)")
        case let .hostnameMismatch(subject, names, host):
            (.hostnameMismatch, "the server's certificate \(subject) is for \(names.isEmpty ? "no host name" : names.joined(separator: ", ")), not \(host)")
        case let .unknownCriticalExtension(subject, isLeaf, oid):
            (.tls, "\(Self.certificate(subject, isLeaf: isLeaf)) has a critical extension TLS does not know (\(oid)), so it cannot be accepted")
        case let .notForServers(subject, isLeaf, usage, allowed):
            (.tls, "\(Self.certificate(subject, isLeaf: isLeaf)) is not for TLS servers: its \(usage) allows \(allowed.isEmpty ? "nothing" : allowed + " only")")
        case .wrongHost:
            (.hostnameMismatch, "the server's certificate is not for this host")
        case .rejected:
            (.tls, "the server's certificate chain does not verify (a CA constraint, a key usage or a signature)")
        case let .version(minimum?):
            (.tlsVersion, "the server supports no TLS version from \(minimum) on")
        case .version(nil):
            (.tlsVersion, "the server supports no TLS version Netspec speaks")
        case .clientCertificateRequired:
            (.clientCertificateRequired, "the server requires a client certificate, and none was given")
        case let .clientCertificateRejected(why):
            (.clientCertificateRejected, "the server rejected the client certificate (\(why))")
        case .revoked:
            (.certificateRevoked, "the server says the client certificate is revoked")
        case let .alert(name):
            (.tls, "the server refused the handshake (\(name))")
        case .notTLS:
            (.tls, "the server does not speak TLS on this port")
        case .closed:
            (.tls, "the server closed the connection during the handshake")
        case let .other(reason):
            (.tls, reason)
        }
        return TransportError(kind: kind, message: "TLS with \(authority) failed: \(reason)")
    }

    private static func certificate(_ subject: String, isLeaf: Bool) -> String {
        isLeaf ? "the server's certificate \(subject)" : "the certificate \(subject) in the server's chain"
    }

    /// Whether `error` is BoringSSL's or NIOSSL's rejection of the server's certificate: the
    /// chain check says why (``TLSVerifiedChain``).
    static func isCertificateRejection(_ error: any Error) -> Bool {
        if let error = error as? NIOSSLExtraError { return error == .failedToValidateHostname }
        return reasons(of: error).contains(certificateVerifyFailed)
    }

    /// The failure a NIOSSL or BoringSSL error stands for; `nil` for an error that is not TLS's.
    ///
    /// - Parameters:
    ///   - minimumVersion: the lowest version accepted, for a version mismatch.
    ///   - hasClientCertificate: whether a client certificate was given: the server's
    ///     `handshake_failure` then does not mean that one is required.
    init?(_ error: any Error, minimumVersion: String?, hasClientCertificate: Bool) {
        if let error = error as? NIOSSLExtraError {
            self = error == .failedToValidateHostname ? .wrongHost : .other("the host name cannot be used as a TLS server name")
            return
        }
        if case .handshakeFailed(.sslError([]))? = error as? NIOSSLError {
            self = .closed
            return
        }
        guard error is NIOSSLError || error is BoringSSLError else { return nil }
        let reasons = Self.reasons(of: error)
        if reasons.isEmpty, case .handshakeFailed? = error as? NIOSSLError {
            self = .closed
            return
        }
        for reason in reasons {
            if let failure = Self.failure(reason: reason, minimumVersion: minimumVersion, hasClientCertificate: hasClientCertificate) {
                self = failure
                return
            }
        }
        self = .other(reasons.isEmpty ? "the TLS session broke down" : "the handshake failed")
    }

    private static let certificateVerifyFailed = 125

    /// The failure for one of BoringSSL's `SSL` reason codes (`SSL_R_…`; an alert received is
    /// 1000 + its number).
    private static func failure(reason: Int, minimumVersion: String?, hasClientCertificate: Bool) -> TLSFailure? {
        switch reason {
        case certificateVerifyFailed: return .rejected
        case 240, 1070: return .version(minimum: minimumVersion)  // UNSUPPORTED_PROTOCOL, protocol_version
        case 247, 156: return .notTLS  // WRONG_VERSION_NUMBER, HTTP_REQUEST
        case 1116: return .clientCertificateRequired  // certificate_required (TLS 1.3)
        case 1040: return hasClientCertificate ? .alert("handshake failure") : .clientCertificateRequired
        case 1044: return .revoked
        case 1042, 1043, 1045, 1046, 1048, 1049:
            let why = [1042: "bad certificate", 1043: "unsupported certificate", 1045: "it has expired",
                       1046: "certificate unknown", 1048: "it does not trust its issuer", 1049: "access denied"][reason]!
            return hasClientCertificate ? .clientCertificateRejected(reason: why) : .alert(why)
        case 1000...1255:
            return .alert(alertNames[reason - 1000] ?? "alert \(reason - 1000)")
        default: return nil
        }
    }

    /// TLS alerts by number, in words (RFC 8446's names).
    private static let alertNames: [Int: String] = [
        10: "unexpected message", 20: "bad record MAC", 22: "record overflow", 47: "illegal parameter", 50: "decode error",
        51: "decrypt error", 71: "insufficient security", 80: "internal error", 86: "inappropriate fallback", 90: "user canceled",
        109: "missing extension", 110: "unsupported extension", 112: "unrecognized name", 113: "bad certificate status response",
        115: "unknown PSK identity", 120: "no application protocol",
    ]

    /// BoringSSL's `SSL` reason codes in an error (its descriptions start `Error: CODE `, the
    /// packed error code, whose library is the top byte and reason the low 12 bits).
    private static func reasons(of error: any Error) -> [Int] {
        let stack: [BoringSSLInternalError]
        switch error {
        case let NIOSSLError.handshakeFailed(.sslError(errors)), let NIOSSLError.shutdownFailed(.sslError(errors)),
            let BoringSSLError.sslError(errors), let BoringSSLError.unknownError(errors):
            stack = errors
        default:
            return []
        }
        return stack.compactMap { entry in
            let text = entry.description
            guard text.hasPrefix("Error: "), let code = UInt32(text.dropFirst(7).prefix { $0.isNumber }), code >> 24 == 16 else { return nil }
            return Int(code & 0xFFF)
        }
    }
}
