import NIOSSL
import NetspecModel

/// The TLS settings of a `wss` connection: the same as an HTTP call's (``TLSSettings``: the CA
/// file, the lowest version, the client certificate, and the pins, checked by the pre-flight
/// handshake before the upgrade request is sent, through the connection's proxy: a proxy value
/// that cannot be used fails it as it fails the connection), made in this one place. `nil` for `ws`.
func webSocketTLSConfiguration(url: String, options: TransportOptions) async throws -> TLSConfiguration? {
    guard url.prefix(4).lowercased() == "wss:", let target = TLSSettings.httpsHostAndPort(of: "https:" + url.dropFirst(4)) else { return nil }
    return try await options.tls.configuration(
        host: target.host, port: target.port, connectTimeout: options.connectTimeout, proxy: options.proxy
    )
}
