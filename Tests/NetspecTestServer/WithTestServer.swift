/// Starts a ``TestServer`` on 127.0.0.1, runs `body`, and always shuts the server down.
public func withTestServer<T>(
    _ handler: @escaping TestHandler,
    _ body: (TestServer) async throws -> T
) async throws -> T {
    let server = try await TestServer.start(handler)
    do {
        let result = try await body(server)
        try await server.shutdown()
        return result
    } catch {
        try? await server.shutdown()
        throw error
    }
}
