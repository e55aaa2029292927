import HTTPTypes
import Netspec
import NetspecTesting
import Testing

/// NetspecTesting's ``StubTransport`` (issue 52.6): answers queued per endpoint and used in
/// order, a standing and a default answer, errors and delays as a server's, the message of a
/// request without an answer, and every request recorded as it would have been sent.
@Suite struct StubTransportTests {
    static let yaml = """
        netspec: 1
        service: Shop
        baseURL: https://shop.example.com/v1
        headers: { Authorization: "Bearer ${TOKEN}" }
        endpoints:
          getOrder:
            GET: /orders/{id}
            params: { id: Int }
          listOrders:
            GET: /orders
            params: { status: String? }
          createOrder:
            POST: /orders
            params: { item: String, quantity: Int }
          orderEvents:
            GET: /orders/events
            stream: sse
        """

    static func service(_ stub: StubTransport) throws -> Service {
        let provider = Provider(variables: ["TOKEN": "t0k"], options: .init(usesEnvironment: false), transport: stub)
        return Service(spec: try Spec(yaml: yaml, file: "shop.yaml"), provider: provider)
    }

    @Test func queuedAnswersAreUsedInOrderForTheirEndpointOnly() async throws {
        let stub = StubTransport()
        stub.answer("getOrder", with: .json(["id": 1]), .json(["id": 2]))
        stub.answer("listOrders", with: .json([["id": 1]]))
        stub.answer("getOrder", with: .text("third", status: 200))
        let api = try Self.service(stub)
        #expect(try await api.call("getOrder", ["id": 1]).value == ["id": 1])
        #expect(stub.unusedAnswers == ["getOrder": 2, "listOrders": 1])
        #expect(try await api.call("listOrders").value == [["id": 1]])
        #expect(try await api.call("getOrder", ["id": 2]).value == ["id": 2])
        #expect(try await api.call("getOrder", ["id": 3]).text == "third")
        #expect(stub.unusedAnswers == [:])
        #expect(stub.requests.map(\.endpointName) == ["getOrder", "listOrders", "getOrder", "getOrder"])
        #expect(stub.requests(to: "getOrder").map(\.url) == [
            "https://shop.example.com/v1/orders/1", "https://shop.example.com/v1/orders/2", "https://shop.example.com/v1/orders/3",
        ])
    }

    @Test func aRequestIsRecordedAsItWouldBeSent() async throws {
        let stub = StubTransport()
        stub.answer("createOrder", with: .json(["id": 9], status: 201, headers: [("Location", "/v1/orders/9")]))
        let api = try Self.service(stub)
        let response = try await api.call("createOrder", ["item": "tea", "quantity": 2], options: CallOptions(headers: [("X-Trace", "abc")]))
        #expect(response.status == 201)
        #expect(response.headerFields[.location] == "/v1/orders/9")
        let request = try #require(stub.requests.first)
        #expect(stub.requests.count == 1)
        #expect(request.endpointName == "createOrder")
        #expect(request.method == .post)
        #expect(request.url == "https://shop.example.com/v1/orders")
        #expect(request.headerFields.map { "\($0.name): \($0.value)" } == [
            "Authorization: Bearer t0k", "Content-Type: application/json", "Content-Length: 27", "X-Trace: abc",
            "Accept: application/json, */*;q=0.5", "Accept-Encoding: gzip, deflate", "User-Agent: netspec/0.1.0",
        ])
        #expect(request.header("authorization") == "Bearer t0k")
        #expect(request.bodyText == #"{"item":"tea","quantity":2}"#)
        #expect(request.bodyJSON == ["item": "tea", "quantity": 2])
        #expect(request.body == .bytes(Array(#"{"item":"tea","quantity":2}"#.utf8)))
    }

    @Test func errorsAndStatusesReachTheCallAsAServersWould() async throws {
        let stub = StubTransport()
        stub.answer("getOrder", with:
            .failure(TransportError(kind: .connect, message: "cannot connect to shop.example.com:443: connection refused")),
            .json(["message": "no such order"], status: 404),
            .status(503))
        let api = try Self.service(stub)
        let refused = await #expect(throws: CallError.self) { try await api.call("getOrder", ["id": 1]) }
        #expect(refused?.transport?.kind == .connect)
        #expect(refused?.description == "cannot connect to shop.example.com:443: connection refused")
        let missing = await #expect(throws: CallError.self) { try await api.call("getOrder", ["id": 1]) }
        #expect(missing?.httpStatus == 404)
        #expect(missing?.status?.json == ["message": "no such order"])
        let unavailable = await #expect(throws: CallError.self) { try await api.call("getOrder", ["id": 1]) }
        #expect(unavailable?.httpStatus == 503)
    }

    /// The call ends at its 100 ms limit, not the answer's 10 minutes (the bound is loose: a full
    /// test run on two cores can stall a task for tens of seconds).
    @Test(.timeLimit(.minutes(3))) func aDelayedAnswerMeetsTheCallsTimeLimit() async throws {
        let stub = StubTransport()
        stub.answer("getOrder", with: .json(["id": 1]).delayed(by: .seconds(600)), .json(["id": 2]).delayed(by: .milliseconds(20)))
        let api = try Self.service(stub)
        let start = ContinuousClock.now
        let error = await #expect(throws: CallError.self) { try await api.call("getOrder", ["id": 1], options: CallOptions(timeout: .milliseconds(100))) }
        #expect(error?.isTimeout == true)
        #expect(ContinuousClock.now - start < .seconds(120))
        #expect(try await api.call("getOrder", ["id": 2]).value == ["id": 2])
    }

    @Test func aRequestWithoutAnAnswerFailsNamingItsEndpoint() async throws {
        let stub = StubTransport()
        stub.answer("listOrders", with: .json([]))
        stub.answer("createOrder", always: .status(201))
        let api = try Self.service(stub)
        let error = await #expect(throws: CallError.self) { try await api.call("getOrder", ["id": 7]) }
        #expect(error?.transport?.kind == .other)
        #expect(error?.description == """
            StubTransport has no answer for endpoint 'getOrder' (GET https://shop.example.com/v1/orders/7); \
            queue one with answer("getOrder", with: …), or give it a defaultAnswer; it has answers for: listOrders, createOrder
            """)
        #expect(stub.requests.map(\.endpointName) == ["getOrder"])
        stub.reset()
        let none = await #expect(throws: CallError.self) { try await api.call("listOrders") }
        #expect(none?.description.hasSuffix("or give it a defaultAnswer; it has no answers") == true)
    }

    @Test func theStandingAnswerAndTheDefaultAnswerWhatTheQueueDoesNot() async throws {
        let stub = StubTransport(defaultAnswer: .json(["default": true]))
        stub.answer("getOrder", always: .json(["always": true]))
        stub.answer("getOrder", with: .json(["queued": true]))
        let api = try Self.service(stub)
        #expect(try await api.call("getOrder", ["id": 1]).value == ["queued": true])
        #expect(try await api.call("getOrder", ["id": 1]).value == ["always": true])
        #expect(try await api.call("getOrder", ["id": 1]).value == ["always": true])
        #expect(try await api.call("listOrders").value == ["default": true])
        stub.answer("getOrder", always: nil)
        stub.defaultAnswer = .status(204)
        #expect(try await api.call("getOrder", ["id": 1]).status == 204)
    }

    @Test func anAnswersInvalidHeaderNameIsSaidNotDropped() async throws {
        let stub = StubTransport()
        stub.answer("listOrders", with: .json([], headers: [("Bad Name", "x")]))
        let error = await #expect(throws: CallError.self) { try await Self.service(stub).call("listOrders") }
        #expect(error?.transport?.kind == .invalidResponse)
        #expect(error?.description == "StubTransport: the answer's header name 'Bad Name' is not a valid field name")
    }

    /// Many tasks through one stub: each answer is used once, each request recorded once.
    @Test func concurrentCallsShareTheQueueWithoutLosingAny() async throws {
        let stub = StubTransport()
        stub.answer("getOrder", with: (1...50).map { StubTransport.Answer.json(["n": .int($0)]) })
        let api = try Self.service(stub)
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for id in 1...50 { group.addTask { try await api.call("getOrder", ["id": id]).value["n"]?.int ?? 0 } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values.sorted() == Array(1...50))
        #expect(stub.requests.count == 50)
        #expect(stub.unusedAnswers == [:])
    }

    /// A stream endpoint's answer is read as the network's is, through `send` rather than `fetch`.
    @Test func aStreamEndpointReadsItsAnswersEvents() async throws {
        let stub = StubTransport()
        stub.answer("orderEvents", with: .text("event: paid\ndata: {\"id\":7}\n\ndata: done\n\n", contentType: "text/event-stream"))
        var events: [String] = []
        for try await event in try await Self.service(stub).events("orderEvents") { events.append("\(event.event) \(event.data)") }
        #expect(events == [#"paid {"id":7}"#, "message done"])
        #expect(stub.requests.map { "\($0.method.rawValue) \($0.url) \($0.header("Accept") ?? "")" } == ["GET https://shop.example.com/v1/orders/events text/event-stream"])
    }
}
