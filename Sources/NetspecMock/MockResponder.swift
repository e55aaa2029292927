import HTTPTypes
import Hummingbird
import Netspec
import NIOCore
import NetspecModel

/// Answers one request to a mock server: routes it, checks it with the client's binding rules,
/// and answers with the endpoint's mock, or with an RFC 9457 problem (404, 405, 422, 501).
struct MockResponder: Sendable {
    let service: Service
    let router: MockRouter
    let options: MockServer.Options
    /// The seeds of dynamic answers: the n-th gets `options.seed + n`.
    let seeds: MockSeeds
    /// With `MockServer.Options.proxy`, the forwarding to the real server.
    let proxy: MockProxy?

    /// With `MockServer.Options.stateful`, the resources and their items.
    let stateful: MockStateful?
    /// What checking a request to each endpoint needs, worked out at start.
    let plans: MockRequestPlans

    init(spec: Spec, options: MockServer.Options, stateful: MockStateful? = nil) {
        self.stateful = stateful
        service = Service(spec: spec, provider: Provider(options: .init(mocks: .enabled, usesEnvironment: false)))
        router = MockRouter(spec: spec)
        plans = MockRequestPlans(spec: spec, service: service, strict: options.strict)
        self.options = options
        seeds = MockSeeds(base: options.seed)
        proxy = options.proxy.map { MockProxy(upstream: $0, errors: options.proxyErrors, maxBodySize: options.maxBodySize, options: options.proxyTransport) }
    }

    /// What was answered, for the log line.
    struct Outcome {
        var status: Int
        var endpoint: String?
        /// For the log line: the security schemes let through unchecked.
        var note: String? = nil
    }

    func respond(to request: Request) async -> (Response, Outcome) {
        if let proxy { return await proxied(request, through: proxy) }
        let method = request.method
        let path = request.uri.path
        if let stateful, let reset = resetAnswer(request, stateful: stateful) { return reset }
        switch router.match(method: method, path: path) {
        case .notFound:
            return problem(404, title: "Not Found", detail: "no endpoint of the spec has the path \(path)")
        case let .wrongMethod(allowed):
            let list = allowed.map(\.rawValue).joined(separator: ", ")
            var (response, outcome) = problem(405, title: "Method Not Allowed", detail: "\(path) does not take \(method.rawValue) (it takes \(list))")
            response.headers[.allow] = list
            outcome.status = 405
            return (response, outcome)
        case let .endpoint(endpoint, pathValues):
            // Security first, as Prism: without a credential the operation accepts, a 401.
            let unchecked: [String]
            switch security(of: request, endpoint: endpoint) {
            case let .allowed(names): unchecked = names
            case let .denied(challenges, detail): return unauthorized(endpoint, challenges: challenges, detail: detail)
            }
            var request = request
            let body: [UInt8]
            do {
                body = Array(buffer: try await request.collectBody(upTo: options.maxBodySize))
            } catch {
                return marked(problem(413, title: "Content Too Large", detail: "the body is larger than \(options.maxBodySize) bytes", endpoint: endpoint.name), .invalidRequest)
            }
            var (response, outcome) = answer(request, body: body, endpoint: endpoint, pathValues: pathValues, method: method)
            if !unchecked.isEmpty { outcome.note = "security not checked: " + unchecked.joined(separator: ", ") }
            return (response, outcome)
        }
    }

