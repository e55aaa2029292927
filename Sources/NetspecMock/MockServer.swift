public import Netspec
import Hummingbird
import Logging
import NIOCore

/// A spec's endpoints served from their mocks, as Stoplight Prism serves an OpenAPI document:
/// `netspec mock SPEC`.
///
/// Every request is routed by method and path template, read back into arguments and checked
/// with the client's own binding rules (the same messages a call gives), then answered with the
/// endpoint's `mock:`: its status, headers and body; an event stream or JSON lines written event
/// by event. A response of an OpenAPI or Swagger document without an example is answered with a
/// value made from its JSON schema (`JSONSchema.example()`); with `Options.dynamic`
/// or `Prefer: dynamic=true`, with values drawn from the schemas (`JSONSchema.example(seed:)`).
/// `Prefer: code=404` or `Prefer: example=NAME` (or the `__code`, `__example` and `__dynamic`
/// query items) choose among several mocks. What cannot be answered is an RFC 9457
/// `application/problem+json`: 404 (no such path), 405 with `Allow` (another method), 422 (each
/// problem with its location and parameter), 501 (no mock, or a schema no body can be made
/// from, saying which and where). Answers carry CORS headers and a preflight `OPTIONS` is
/// answered 204, unless `Options.cors` is off.
///
/// HTTP is Hummingbird's (HTTP/1.1 with keep-alive and pipelining, graceful shutdown on SIGINT
/// and SIGTERM); only the routing over the endpoint model is ours, because it follows the spec's
/// templates (`{+path}`, `{id}.json`, absolute operation URLs) rather than a router's syntax.
public struct MockServer: Sendable {
    /// How the server listens and answers.
    public struct Options: Sendable {
        /// The address to listen on: loopback unless said otherwise.
        public var host: String
        /// The port (0: any free port, reported to `onStarted`).
        public var port: Int
        /// Whether query items and JSON members the spec does not declare are problems (422).
        public var strict: Bool
        /// The pause before each event or line of a streamed mock.
        public var eventDelay: Duration
        /// The largest request body read.
        public var maxBodySize: Int
        /// The longest request line, and header section, read (1 MiB): a longer request line is
        /// a 414 URI Too Long problem (RFC 9110 §15.5.15), a longer header section (or one of
        /// more than 1,000 fields) a 431 Request Header Fields Too Large (RFC 6585 §5), and the
        /// connection is closed.
        public var maxHeadSize = 1024 * 1024
        /// Whether answers are values drawn at random from the document's response schemas, even
        /// where it has examples, as Prism's dynamic mode (a request's `Prefer: dynamic=false`
        /// says otherwise; without this, `Prefer: dynamic=true` asks for one).
        public var dynamic: Bool
        /// The seed of the first drawn answer; the n-th (counting from 0) is drawn with
        /// `seed + n`, so a run replays. `nil`: a random seed when the server starts.
        public var seed: UInt64?
        /// Whether each operation's `security` is checked (a request without a credential it
        /// accepts is a 401), as Prism does; `false`: `netspec mock --no-security`.
        public var checksSecurity: Bool
        /// The real server's base URL: every request is forwarded there and its answer passed
        /// on, each checked against the document, what breaks it said in a `Netspec-Violations`
        /// header (Prism's proxy mode); `nil`: answers from the mocks.
        public var proxy: String?
        /// Whether what breaks the document is an error answer rather than a header (Prism's
        /// `--errors`): an example the mock would send that breaks its schema is a 500 problem
        /// listing the violations (without this, they go in a `Netspec-Violations` header); with
        /// `proxy`, a request that breaks the document is a 422 and not forwarded, an answer that
        /// breaks it a 502.
        public var proxyErrors: Bool
        /// With `proxy`: how the real server is reached — the connect timeout, `timeout` (until
        /// its answer's head arrives), TLS verification, trust, client certificate and pins.
        /// Answers are never decoded (`decompresses` is not used): they pass on as they came.
        public var proxyTransport: TransportOptions
        /// Whether the document's resources keep what is sent to them (`netspec mock --stateful`):
        /// a `POST` to a collection stores an item that `GET`, `PUT`, `PATCH` and `DELETE` of its
        /// path then read, replace, merge and delete, and the collection's `GET` lists; see
        /// docs/mock.md, "A mock that remembers". Not with `proxy`.
        public var stateful: Bool
        /// With `stateful`: the items the resources start with (and `POST /__netspec/reset`
        /// goes back to), by collection path (`/pets`, `/owners/1/pets`), each a JSON array of
        /// objects (`--seed-data FILE.json`); `nil`: the document's examples.
        public var seedData: [String: JSONValue]?
        /// Whether answers carry CORS headers (`Access-Control-Allow-Origin: *`, their own
        /// headers exposed) and a preflight `OPTIONS` is answered 204, so that a web app on
        /// another origin can call the server, as Prism's can; `false`: `netspec mock --no-cors`.
        public var cors: Bool
        /// A recording to answer from first (`netspec mock --from-har`): a request that fits one
        /// of its entries by method, path, query and body gets the recorded answer; any other
        /// goes to the document's mocks, or is a 404 naming the nearest entries when the
        /// document has no endpoints (docs/har.md).
        public var recording: HARReplayTransport? = nil

