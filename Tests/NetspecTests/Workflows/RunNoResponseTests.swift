import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// A step whose request gets no response — refused, reset, a host that does not resolve, a call
/// timeout — has failed (Arazzo 1.0.1 § Step Object: its `onFailure` "actions to take if the step
/// fails"), so that a retry polls a service until it starts listening and a `goto` reaches a
/// fallback; with no action to recover it the run ends with the call's transport error, as
/// before. Cancellation still ends the run at once, never a step failure to retry.
@Suite struct RunNoResponseTests {
    static func poll(_ actions: String) -> String {
        """
          - workflowId: wait
            steps:
              - stepId: poll
                operationId: getJob
                parameters: [{ name: id, in: path, value: a }]
        \(actions)
                outputs: { state: $response.body#/state }
            outputs: { state: $steps.poll.outputs.state }
        """
    }

    /// A document whose steps go to two sources of one OpenAPI document: `down`, which nothing
    /// answers, and `pets`.
    static func twoSources(_ workflows: String) -> String {
        """
        arazzo: 1.0.1
        info: { title: Pet shop, version: "1" }
        sourceDescriptions:
          - { name: down, url: pets.yaml, type: openapi }
          - { name: pets, url: pets.yaml, type: openapi }
        workflows:
        \(workflows)
        """
    }

    /// A provider with no base URL of its own: each source's comes from ``RunOptions/baseURLs``.
    static let provider = Provider(options: .init(usesEnvironment: false))