    /// The answer to a request routed to `endpoint` whose security let it through, its body read.
    private func answer(_ request: Request, body: [UInt8], endpoint: Endpoint, pathValues: [String: String], method: HTTPRequest.Method) -> (Response, Outcome) {
            // Prism's controls: `Prefer: code=404, example=name, dynamic=true`, or the `__code`,
            // `__example` and `__dynamic` items.
            var preference = Preference(header: request.headers.scannedValues(Preference.field, joinedBy: ","))
            for item in ReceivedRequest.items(request.uri.query ?? "") {
                let value = PercentEncoding.decoded(item.value ?? "", plusIsSpace: true)
                switch item.name {
                case "__code": preference.code = Int(value)
                case "__example": preference.example = value
                case "__dynamic": preference.dynamic = Preference.bool(value)
                default: break
                }
            }
            let rawQuery = request.uri.query.map { raw in
                raw.split(separator: "&").filter { item in !Preference.queryItems.contains { item.hasPrefix($0) } }.joined(separator: "&")
            }

            let (readProblems, errors, members) = check(request, endpoint: endpoint, pathValues: pathValues, query: rawQuery, body: body)
            // A body in a media type the operation does not take: 415, saying which it takes.
            if let accepted = readProblems.compactMap(\.acceptedMediaTypes).first, let mismatch = readProblems.first(where: { $0.acceptedMediaTypes != nil }) {
                var (response, outcome) = problem(
                    415, title: "Unsupported Media Type", detail: mismatch.message, endpoint: endpoint.name,
                    errors: [.object(["location": "body", "message": .string(mismatch.message)])]
                )
                response.headers[HTTPField.Name(method == .patch ? "Accept-Patch" : "Accept-Post")!] = accepted.joined(separator: ", ")
                return marked((response, outcome), .invalidRequest)
            }
            if !errors.isEmpty {
                // The document's own answer to an invalid request first (its 422, else its 400:
                // example, or a body from its schema), the problems in a header beside it.
                if let declared = [422, 400].first(where: { code in endpoint.responses.matching(status: code)?.status == .code(code) }),
                   let answer = try? endpoint.mockAnswer(status: declared) {
                    var (response, outcome) = send(answer, endpoint: endpoint, isHead: method == .head)
                    response.headers[Self.problemsField] = JSONValue.array(errors).asciiSerialized
                    return marked((response, outcome), .example)
                }
                return marked(invalid(endpoint, errors: errors), .invalidRequest)
            }
            let acceptText = request.headers.scannedValues(.accept, joinedBy: ",")
            let accept = acceptText.isEmpty ? nil : AcceptHeader(acceptText)
            if let stateful, preference.code == nil, preference.example == nil, let gone = stateful.deletedParent(of: endpoint, pathValues: pathValues) {
                return stateAnswer(gone, endpoint: endpoint, accept: accept, isHead: method == .head)
            }
            // The body as the check read it (its members, parsed once), for the state.
            func received() -> MockStateful.Received {
                MockStateful.Received(
                    path: request.uri.path, pathValues: pathValues, query: rawQuery, contentType: request.headers.scanned(.contentType), body: body,
                    members: members
                )
            }
            if let stateful, preference.code == nil, preference.example == nil, stateful.role(of: endpoint) != nil || stateful.singletonRole(of: endpoint) != nil {
                // An answer the request's Accept takes none of the types of is refused before
                // anything is stored or removed.
                if let types = endpoint.unacceptableTypes(status: stateful.successStatus(of: endpoint), accept: accept) {
                    return notAcceptable(endpoint, types: types)
                }
            }
            if let stateful, preference.code == nil, preference.example == nil, let role = stateful.role(of: endpoint) {
                return stateAnswer(stateful.answer(received(), endpoint: endpoint, role: role), endpoint: endpoint, accept: accept, isHead: method == .head)
            }
            if let stateful, preference.code == nil, preference.example == nil, let role = stateful.singletonRole(of: endpoint),
               let answer = stateful.answer(received(), endpoint: endpoint, singleton: role) {
                return stateAnswer(answer, endpoint: endpoint, accept: accept, isHead: method == .head)
            }
            return mockResponse(endpoint, preference: preference, accept: accept, isHead: method == .head)
    }

    /// The operation's security checked as Prism checks it, unless `checksSecurity` is off.
    private func security(of request: Request, endpoint: Endpoint) -> MockSecurity.Outcome {
        options.checksSecurity ? MockSecurity.check(endpoint, headers: request.headers, query: request.uri.query) : .allowed(unchecked: [])
    }

    /// The 401 problem for a request its security denied, with a `WWW-Authenticate` challenge
    /// per scheme.
    private func unauthorized(_ endpoint: Endpoint, challenges: [String], detail: String) -> (Response, Outcome) {
        let (made, outcome) = problem(401, title: "Unauthorized", detail: detail, endpoint: endpoint.name)
        var response = made
        for challenge in challenges { response.headers.append(HTTPField(name: .wwwAuthenticate, value: challenge)) }
        return (response, outcome)
    }

    /// The 422 problem listing an invalid request's problems.
    func invalid(_ endpoint: Endpoint, errors: [JSONValue]) -> (Response, Outcome) {
        let count = errors.count == 1 ? "1 problem" : "\(errors.count) problems"
        return problem(422, title: "Unprocessable Content", detail: "\(count) with the request for '\(endpoint.name)'", endpoint: endpoint.name, errors: errors)
    }

