/// Starts a ``TestServer`` on `host`, runs `body`, and always shuts the server down — awaiting
/// the shutdown, so the server never outlives the test and a shutdown error is not lost.
///
/// - Parameters:
///   - host: A loopback address: `127.0.0.1` (the default) or `::1`.
///   - tls: Whether the server speaks HTTPS (with a self-signed certificate).
///   - handler: Answers each request.
///   - body: The test, given the running server.
/// - Returns: What `body` returns.
/// - Throws: The start error, `body`'s error, or (when `body` succeeded) the shutdown error.
public func withTestServer<T>(
    host: String = "127.0.0.1",
    tls: Bool = false,
    _ handler: @escaping TestHandler,
    _ body: (TestServer) async throws -> T
) async throws -> T {
    let server = try await TestServer.start(host: host, tls: tls, handler)
    do {
        let result = try await body(server)
        try await server.shutdown()
        return result
    } catch {
        try? await server.shutdown()
        throw error
    }
}