    @Test func aRetryPollsAServiceUntilItStartsListening() async throws {
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(Self.poll("""
                    onFailure: [{ name: again, type: retry, retryAfter: 0.1, retryLimit: 3 }]
            """)))
        let late = try await LatePort.free()
        // The service starts once the first attempt has been refused.
        let options = RunOptions(baseURLs: ["pets": "http://127.0.0.1:\(late.port)"]) { report in
            if report.attempt == 1 { late.listen() }
        }
        let report = await flows.runReport("wait", provider: Self.provider, options: options)
        await late.close()
        let url = "http://127.0.0.1:\(late.port)/jobs/a"
        #expect(report.error == nil)
        #expect(report.outputs == ["state": "done"])
        #expect(report.steps.map(\.line) == [
            "wait.poll  getJob GET \(url)  → no response: cannot connect to 127.0.0.1:\(late.port): connection refused  ⇒ retry 1 of 3 after 0.1 s",
            "wait.poll  getJob GET \(url)  → 200  2xx  ⇒ next",
        ])
        #expect(report.steps.first?.json == [
            "workflowId": "wait", "stepId": "poll", "attempt": 1, "operation": "getJob", "source": "pets", "method": "GET", "url": .string(url),
            "noResponse": .string("no response: cannot connect to 127.0.0.1:\(late.port): connection refused"),
            "criteria": [], "succeeded": false, "action": "retry 1 of 3 after 0.1 s",
        ])
    }

    @Test func aGotoOnFailureReachesAFallbackWhoseServerAnswers() async throws {
        let document = Self.twoSources("""
              - workflowId: wait
                steps:
                  - stepId: poll
                    operationId: $sourceDescriptions.down.getJob
                    parameters: [{ name: id, in: path, value: a }]
                    onFailure: [{ name: elsewhere, type: goto, stepId: fallback }]
                  - stepId: fallback
                    operationId: $sourceDescriptions.pets.getJob
                    parameters: [{ name: id, in: path, value: busy }]
                    outputs: { state: $response.body#/state }
                outputs: { state: $steps.fallback.outputs.state }
            """)
        let (flows, _) = try await RunFixtures.load(document)
        let closed = try await LatePort.free()
        let log = Recorder<String>()
        let report = try await withTestServer(RunFixtures.shop(log)) { server in
            let options = RunOptions(baseURLs: ["down": "http://127.0.0.1:\(closed.port)", "pets": server.baseURL])
            return await flows.runReport("wait", provider: Self.provider, options: options)
        }
        #expect(report.error == nil)
        #expect(report.outputs == ["state": "done"])
        #expect(log.all == ["GET /jobs/busy"])
        #expect(report.steps.map(\.action) == ["goto step 'fallback'", "next"])
        #expect(report.steps.map(\.noResponse) == ["no response: cannot connect to 127.0.0.1:\(closed.port): connection refused", nil])
    }

    @Test func aStepWithoutActionsEndsTheRunWithTheTransportError() async throws {
        let (flows, path) = try await RunFixtures.load(RunFixtures.document(Self.poll("")))
        let closed = try await LatePort.free()
        let report = await flows.runReport("wait", provider: Self.provider, options: RunOptions(baseURLs: ["pets": "http://127.0.0.1:\(closed.port)"]))
        let error = try #require(report.error)
        #expect(error.reason == .call)
        #expect(error.message == "workflow 'wait': step 'poll' failed: no response: cannot connect to 127.0.0.1:\(closed.port): connection refused [step at \(path):8:17]")
        guard case let .transport(transport)? = error.callError else { Issue.record("not a transport error: \(String(describing: error.callError))"); return }
        #expect(transport.kind == .connect)
        #expect(report.steps.map(\.action) == ["fail"])
        #expect(report.steps.first?.status == nil)
        #expect(report.json["error"] == .object([
            "reason": "call", "message": .string(error.message), "workflowId": "wait", "stepId": "poll",
        ]))
    }

    @Test func retriesThatNeverGetAResponseEndTheRunWithTheTransportError() async throws {
        let (flows, path) = try await RunFixtures.load(RunFixtures.document(Self.poll("""
                    onFailure: [{ name: again, type: retry, retryLimit: 2 }]
            """)))
        let closed = try await LatePort.free()
        let report = await flows.runReport("wait", provider: Self.provider, options: RunOptions(baseURLs: ["pets": "http://127.0.0.1:\(closed.port)"]))
        #expect(report.steps.map(\.action) == ["retry 1 of 2", "retry 2 of 2", "fail (2 retries made)"])
        #expect(report.error?.reason == .call)
        #expect(report.error?.message == "workflow 'wait': step 'poll' failed after 2 retries: no response: cannot connect to 127.0.0.1:\(closed.port): connection refused [step at \(path):8:17]")
    }

    /// A call timeout that is not the step's own `timeout` (the provider's): a step failure, and
    /// unrecovered the run's `call` error with the transport timeout (`netspec run` exits 2).
    @Test func aCallTimeoutFailsTheStepAndUnrecoveredEndsTheRunAsATimeout() async throws {
        let (flows, path) = try await RunFixtures.load(RunFixtures.document(Self.poll("")))
        let log = Recorder<String>()
        var settings = Provider.Options(usesEnvironment: false)
        settings.timeouts.request = .milliseconds(200)
        let report = try await withTestServer({ request, writer in
            log.record("\(request.method) \(request.target)")
            try await Task.sleep(for: .seconds(3))
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"state":"done"}"#)
        }) { server in
            await flows.runReport("wait", provider: Provider(baseURL: server.baseURL, options: settings), options: RunOptions())
        }
        let message = report.error?.message.replacing(/127\.0\.0\.1:\d+/, with: "127.0.0.1:PORT")
        #expect(message == "workflow 'wait': step 'poll' failed: no response: the request to 127.0.0.1:PORT timed out after 200 ms [step at \(path):8:17]")
        #expect(report.error?.reason == .call)
        guard case let .transport(transport)? = report.error?.callError else { Issue.record("not a transport error"); return }
        #expect(transport.kind == .timeout)
        #expect(report.steps.map(\.succeeded) == [false])
    }

    @Test func aWorkflowStepWhoseWorkflowGetsNoResponseFailsAndItsOnFailureApplies() async throws {
        let document = Self.twoSources("""
              - workflowId: wait
                steps:
                  - stepId: poll
                    operationId: $sourceDescriptions.down.getJob
                    parameters: [{ name: id, in: path, value: a }]
              - workflowId: main
                steps:
                  - stepId: inner
                    workflowId: wait
                    onFailure: [{ name: elsewhere, type: goto, stepId: fallback }]
                  - stepId: fallback
                    operationId: $sourceDescriptions.pets.getJob
                    parameters: [{ name: id, in: path, value: busy }]
            """)
        let (flows, _) = try await RunFixtures.load(document)
        let closed = try await LatePort.free()
        let log = Recorder<String>()
        let report = try await withTestServer(RunFixtures.shop(log)) { server in
            let options = RunOptions(baseURLs: ["down": "http://127.0.0.1:\(closed.port)", "pets": server.baseURL])
            return await flows.runReport("main", provider: Self.provider, options: options)
        }
        #expect(report.error == nil)
        #expect(log.all == ["GET /jobs/busy"])
        #expect(report.steps.map { "\($0.workflowId).\($0.stepId) \($0.action)" } == ["wait.poll fail", "main.inner goto step 'fallback'", "main.fallback next"])
    }

    /// Cancelled in flight, a step with a retry is not retried: the run ends, cancelled, and the
    /// step is not reported as a failure.
    @Test func cancellationInFlightStillEndsTheRun() async throws {
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(Self.poll("""
                    onFailure: [{ name: again, type: retry, retryLimit: 3 }]
            """)))
        let log = Recorder<String>()
        let report = try await withTestServer({ request, writer in
            log.record("\(request.method) \(request.target)")
            try await Task.sleep(for: .seconds(5))
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"state":"done"}"#)
        }) { server in
            let run = Task { await flows.runReport("wait", provider: RunFixtures.provider(server), options: RunOptions()) }
            while log.all.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
            run.cancel()
            return await run.value
        }
        // No bound on the time taken (a loaded machine runs late): the answer, a 200 after 5 s,
        // would have made the run succeed; the cancelled error shows the step was cancelled.
        #expect(report.error?.reason == .cancelled)
        #expect(report.error?.message == "workflow 'wait': step 'poll' was cancelled in flight")
        #expect(report.steps.isEmpty)
        #expect(log.all == ["GET /jobs/a"])
    }

    /// An exchange the transport finishes after the cancel (too far in to stop, as one was under
    /// load in a full test run: the 200 came after 5 s) still ends the run cancelled: it was
    /// judged, and the run reported a success.
    @Test func aCallFinishedAfterTheCancelStillEndsTheRunCancelled() async throws {
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(RunActionsTests.poll("a", "")))
        let started = Recorder<String>()
        let provider = Provider(baseURL: "http://127.0.0.1:9", options: .init(usesEnvironment: false), transport: UnstoppableTransport(started: started))
        let run = Task { await flows.runReport("wait", provider: provider) }
        while started.all.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        run.cancel()
        let report = await run.value
        #expect(started.all == ["http://127.0.0.1:9/jobs/a"])
        #expect(report.error?.reason == .cancelled)
        #expect(report.error?.message == "workflow 'wait': step 'poll' was cancelled in flight")
        #expect(report.steps.isEmpty)
    }

    /// Answers 200 after 300 ms whatever happens to the task awaiting it (a detached task's wait
    /// does not see the cancel).
    struct UnstoppableTransport: HTTPTransport {
        let started: Recorder<String>

        func send(_ request: PreparedRequest, options: TransportOptions) async throws -> TransportResponse {
            started.record(request.url)
            try await Task.detached { try await Task.sleep(for: .milliseconds(300)) }.value
            return TransportResponse(status: 200, headerFields: [.contentType: "application/json"], body: .init(bytes: Array(#"{"state":"done"}"#.utf8)))
        }
    }
}

/// A port of 127.0.0.1 that refuses connections until ``listen()`` starts a server on it that
/// answers every request `200 {"state":"done"}`: a service that is still starting.
final class LatePort: Sendable {
    let port: Int
    private let channel = NIOLockedValueBox<(any Channel)?>(nil)

    private init(port: Int) { self.port = port }

    /// A port nothing listens on: one the system gave a listener, closed again.
    static func free() async throws -> LatePort {
        let probe = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(probe.localAddress?.port)
        try await probe.close()
        return LatePort(port: port)
    }

    /// Starts listening, returning once the port takes connections (called from a run's
    /// synchronous `onStep`, so that the next attempt finds the server up).
    func listen() {
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(DoneAnswer()) }
            }
        let bound = try? bootstrap.bind(host: "127.0.0.1", port: port).wait()
        channel.withLockedValue { $0 = bound }
    }

    /// Stops listening.
    func close() async {
        try? await channel.withLockedValue({ $0 })?.close()
    }
}

/// Answers a request's head with `200 {"state":"done"}` and closes the connection.
private final class DoneAnswer: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    private var head = ""

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        head += buffer.readString(length: buffer.readableBytes) ?? ""
        guard head.contains("\r\n\r\n") else { return }
        head = ""
        let body = #"{"state":"done"}"#
        let response = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: response))).whenComplete { _ in bound.value.close(promise: nil) }
    }
}
