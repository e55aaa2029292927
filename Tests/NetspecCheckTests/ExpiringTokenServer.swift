import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// An OAuth 2 client-credentials server whose access tokens each serve `uses` requests, then are
/// refused with a 401 (`error="invalid_token"`, RFC 6750 §3.1), as a token expiring mid-run is:
/// `POST /oauth/token` issues `t1`, `t2`, … to the client `netspec`/`s3cret` (HTTP Basic or the
/// form, RFC 6749 §2.3.1); `GET /items?limit=N` (1…10) needs the current token. It counts what it
/// was asked, so a test can tell a renewal and its retry from a false failure.
final class ExpiringTokenServer: Sendable {
    /// What the server was asked.
    struct Counts: Sendable, Equatable {
        /// Tokens issued.
        var tokens = 0
        /// Requests answered 401 because their token had expired (each should be retried once, with a new one).
        var expired = 0
        /// Requests with the current token, answered 200 or 400.
        var served = 0
        /// Requests with no token or one never issued, answered 401.
        var refused = 0
    }

    private struct State {
        var counts = Counts()
        var issued: Set<String> = []
        var left = 0
    }

    let uses: Int
    private let state = NIOLockedValueBox(State())

    init(uses: Int) {
        self.uses = uses
    }

    var counts: Counts { state.withLockedValue { $0.counts } }

    /// The server's document: no `servers`, so its relative `tokenUrl` is resolved against the
    /// base URL the check is given.
    static let document = """
        openapi: 3.1.0
        info: { title: Expiring, version: '1' }
        components:
          securitySchemes:
            oauth:
              type: oauth2
              flows:
                clientCredentials: { tokenUrl: /oauth/token, scopes: { 'items:read': read items } }
        security: [{ oauth: ['items:read'] }]
        paths:
          /items:
            get:
              operationId: listItems
              parameters:
                - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 10 } }
              responses:
                '200': { description: the items, content: { application/json: { schema: { type: array, items: { type: string } } } } }
                '400': { description: a limit out of range }
                '401': { description: no valid token }
        """

    /// Serves until the task is cancelled; `onStarted` gets the port.
    func run(onStarted: @escaping @Sendable (Int) async -> Void) async throws {
        var logger = Logger(label: "expiring")
        logger.logLevel = .critical
        let application = Application(
            responder: CallbackResponder { (request: Request, _: BasicRequestContext) in
                let body = try await request.body.collect(upTo: 1 << 16)
                return self.answer(request.method, path: request.uri.path, query: request.uri.query ?? "", headers: request.headers, body: String(buffer: body))
            },
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "expiring"),
            onServerRunning: { channel in await onStarted(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        try await application.runService(gracefulShutdownSignals: [])
    }

    private func answer(_ method: HTTPRequest.Method, path: String, query: String, headers: HTTPFields, body: String) -> Response {
        if path == "/oauth/token" { return method == .post ? issue(headers: headers, body: body) : reply(405, headers: [.allow: "POST"]) }
        guard path == "/items" else { return reply(404) }
        guard method == .get else { return reply(405, headers: [.allow: "GET"]) }
        let token = headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        let verdict: Int = state.withLockedValue { state in
            guard let token, state.issued.contains(token) else {
                state.counts.refused += 1
                return 401
            }
            guard token == "t\(state.counts.tokens)", state.left > 0 else {
                state.counts.expired += 1
                return 419
            }
            state.left -= 1
            state.counts.served += 1
            return 200
        }
        switch verdict {
        case 401: return reply(401, headers: [.wwwAuthenticate: "Bearer"])
        case 419: return reply(401, headers: [.wwwAuthenticate: #"Bearer error="invalid_token", error_description="the token has expired""#])
        default:
            let limit = query.split(separator: "&").first { $0.hasPrefix("limit=") }.map { Int($0.dropFirst(6)) }
            if let limit, !(1...10).contains(limit ?? 0) { return reply(400) }
            return reply(200, json: #"["kettle"]"#)
        }
    }

    /// A token for the client credentials grant of `netspec`/`s3cret`, else a 401 (RFC 6749 §5.2).
    private func issue(headers: HTTPFields, body: String) -> Response {
        let form = Dictionary(body.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { $1 })
        let basic = headers[.authorization] == "Basic bmV0c3BlYzpzM2NyZXQ="
        guard form["grant_type"] == "client_credentials", basic || (form["client_id"] == "netspec" && form["client_secret"] == "s3cret") else {
            return reply(401, json: #"{"error":"invalid_client"}"#)
        }
        let token = state.withLockedValue { state in
            state.counts.tokens += 1
            state.left = uses
            let token = "t\(state.counts.tokens)"
            state.issued.insert(token)
            return token
        }
        return reply(200, json: #"{"access_token":"\#(token)","token_type":"Bearer","expires_in":3600}"#)
    }

    private func reply(_ status: Int, headers: HTTPFields = [:], json: String? = nil) -> Response {
        var fields = headers
        if json != nil { fields[.contentType] = "application/json" }
        return Response(status: .init(code: status), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: json ?? "")))
    }
}

extension HTTPField.Name {
    fileprivate static let allow = HTTPField.Name("Allow")!
}
