package import NIOSSL

/// The TLS settings of a `wss` connection to `host`: the one place they are made, so the
/// provider's TLS settings apply here as they do to HTTP calls. System trust by default;
/// `verifiesCertificates: false` turns verification off (test servers only).
package func webSocketTLSConfiguration(host: String, options: Provider.Options) -> TLSConfiguration {
    var configuration = TLSConfiguration.makeClientConfiguration()
    if !options.verifiesCertificates { configuration.certificateVerification = .none }
    return configuration
}
