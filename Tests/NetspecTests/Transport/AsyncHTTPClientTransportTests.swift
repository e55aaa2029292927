import NetspecTestServer
import Testing
@testable import Netspec
import NetspecTestSupport

/// The default transport spreads requests over its event loops and gives each loop back when the
/// request is done with: a whole response once read, a stream once its body is dropped, a failed
/// or cancelled request at once.
@Suite(.timeLimit(.minutes(1)))
struct AsyncHTTPClientTransportTests {
    static func get(_ url: String) -> PreparedRequest {
        PreparedRequest(endpointName: "get", method: .get, url: url, headerFields: [:], body: .empty)
    }

    /// The whole response to a GET of `url`, with the default options and a 1 KiB limit.
    /// Fetches with 120 s limits: these tests hold requests at the server on purpose (the waiting ones
    /// wait for a connection within the request timeout), and a full run on two cores has stalled them
    /// past the default 10 s and 30 s while other suites started.
    static func fetch(_ url: String, with transport: AsyncHTTPClientTransport) async throws -> TransportResponse {
        try await transport.fetch(get(url), options: TransportOptions(connectTimeout: .seconds(120), timeout: .seconds(120)), maxResponseSize: 1024)
    }

    /// Counts the requests that arrived, then answers each once `released` is set.
    static func holding(arrived: Counter, released: Counter) -> TestHandler {
        { request, writer in
            for try await _ in request.body {}
            arrived.add(1)
            while released.value == 0 { try await Task.sleep(for: .milliseconds(5)) }
            try await TestHandlers.json(body: #"{"ok":true}"#)(request, writer)
        }
    }

    static func inFlight(_ transport: AsyncHTTPClientTransport) -> [Int] {
        transport.balancer.withLockedValue { $0.inFlight }
    }

    /// Runs `body`, then — whatever it threw — releases the held requests, waits for `calls` and
    /// shuts `transport` down: a transport freed while requests run traps in a debug build
    /// (async-http-client's deinit check), which took the whole run down under load.
    static func ending<T>(_ calls: [Task<T, any Error>], released: Counter, transport: AsyncHTTPClientTransport, after body: () async throws -> Void) async throws {
        var failure: (any Error)?
        do {
            try await body()
        } catch {
            failure = error
        }
        released.set(1)
        for call in calls { _ = try? await call.value }
        try await transport.shutdown()
        if let failure { throw failure }
    }

    @Test func requestsInFlightTogetherAreSpreadEvenlyOverTheLoops() async throws {
        let arrived = Counter(), released = Counter()
        try await withTestServer(Self.holding(arrived: arrived, released: released)) { server in
            let transport = AsyncHTTPClientTransport()
            let loops = Self.inFlight(transport).count
            #expect((1...4).contains(loops))
            // Two per loop: within every loop's share of the 8 connections per host.
            let calls = (0..<2 * loops).map { _ in
                Task { try await Self.fetch(server.url("/held"), with: transport) }
            }
            #expect(try await eventually { arrived.value == 2 * loops })
            #expect(Self.inFlight(transport) == Array(repeating: 2, count: loops))
            released.set(1)
            for call in calls {
                let response = try await call.value
                #expect(response.status == 200)
                #expect(try await response.body.collect(upTo: 1024) == Array(#"{"ok":true}"#.utf8))
            }
            #expect(Self.inFlight(transport) == Array(repeating: 0, count: loops))
            try await transport.shutdown()
        }
    }

    @Test func aStreamHoldsItsLoopUntilItsBodyIsDropped() async throws {
        let handler = TestHandlers.sse(events: ["data: 1\n\n", "data: 2\n\n"], pauses: .milliseconds(20))
        try await withTestServer(handler) { server in
            let transport = AsyncHTTPClientTransport()
            let loops = Self.inFlight(transport).count
            do {
                let response = try await transport.send(Self.get(server.url("/events")), options: TransportOptions())
                var iterator = response.body.makeAsyncIterator()
                #expect(try await iterator.next() == Array("data: 1\n\n".utf8))
                withExtendedLifetime(iterator) {
                    #expect(Self.inFlight(transport).reduce(0, +) == 1)
                }
            }
            #expect(Self.inFlight(transport) == Array(repeating: 0, count: loops))
            try await transport.shutdown()
        }
    }

    @Test func failedAndCancelledRequestsGiveTheirLoopBack() async throws {
        let refused = try ReservedPort()
        let arrived = Counter(), released = Counter()
        try await withTestServer(Self.holding(arrived: arrived, released: released)) { server in
            let transport = AsyncHTTPClientTransport()
            let loops = Self.inFlight(transport).count
            await #expect(throws: TransportError.self) {
                try await Self.fetch("http://127.0.0.1:\(refused.port)/", with: transport)
            }
            #expect(Self.inFlight(transport) == Array(repeating: 0, count: loops))

            let call = Task { try await Self.fetch(server.url("/held"), with: transport) }
            #expect(try await eventually { arrived.value == 1 })
            #expect(Self.inFlight(transport).reduce(0, +) == 1)
            call.cancel()
            let error = await #expect(throws: TransportError.self) { try await call.value }
            #expect(error?.kind == .cancelled)
            #expect(Self.inFlight(transport) == Array(repeating: 0, count: loops))
            released.set(1)
            try await transport.shutdown()
        }
    }