        /// Creates options.
        public init(
            host: String = "127.0.0.1", port: Int = 4010, strict: Bool = false, eventDelay: Duration = .zero, maxBodySize: Int = 16 * 1024 * 1024,
            dynamic: Bool = false, seed: UInt64? = nil, checksSecurity: Bool = true, proxy: String? = nil, proxyErrors: Bool = false,
            proxyTransport: TransportOptions = TransportOptions(timeout: .seconds(60)), stateful: Bool = false, seedData: [String: JSONValue]? = nil,
            cors: Bool = true
        ) {
            self.cors = cors
            self.stateful = stateful
            self.seedData = seedData
            self.proxy = proxy
            self.proxyTransport = proxyTransport
            self.proxyErrors = proxyErrors
            self.checksSecurity = checksSecurity
            self.dynamic = dynamic
            self.seed = seed
            self.host = host
            self.port = port
            self.strict = strict
            self.eventDelay = eventDelay
            self.maxBodySize = maxBodySize
        }
    }

    /// One answered request, for a log line.
    public struct LogEntry: Sendable, CustomStringConvertible {
        public let method: String
        /// The request target (path and query).
        public let target: String
        public let status: Int
        /// The endpoint the request was routed to, if any.
        public let endpoint: String?
        /// What else the line says (the security schemes let through unchecked).
        public var note: String? = nil
        /// `GET /users/7 200 getUser`, and the note in parentheses.
        public var description: String { "\(method) \(target) \(status)" + (endpoint.map { " \($0)" } ?? "") + (note.map { " (\($0))" } ?? "") }
    }

    let spec: Spec
    let options: Options
    private let log: @Sendable (LogEntry) -> Void

    /// Creates a mock server for a spec.
    ///
    /// - Parameter log: called once per answered request.
    public init(spec: Spec, options: Options = Options(), log: @escaping @Sendable (LogEntry) -> Void = { _ in }) {
        self.spec = spec
        self.options = options
        self.log = log
    }

    /// The names of endpoints the server cannot route (an absolute URL with a variable in its host).
    public var unroutableEndpoints: [String] { MockRouter(spec: spec).unroutable }

    /// The names of `stream: websocket` endpoints, which the mock server does not serve (they
    /// answer 404 like any unknown path).
    public var webSocketEndpoints: [String] { MockRouter(spec: spec).webSockets }

    /// Serves until the task is cancelled or, with `handlesSignals`, until SIGINT or SIGTERM, after
    /// which requests in flight finish.
    ///
    /// - Parameter onStarted: called with the port once the server listens.
    public func run(handlesSignals: Bool = false, onStarted: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let responder = MockResponder(spec: spec, options: options, stateful: try options.stateful ? MockStateful(spec: spec, seedData: options.seedData) : nil)
        let log = self.log
        let cors = options.cors
        let headLimit = options.maxHeadSize
        var logger = Logger(label: "netspec.mock")
        logger.logLevel = .critical
        let application = Application(
            responder: CallbackResponder { (request: Request, _: BasicRequestContext) in
                let target = request.uri.query.map { request.uri.path + "?" + $0 } ?? request.uri.path
                if cors, MockCORS.isPreflight(request) {
                    log(LogEntry(method: request.method.rawValue, target: target, status: 204, endpoint: nil, note: "CORS preflight"))
                    return MockCORS.preflight(request, allowed: responder.router.methods(path: request.uri.path))
                }
                var read = request  // its body kept once a recording has read it
                var (response, outcome) = await responder.replayOrRespond(to: &read)
                if cors { MockCORS.allowAnyOrigin(&response) }
                log(LogEntry(method: request.method.rawValue, target: target, status: outcome.status, endpoint: outcome.endpoint, note: outcome.note))
                return response
            },
            server: .http1(configuration: .init(
                additionalChannelHandlers: [MockHeadLimit.installer(limit: headLimit, cors: cors, log: log)],
                httpDecoderConfiguration: .init(maxHeaderFieldSize: headLimit, maxHeaderListSize: headLimit, maxHeaderFieldCount: MockHeadLimit.fieldCount)
            )),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "netspec-mock"),
            onServerRunning: { channel in await onStarted(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        do {
            if handlesSignals {
                try await application.runService()
            } else {
                try await application.runService(gracefulShutdownSignals: [])
            }
        } catch {
            await responder.proxy?.shutdown()
            throw error
        }
        await responder.proxy?.shutdown()
    }
}
