import NetspecModel
extension TLSSettings.Pin {
    /// A pin of a certificate itself (`cert-sha256/…`), from a PEM file.
    ///
    /// - Throws: ``TransportError`` naming the file when it cannot be read or is not a certificate.
    public static func certificate(pemFile path: String) throws(TransportError) -> TLSSettings.Pin {
        try pin(pemFile: path, kind: .certificate)
    }

    /// A pin of a certificate's public key (`sha256/…`), from a PEM file.
    ///
    /// - Throws: ``TransportError`` naming the file when it cannot be read or is not a certificate.
    public static func publicKey(pemFile path: String) throws(TransportError) -> TLSSettings.Pin {
        try pin(pemFile: path, kind: .publicKey)
    }

    private static func pin(pemFile path: String, kind: Kind) throws(TransportError) -> TLSSettings.Pin {
        try ChainCertificate(PEMFiles.certificates(path, what: "pinned certificate")[0]).pin(kind)
    }
}
