public import Netspec
import Synchronization

/// A transport for tests that sends nothing: it answers each request with the answers queued for
/// its endpoint, in order, and records every request it was given.
///
/// ```swift
/// let stub = StubTransport()
/// stub.answer("getOrder", with: .json(["id": 7, "status": "paid"]), .status(404))
/// let api = Service(spec: shop, provider: Provider(transport: stub))
/// let order = try await api.call("getOrder", ["id": 7])   // {"id":7,"status":"paid"}
/// // the second call to getOrder gets the 404; a third fails, naming getOrder
/// #expect(stub.requests.map(\.url) == ["https://shop.example.com/orders/7"])
/// ```
///
/// A request is answered by the first of:
/// 1. the next answer queued for its endpoint (``answer(_:with:)-(_,StubTransport.Answer...)``),
///    used once;
/// 2. the answer its endpoint always gets once its queue is empty (``answer(_:always:)``);
/// 3. the transport's ``defaultAnswer``.
///
/// Without any, the call fails with ``MissingAnswer``, which names the endpoint and the request.
/// Endpoints are known by ``PreparedRequest/endpointName``, the spec's name for them (a request
/// made with `PreparedRequest`'s public initialiser has the name it was given).
///
/// The stub runs below Netspec's interceptors, auth, retry and redirects, as the network
/// transport does: what it records is what would have been sent (credentials included, each
/// retry and redirect hop a request of its own). It is safe to use from any task.
public final class StubTransport: HTTPTransport {
    private struct State {
        var queues: [String: [Answer]] = [:]
        var standing: [String: Answer] = [:]
        var defaultAnswer: Answer?
        var requests: [PreparedRequest] = []
    }

    private let state: Mutex<State>

    /// Creates a stub transport.
    ///
    /// - Parameter defaultAnswer: the answer of a request whose endpoint has none queued; `nil`
    ///   (the default): such a request fails with ``MissingAnswer``.
    public init(defaultAnswer: Answer? = nil) {
        state = Mutex(State(defaultAnswer: defaultAnswer))
    }

    /// Queues answers for an endpoint's next requests, one a request, after any already queued.
    ///
    /// - Parameters:
    ///   - endpoint: the endpoint's name in the spec (`getOrder`).
    ///   - answers: the answers, in the order the requests get them.
    public func answer(_ endpoint: String, with answers: Answer...) {
        answer(endpoint, with: answers)
    }

    /// Queues answers for an endpoint's next requests, one a request, after any already queued.
    public func answer(_ endpoint: String, with answers: [Answer]) {
        state.withLock { $0.queues[endpoint, default: []] += answers }
    }

    /// The answer an endpoint gets whenever it has none queued (`nil` removes it).
    public func answer(_ endpoint: String, always answer: Answer?) {
        state.withLock { $0.standing[endpoint] = answer }
    }

    /// The answer of a request whose endpoint has none queued and none it always gets.
    public var defaultAnswer: Answer? {
        get { state.withLock { $0.defaultAnswer } }
        set { state.withLock { $0.defaultAnswer = newValue } }
    }

    /// Every request sent through the transport, in the order they were sent.
    public var requests: [PreparedRequest] {
        state.withLock { $0.requests }
    }

    /// The requests sent to one endpoint, in order.
    public func requests(to endpoint: String) -> [PreparedRequest] {
        state.withLock { $0.requests.filter { $0.endpointName == endpoint } }
    }

    /// How many queued answers each endpoint has not used yet (endpoints with none left out): a
    /// test that expects every answer to be used checks that this is empty.
    public var unusedAnswers: [String: Int] {
        state.withLock { $0.queues.compactMapValues { $0.isEmpty ? nil : $0.count } }
    }

    /// Forgets the recorded requests and every answer, the default's included.
    public func reset() {
        state.withLock { $0 = State() }
    }

    /// Records the request and answers it: the answer's error is thrown, or its response is
    /// returned, after its delay (a cancelled task stops waiting; a non-stream call's time limit
    /// applies to the delay as it does to a server's).
    public func send(_ request: PreparedRequest, options: TransportOptions) async throws -> TransportResponse {
        let answer = try state.withLock { state throws(MissingAnswer) -> Answer in
            state.requests.append(request)
            if var queue = state.queues[request.endpointName], !queue.isEmpty {
                let next = queue.removeFirst()
                state.queues[request.endpointName] = queue
                return next
            }
            if let answer = state.standing[request.endpointName] ?? state.defaultAnswer { return answer }
            let others = state.queues.filter { !$0.value.isEmpty }.keys.sorted() + state.standing.keys.sorted()
            throw MissingAnswer(request: request, endpointsWithAnswers: others)
        }
        if answer.delay > .zero { try await Task.sleep(for: answer.delay) }
        let length = request.body.contentLength
        if length > 0 { options.uploadProgress?(length, length) }
        return try answer.response()
    }
}
