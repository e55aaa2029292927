import HTTPTypes
import Hummingbird
import Logging
import Netspec
import NIOCore
import Synchronization

/// An ``MCPServer`` over MCP's Streamable HTTP transport (revision 2025-11-25): `netspec mcp
/// SPEC --http 127.0.0.1:8000`.
///
/// One endpoint (`/mcp`) takes `POST` (one JSON-RPC message: a request is answered, a
/// notification or response is `202 Accepted`), `GET` (a stream resumed by `Last-Event-ID`) and
/// `DELETE` (the session ends). `initialize` starts a session whose `Mcp-Session-Id` every later
/// request carries: without one it is a `400`, with one that is unknown or ended a `404` (the
/// client initializes again); `server/discover` needs none. A `tools/call` is answered as an event stream when the client
/// accepts one: first an event with only an id (so that a client that loses the connection can
/// resume), then the response; the events of the session's last 64 streams are kept, and a `GET`
/// with `Last-Event-ID` replays what came after that event, waiting for a response not yet
/// written. Other requests are answered as one JSON object.
///
/// Guards: the server listens on loopback unless told otherwise; a request with an `Origin`
/// that is not a loopback origin or one of ``Options/allowedOrigins`` is a `403` (DNS
/// rebinding); with ``Options/token``, a request without `Authorization: Bearer TOKEN` is a `401`;
/// an `MCP-Protocol-Version` the server does not speak is a `400`.
///
/// HTTP is Hummingbird's, as the mock server's; requests are answered concurrently (a slow call
/// does not hold up `ping` or another call).
public struct MCPHTTPServer: Sendable {
    /// Where the server listens and whom it answers.
    public struct Options: Sendable {
        /// The address to listen on: loopback unless said otherwise.
        public var host: String
        /// The port (0: any free port, reported to `onStarted`).
        public var port: Int
        /// The bearer token clients must send (`nil`: none needed).
        public var token: String?
        /// Origins accepted besides loopback ones (`http://localhost:3000`), exactly as browsers send them.
        public var allowedOrigins: Set<String>

        /// Creates options.
        public init(host: String = "127.0.0.1", port: Int = 8000, token: String? = nil, allowedOrigins: Set<String> = []) {
            self.host = host
            self.port = port
            self.token = token
            self.allowedOrigins = allowedOrigins
        }
    }

    /// The endpoint's path.
    public static let path = "/mcp"

    private let server: MCPServer
    private let options: Options

    /// Creates a Streamable HTTP server for an MCP server.
    public init(server: MCPServer, options: Options = Options()) {
        self.server = server
        self.options = options
    }

