import NetspecTestServer
import Testing
import NetspecTestSupport

@Suite(.timeLimit(.minutes(1)))
struct TestServerTests {
    @Test func bindsLoopbackOnAFreePort() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            #expect(server.port > 0)
            #expect(server.baseURL == "http://127.0.0.1:\(server.port)")
            #expect(server.url("/a?b") == "http://127.0.0.1:\(server.port)/a?b")
        }
    }

    @Test func countsRequestsAndConnections() async throws {
        try await withTestServer(TestHandlers.json()) { server in
            #expect(server.requestCount == 0)
            #expect(server.connectionCount == 0)
            let first = try await RawClient.connect(port: server.port)
            let second = try await RawClient.connect(port: server.port)
            for client in [first, second] {
                for _ in 0..<3 { _ = try await client.request("GET", "/") }
            }
            #expect(server.requestCount == 6)
            #expect(server.connectionCount == 2)
            #expect(server.openConnectionCount == 2)
            await first.close()
            #expect(try await eventually { server.openConnectionCount == 1 })
            #expect(server.connectionCount == 2)
        }
    }

    @Test func shutdownClosesEverything() async throws {
        let server = try await TestServer.start(TestHandlers.router([
            "/never": TestHandlers.neverAnswer,
            "/slow": TestHandlers.slow(delay: .seconds(60)),
            "/": TestHandlers.json(),
        ]))
        let idle = try await RawClient.connect(port: server.port)
        _ = try await idle.request("GET", "/")
        let waiting = try await RawClient.connect(port: server.port)
        try await waiting.send("GET /never HTTP/1.1\r\nHost: t\r\n\r\n")
        let sleeping = try await RawClient.connect(port: server.port)
        try await sleeping.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        let silent = try await RawClient.connect(port: server.port)
        #expect(try await eventually { server.requestCount == 3 && server.openConnectionCount == 4 })

        let started = ContinuousClock.now
        try await server.shutdown()
        // Awaiting the handlers would take the slow one's 60 s; cancelled, it is at once (30 s: room for a loaded machine).
        #expect(ContinuousClock.now - started < .seconds(30), "handlers were cancelled, not awaited")
        #expect(server.openConnectionCount == 0)
        for client in [idle, waiting, sleeping, silent] {
            _ = try await client.readUntilClose()
        }
        await #expect(throws: (any Error).self) { _ = try await RawClient.connect(port: server.port) }
        try await server.shutdown()  // Harmless twice.
    }
}

@Suite(.timeLimit(.minutes(1)))
struct IPv6Tests {
    @Test func servesIPv6LoopbackWhenAvailable() async throws {
        // A machine without ::1 cannot run this test; that is not a failure of the server.
        guard let server = try? await TestServer.start(host: "::1", TestHandlers.echo) else { return }
        #expect(server.baseURL == "http://[::1]:\(server.port)")
        let client = try await RawClient.connect(port: server.port, host: "::1")
        #expect(try await client.request("GET", "/v6").status == 200)
        try await server.shutdown()
    }
}
