import Foundation
import HTTPTypes
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// `stream: sse` against a real server: pauses, drops, reconnects with `Last-Event-ID`, `until`,
/// errors before any event, cancellation.
@Suite struct ServerSentEventsEndToEndTests {
    static let yaml = """
        netspec: 1
        service: Chat
        endpoints:
          completions:
            POST: /chat
            stream: sse
            params:
              model: String
              stream: { type: Bool, default: true }
          untilDone:
            POST: /chat
            stream: sse
            until: "[DONE]"
            params:
              model: String
          feed:
            GET: /feed
            stream: sse
            params:
              model: String
          resumable:
            POST: /chat
            stream: sse
            retry: { methods: [POST] }
            params:
              model: String
        """

    static func eventStreamHead(_ writer: TestResponseWriter) async throws {
        try await writer.writeHead(status: 200, headers: [("Content-Type", "text/event-stream"), ("Transfer-Encoding", "chunked")])
    }

    /// Sends `pieces`, then closes the connection abruptly (FIN inside the chunked body).
    static func dropAfter(_ pieces: [String]) -> TestHandler {
        return { _, writer in
            try await eventStreamHead(writer)
            for piece in pieces { try await writer.writeChunk(piece) }
            // Let the client read the partial event first, if it is quick enough: async-http-client
            // reports a close that arrives before its consumer asked for the last bytes without
            // yielding them, and a consumer on a busy two-core machine can wait longer than this.
            try await Task.sleep(for: .milliseconds(100))
            await writer.close()
        }
    }

