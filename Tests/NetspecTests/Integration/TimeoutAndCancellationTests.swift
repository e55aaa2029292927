import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// Time limits end a call with a timeout error; cancelling the calling task closes the connection.
@Suite struct TimeoutAndCancellationTests {
    static let yaml = """
        netspec: 1
        service: S
        endpoints:
          get:
            GET: /slow
          limited:
            GET: /slow
            timeout: 0.3
          generous:
            GET: /slow
            timeout: 10
        """

    /// Reads the request, says so, then holds the response until the client closes the connection.
    static func holding(received: Signal, closed: Signal) -> TestHandler {
        return { request, writer in
            for try await _ in request.body {}
            received.fire()
            await writer.waitForClientClose()
            closed.fire()
        }
    }

    /// Where the 300 ms limit comes from; `providerOverSpec`: the provider's, over the spec's
    /// `timeout: 10` (call over provider over spec: docs/swift.md).
    enum LimitSource: String, Sendable, CaseIterable {
        case callOptions, spec, provider, providerOverSpec
    }

    @Test(arguments: LimitSource.allCases)
    func slowEndpointHitsTheTimeoutAndTheRequestIsAbandoned(_ source: LimitSource) async throws {
        let received = Signal(), closed = Signal()
        try await withTestServer(Self.holding(received: received, closed: closed)) { server in
            let options = source == .provider || source == .providerOverSpec ? testOptions(timeout: .milliseconds(300)) : testOptions()
            let api = try makeService(Self.yaml, server: server, options: options)
            let error = await callError {
                switch source {
                case .callOptions: try await api.call("get", options: CallOptions(timeout: .milliseconds(300)))
                case .spec: try await api.call("limited")
                case .provider: try await api.call("get")
                case .providerOverSpec: try await api.call("generous")
                }
            }
            #expect(error?.transport?.kind == .timeout)
            #expect(error?.description == "the request to 127.0.0.1:\(server.port) timed out after 300 ms")
            #expect(await received.wait())
            #expect(await closed.wait(), "the server sees the connection close")
        }
    }

    @Test func aBodyThatDripsPastTheLimitTimesOut() async throws {
        try await withTestServer(TestHandlers.dripBody(bytes: 10_000, every: .milliseconds(20))) { server in
            let api = try makeService(Self.yaml, server: server)
            let error = await callError { try await api.call("get", options: CallOptions(timeout: .milliseconds(300))) }
            #expect(error?.transport?.kind == .timeout)
            #expect(error?.description == "the request to 127.0.0.1:\(server.port) timed out after 300 ms")
        }
    }

    @Test func callTimeoutOverridesTheSpecs() async throws {
        try await withTestServer(TestHandlers.slow(delay: .milliseconds(600), then: TestHandlers.json(body: #"{"ok":true}"#))) { server in
            let api = try makeService(Self.yaml, server: server)
            let response = try await api.call("limited", options: CallOptions(timeout: .seconds(30)))
            #expect(response.value == ["ok": true])
        }
    }

    @Test func cancellingTheCallingTaskClosesTheConnection() async throws {
        let received = Signal(), closed = Signal()
        try await withTestServer(Self.holding(received: received, closed: closed)) { server in
            let api = try makeService(Self.yaml, server: server)
            let task = Task { await callError { try await api.call("get") } }
            #expect(await received.wait())
            task.cancel()
            let error = await task.value
            #expect(error?.transport?.kind == .cancelled)
            #expect(error?.description == "the call was cancelled")
            #expect(await closed.wait(), "the server sees the connection close")
        }
    }

    @Test func cancellingWhileTheBodyArrivesClosesTheConnection() async throws {
        let firstByte = Signal(), closed = Signal()
        let handler: TestHandler = { _, writer in
            try await writer.writeHead(status: 200, headers: [("Content-Type", "application/json"), ("Content-Length", "100")])
            try await writer.write("[")
            firstByte.fire()
            await writer.waitForClientClose()
            closed.fire()
        }
        try await withTestServer(handler) { server in
            let api = try makeService(Self.yaml, server: server)
            let task = Task { await callError { try await api.call("get") } }
            #expect(await firstByte.wait())
            task.cancel()
            let error = await task.value
            #expect(error?.transport?.kind == .cancelled)
            #expect(await closed.wait(), "the server sees the connection close")
        }
    }

    @Test func alreadyCancelledTaskSendsNothing() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.yaml, server: server)
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await callError { try await api.call("get") }
            }
            let error = await task.value
            #expect(error?.transport?.kind == .cancelled)
            #expect(server.requestCount == 0)
        }
    }
}
