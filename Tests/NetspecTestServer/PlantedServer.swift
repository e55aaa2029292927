import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A server with one planted fault per check, and the document it breaks (`document`): each
/// operation is right but for its one fault, so a check run must report exactly one failure per
/// operation, each under its own check. `netspec check`'s tests run it in their process, and the
/// `planted-server` tool serves it alone for Schemathesis and the benchmark.
public enum PlantedServer {
    /// The operation each check must be found failing on.
    public static let faults: [String: String] = [
        "crash": "not_a_server_error", "undeclared": "status_code_conformance", "wrongType": "content_type_conformance",
        "noHeader": "response_headers_conformance", "badBody": "response_schema_conformance", "acceptsAnything": "negative_data_rejection",
        "refusesValid": "positive_data_acceptance", "needsHeader": "missing_required_header", "methodOpen": "unsupported_method",
        "noAllow": "allow_header_conformance", "ignoresAuth": "ignored_auth", "readGhost": "use_after_free",
        "readPhantom": "ensure_resource_availability", "slow": "max_response_time",
    ]

    /// How long `slow` takes to answer (over the 100 ms its test holds it to).
    public static let slowness: Duration = .milliseconds(150)

    public static let document = """
        openapi: 3.0.3
        info: { title: Planted, version: '1' }
        paths:
          /crash:
            get:
              operationId: crash
              parameters:
                - { name: n, in: query, required: true, schema: { type: integer, minimum: 0, maximum: 100 } }
              responses:
                '200': { description: ok, content: { application/json: { schema: { type: object } } } }
                '400': { description: refused }
                '5XX': { description: failed }
          /undeclared:
            get:
              operationId: undeclared
              responses: { '200': { description: ok } }
          /wrong-type:
            get:
              operationId: wrongType
              responses: { '200': { description: ok, content: { application/json: { schema: { type: object } } } } }
          /no-header:
            get:
              operationId: noHeader
              responses:
                '200':
                  description: ok
                  headers: { X-Rate-Limit: { required: true, schema: { type: integer } } }
          /bad-body:
            get:
              operationId: badBody
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: { type: object, required: [id], properties: { id: { type: integer } } }
          /accepts-anything:
            post:
              operationId: acceptsAnything
              requestBody:
                required: true
                content:
                  application/json:
                    schema: { type: object, required: [name], properties: { name: { type: string, minLength: 1 } } }
              responses: { '201': { description: created }, '400': { description: refused } }
          /refuses-valid:
            post:
              operationId: refusesValid
              requestBody:
                required: true
                content:
                  application/json:
                    schema: { type: object, required: [count], properties: { count: { type: integer } } }
              responses: { '201': { description: created }, '400': { description: refused } }
          /needs-header:
            get:
              operationId: needsHeader
              parameters:
                - { name: X-Key, in: header, required: true, schema: { type: string } }
              responses: { '200': { description: ok }, '400': { description: refused } }
          /method-open:
            get:
              operationId: methodOpen
              responses: { '200': { description: ok } }
          /no-allow:
            get:
              operationId: noAllow
              responses: { '200': { description: ok } }
          /ignores-auth:
            get:
              operationId: ignoresAuth
              security: [{ token: [] }]
              responses: { '200': { description: ok }, '401': { description: no credentials } }
          /checks-auth:
            get:
              operationId: checksAuth
              security: [{ token: [] }]
              responses: { '200': { description: ok }, '401': { description: no credentials } }
        \(resourcePaths)
        components:
          securitySchemes:
            token: { type: http, scheme: bearer }
        \(components)
        """

    /// The declared method of each path (the resources' paths answer in `PlantedServer+Resources.swift`).
    static let paths: [String: HTTPRequest.Method] = [
        "/crash": .get, "/undeclared": .get, "/wrong-type": .get, "/no-header": .get, "/bad-body": .get, "/accepts-anything": .post,
        "/refuses-valid": .post, "/needs-header": .get, "/method-open": .get, "/no-allow": .get, "/ignores-auth": .get, "/checks-auth": .get,
        "/slow": .get,
    ]

    /// Serves until the task is cancelled; `onStarted` gets the port.
    public static func run(onStarted: @escaping @Sendable (Int) async -> Void) async throws {
        var logger = Logger(label: "planted")
        logger.logLevel = .critical
        let application = Application(
            responder: CallbackResponder { (request: Request, _: BasicRequestContext) in
                let body = try await request.body.collect(upTo: 1 << 20)
                if request.method == .get, request.uri.path == "/slow" {
                    try await Task.sleep(for: slowness)
                    return reply(200)
                }
                if let answer = resourceAnswer(request.method, path: request.uri.path, body: String(buffer: body)) { return answer }
                return answer(request.method, path: request.uri.path, query: request.uri.query ?? "", headers: request.headers, body: String(buffer: body))
            },
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "planted"),
            onServerRunning: { channel in await onStarted(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        try await application.runService(gracefulShutdownSignals: [])
    }

    /// The answer: right for every operation but its one fault.
    static func answer(_ method: HTTPRequest.Method, path: String, query: String, headers: HTTPFields, body: String) -> Response {
        guard let declared = paths[path] else { return reply(404) }
        guard method == declared else {
            if path == "/method-open" { return reply(200) }
            return reply(405, headers: path == "/no-allow" ? [:] : [.allow: declared.rawValue])
        }
        switch path {
        case "/crash":
            guard query.hasPrefix("n="), let n = Int(query.dropFirst(2)), (0...100).contains(n) else { return reply(400) }
            return n > 50 ? reply(500) : reply(200, json: "{}")
        case "/undeclared": return reply(418)
        case "/wrong-type": return reply(200, headers: [.contentType: "text/html"], text: "<p>ok</p>")
        case "/no-header": return reply(200)
        case "/bad-body": return reply(200, json: #"{"id":"seven"}"#)
        case "/accepts-anything": return reply(201)
        case "/refuses-valid": return reply(400)
        case "/needs-header": return reply(200)
        case "/checks-auth": return headers[.authorization] == "Bearer right" ? reply(200) : reply(401)
        default: return reply(200)
        }
    }

    static func reply(_ status: Int, headers: HTTPFields = [:], json: String? = nil, text: String? = nil) -> Response {
        var fields = headers
        if json != nil { fields[.contentType] = "application/json" }
        let content = json ?? text ?? ""
        return Response(status: .init(code: status), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: content)))
    }
}

extension HTTPField.Name {
    fileprivate static let allow = HTTPField.Name("Allow")!
}
