#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NetspecModel

extension Provider.TLS {
    /// A pin: the SHA-256 of a server's public key (its SubjectPublicKeyInfo), written
    /// `sha256/BASE64` as OkHttp's `CertificatePinner` and HPKP write it, or of a whole
    /// certificate, written `cert-sha256/BASE64`. A server matches when any certificate of its
    /// verified chain matches: the leaf, an intermediate or the root, whether the server sends
    /// them or the trust (CA file, CA directory, system roots) completes the chain with them.
    ///
    /// Get a public-key pin with
    /// `openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
    public struct Pin: Sendable, Hashable, CustomStringConvertible {
        /// What a pin hashes.
        package enum Kind: Sendable, Hashable {
            /// The certificate's public key (SPKI): survives a renewal with the same key.
            case publicKey
            /// The whole certificate (DER).
            case certificate
        }

        /// What the pin hashes.
        package let kind: Kind
        /// The SHA-256 digest, 32 bytes.
        public let digest: [UInt8]

        /// A pin from its text, `sha256/BASE64` or `cert-sha256/BASE64`.
        ///
        /// - Throws: ``TransportError`` (kind `tls`) naming the text when it is neither.
        public init(_ text: String) throws(TransportError) {
            guard let parsed = SpecTLS.parsePin(text) else {
                throw TransportError(
                    kind: .tls, message: "'\(text)' is not a pin: expected sha256/BASE64 (public key) or cert-sha256/BASE64 (certificate), 32 bytes in base64"
                )
            }
            kind = parsed.isCertificate ? .certificate : .publicKey
            digest = parsed.digest
        }

        /// A pin of a certificate itself (`cert-sha256/…`), from a PEM file.
        ///
        /// - Throws: ``TransportError`` naming the file when it cannot be read or is not a certificate.
        public static func certificate(pemFile path: String) throws(TransportError) -> Pin {
            try pin(pemFile: path, kind: .certificate)
        }

        /// A pin of a certificate's public key (`sha256/…`), from a PEM file.
        ///
        /// - Throws: ``TransportError`` naming the file when it cannot be read or is not a certificate.
        public static func publicKey(pemFile path: String) throws(TransportError) -> Pin {
            try pin(pemFile: path, kind: .publicKey)
        }

        private static func pin(pemFile path: String, kind: Kind) throws(TransportError) -> Pin {
            try ChainCertificate(PEMFiles.certificates(path, what: "pinned certificate")[0]).pin(kind)
        }

        init(kind: Kind, digest: [UInt8]) {
            self.kind = kind
            self.digest = digest
        }

        /// `sha256/BASE64` or `cert-sha256/BASE64`.
        public var description: String {
            (kind == .publicKey ? "sha256/" : "cert-sha256/") + Data(digest).base64EncodedString()
        }
    }
}
