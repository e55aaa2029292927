import HTTPTypes
import NetspecTestServer
import NetspecTestSupport
import Testing

@testable import Netspec

/// The upgrade request as it goes on the wire (no `Origin` of the client's own; the header fields
/// in the order the request has them) and an upgrade answered with another status than 101 (a
/// ``CallError/status(_:)`` with the status, the header fields and the start of the body).
@Suite struct WebSocketUpgradeRequestTests {
    static let spec = """
        netspec: 1
        service: S
        endpoints:
          at: { GET: /ws, stream: websocket, params: { x: Int? } }
          sub: { GET: /ws, stream: websocket, messages: text, subprotocols: [chat.v1, chat.v2] }
        """

    static func service(port: Int, retry: RetryPolicy? = nil) throws -> Service {
        var options = WebSocketSpecs.patient
        options.retry = retry
        return Service(spec: try Spec(yaml: spec), provider: Provider(baseURL: "http://127.0.0.1:\(port)", options: options))
    }

    /// The error of connecting to `endpoint` on a server answering with `answer`, and the heads the server got.
    static func refusal(
        _ answer: @escaping @Sendable ([String]) -> [UInt8], endpoint: String = "at", options: CallOptions = CallOptions(), retry: RetryPolicy? = nil
    ) async throws -> (error: CallError?, heads: [[String]], port: Int) {
        let server = try await UpgradeAnswerServer.start(answer: answer)
        let api = try service(port: server.port, retry: retry)
        var failure: CallError?
        do { _ = try await api.connect(endpoint, options: options) } catch { failure = error }
        let heads = server.heads
        try await server.shutdown()
        return (failure, heads, server.port)
    }

    /// No `Origin` of its own (it sent `ws://127.0.0.1` without the port, which gorilla/websocket's
    /// check compares with `Host` and refuses); one given for the call is sent once (it was sent
    /// after the client's own).
    @Test(arguments: [nil, "http://127.0.0.1:8080"])
    func anOriginIsSentOnlyWhenGiven(origin: String?) async throws {
        let options = CallOptions(headers: origin.map { [(name: "Origin", value: $0)] } ?? [])
        let outcome = try await Self.refusal(UpgradeAnswerServer.refusal("403 Forbidden", body: []), options: options)
        #expect(outcome.heads.count == 1)
        let origins = (outcome.heads.first ?? []).filter { $0.lowercased().hasPrefix("origin:") }
        #expect(origins == (origin.map { ["Origin: \($0)"] } ?? []))
    }

