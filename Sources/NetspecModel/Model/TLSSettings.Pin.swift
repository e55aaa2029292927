#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TLSSettings {
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
        /// - Throws: ``ParseError`` naming the text when it is neither, or its digest is not 32 bytes.
        public init(_ text: String) throws(ParseError) {
            let encoded: Substring
            if text.hasPrefix("sha256/") {
                (kind, encoded) = (.publicKey, text.dropFirst("sha256/".count))
            } else if text.hasPrefix("cert-sha256/") {
                (kind, encoded) = (.certificate, text.dropFirst("cert-sha256/".count))
            } else {
                throw ParseError(text: text)
            }
            guard let data = Data(base64Encoded: String(encoded)), data.count == 32 else { throw ParseError(text: text) }
            digest = Array(data)
        }

        /// A pin of `kind` with a digest already computed.
        package init(kind: Kind, digest: [UInt8]) {
            self.kind = kind
            self.digest = digest
        }

        /// `sha256/BASE64` or `cert-sha256/BASE64`.
        public var description: String {
            (kind == .publicKey ? "sha256/" : "cert-sha256/") + Data(digest).base64EncodedString()
        }

        /// A text that is not a pin.
        public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
            /// The text given.
            public let text: String
            /// The error of a text that is not a pin.
            public init(text: String) { self.text = text }
            /// `'TEXT' is not a pin: expected sha256/BASE64 (public key) or cert-sha256/BASE64 (certificate), 32 bytes in base64`.
            public var description: String {
                "'\(text)' is not a pin: expected sha256/BASE64 (public key) or cert-sha256/BASE64 (certificate), 32 bytes in base64"
            }
        }
    }
}
