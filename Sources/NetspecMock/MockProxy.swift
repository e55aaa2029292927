import CompressNIO
import HTTPTypes
import Hummingbird
import Netspec
import NIOCore
import NetspecModel

/// `netspec mock DOC --proxy UPSTREAM`, Prism's proxy mode: every request goes to the real
/// server and its answer comes back, and what breaks the document on either side is said — in a
/// `Netspec-Violations` header (JSON: where, what was expected, the document's place) and the log
/// line. With `errors`, a request that breaks it is answered 422 without being forwarded, and an
/// answer that breaks it becomes a 502 problem.
///
/// Forwarding is the transport's (``AsyncHTTPClientTransport``: its TLS settings and pins, its
/// errors naming the host), without following redirects (a 3xx comes back as it is) and without
/// decoding (a gzip answer is passed on gzipped). The answer's head is checked against the
/// document (a declared status, a declared media type, its headers). Its body is read whole
/// only when it is to be checked — JSON (or `text/plain`) with a schema for its status and media
/// type, up to the server's body limit — and checked before it is passed on; any other answer (an
/// event stream, JSON lines, a download, a path the document does not have, one larger than the
/// limit) is passed on as it arrives.
struct MockProxy: Sendable {
    let upstream: String
    let errors: Bool
    let maxBodySize: Int
    /// How the upstream is reached: timeouts, TLS verification, trust and pins.
    let options: TransportOptions
    private let transport: AsyncHTTPClientTransport

    init(upstream: String, errors: Bool, maxBodySize: Int, options: TransportOptions) {
        self.upstream = upstream.hasSuffix("/") ? String(upstream.dropLast()) : upstream
        self.errors = errors
        self.maxBodySize = maxBodySize
        self.options = options
        // A proxy in front of one server may have many requests in flight to it at once.
        transport = AsyncHTTPClientTransport(maxConnectionsPerHost: 64)
    }

    /// Ends the forwarding transport (when the server stops).
    func shutdown() async {
        try? await transport.shutdown()
    }

    /// The header that carries what breaks the document.
    static let violationsField = ResponseViolation.headerField