    /// Prism's proxy mode: the request checked when the document has its operation (its
    /// security too, unless `checksSecurity` is off), forwarded, and the answer passed on with
    /// what breaks the document (``MockProxy``).
    private func proxied(_ request: Request, through proxy: MockProxy) async -> (Response, Outcome) {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: options.maxBodySize)
        } catch {
            return problem(413, title: "Content Too Large", detail: "the body is larger than \(options.maxBodySize) bytes")
        }
        guard case let .endpoint(endpoint, pathValues) = router.match(method: request.method, path: request.uri.path) else {
            guard case let .answered(response, status, note) = await proxy.forward(request, body: body, endpoint: nil, requestViolations: []) else {
                return problem(501, title: "Not Implemented", detail: "the upstream does not implement \(request.uri.path)")
            }
            return (response, Outcome(status: status, endpoint: nil, note: note))
        }
        var errors: [JSONValue] = []
        var unchecked: [String] = []
        switch security(of: request, endpoint: endpoint) {
        case let .allowed(names):
            unchecked = names
        case let .denied(challenges, detail):
            if proxy.errors { return unauthorized(endpoint, challenges: challenges, detail: detail) }
            errors.append(.object(["location": "security", "message": .string(detail)]))
        }
        errors += check(request, endpoint: endpoint, pathValues: pathValues, query: request.uri.query, body: Array(buffer: body)).errors
        if proxy.errors, !errors.isEmpty { return invalid(endpoint, errors: errors) }
        let uncheckedNote = unchecked.isEmpty ? nil : "security not checked: " + unchecked.joined(separator: ", ")
        guard case let .answered(response, status, note) = await proxy.forward(request, body: body, endpoint: endpoint, requestViolations: errors) else {
            // The upstream does not implement it (501): the mock answers, as Prism's proxy does.
            var (response, outcome) = answer(request, body: Array(buffer: body), endpoint: endpoint, pathValues: pathValues, method: request.method)
            outcome.note = ["the upstream answered 501: answered from the mock", outcome.note, uncheckedNote].compactMap { $0 }.joined(separator: "; ")
            return (response, outcome)
        }
        let notes = [note, uncheckedNote].compactMap { $0 }
        return (response, Outcome(status: status, endpoint: endpoint.name, note: notes.isEmpty ? nil : notes.joined(separator: "; ")))
    }

    /// `Prefer: code=404, example=name, dynamic=true` (RFC 7240 preferences, as Prism reads them).
    struct Preference {
        var code: Int?
        var example: String?
        /// `dynamic=true` or `false`: a body drawn from the schema, or not, whatever the server's
        /// `--dynamic` says.
        var dynamic: Bool?

        /// The header's name (made once: a name made from text is checked and lower-cased).
        static let field = HTTPField.Name("Prefer")!

        /// The query items that say the same, left out of the request's own.
        static let queryItems = ["__code=", "__example=", "__dynamic="]

        /// `true` or `false` (`nil` for anything else).
        static func bool(_ text: String) -> Bool? {
            switch text.lowercased() {
            case "true": true
            case "false": false
            default: nil
            }
        }

        init(header: String) {
            for token in header.split(separator: ",").flatMap({ $0.split(separator: ";") }) {
                let parts = token.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces() }
                guard parts.count == 2 else { continue }
                let value = parts[1].hasPrefix("\"") && parts[1].hasSuffix("\"") && parts[1].count >= 2 ? String(parts[1].dropFirst().dropLast()) : parts[1]
                switch parts[0].lowercased() {
                case "code": code = Int(value)
                case "example": example = value
                case "dynamic": dynamic = Self.bool(value)
                default: continue
                }
            }
        }

    }

    private func mockResponse(_ endpoint: Endpoint, preference: Preference, accept: AcceptHeader?, isHead: Bool) -> (Response, Outcome) {
        // An example named is answered as written; otherwise a drawn body when dynamic.
        let isDynamic = preference.example == nil && (preference.dynamic ?? options.dynamic)
        let mock: Mock
        do {
            mock = try endpoint.mockAnswer(
                status: preference.code, example: preference.example, dynamicSeed: isDynamic ? seeds.next() : nil, accept: accept
            )
        } catch {
            let others = endpoint.mocks.map { describe($0) }
            let detail: String
            switch error {
            case .noMock:
                detail = "endpoint '\(endpoint.name)' has no mock"
                    + (others.isEmpty ? " (add 'mock:' to the spec, or examples or a JSON schema to the document)" : "; choose one with Prefer: \(others.joined(separator: ", "))")
            case .noMatch:
                let wanted = [preference.code.map { "code=\($0)" }, preference.example.map { "example=\($0)" }].compactMap { $0 }.joined(separator: ", ")
                detail = "endpoint '\(endpoint.name)' has no mock for Prefer: \(wanted)" + (others.isEmpty ? "" : " (it has: \(others.joined(separator: "; ")))")
            case let .schema(reason):
                detail = "endpoint '\(endpoint.name)' has no mock: \(reason)"
            case let .notAcceptable(types):
                return notAcceptable(endpoint, types: types)
            }
            return marked(problem(501, title: "Not Implemented", detail: detail, endpoint: endpoint.name), .noMock)
        }
        return marked(send(checked: mock, endpoint: endpoint, isHead: isHead, name: preference.example), .example)
    }

    /// The 406 problem for a request whose `Accept` takes none of the media types the answer has
    /// (`types`), marked as the mock's own refusal.
    func notAcceptable(_ endpoint: Endpoint, types: [String]) -> (Response, Outcome) {
        let detail = "endpoint '\(endpoint.name)' answers \(types.joined(separator: ", ")), which the request's Accept does not take"
        return marked(problem(406, title: "Not Acceptable", detail: detail, endpoint: endpoint.name), .invalidRequest)
    }

    /// The header that carries an invalid request's problems beside the document's own answer
    /// (the `errors` of the problem Netspec answers otherwise, as one line of JSON).
    static let problemsField = HTTPField.Name("Netspec-Problems")!

    /// A mock as the response: its status, headers and body (a stream written piece by piece).
    func send(_ mock: Mock, endpoint: Endpoint, isHead: Bool) -> (Response, Outcome) {
        var headers = HTTPFields()
        for header in mock.headers {
            // HTTPField would make a line break a space, and a name no token cannot be sent.
            guard let name = HTTPField.Name(header.name), MediaType.headerBreak(in: header.value) == nil else {
                return unsendable(header, status: mock.status, endpoint: endpoint)
            }
            headers.append(HTTPField(name: name, value: header.value))
        }
        let status = HTTPResponse.Status(code: mock.status)
        let outcome = Outcome(status: mock.status, endpoint: endpoint.name)
        if isHead {
            // The length a GET would be sent with (RFC 9110 §8.6), not that of the empty body.
            if !mock.body.isEmpty { headers[.contentLength] = String(mock.body.count) }
            return (Response(status: status, headers: headers), outcome)
        }
        let contentType = (headers[.contentType] ?? "").lowercased()
        let pieces: [[UInt8]]? = if contentType.hasPrefix("text/event-stream") {
            Self.split(mock.body, after: [10, 10])
        } else if ["application/x-ndjson", "application/jsonl", "application/x-jsonlines", "application/json-seq"].contains(MediaType.base(of: contentType)) {
            Self.split(mock.body, after: [10])
        } else {
            nil
        }
        guard let pieces, pieces.count > 1 || options.eventDelay > .zero else {
            return (Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: mock.body))), outcome)
        }
        // A stream: each event or line written as it would arrive, after the delay.
        let delay = options.eventDelay
        let body = ResponseBody { writer in
            for piece in pieces {
                if delay > .zero { try await Task.sleep(for: delay) }
                try await writer.write(ByteBuffer(bytes: piece))
            }
            try await writer.finish(nil)
        }
        return (Response(status: status, headers: headers, body: body), outcome)
    }

    private func describe(_ mock: Mock) -> String {
        "code=\(mock.status)" + (mock.name.map { ", example=\($0)" } ?? "")
    }

    /// The bytes cut after each separator (an event's blank line, a line's end); a last piece
    /// without one is kept.
    static func split(_ bytes: [UInt8], after separator: [UInt8]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count {
            if bytes[index..<(index + separator.count)].elementsEqual(separator) {
                index += separator.count
                pieces.append(Array(bytes[start..<index]))
                start = index
            } else {
                index += 1
            }
        }
        if start < bytes.count { pieces.append(Array(bytes[start...])) }
        return pieces
    }

    /// An `application/problem+json` answer (RFC 9457).
    func problem(_ status: Int, title: String, detail: String, endpoint: String? = nil, errors: [JSONValue] = []) -> (Response, Outcome) {
        var object: JSONObject = ["type": "about:blank", "title": .string(title), "status": .int(status), "detail": .string(detail)]
        if let endpoint { object["endpoint"] = .string(endpoint) }
        if !errors.isEmpty { object["errors"] = .array(errors) }
        let body = JSONValue.object(object).serialized()
        let headers: HTTPFields = [.contentType: "application/problem+json"]
        return (Response(status: .init(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))), Outcome(status: status, endpoint: endpoint))
    }
}
