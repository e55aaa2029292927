internal import AsyncHTTPClient
import HTTPTypes
import Hummingbird
import Netspec
import NIOCore

/// `netspec mock DOC --proxy UPSTREAM`, Prism's proxy mode: every request goes to the real
/// server and its answer comes back, and what breaks the document on either side is said — in a
/// `Netspec-Violations` header (JSON: where, what was expected, the schema's place) and the log
/// line. With `errors`, a request that breaks it is answered 422 without being forwarded, and an
/// answer that breaks it becomes a 502 problem.
///
/// Forwarding is async-http-client's, without following redirects (a 3xx comes back as it is),
/// with the upstream's TLS as any client sees it. An event stream or JSON lines answer is passed
/// on as it arrives, not held, and not checked (its items are not validated here); any other
/// answer is read whole (up to the server's body limit) and checked against the operation's
/// schema for its status and media type.
struct MockProxy: Sendable {
    let upstream: String
    let errors: Bool
    let maxBodySize: Int
    private let client: HTTPClient

    init(upstream: String, errors: Bool, maxBodySize: Int) {
        self.upstream = upstream.hasSuffix("/") ? String(upstream.dropLast()) : upstream
        self.errors = errors
        self.maxBodySize = maxBodySize
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .disabled
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Ends the forwarding client (when the server stops).
    func shutdown() async {
        try? await client.shutdown()
    }

    /// The header that carries what breaks the document.
    static let violationsField = HTTPField.Name("Netspec-Violations")!

    /// The fields not passed on: this connection's, not the message's (RFC 9110 §7.6.1).
    private static let hopByHop: Set<String> = ["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "host", "content-length"]

    /// Forwards a request and passes the answer on: `violations` are the request's (as the mock's
    /// problems: location, parameter, message); the answer's are added when `endpoint` is known.
    func forward(
        _ request: Request, body: [UInt8], endpoint: Endpoint?, service: Service, requestViolations: [JSONValue]
    ) async -> (Response, status: Int, note: String?) {
        let target = request.uri.query.map { request.uri.path + "?" + $0 } ?? request.uri.path
        var outgoing = HTTPClientRequest(url: upstream + target)
        outgoing.method = .init(rawValue: request.method.rawValue)
        for field in request.headers where !Self.hopByHop.contains(field.name.canonicalName) {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        if !body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let answer: HTTPClientResponse
        do {
            answer = try await client.execute(outgoing, timeout: .seconds(60))
        } catch {
            return Self.problem(502, "Bad Gateway", "the upstream \(upstream) could not be reached: \(error)")
        }
        var headers = HTTPFields()
        for (name, value) in answer.headers where !Self.hopByHop.contains(name.lowercased()) {
            if let fieldName = HTTPField.Name(name) { headers.append(HTTPField(name: fieldName, value: value)) }
        }
        let status = Int(answer.status.code)
        let contentType = answer.headers.first(name: "content-type")?.lowercased() ?? ""
        if contentType.hasPrefix("text/event-stream") || contentType.hasPrefix("application/x-ndjson") || contentType.hasPrefix("application/jsonl") {
            if !requestViolations.isEmpty { headers[Self.violationsField] = MockResponder.asciiJSON(.array(requestViolations)) }
            let stream = answer.body
            let responseBody = ResponseBody { writer in
                for try await chunk in stream { try await writer.write(chunk) }
                try await writer.finish(nil)
            }
            return (Response(status: .init(code: status), headers: headers, body: responseBody), status, requestViolations.isEmpty ? nil : "request breaks the document")
        }
        let bytes: [UInt8]
        do {
            bytes = Array(buffer: try await answer.body.collect(upTo: maxBodySize))
        } catch {
            return Self.problem(502, "Bad Gateway", "the upstream's answer could not be read: \(error)")
        }
        var violations = requestViolations
        var answerBroken = false
        if let endpoint {
            let (found, schema) = service.responseViolations(status: status, contentType: contentType, body: bytes, endpoint: endpoint)
            for violation in found {
                var object: JSONObject = ["location": "response", "pointer": .string(violation.instancePath), "message": .string(violation.message)]
                object["schema"] = .string(violation.schemaLocation.isEmpty ? (schema ?? "") : violation.schemaLocation)
                violations.append(.object(object))
            }
            answerBroken = !found.isEmpty
        }
        if errors, answerBroken {
            var (response, _, note) = Self.problem(502, "Bad Gateway", "the upstream's answer breaks the document", errors: violations)
            response.headers[Self.violationsField] = MockResponder.asciiJSON(.array(violations))
            return (response, 502, note)
        }
        if !violations.isEmpty { headers[Self.violationsField] = MockResponder.asciiJSON(.array(violations)) }
        let note: String? = violations.isEmpty ? nil : "\(violations.count) violation\(violations.count == 1 ? "" : "s") of the document"
        return (Response(status: .init(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))), status, note)
    }

    private static func problem(_ status: Int, _ title: String, _ detail: String, errors: [JSONValue] = []) -> (Response, status: Int, note: String?) {
        var object: JSONObject = ["type": "about:blank", "title": .string(title), "status": .int(status), "detail": .string(detail)]
        if !errors.isEmpty { object["errors"] = .array(errors) }
        let headers: HTTPFields = [.contentType: "application/problem+json"]
        return (Response(status: .init(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: JSONValue.object(object).serialized()))), status, nil)
    }
}