    /// The fields not passed on: this connection's, not the message's (RFC 9110 §7.6.1), those
    /// each side writes for itself (`Host`, `Content-Length`), and `Expect` (the proxy has read
    /// the whole body before it forwards it: there is nothing to wait for).
    private static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "host", "content-length", "expect",
    ]

    /// `fields` without the hop-by-hop ones, including those their `Connection` field names.
    private static func endToEnd(_ fields: HTTPFields) -> HTTPFields {
        let named = Set(fields[values: .connection].flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces().lowercased() })
        var kept = HTTPFields()
        for field in fields where !hopByHop.contains(field.name.canonicalName) && !named.contains(field.name.canonicalName) { kept.append(field) }
        return kept
    }

    /// What became of a forwarded request.
    enum Outcome {
        /// The upstream's answer, passed on (or the problem that replaced it), for the log line.
        case answered(Response, status: Int, note: String?)
        /// The upstream answered `501 Not Implemented` for an operation of the document: its
        /// answer was read and dropped, for the mock to answer in its place (as Prism's proxy does).
        case unimplemented
    }

    /// Forwards a request and passes the answer on.
    ///
    /// - Parameters:
    ///   - endpoint: the operation the request was routed to, `nil` for a path the document does not have.
    ///   - requestViolations: the request's (as the mock's problems: location, parameter, message).
    func forward(_ request: Request, body: ByteBuffer, endpoint: Endpoint?, requestViolations: [JSONValue]) async -> Outcome {
        let target = request.uri.query.map { request.uri.path + "?" + $0 } ?? request.uri.path
        let answer: AsyncHTTPClientTransport.Forwarded
        do {
            answer = try await transport.forward(
                method: request.method, url: upstream + target, headerFields: Self.endToEnd(request.headers),
                body: body.readableBytes == 0 ? nil : body, options: options
            )
        } catch {
            let (response, status, note) = Self.problem(502, "Bad Gateway", "the upstream \(upstream) could not be reached: \(error.message)")
            return .answered(response, status: status, note: note)
        }
        if answer.status == 501, endpoint != nil {
            do {
                for try await _ in answer.body {}
            } catch {}
            return .unimplemented
        }
        let (response, status, note) = await relay(answer, method: request.method, endpoint: endpoint, requestViolations: requestViolations)
        return .answered(response, status: status, note: note)
    }

    /// The upstream's answer checked against the document (when `endpoint` is given) and passed on.
    private func relay(
        _ answer: AsyncHTTPClientTransport.Forwarded, method: HTTPRequest.Method, endpoint: Endpoint?, requestViolations: [JSONValue]
    ) async -> (Response, status: Int, note: String?) {
        let status = answer.status
        let headers = Self.endToEnd(answer.headerFields)
        let contentType = answer.headerFields[.contentType]
        let declaredLength = answer.headerFields[.contentLength].flatMap(Int.init)
        let isBodiless = method == .head || status == 204 || status == 304 || (100..<200).contains(status)
        var violations = requestViolations
        if let endpoint {
            violations += endpoint.headViolations(status: status, headers: answer.headerFields, bodyLength: isBodiless ? 0 : declaredLength).map(\.json)
        }
        let schema = isBodiless ? nil : endpoint?.bodySchema(status: status, contentType: contentType)
        guard let schema, let endpoint, declaredLength.map({ $0 <= maxBodySize }) ?? true else {
            let note = schema != nil ? tooLargeToCheck : nil
            return passOn(answer, status: status, headers: headers, prefix: nil, violations: violations, requestViolations: requestViolations.count, note: note)
        }
        // Read whole (up to the limit), checked, then passed on.
        var iterator = answer.body.makeAsyncIterator()
        var collected = ByteBuffer()
        do {
            while var chunk = try await iterator.next() {
                guard collected.readableBytes + chunk.readableBytes <= maxBodySize else {
                    // Too large to check: what was read goes first, the rest as it arrives.
                    collected.writeBuffer(&chunk)
                    return passOn(
                        answer, status: status, headers: headers, prefix: (collected, iterator), violations: violations,
                        requestViolations: requestViolations.count, note: tooLargeToCheck
                    )
                }
                if collected.readableBytes == 0 { collected = chunk } else { collected.writeBuffer(&chunk) }
            }
        } catch {
            return Self.problem(502, "Bad Gateway", "the upstream's answer could not be read: \((error as? TransportError)?.message ?? "\(error)")")
        }
        var note: String?
        if let decoded = decodedForCheck(collected, encoding: answer.headerFields[.contentEncoding], note: &note) {
            violations += endpoint.bodyViolations(Array(buffer: decoded), contentType: contentType, schema: schema).map(\.json)
        }
        let answerBroken = violations.count > requestViolations.count
        if errors, answerBroken {
            return Self.brokenAnswer(violations)
        }
        var sent = headers
        if !violations.isEmpty { sent[Self.violationsField] = ResponseViolation.headerValue(violations) }
        return (Response(status: .init(code: status, reasonPhrase: answer.reasonPhrase), headers: sent, body: ResponseBody(byteBuffer: collected)),
                status, Self.note(violations, note))
    }

    /// The answer passed on as it arrives (after `prefix`, the part already read, when given),
    /// with the violations found in its head; with `errors`, an answer whose head breaks the
    /// document is a 502 instead.
    private func passOn(
        _ answer: AsyncHTTPClientTransport.Forwarded, status: Int, headers: HTTPFields,
        prefix: (ByteBuffer, AsyncHTTPClientTransport.Forwarded.Body.Iterator)?, violations: [JSONValue], requestViolations: Int, note: String?
    ) -> (Response, status: Int, note: String?) {
        if errors, violations.count > requestViolations { return Self.brokenAnswer(violations) }
        var sent = headers
        if !violations.isEmpty { sent[Self.violationsField] = ResponseViolation.headerValue(violations) }
        let body = answer.body
        let rest = prefix.map { Remainder(read: $0.0, iterator: $0.1) }
        // The length the upstream gave is kept (a HEAD's too), so the answer is framed as it was.
        let length = answer.headerFields[.contentLength].flatMap(Int.init)
        let responseBody = ResponseBody(contentLength: length) { writer in
            if let rest {
                try await writer.write(rest.read)
                while let chunk = try await rest.iterator.next() { try await writer.write(chunk) }
            } else {
                for try await chunk in body { try await writer.write(chunk) }
            }
            try await writer.finish(nil)
        }
        return (Response(status: .init(code: status, reasonPhrase: answer.reasonPhrase), headers: sent, body: responseBody), status, Self.note(violations, note))
    }

    /// The log line's note for an answer passed on unchecked because it is larger than the limit.
    private var tooLargeToCheck: String { "the answer is larger than \(maxBodySize) bytes: its body was not checked" }

    /// An answer's body partly read: what was read, and the iterator that reads the rest. It
    /// moves from the request's task to the response writer's, which alone uses it after.
    private final class Remainder: @unchecked Sendable {
        let read: ByteBuffer
        var iterator: AsyncHTTPClientTransport.Forwarded.Body.Iterator

        init(read: ByteBuffer, iterator: AsyncHTTPClientTransport.Forwarded.Body.Iterator) {
            self.read = read
            self.iterator = iterator
        }
    }

    /// The body as its schema sees it: decoded when it is gzip- or deflate-encoded (the answer
    /// itself is passed on as it came); `nil`, with why in `note`, when it cannot be.
    private func decodedForCheck(_ body: ByteBuffer, encoding: String?, note: inout String?) -> ByteBuffer? {
        let codings = (encoding ?? "").split(separator: ",").map { $0.trimmingSpaces().lowercased() }.filter { !$0.isEmpty && $0 != "identity" }
        guard !codings.isEmpty else { return body }
        var decoded = body
        // Codings are listed in the order they were applied: undone from the last.
        for coding in codings.reversed() {
            var input = decoded
            do {
                switch coding {
                case "gzip", "x-gzip":
                    decoded = try input.decompress(with: .gzip(), maxSize: maxBodySize)
                case "deflate":
                    // RFC 9110's deflate is zlib's format; some servers send it raw.
                    var raw = input
                    if let zlib = try? input.decompress(with: .zlib(), maxSize: maxBodySize) {
                        decoded = zlib
                    } else {
                        decoded = try raw.decompress(with: .deflate(), maxSize: maxBodySize)
                    }
                default:
                    note = "its body was not checked: the proxy cannot decode '\(coding)'"
                    return nil
                }
            } catch {
                note = "its body was not checked: it is not valid \(coding) (or larger than \(maxBodySize) bytes decoded)"
                return nil
            }
        }
        return decoded
    }

    /// The log line's note: the violations, each in a few words (the first five; how many more),
    /// and what else there is to say.
    static func note(_ violations: [JSONValue], _ other: String?) -> String? {
        var counted: String?
        if !violations.isEmpty {
            let shown = violations.prefix(5).map(describe).joined(separator: "; ")
            let more = violations.count > 5 ? "; and \(violations.count - 5) more" : ""
            counted = "\(pluralized(violations.count, "violation")) of the document: \(shown)\(more)"
        }
        let parts = [counted, other].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// A violation as the log line says it: `query limit: must be at least 1`,
    /// `response /name: must be a string (pets.yaml:14:101)`, `response header X-Rate-Limit: is missing (…)`.
    private static func describe(_ violation: JSONValue) -> String {
        guard case let .object(object) = violation else { return violation.text }
        func text(_ key: String) -> String? { if case let .string(value)? = object[key], !value.isEmpty { value } else { nil } }
        let subject = [text("location"), text("header").map { "header " + $0 }, text("parameter"), text("pointer")].compactMap { $0 }.joined(separator: " ")
        return subject + ": " + (text("message") ?? "") + (text("schema").map { " (\($0))" } ?? "")
    }

    /// With `errors`: the 502 problem for an answer that breaks the document.
    private static func brokenAnswer(_ violations: [JSONValue]) -> (Response, status: Int, note: String?) {
        var (response, _, _) = problem(502, "Bad Gateway", "the upstream's answer breaks the document", errors: violations)
        response.headers[violationsField] = ResponseViolation.headerValue(violations)
        return (response, 502, note(violations, nil))
    }

    private static func problem(_ status: Int, _ title: String, _ detail: String, errors: [JSONValue] = []) -> (Response, status: Int, note: String?) {
        var object: JSONObject = ["type": "about:blank", "title": .string(title), "status": .int(status), "detail": .string(detail)]
        if !errors.isEmpty { object["errors"] = .array(errors) }
        let headers: HTTPFields = [.contentType: "application/problem+json"]
        return (Response(status: .init(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: JSONValue.object(object).serialized()))), status, nil)
    }
}