    static func events(_ api: Service, _ endpoint: String = "completions") async throws -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for try await event in try await api.events(endpoint, ["model": "m"]) { events.append(event) }
        return events
    }

    @Test func eventsArriveAsTheServerStreamsThemWithPauses() async throws {
        let requests = Recorder<(accept: String?, body: String)>()
        let pieces = ["id: 1\ndata: a\n\n", "data: b", "c\ndata: d\n", "\n", ": keep-alive\n\nevent: update\nid: 7\ndata: {\"x\":1}\n\n"]
        let stream = TestHandlers.sse(events: pieces, pauses: .milliseconds(30))
        let handler: TestHandler = { request, writer in
            let body = try await request.collectBody(upTo: 1 << 16)
            requests.record((request.header("Accept"), String(decoding: body, as: UTF8.self)))
            try await stream(request, writer)
        }
        try await withTestServer(handler) { server in
            let events = try await Self.events(try makeService(Self.yaml, server: server))
            #expect(events == [
                ServerSentEvent(data: "a", id: "1"),
                ServerSentEvent(data: "bc\nd", id: "1"),
                ServerSentEvent(event: "update", data: #"{"x":1}"#, id: "7"),
            ])
            #expect(try events[2].json() == ["x": 1])
            #expect(requests.all.map(\.accept) == ["text/event-stream"])
            #expect(requests.all.map(\.body) == [#"{"model":"m","stream":true}"#])
        }
    }

    enum Cut: String, Sendable, CaseIterable {
        /// The response ends cleanly, but inside an event.
        case endsMidEvent
        /// The connection closes inside an event and inside a chunk.
        case dropsMidEvent
    }

    @Test(arguments: Cut.allCases)
    func cutMidEventReconnectsWithTheLastEventID(_ cut: Cut) async throws {
        let first = ["retry: 5\nid: 1\ndata: a\n\n", "id: 2\ndata: b\n\nid: 3\ndata: partial"]
        let lastEventIDs = Recorder<String?>()
        let handler = TestHandlers.sequence([
            cut == .endsMidEvent ? TestHandlers.sse(events: first, pauses: .milliseconds(10)) : Self.dropAfter(first),
            { request, writer in
                // As a real server does: the events after the one the client last received.
                let lastEventID = request.header("Last-Event-ID")
                lastEventIDs.record(lastEventID)
                let missed = lastEventID == "1" ? ["id: 2\ndata: b\n\n"] : []
                try await TestHandlers.sse(events: missed + ["id: 4\ndata: c\n\n"], pauses: .zero)(request, writer)
            },
        ])
        try await withTestServer(handler) { server in
            let events = try await Self.events(try makeService(Self.yaml, server: server), "feed")
            // The partial event is never delivered, and nothing is lost or repeated.
            #expect(events.map(\.data) == ["a", "b", "c"])
            #expect(events.map(\.id) == ["1", "2", "4"])
            if cut == .endsMidEvent {
                #expect(lastEventIDs.all == ["2"])
            } else {
                // After a drop, "b" may be among the bytes async-http-client discards (above): then
                // the last event the client received, and so the ID it sends, is "1".
                #expect(lastEventIDs.all == ["2"] || lastEventIDs.all == ["1"])
            }
            #expect(server.requestCount == 2)
        }
    }

    @Test func cleanEndBetweenEventsEndsTheStream() async throws {
        try await withTestServer(TestHandlers.sse(events: ["id: 1\ndata: a\n\n", "data: b\n\n"], pauses: .milliseconds(10))) { server in
            let events = try await Self.events(try makeService(Self.yaml, server: server))
            #expect(events.map(\.data) == ["a", "b"])
            #expect(server.requestCount == 1)
        }
    }

    @Test func noContentOnReconnectStopsTheStream() async throws {
        let handler = TestHandlers.sequence([
            Self.dropAfter(["id: 1\ndata: a\n\ndata: cut"]),
            { _, writer in try await writer.respond(status: 204) },
        ])
        try await withTestServer(handler) { server in
            let events = try await Self.events(try makeService(Self.yaml, server: server), "feed")
            #expect(events.map(\.data) == ["a"])
            #expect(server.requestCount == 2)
        }
    }

    @Test func reconnectingGivesUpAfterTheLimit() async throws {
        try await withTestServer(TestHandlers.sse(events: ["data: never ends"], pauses: .zero)) { server in
            let api = try makeService(Self.yaml, server: server, options: testOptions(maxReconnectAttempts: 2))
            let (events, error) = await streamError(try await api.events("feed", ["model": "m"]))
            #expect(events.isEmpty)
            #expect((error as? CallError)?.transport?.kind == .connectionClosed)
            #expect((error as? CallError)?.description == "the event stream from 127.0.0.1:\(server.port) was cut off in the middle of an event; 2 reconnections were tried, and each failed the same way")
            #expect(server.requestCount == 3)
        }
    }

    /// Reconnections that fail are counted in the error, with how they failed: the stream was cut
    /// off, then the server stopped listening (the error said only that the stream was cut off,
    /// naming no host, after five refused reconnections).
    @Test func refusedReconnectionsAreCountedInTheError() async throws {
        let answered = Signal()
        let stream = TestHandlers.sse(events: ["retry: 5\nid: 1\ndata: a\n\n", "data: b"], pauses: .zero, headers: [("Connection", "close")])
        let server = try await TestServer.start { request, writer in
            try await stream(request, writer)
            answered.fire()
        }
        let api = try makeService(Self.yaml, server: server, options: testOptions(maxReconnectAttempts: 2))
        var iterator = try await api.events("feed", ["model": "m"]).makeAsyncIterator()
        #expect(try await iterator.next()?.data == "a")
        #expect(await answered.wait())
        try await server.shutdown()
        let error = await #expect(throws: CallError.self) { _ = try await iterator.next() }
        #expect(error?.transport?.kind == .connectionClosed)
        let host = "127.0.0.1:\(server.port)"
        #expect(error?.description == "the event stream from \(host) was cut off in the middle of an event; 2 reconnections were tried, and each failed: cannot connect to \(host): connection refused")
        #expect(server.requestCount == 1)
    }

    /// A proxy setting that cannot be used for a reconnection is a configuration error naming the
    /// endpoint, as it is for the first connection: the reconnection is sent from the stream,
    /// outside the call (`Service.run`), so it said 'https_proxy '…' cannot be used: …' alone.
    @Test func aReconnectionsProxyConfigurationErrorNamesTheEndpoint() async throws {
        try await withTestServer(Self.dropAfter(["id: 1\ndata: a\n\ndata: cut"])) { server in
            var options = testOptions()
            options.proxy = .environment(["https_proxy": "socks4://ada:secret@127.0.0.1:1080"])
            let seen = Recorder<String>()
            let api = try makeService(Self.yaml, server: server, options: options, interceptors: [ResumesOverHTTPS(seen: seen)])
            let (events, error) = await streamError(try await api.events("feed", ["model": "m"]))
            #expect(events.map(\.data) == ["a"])
            #expect((error as? CallError)?.configuration?.endpoint == "feed")
            #expect((error as? CallError)?.description == "endpoint 'feed': https_proxy 'socks4://<redacted>@127.0.0.1:1080' cannot be used: socks4:// proxies are not supported (use http://, socks5:// or socks5h://)")
            #expect(seen.all == [server.url("/feed?model=m") + " -", server.url("/feed?model=m") + " 1"])
            #expect(server.requestCount == 1)
        }
    }

    /// Sends every request after the first (a reconnection) over https, for which the proxy set
    /// cannot be used; records each URL and its `Last-Event-ID` as given.
    struct ResumesOverHTTPS: Interceptor {
        let seen: Recorder<String>

        func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
            let isFirst = seen.all.isEmpty
            seen.record(request.url + " " + (request.headerFields[HTTPField.Name("Last-Event-ID")!] ?? "-"))
            var request = request
            if !isFirst { request.url = "https" + request.url.dropFirst(4) }
            return try await next(request)
        }
    }

    @Test func aServerThatReplaysItsStreamOnEveryReconnectionIsGivenUpOn() async throws {
        // Each connection: the same event, then a cut inside the next (Last-Event-ID ignored).
        try await withTestServer(TestHandlers.sse(events: ["id: 1\ndata: a\n\n", "data: never ends"], pauses: .zero)) { server in
            let api = try makeService(Self.yaml, server: server, options: testOptions(maxReconnectAttempts: 2))
            let (events, error) = await streamError(try await api.events("feed", ["model": "m"]))
            #expect(events.map(\.data) == ["a", "a", "a"])
            #expect((error as? CallError)?.transport?.kind == .connectionClosed)
            #expect((error as? CallError)?.description == "the event stream from 127.0.0.1:\(server.port) was cut off in the middle of an event (after 2 reconnections in a row, the last sent only events it had sent before: the server does not resume from Last-Event-ID)")
            #expect(server.requestCount == 3)
        }
    }

    @Test func reconnectionsThatEachBringANewEventGoOnPastTheLimit() async throws {
        // Each connection greets with the same event, then sends the event after Last-Event-ID and
        // is cut: five reconnections with a limit of two, as each one delivered something new.
        let handler: TestHandler = { request, writer in
            let next = Int(request.header("Last-Event-ID") ?? "0")! + 1
            let rest = next == 6 ? "id: 6\ndata: 6\n\n" : "id: \(next)\ndata: \(next)\n\ndata: cut"
            try await TestHandlers.sse(events: ["event: hello\ndata: hi\n\n", rest], pauses: .zero)(request, writer)
        }
        try await withTestServer(handler) { server in
            let api = try makeService(Self.yaml, server: server, options: testOptions(maxReconnectAttempts: 2))
            let events = try await Self.events(api, "feed")
            #expect(events.filter { $0.event == "message" }.map(\.data) == ["1", "2", "3", "4", "5", "6"])
            #expect(events.filter { $0.event == "hello" }.count == 6)
            #expect(server.requestCount == 6)
        }
    }

    /// A POST stream (a chat completion) is not sent again when it drops: that would run and bill
    /// the generation twice. The drop is an error that says so; `retry: { methods: [POST] }` opts in.
    @Test(arguments: Cut.allCases)
    func aPOSTStreamThatIsCutIsNotSentAgain(_ cut: Cut) async throws {
        let first = ["id: 1\ndata: a\n\n", "data: partial"]
        let handler = cut == .endsMidEvent ? TestHandlers.sse(events: first, pauses: .milliseconds(10)) : Self.dropAfter(first)
        try await withTestServer(handler) { server in
            let api = try makeService(Self.yaml, server: server)
            let (events, error) = await streamError(try await api.events("completions", ["model": "m"]))
            #expect(events.map(\.data).allSatisfy { $0 == "a" })
            if cut == .endsMidEvent { #expect((error as? CallError)?.description == "the event stream from 127.0.0.1:\(server.port) was cut off in the middle of an event (a POST stream is not sent again to resume it; a retry policy with `methods: [POST]` allows it)") }
            #expect((error as? CallError)?.description.hasSuffix(" (a POST stream is not sent again to resume it; a retry policy with `methods: [POST]` allows it)") == true)
            #expect(server.requestCount == 1)
        }
        try await withTestServer(TestHandlers.sequence([handler, TestHandlers.sse(events: ["id: 2\ndata: b\n\n"], pauses: .zero)])) { server in
            let events = try await Self.events(try makeService(Self.yaml, server: server), "resumable")
            #expect(events.map(\.data).last == "b")
            #expect(server.requestCount == 2)
        }
    }

    @Test func untilSentinelEndsTheStreamAndClosesTheConnection() async throws {
        let closed = Signal()
        let handler: TestHandler = { _, writer in
            try await Self.eventStreamHead(writer)
            try await writer.writeChunk("data: a\n\ndata: [DONE]\n\ndata: after\n\n")
            await writer.waitForClientClose()
            closed.fire()
        }
        try await withTestServer(handler) { server in
            let events = try await Self.events(try makeService(Self.yaml, server: server), "untilDone")
            #expect(events.map(\.data) == ["a"])
            #expect(await closed.wait(), "the server sees the connection close")
            #expect(server.requestCount == 1)
        }
    }

    @Test func httpErrorIsReportedBeforeAnyEvent() async throws {
        try await withTestServer(TestHandlers.json(status: 429, body: #"{"error":{"message":"slow down"}}"#)) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).events("completions", ["model": "m"]) }
            #expect(error?.status?.status == 429)
            #expect(error?.status?.json?.value(at: "error.message") == "slow down")
            #expect(server.requestCount == 1)
        }
    }

    @Test func wrongContentTypeIsReportedBeforeAnyEvent() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"data":"not a stream"}"#)) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).events("completions", ["model": "m"]) }
            #expect(error?.decoding?.description
                == "endpoint 'completions': expected an event stream (Content-Type: text/event-stream), got Content-Type: application/json")
        }
    }

    @Test func cancellingTheConsumingTaskClosesTheConnection() async throws {
        let closed = Signal(), received = Signal()
        let handler: TestHandler = { _, writer in
            try await Self.eventStreamHead(writer)
            try await writer.writeChunk("data: first\n\n")
            await writer.waitForClientClose()
            closed.fire()
        }
        try await withTestServer(handler) { server in
            let response = try await makeService(Self.yaml, server: server).events("completions", ["model": "m"])
            let task = Task {
                var data: [String] = []
                do {
                    for try await event in response {
                        data.append(event.data)
                        received.fire()
                    }
                    return (data, nil as CallError?)
                } catch {
                    return (data, error as? CallError)
                }
            }
            #expect(await received.wait())
            task.cancel()
            let (data, error) = await task.value
            #expect(data == ["first"])
            #expect(error?.transport?.kind == .cancelled)
            #expect(await closed.wait(), "the server sees the connection close")
            #expect(server.requestCount == 1)
        }
    }

    @Test func theTimeoutLimitsTheWaitForTheHeadNotTheStream() async throws {
        // Six events 900 ms apart: the stream lasts longer than the 4 s limit that its head must meet
        // (wide margins: the suite runs a load test in parallel on two cores).
        let events = (1...6).map { "data: \($0)\n\n" }
        try await withTestServer(TestHandlers.sse(events: events, pauses: .milliseconds(900))) { server in
            let api = try makeService(Self.yaml, server: server, options: testOptions(timeout: .seconds(4)))
            let received = try await Self.events(api)
            #expect(received.map(\.data) == ["1", "2", "3", "4", "5", "6"])
        }
        try await withTestServer(TestHandlers.slow(delay: .seconds(30))) { server in
            let api = try makeService(Self.yaml, server: server, options: testOptions(timeout: .milliseconds(300)))
            let error = await callError { try await api.events("completions", ["model": "m"]) }
            #expect(error?.transport?.kind == .timeout)
            #expect(error?.description == "the request to 127.0.0.1:\(server.port) timed out after 300 ms")
        }
    }

    @Test func eventsAreOnlyForEventStreamEndpoints() async throws {
        let requests = Counter()
        let sse = TestHandlers.sse(events: ["data: a\n\n"], pauses: .zero)
        try await withTestServer({ request, writer in requests.add(1); try await sse(request, writer) }) { server in
            let api = try makeService(Self.yaml, server: server)
            let lines = await callError { try await api.lines("completions", ["model": "m"]) }
            #expect(lines?.argument?.reason == .wrongForm)
            #expect(lines?.description == "endpoint 'completions': the endpoint is 'stream: sse', so it has no JSON lines; call it as api.completions.events(…)")
            let value = await callError { try await api.completions(model: "m") }
            #expect(value?.description == "endpoint 'completions': the endpoint is 'stream: sse', so it has no single value; call it as api.completions.events(…)")
            #expect(try await streamError(api.events("completions", ["model": "m"])).elements.map(\.data) == ["a"])
        }
        #expect(requests.value == 1, "the calls in the wrong form sent nothing")
    }
}