    /// Serves until the task is cancelled or, with `handlesSignals`, until SIGINT or SIGTERM.
    ///
    /// - Parameter onStarted: called with the port once the server listens.
    public func run(handlesSignals: Bool = false, onStarted: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let sessions = MCPHTTPSessions()
        let handler = MCPHTTPHandler(server: server, options: options, sessions: sessions)
        var logger = Logger(label: "netspec.mcp.http")
        logger.logLevel = .critical
        let application = Application(
            responder: CallbackResponder { (request: Request, _: BasicRequestContext) in await handler.respond(to: request) },
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "netspec-mcp"),
            onServerRunning: { channel in await onStarted(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        // Streams waiting for a response end when the server does, so that shutdown is not held.
        defer { sessions.endAll() }
        if handlesSignals {
            try await application.runService()
        } else {
            try await application.runService(gracefulShutdownSignals: [])
        }
    }
}

/// One request to the endpoint, checked and answered.
struct MCPHTTPHandler: Sendable {
    let server: MCPServer
    let options: MCPHTTPServer.Options
    let sessions: MCPHTTPSessions

    static let sessionField = HTTPField.Name("Mcp-Session-Id")!
    static let versionField = HTTPField.Name("MCP-Protocol-Version")!
    static let lastEventField = HTTPField.Name("Last-Event-ID")!

    func respond(to request: Request) async -> Response {
        guard request.uri.path == MCPHTTPServer.path else {
            return Self.plain(.notFound, "the MCP endpoint is \(MCPHTTPServer.path)")
        }
        if let origin = request.headers[.origin], !isAllowed(origin: origin) {
            return Self.plain(.forbidden, "the origin \(origin) may not use this server")
        }
        if let token = options.token, !Self.carries(token, request.headers[.authorization]) {
            var response = Self.plain(.unauthorized, "this server needs Authorization: Bearer and its token")
            response.headers[.wwwAuthenticate] = "Bearer"
            return response
        }
        if let version = request.headers[Self.versionField], !MCPServer.protocolVersions.contains(version), version != "2025-03-26" {
            return Self.plain(.badRequest, "MCP-Protocol-Version \(version) is not spoken here (\(MCPServer.protocolVersions.joined(separator: ", ")))")
        }
        switch request.method {
        case .post: return await post(request)
        case .get: return await get(request)
        case .delete:
            guard let id = request.headers[Self.sessionField] else { return Self.plain(.badRequest, "DELETE needs the Mcp-Session-Id header") }
            guard sessions.end(id) else { return Self.plain(.notFound, "no session \(id)") }
            return Response(status: .noContent)
        default:
            var response = Self.plain(.methodNotAllowed, "\(MCPHTTPServer.path) takes POST, GET and DELETE")
            response.headers[.allow] = "POST, GET, DELETE"
            return response
        }
    }

    private func post(_ request: Request) async -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: 4 * 1024 * 1024)
        } catch {
            return Self.plain(.contentTooLarge, "a message may be at most 4 MiB")
        }
        let text = String(buffer: body)
        let message = try? JSONValue(parsing: Array(text.utf8))
        let method = message?["method"]?.string
        // A notification (a method, no id) or a response to us (an id and a result or error, no
        // method) is accepted with nothing to answer; anything else, a request or a frame that is
        // none of these (a batch, a non-string method, no method), gets the server's answer — a
        // JSON-RPC error for the latter, as over stdio (it was accepted with a 202, unanswered).
        let isNotification = method != nil && message?.object?["id"] == nil
        let isResponse = message?.object.map { $0["method"] == nil && $0["id"] != nil && ($0["result"] != nil || $0["error"] != nil) } ?? false
        var session: String?
        if method == "initialize" {
            session = sessions.start()
        } else if method == "server/discover" {
            // The stateless revision's discovery needs no session.
            return Self.json(await server.respond(to: text), session: nil)
        } else {
            guard let id = request.headers[Self.sessionField] else {
                // A frame that is not JSON-RPC still gets the JSON-RPC error (from the server).
                if message != nil { return Self.plain(.badRequest, "this request needs the Mcp-Session-Id header that initialize gave") }
                return Self.json(await server.respond(to: text), session: nil)
            }
            guard sessions.exists(id) else { return Self.plain(.notFound, "no session \(id): initialize again") }
            session = id
        }
        guard !isNotification, !isResponse else {
            // A notification or a response to us: accepted, nothing to answer.
            _ = await server.respond(to: text, session: session.flatMap(sessions.conversation), notify: nil)
            return Response(status: .accepted, headers: session.map { [Self.sessionField: $0] } ?? [:])
        }
        let accept = request.headers[values: .accept].joined(separator: ",").lowercased()
        if method == "tools/call", accept.contains("text/event-stream"), let session {
            // A call may take long: an event stream the client can resume.
            // Its progress and log notifications go ahead of the response on the same stream.
            let stream = sessions.openStream(in: session)
            let server = self.server
            let sessions = self.sessions
            let conversation = sessions.conversation(session)
            Task {
                let answer = await server.respond(to: text, session: conversation) { sessions.append($0, to: stream, finishing: false) }
                sessions.append(answer, to: stream, finishing: true)
            }
            return Self.events(stream, after: 0, sessions: sessions, session: session, primes: true)
        }
        return Self.json(await server.respond(to: text, session: session.flatMap(sessions.conversation), notify: nil), session: session)
    }

    private func get(_ request: Request) async -> Response {
        guard let id = request.headers[Self.sessionField] else { return Self.plain(.badRequest, "GET needs the Mcp-Session-Id header") }
        guard sessions.exists(id) else { return Self.plain(.notFound, "no session \(id): initialize again") }
        guard let last = request.headers[Self.lastEventField] else {
            // No stream of messages from the server alone: every message answers a request.
            var response = Self.plain(.methodNotAllowed, "this server sends no messages outside responses; GET resumes a stream with Last-Event-ID")
            response.headers[.allow] = "POST, DELETE"
            return response
        }
        guard let cursor = MCPHTTPSessions.Cursor(last), sessions.hasStream(cursor.stream, in: id) else {
            return Self.plain(.notFound, "no stream of session \(id) has the event \(last)")
        }
        return Self.events(cursor.stream, after: cursor.event, sessions: sessions, session: id, primes: false)
    }

    /// An event stream of `stream`'s events after `event`, ending with the response.
    private static func events(_ stream: Int, after event: Int, sessions: MCPHTTPSessions, session: String, primes: Bool) -> Response {
        let body = ResponseBody { writer in
            if primes { try await writer.write(ByteBuffer(string: "id: \(stream)-0\ndata: \n\n")) }
            var cursor = event
            while let (events, finished) = await sessions.events(of: stream, after: cursor) {
                for (number, data) in events {
                    try await writer.write(ByteBuffer(string: "id: \(stream)-\(number)\nevent: message\ndata: \(data)\n\n"))
                    cursor = number
                }
                if finished { break }
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache", sessionField: session], body: body)
    }

    private func isAllowed(origin: String) -> Bool {
        options.allowedOrigins.contains(origin) || Self.isLoopback(origin: origin)
    }

    /// Whether an origin (`http://localhost:3000`) is one of this machine's: its host a loopback
    /// one (``LoopbackHost``: `localhost`, 127.0.0.0/8, `[::1]`), any port, http or https. An
    /// `Origin` names the page's own host, so a page reaching the server by DNS rebinding has a
    /// name there (`http://127.0.0.2.example`), never a loopback address.
    static func isLoopback(origin: String) -> Bool {
        let lowered = origin.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else { return false }
        let authority = lowered.dropFirst(scheme.count)
        guard !authority.contains("/"), !authority.contains("@") else { return false }
        let host = authority.hasPrefix("[") ? authority.prefix { $0 != "]" } + "]" : authority.prefix { $0 != ":" }
        let rest = authority.dropFirst(host.count)
        guard rest.isEmpty || (rest.first == ":" && rest.dropFirst().allSatisfy(\.isNumber) && rest.count > 1) else { return false }
        return LoopbackHost.contains(host)
    }

    /// Whether an `Authorization` value is `Bearer TOKEN`, compared in constant time.
    static func carries(_ token: String, _ authorization: String?) -> Bool {
        guard let authorization, authorization.lowercased().hasPrefix("bearer ") else { return false }
        let given = Array(authorization.utf8.dropFirst(7)), wanted = Array(token.utf8)
        guard given.count == wanted.count else { return false }
        return zip(given, wanted).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A JSON answer; with none (a request cancelled meanwhile), 202 Accepted and no body.
    private static func json(_ text: String?, session: String?) -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let session { headers[sessionField] = session }
        guard let text else {
            headers[.contentType] = nil
            return Response(status: .accepted, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private static func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}

/// The sessions of a Streamable HTTP server and the events of their streams, kept so that a
/// client that lost a stream can resume it (`GET` with `Last-Event-ID`).
final class MCPHTTPSessions: Sendable {
    /// An event id, `STREAM-EVENT` (`3-1`).
    struct Cursor {
        let stream: Int
        let event: Int

        init?(_ text: String) {
            let parts = text.split(separator: "-")
            guard parts.count == 2, let stream = Int(parts[0]), let event = Int(parts[1]) else { return nil }
            self.stream = stream
            self.event = event
        }
    }

    private struct Stream {
        let session: String
        var events: [(number: Int, data: String)] = []
        var finished = false
        /// Readers waiting for the next event.
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private struct State {
        var sessions: [String: MCPSession] = [:]
        var streams: [Int: Stream] = [:]
        /// Each session's streams, oldest first (the last 64 kept).
        var order: [String: [Int]] = [:]
        var nextStream = 1
    }

    /// How many streams of a session are kept for resuming.
    static let keptStreams = 64

    private let state = Mutex(State())

    /// A new session's id: 128 random bits in hexadecimal.
    func start() -> String {
        var generator = SystemRandomNumberGenerator()
        let id = (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        state.withLock { $0.sessions[id] = MCPSession() }
        return id
    }

    func exists(_ session: String) -> Bool {
        state.withLock { $0.sessions[session] != nil }
    }

    /// A session's requests in flight and log level.
    func conversation(_ session: String) -> MCPSession? {
        state.withLock { $0.sessions[session] }
    }

    /// Ends a session and its streams; `false` when there was no such session.
    func end(_ session: String) -> Bool {
        let ended: (MCPSession, [CheckedContinuation<Void, Never>])? = state.withLock { state in
            guard let conversation = state.sessions.removeValue(forKey: session) else { return nil }
            var waiting: [CheckedContinuation<Void, Never>] = []
            for number in state.order.removeValue(forKey: session) ?? [] {
                waiting += state.streams.removeValue(forKey: number)?.waiting ?? []
            }
            return (conversation, waiting)
        }
        guard let (conversation, waiting) = ended else { return false }
        conversation.cancelAll()
        for reader in waiting { reader.resume() }
        return true
    }

    /// Ends every session (the server stops).
    func endAll() {
        for session in state.withLock({ Array($0.sessions.keys) }) { _ = end(session) }
    }

    /// A new stream of a session.
    func openStream(in session: String) -> Int {
        let (number, dropped): (Int, [CheckedContinuation<Void, Never>]) = state.withLock { state in
            let number = state.nextStream
            state.nextStream += 1
            state.streams[number] = Stream(session: session)
            state.order[session, default: []].append(number)
            var dropped: [CheckedContinuation<Void, Never>] = []
            while let oldest = state.order[session]?.first, state.order[session]!.count > Self.keptStreams {
                state.order[session]!.removeFirst()
                dropped += state.streams.removeValue(forKey: oldest)?.waiting ?? []
            }
            return (number, dropped)
        }
        for reader in dropped { reader.resume() }
        return number
    }

    func hasStream(_ stream: Int, in session: String) -> Bool {
        state.withLock { $0.streams[stream]?.session == session }
    }

    /// Adds an event (JSON text) to a stream, the last one when `finishing`; with no event,
    /// `finishing` ends the stream (a cancelled request has no response).
    func append(_ data: String?, to stream: Int, finishing: Bool) {
        let waiting: [CheckedContinuation<Void, Never>] = state.withLock { state in
            guard var entry = state.streams[stream] else { return [] }
            if let data { entry.events.append((entry.events.count + 1, data)) }
            entry.finished = finishing
            let waiting = entry.waiting
            entry.waiting = []
            state.streams[stream] = entry
            return waiting
        }
        for reader in waiting { reader.resume() }
    }

    /// The events of a stream after `event` and whether it has ended, waiting while there are
    /// none and it has not; `nil` when the stream is gone (its session ended).
    func events(of stream: Int, after event: Int) async -> (events: [(Int, String)], finished: Bool)? {
        while true {
            enum Step { case ready([(Int, String)], Bool), gone, wait }
            let step: Step = state.withLock { state in
                guard let entry = state.streams[stream] else { return .gone }
                let after = entry.events.filter { $0.number > event }.map { ($0.number, $0.data) }
                return after.isEmpty && !entry.finished ? .wait : .ready(after, entry.finished)
            }
            switch step {
            case let .ready(events, finished): return (events, finished)
            case .gone: return nil
            case .wait:
                await withCheckedContinuation { (reader: CheckedContinuation<Void, Never>) in
                    // Registered under the lock, unless an event came (or the stream went) meanwhile.
                    let registered = state.withLock { state in
                        guard var entry = state.streams[stream], !entry.finished, !entry.events.contains(where: { $0.number > event }) else { return false }
                        entry.waiting.append(reader)
                        state.streams[stream] = entry
                        return true
                    }
                    if !registered { reader.resume() }
                }
            }
        }
    }
}