    @Test func callsAfterShutdownFail() async throws {
        try await withTestServer(TestHandlers.json()) { server in
            let transport = AsyncHTTPClientTransport()
            #expect(try await Self.fetch(server.url("/"), with: transport).status == 200)
            try await transport.shutdown()
            let error = await #expect(throws: TransportError.self) {
                try await Self.fetch(server.url("/"), with: transport)
            }
            #expect(error?.description == "the transport has been shut down")
            #expect(server.requestCount == 1)
        }
    }

    /// A request that waits for one of the host's connections waits until its request timeout, as
    /// the requests in flight do: async-http-client ends that wait after the *connect* timeout
    /// ("no connection to 127.0.0.1:PORT became free in time"), which failed a checker's requests
    /// queued behind slow ones under a full run's load while the request timeout was far off. The
    /// same for a request the validating proxy forwards.
    @Test(arguments: [false, true])
    func aRequestWaitingForAConnectionWaitsUntilItsRequestTimeoutNotTheConnectTimeout(forwarded: Bool) async throws {
        let arrived = Counter(), released = Counter()
        try await withTestServer(Self.holding(arrived: arrived, released: released)) { server in
            // One connection per loop: the request beyond one a loop waits for a connection.
            let transport = AsyncHTTPClientTransport(maxConnectionsPerHost: 1)
            let loops = Self.inFlight(transport).count
            // A connect timeout a loaded full run's connects meet (100 ms failed the held requests'
            // own connects there), which the wait below still outlasts more than twice.
            let options = TransportOptions(connectTimeout: .seconds(2), timeout: .seconds(120))
            let url = server.url("/held")
            let calls = (0...loops).map { _ in
                Task {
                    if forwarded { return try await transport.forward(method: .get, url: url, headerFields: [:], body: nil, options: options).status }
                    return try await transport.fetch(Self.get(url), options: options, maxResponseSize: 1024).status
                }
            }
            try await Self.ending(calls, released: released, transport: transport) {
                #expect(try await eventually(timeout: .seconds(30)) { arrived.value == loops })
                // Two and a half connect timeouts: the waiting request is still waiting, not failed.
                try await Task.sleep(for: .seconds(5))
                #expect(arrived.value == loops)
                released.set(1)
                for call in calls { #expect(try await call.value == 200) }
                #expect(arrived.value == loops + 1)
            }
        }
    }

    /// The request timeout ends the wait for a connection with the request timeout's error.
    @Test func theRequestTimeoutEndsTheWaitForAConnection() async throws {
        let arrived = Counter(), released = Counter()
        try await withTestServer(Self.holding(arrived: arrived, released: released)) { server in
            let transport = AsyncHTTPClientTransport(maxConnectionsPerHost: 1)
            let loops = Self.inFlight(transport).count
            // The held requests go first, with no timeout of their own; then one that waits. `send`,
            // whose client is the same for both (`fetch`'s differs by its read timeout).
            let held = TransportOptions(connectTimeout: .seconds(2), timeout: nil)
            let holding = (0..<loops).map { _ in
                Task { try await transport.send(Self.get(server.url("/held")), options: held).status }
            }
            try await Self.ending(holding, released: released, transport: transport) { () async throws in
                #expect(try await eventually(timeout: .seconds(30)) { arrived.value == loops })
                // The same connect timeout (the same client), longer than the request timeout that ends the wait.
                let waiting = TransportOptions(connectTimeout: .seconds(2), timeout: .milliseconds(700))
                let error = await #expect(throws: TransportError.self) {
                    try await transport.send(Self.get(server.url("/held")), options: waiting)
                }
                #expect(error?.kind == .timeout)
                #expect(error?.message == "the request to 127.0.0.1:\(server.port) timed out after 700 ms")
                #expect(arrived.value == loops)
                released.set(1)
                for call in holding { #expect(try await call.value == 200) }
            }
        }
    }

    /// The connections per host bound how many requests are at the server at once: 8 by
    /// default (async-http-client's), more when the transport is made with more; the rest wait.
    @Test(arguments: [nil, 24])
    func theConnectionsPerHostBoundTheRequestsInFlight(limit: Int?) async throws {
        let arrived = Counter(), released = Counter()
        try await withTestServer(Self.holding(arrived: arrived, released: released)) { server in
            let transport = limit.map { AsyncHTTPClientTransport(maxConnectionsPerHost: $0) } ?? AsyncHTTPClientTransport()
            #expect(transport.maxConnectionsPerHost == (limit ?? 8))
            let loops = Self.inFlight(transport).count
            let allowed = (transport.maxConnectionsPerHost + loops - 1) / loops * loops
            let calls = (0..<30).map { _ in Task { try await Self.fetch(server.url("/held"), with: transport) } }
            try await Self.ending(calls, released: released, transport: transport) {
                #expect(try await eventually { arrived.value == allowed })
                try await Task.sleep(for: .milliseconds(200))
                #expect(arrived.value == allowed, "more requests reached the server than there are connections")
                released.set(1)
                for call in calls { #expect(try await call.value.status == 200) }
                #expect(arrived.value == 30)
            }
        }
    }
}