    /// The upgrade request on the wire is ``Service/upgradeRequest(_:settings:)``'s, field by field
    /// and in its order, with the `Sec-WebSocket-Key` made for the connection before the version.
    @Test func theWireHasTheUpgradeRequestsFieldsInItsOrder() async throws {
        let outcome = try await Self.refusal(UpgradeAnswerServer.switchingProtocols, endpoint: "sub")
        let head = try #require(outcome.heads.first)
        let key = try #require(head.first { $0.hasPrefix("Sec-WebSocket-Key: ") })
        #expect(head == [
            "GET /ws HTTP/1.1",
            "Host: 127.0.0.1:\(outcome.port)",
            "Accept: */*",
            "User-Agent: netspec/0.1.0",
            "Sec-WebSocket-Protocol: chat.v1, chat.v2",
            "Sec-WebSocket-Extensions: permessage-deflate",
            "Connection: upgrade",
            "Upgrade: websocket",
            key,
            "Sec-WebSocket-Version: 13",
        ])
        let api = try Self.service(port: outcome.port)
        let endpoint = try #require(api.spec.endpoints.first { $0.name == "sub" })
        let shown = Service.upgradeRequest(try api.prepare("sub"), settings: try #require(endpoint.webSocket))
        #expect(shown.http1Fields.map { "\($0): \($1)" } == Array(head.dropFirst()).filter { $0 != key })
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var statusLine: String
        var headers: [String] = []
        var body: String
        var length = true
        var status: Int
        var reason: String
        var header: (name: String, value: String)?
        var description: String
        var testDescription: String { statusLine + (length ? "" : ", the body ending with the connection") }
    }

    /// Another answer than 101 is a status error, as an HTTP call's 4xx is: its status, reason,
    /// header fields and body (it was a transport error saying none of them).
    @Test(arguments: [
        Refusal(
            statusLine: "403 Forbidden", headers: ["Content-Type: text/plain"], body: "token expired", status: 403, reason: "Forbidden",
            header: ("Content-Type", "text/plain"), description: "endpoint 'at': HTTP 403 Forbidden: token expired"
        ),
        Refusal(
            statusLine: "401 Unauthorized", headers: ["WWW-Authenticate: Bearer"], body: "{\"error\": \"no token\"}", status: 401, reason: "Unauthorized",
            header: ("WWW-Authenticate", "Bearer"), description: "endpoint 'at': HTTP 401 Unauthorized: {\"error\":\"no token\"}"
        ),
        Refusal(
            statusLine: "503 Service Unavailable", headers: ["Retry-After: 5"], body: "busy", status: 503, reason: "Service Unavailable",
            header: ("Retry-After", "5"), description: "endpoint 'at': HTTP 503 Service Unavailable: busy"
        ),
        Refusal(
            statusLine: "302 Found", headers: ["Location: /elsewhere"], body: "", status: 302, reason: "Found",
            header: ("Location", "/elsewhere"), description: "endpoint 'at': HTTP 302 Found"
        ),
        Refusal(
            statusLine: "404 Not Found", body: "no such socket", length: false, status: 404, reason: "Not Found",
            description: "endpoint 'at': HTTP 404 Not Found: no such socket"
        ),
        Refusal(
            statusLine: "200 OK", body: "<p>hi</p>", status: 200, reason: "OK",
            description: "endpoint 'at': HTTP 200 OK, not 101 Switching Protocols (the WebSocket upgrade): <p>hi</p>"
        ),
    ])
    func aRefusedUpgradeIsAStatusError(row: Refusal) async throws {
        let outcome = try await Self.refusal(UpgradeAnswerServer.refusal(row.statusLine, headers: row.headers, body: Array(row.body.utf8), length: row.length))
        guard case let .status(error)? = outcome.error else { Issue.record("expected a status error, got \(String(describing: outcome.error))"); return }
        #expect(error.endpoint == "at")
        #expect(error.status == row.status)
        #expect(error.reasonPhrase == row.reason)
        #expect(error.bodyText == row.body)
        if let header = row.header { #expect(error.headerFields[HTTPField.Name(header.name)!] == header.value) }
        #expect(error.description == row.description)
        // As HTTP calls' statuses are matched.
        #expect(row.status ~= error)
    }

    /// The body kept is its first 64 KiB; the rest is not read.
    @Test func aLongBodyIsKeptUpToItsLimit() async throws {
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 200_000)
        let outcome = try await Self.refusal(UpgradeAnswerServer.refusal("403 Forbidden", body: body))
        guard case let .status(error)? = outcome.error else { Issue.record("expected a status error, got \(String(describing: outcome.error))"); return }
        #expect(error.status == 403)
        #expect(error.body == Array(body.prefix(65536)))
    }

    /// A refused upgrade goes through the interceptors as an HTTP answer does: a retry policy
    /// retries a 503 (each attempt a connection of its own).
    @Test func aRetryPolicyRetriesARefusal() async throws {
        let outcome = try await Self.refusal(
            UpgradeAnswerServer.refusal("503 Service Unavailable", headers: ["Retry-After: 0"], body: Array("busy".utf8)),
            retry: RetryPolicy(maxRetries: 2, statuses: [503])
        )
        guard case let .status(error)? = outcome.error else { Issue.record("expected a status error, got \(String(describing: outcome.error))"); return }
        #expect(error.status == 503)
        #expect(outcome.heads.count == 3)
    }
}
