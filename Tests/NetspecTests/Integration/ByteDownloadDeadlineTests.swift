import Foundation
import NetspecTestServer
import Synchronization
import Testing

import Netspec
import NetspecTestSupport

/// `api.bytes(…)` of an endpoint without `stream:` (and so `netspec call -o`) is a download within
/// the call's `timeout`, each attempt from connecting to the last byte; a `stream:` endpoint's
/// bytes, and the events an endpoint answering a value or events sends, wait for their head only.
@Suite struct ByteDownloadDeadlineTests {
    static let yaml = """
        netspec: 1
        service: D
        endpoints:
          get:
            GET: /thing
          again:
            GET: /again
            retry: { max: 1, on: [503] }
          download:
            GET: /file
            stream: bytes
        """

    /// Sends the head (`Content-Length: 10`) and `ab`, then nothing for `pause` or until the client
    /// closes the connection, then the rest.
    static func headThenStall(for pause: Duration) -> TestHandler {
        return { _, writer in
            try await writer.writeHead(status: 200, headers: [("Content-Type", "application/octet-stream"), ("Content-Length", "10")])
            try await writer.write(Array("ab".utf8))
            let (closes, closed) = AsyncStream<Void>.makeStream()
            Task {
                await writer.waitForClientClose()
                closed.finish()
            }
            let timer = Task {
                try? await Task.sleep(for: pause)
                closed.finish()
            }
            for await _ in closes {}
            timer.cancel()
            try? await writer.write(Array("cdefghij".utf8))
        }
    }

    /// The bytes read, and the error that ended the read.
    static func read(_ stream: ByteStream) async -> (bytes: String, error: CallError?) {
        var bytes: [UInt8] = []
        do {
            for try await chunk in stream { bytes += chunk }
            return (String(decoding: bytes, as: UTF8.self), nil)
        } catch {
            return (String(decoding: bytes, as: UTF8.self), error as? CallError)
        }
    }

    @Test func aBodyThatStallsAfterTheHeadTimesOut() async throws {
        // The server holds the rest back for 60 s: a read without a limit would get it all. The
        // bound below is a full run's (on two loaded cores this 1 s call once took 19.7 s).
        try await withTestServer(Self.headThenStall(for: .seconds(60))) { server in
            let api = try makeService(Self.yaml, server: server)
            let start = ContinuousClock.now
            let stream = try await api.bytes("get", options: CallOptions(timeout: .seconds(1)))
            #expect(stream.status == 200)
            let (bytes, error) = await Self.read(stream)
            #expect(ContinuousClock.now - start < .seconds(40))
            #expect("ab".hasPrefix(bytes), "\(bytes)")
            #expect(error?.transport?.kind == .timeout)
            #expect(error?.description == "the request to 127.0.0.1:\(server.port) timed out after 1 s")
        }
    }

    @Test func aStreamEndpointsBytesWaitOnlyForTheHead() async throws {
        // The body takes 1.5 s at least, three times the limit.
        try await withTestServer(Self.headThenStall(for: .milliseconds(1500))) { server in
            let api = try makeService(Self.yaml, server: server)
            let (bytes, error) = await Self.read(try await api.bytes("download", options: CallOptions(timeout: .milliseconds(500))))
            #expect(error == nil)
            #expect(bytes == "abcdefghij")
        }
    }

    /// A retry starts a fresh limit, as for a call read whole: the 503's `Retry-After: 31` uses up
    /// a limit counted from the call's start (30 s) before the second head arrives.
    @Test func eachAttemptHasTheWholeLimit() async throws {
        let attempts = Mutex(0)
        let handler: TestHandler = { _, writer in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            if attempt == 1 {
                try await writer.respond(status: 503, headers: [("Retry-After", "31"), ("Content-Type", "text/plain")], body: "busy")
            } else {
                try await writer.respond(status: 200, headers: [("Content-Type", "application/octet-stream")], body: "whole")
            }
        }
        try await withTestServer(handler) { server in
            let api = try makeService(Self.yaml, server: server)
            // Generous: 30 s for an attempt's small answer, which a full run's load once pushed past
            // 2 s, and once past 8 s (the landing run of 99afb6b).
            let (bytes, error) = await Self.read(try await api.bytes("again", options: CallOptions(timeout: .seconds(30))))
            #expect(error == nil)
            #expect(bytes == "whole")
            #expect(attempts.withLock { $0 } == 2)
        }
    }

    /// OpenAI's `createChatCompletion` answers one value unless the body asks for events: the
    /// value is read whole within the limit, as any value is, though its head is awaited as a stream's.
    @Test func aValueOfAnEndpointAnsweringAValueOrEventsTimesOut() async throws {
        let stall = Self.headThenStall(for: .seconds(20))
        let handler: TestHandler = { request, writer in
            for try await _ in request.body {}
            try await stall(request, writer)
        }
        try await withTestServer(handler) { server in
            let spec = try Spec(yaml: OpenAPIDocumentsAsMeantTests.chat, file: "chat.yaml")
            let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
            let start = ContinuousClock.now
            let error = await #expect(throws: CallError.self) {
                try await api.call("createChatCompletion", ["model": "m"], options: CallOptions(baseURL: server.baseURL, timeout: .seconds(1)))
            }
            #expect(ContinuousClock.now - start < .seconds(10))
            #expect(error?.description == "the request to 127.0.0.1:\(server.port) timed out after 1 s")
        }
    }

    /// OpenAI's `createChatCompletion` answers events when the body asks: they are a stream.
    @Test func eventsOfAnEndpointAnsweringAValueOrEventsWaitOnlyForTheHead() async throws {
        let handler: TestHandler = { request, writer in
            for try await _ in request.body {}
            try await TestHandlers.sse(events: ["data: 1\n\n", "data: 2\n\n"], pauses: .milliseconds(1500))(request, writer)
        }
        try await withTestServer(handler) { server in
            let spec = try Spec(yaml: OpenAPIDocumentsAsMeantTests.chat, file: "chat.yaml")
            let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
            let options = CallOptions(baseURL: server.baseURL, timeout: .milliseconds(500))
            let (bytes, error) = await Self.read(try await api.bytes("createChatCompletion", ["model": "m", "stream": true], options: options))
            #expect(error == nil)
            #expect(bytes == "data: 1\n\ndata: 2\n\n")
        }
    }
}
