extension Service {
    /// An endpoint whose security needs a client certificate (OpenAPI's `mutualTLS`) cannot be
    /// called without one: a ``CallError/ConfigurationError`` saying how to set it, nothing sent.
    func checkClientCertificate(for endpoint: Endpoint) throws(CallError) {
        guard endpoint.auth?.policies.contains(where: { $0.scheme == .clientCertificate }) == true, tls.clientIdentity == nil else { return }
        throw .configuration(CallError.ConfigurationError(
            endpoint: endpoint.name, parameter: nil, reason: .setup,
            message: "the endpoint needs a client certificate (mutual TLS); give one with --cert FILE --key FILE, or Provider.Options(tls: .init(clientCertificate: …))"
        ))
    }
}
