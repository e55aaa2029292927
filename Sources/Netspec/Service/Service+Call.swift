#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import NetspecModel

/// Where a call happens, top to bottom: resolve the endpoint once, build the request, run it
/// through the interceptor chain (the provider's interceptors, logging, retry, auth), follow
/// redirects hop by hop through the wire interceptors to the transport or the mock, check the
/// status, then shape the result or open the stream.
extension Service {
    /// Calls an endpoint that answers one value, by name.
    ///
    /// ```swift
    /// let user = try await api.call("getUser", ["id": "johne"])
    /// ```
    /// - Parameters:
    ///   - endpoint: the endpoint's name.
    ///   - arguments: the arguments by parameter name; `"_"` is the unlabelled parameter.
    ///   - options: per-call settings.
    /// - Returns: the response, with the result shaped by the spec's `keyPath` and `returns`.
    /// - Throws: ``CallError``: arguments that do not fit (nothing is sent), a stream endpoint
    ///   (its error names the form to call it with: ``events(_:_:options:)``, ``lines(_:_:options:)``,
    ///   ``bytes(_:_:options:)``, ``connect(_:_:options:)``), a non-2xx status, a transport failure
    ///   or timeout, or a response that does not have the declared shape.
    @discardableResult
    public func call(_ endpoint: String, _ arguments: [String: Argument] = [:], options: CallOptions = CallOptions()) async throws(CallError) -> Response {
        let (request, resolved) = try build(endpoint, .value, arguments, options: options)
        return try await fetch(request, endpoint: resolved, options: options)
    }

    /// Calls an endpoint by name with ordinary values: `["path": path]` with `let path: String`,
    /// a `[String: String]` or `[String: Int]` dictionary, or values of several types.
    ///
    /// ```swift
    /// let path: String = "notes/a.txt"
    /// let file = try await api.call("getFile", ["path": path])
    /// ```
    /// - Throws: ``CallError``, as `call(_:_:options:)` does; a value that cannot become an
    ///   argument (an `Encodable` that fails to encode) is a ``CallError/ArgumentError`` naming it.
    // Disfavoured: a dictionary literal that is all `Argument`s takes the other overload and keeps
    // its written order (nested dictionary literals included).
    @_disfavoredOverload
    @discardableResult
    public func call(
        _ endpoint: String, _ arguments: [String: any ArgumentConvertible], options: CallOptions = CallOptions()
    ) async throws(CallError) -> Response {
        try await call(endpoint, Self.arguments(arguments, endpoint: endpoint), options: options)
    }

    /// Opens a `stream: sse` endpoint, by name: its events, once the response head has arrived
    /// with a 2xx status and `Content-Type: text/event-stream`.
    ///
    /// ```swift
    /// for try await event in try await api.events("completions", ["model": "m"]) { print(event.data) }
    /// ```
    /// - Throws: ``CallError``, as `call(_:_:options:)` does; an endpoint of another kind is an
    ///   argument error naming the form to use.
    public func events(_ endpoint: String, _ arguments: [String: Argument] = [:], options: CallOptions = CallOptions()) async throws(CallError) -> EventStream {
        let (request, resolved) = try build(endpoint, .events, arguments, options: options)
        let (head, stream) = try await openStream(request, kind: .sse, endpoint: resolved, options: options)
        return EventStream(head: head, stream: stream, endpoint: resolved.name)
    }

    /// Opens a `stream: lines` endpoint (newline-delimited JSON), by name: its values, once the
    /// response head has arrived with a 2xx status.
    ///
    /// - Throws: ``CallError``, as ``events(_:_:options:)`` does.
    public func lines(_ endpoint: String, _ arguments: [String: Argument] = [:], options: CallOptions = CallOptions()) async throws(CallError) -> JSONLineStream {
        let (request, resolved) = try build(endpoint, .lines, arguments, options: options)
        let (head, stream) = try await openStream(request, kind: .lines, endpoint: resolved, options: options)
        return JSONLineStream(head: head, stream: stream, endpoint: resolved.name)
    }

    /// Calls any endpoint but a WebSocket, by name: its response body's bytes as they arrive, once the
    /// head has arrived with a 2xx status (`timeout` runs to the last byte; for a `stream:`, to the head).
    ///
    /// - Throws: ``CallError``, as ``events(_:_:options:)`` does.
    public func bytes(_ endpoint: String, _ arguments: [String: Argument] = [:], options: CallOptions = CallOptions()) async throws(CallError) -> ByteStream {
        let (request, resolved) = try build(endpoint, .bytes, arguments, options: options)
        return try await openBytes(request, endpoint: resolved, options: options)
    }

    /// Opens a `stream: websocket` endpoint, by name: the connection, once the upgrade is done.
    ///
    /// ```swift
    /// let socket = try await api.connect("chat", ["room": "a"])
    /// try await socket.send(["text": "hi"])
    /// ```
    /// - Throws: ``CallError``, as ``events(_:_:options:)`` does.
    public func connect(_ endpoint: String, _ arguments: [String: Argument] = [:], options: CallOptions = CallOptions()) async throws(CallError) -> WebSocket {
        let (request, resolved) = try build(endpoint, .webSocket, arguments, options: options)
        return try await openWebSocket(request, endpoint: resolved, options: options)
    }

    /// The arguments of ordinary values, converted.
    static func arguments(_ values: [String: any ArgumentConvertible], endpoint: String) throws(CallError) -> [String: Argument] {
        var arguments: [String: Argument] = [:]
        arguments.reserveCapacity(values.count)
        for (name, value) in values {
            do {
                arguments[name] = try value.makeArgument()
            } catch {
                throw .argument(CallError.ArgumentError(endpoint: endpoint, parameter: name, reason: .wrongType, message: "cannot convert the argument: \(error)"))
            }
        }
        return arguments
    }

    /// Sends a request made by `prepare(_:_:options:)` and reads its response, as `call(_:_:options:)` does.
    ///
    /// - Throws: ``CallError``.
    public func send(_ request: PreparedRequest, options: CallOptions = CallOptions()) async throws(CallError) -> Response {
        let endpoint = if let endpoint = request.endpoint, endpoint.name == request.endpointName { endpoint } else { try self.endpoint(named: request.endpointName) }
        try CallForm.value.check(endpoint)
        return try await fetch(request, endpoint: endpoint, options: options)
    }

    /// A request made by ``prepare(_:_:options:)``, sent and read in its endpoint's own form: for
    /// consumers that serve or print any endpoint (the command line, the MCP server). With
    /// `asBytes`, an endpoint that answers one value answers its body's bytes instead, unread, as they arrive
    /// within the timeout (`netspec call -o FILE`: a PNG, a tar is no JSON, and goes to the file as sent).
    package func perform(_ request: PreparedRequest, options: CallOptions = CallOptions(), asBytes: Bool = false) async throws(CallError) -> CallOutcome {
        let endpoint = if let endpoint = request.endpoint, endpoint.name == request.endpointName { endpoint } else { try self.endpoint(named: request.endpointName) }
        let natural = CallForm.natural(for: endpoint)
        if asBytes, case .value = natural { return .bytes(try await download(request, endpoint: endpoint, options: options)) }
        switch natural {
        case .value where endpoint.answersValueOrEvents:
            return try await fetchValueOrEvents(request, endpoint: endpoint, options: options)
        case .value:
            return .value(try await fetch(request, endpoint: endpoint, options: options))
        case .events:
            let (head, stream) = try await openStream(request, kind: .sse, endpoint: endpoint, options: options)
            return .events(EventStream(head: head, stream: stream, endpoint: endpoint.name))
        case .lines:
            let (head, stream) = try await openStream(request, kind: .lines, endpoint: endpoint, options: options)
            return .lines(JSONLineStream(head: head, stream: stream, endpoint: endpoint.name))
        case .bytes:
            return .bytes(try await openBytes(request, endpoint: endpoint, options: options))
        case .webSocket:
            return .webSocket(try await openWebSocket(request, endpoint: endpoint, options: options))
        }
    }

    // MARK: - One call, top to bottom

    /// The endpoint, checked to be callable in `form`, and its request for the arguments.
    private func build(_ name: String, _ form: CallForm, _ arguments: [String: Argument], options: CallOptions) throws(CallError) -> (PreparedRequest, Endpoint) {
        let endpoint = try self.endpoint(named: name)
        try form.check(endpoint)
        try checkCallable(endpoint, options: options)
        do {
            var request = try builder(for: endpoint, options: options).build(arguments: arguments)
            // An endpoint that answers a value or events asks for both unless events are asked for.
            if form == .events, endpoint.answersValueOrEvents, !options.headers.contains(where: { $0.name.lowercased() == "accept" }) {
                request.headerFields[.accept] = "text/event-stream"
            }
            return (request, endpoint)
        } catch {
            throw .binding(error)
        }
    }

    /// Runs one call's work with its settings worked out (``CallSettings``): nothing is sent by a
    /// task cancelled before it, the endpoint's decoder and client certificate are checked first,
    /// and every error comes out as a ``CallError``.
    private func run<Result>(
        _ endpoint: Endpoint, options: CallOptions, _ work: (CallSettings, TransportOptions) async throws -> Result
    ) async throws(CallError) -> Result {
        if Task.isCancelled { throw .transport(.cancelled) }
        let settings = CallSettings(call: options, endpoint: endpoint, provider: provider)
        try checkClientCertificate(for: endpoint)
        do {
            return try await work(settings, settings.transportOptions(endpoint: endpoint, call: options, provider: provider, tls: tls))
        } catch {
            throw CallError.wrapping(error).naming(endpoint: endpoint.name)
        }
    }

    /// Sends a request for one value and reads and shapes the whole response (a page's keeps its JSON: `keepsDocument`).
    func fetch(_ request: PreparedRequest, endpoint: Endpoint, options: CallOptions, keepsDocument: Bool = false) async throws(CallError) -> Response {
        if endpoint.answersValueOrEvents {
            switch try await fetchValueOrEvents(request, endpoint: endpoint, options: options, keepsDocument: keepsDocument) {
            case let .value(response): return response
            default:
                throw .decoding(CallError.ResultDecodingError(
                    endpoint: endpoint.name, keyPath: "",
                    message: "the server answered with an event stream (Content-Type: text/event-stream); call it as \(CallForm.events.swiftForm(endpoint.name)) to read its events"
                ))
            }
        }
        let decoder = decoder(for: endpoint)
        return try await run(endpoint, options: options) { settings, transportOptions throws in
            // The transport applies the timeout to each attempt, from start to last byte.
            let response = try await self.send(request, endpoint: endpoint, streaming: false, options: transportOptions, callOptions: options, usesMock: settings.usesMock)
            return try await self.readValue(response, endpoint: endpoint, options: options, decoder: decoder, keepsDocument: keepsDocument)
        }
    }

    /// A whole response read, its status checked, and its result shaped; a page's keeps the JSON parsed (``Response/document``).
    private func readValue(_ response: TransportResponse, endpoint: Endpoint, options: CallOptions, decoder: Response.Decoding, keepsDocument: Bool = false) async throws -> Response {
        let body = try await response.body.collect(upTo: provider.options.responses.maxBodySize)
        try checkStatus(response, body: body, endpoint: endpoint)
        let shaper = ResultShaper(endpoint: endpoint.name)
        var reading = ResultShaper.Reading()
        // A call's key path selects inside the result: a text body is then read as JSON.
        let selectsInside = !(options.keyPath?.isEmpty ?? true)
        let check = try responseCheck(for: response, endpoint: endpoint, options: options)
        // The body is parsed once, for the result and the check; a large one is checked while it is parsed.
        var document: JSONValue?
        var isValid: Bool?
        // The whole body as JSON once it is parsed as JSON (`.some(nil)`: it is not JSON), for a page.
        var whole: JSONValue??
        let shaped: JSONValue
        if case let .value(type) = endpoint.returnType {
            let parsed = try shaper.parse(body, headers: response.headerFields, type: type, keyPath: endpoint.keyPath, selectsInside: selectsInside, reading: &reading) { bytes throws(JSONValue.ParseError) in
                if keepsDocument { Self.pageBodyParsed?(); whole = .some(nil) }
                guard let check else { let value = try JSONValue(parsing: bytes); whole = value; return value }
                let (value, valid) = try check.schema.parseChecking(bytes, direction: .response)
                (document, isValid, whole) = (value, valid, value)
                return value
            }
            if document == nil { document = Self.responseDocument(parsed, reading: reading, keyPath: endpoint.keyPath, type: type) }
            // Bytes are the result as they are (their text, or null).
            shaped = reading.isBinary ? parsed : try shaper.shape(parsed, as: type, keyPath: endpoint.keyPath)
        } else {
            shaped = try shaper.shape(body: body, headers: response.headerFields, returnType: endpoint.returnType, keyPath: endpoint.keyPath, reading: &reading)
            if check != nil { document = try? JSONValue(parsing: body) }
            if check != nil, keepsDocument { Self.pageBodyParsed?(); whole = .some(document) }
        }
        var violations: [JSONSchema.Violation] = []
        if let check, let document {
            violations = try validateResponse(document, isValid: isValid, check: check, endpoint: endpoint)
        }
        let value = try shaper.select(shaped, keyPath: options.keyPath, returnType: endpoint.returnType)
        var answer = Response(
            endpointName: endpoint.name, status: response.status, reasonPhrase: response.reasonPhrase,
            headerFields: response.headerFields, value: value, body: body, decoding: decoder,
            isText: reading.isText && options.keyPath == nil, isBinary: reading.isBinary
        )
        answer.violations = violations
        answer.redirectedURL = response.redirectedURL
        if keepsDocument { answer.document = whole }
        return answer
    }

    /// Sends a request to an endpoint that answers one value or events (``Endpoint/answersValueOrEvents``)
    /// and follows the response's `Content-Type`: an event stream gives events, anything else is
    /// read whole as one value. The timeout runs until an event stream's head, as a stream's (it is
    /// not mistaken for a slow body), and until a value's last byte (``sendForValueOrEvents``).
    private func fetchValueOrEvents(_ request: PreparedRequest, endpoint: Endpoint, options: CallOptions, keepsDocument: Bool = false) async throws(CallError) -> CallOutcome {
        let decoder = decoder(for: endpoint)
        return try await run(endpoint, options: options) { settings, transportOptions throws in
            let response = try await self.sendForValueOrEvents(request, endpoint: endpoint, options: transportOptions, callOptions: options, usesMock: settings.usesMock)
            if (200..<300).contains(response.status), Self.isEventStream(response) {
                let stream = ResponseStream(
                    kind: .sse, body: response.body.reportingProgress(total: response.contentLength, to: options.downloadProgress),
                    until: endpoint.until, reconnection: nil, itemCheck: self.itemCheck(for: response, endpoint: endpoint, options: options),
                    host: TransportErrorMapping.hostAndPort(of: response.redirectedURL ?? request.url)
                )
                return .events(EventStream(head: response, stream: stream, endpoint: endpoint.name))
            }
            return .value(try await self.readValue(response, endpoint: endpoint, options: options, decoder: decoder, keepsDocument: keepsDocument))
        }
    }

    /// Opens a WebSocket endpoint's connection.
    private func openWebSocket(_ request: PreparedRequest, endpoint: Endpoint, options: CallOptions) async throws(CallError) -> WebSocket {
        try await run(endpoint, options: options) { settings, transportOptions throws in
            try await self.openWebSocket(request, endpoint: endpoint, options: transportOptions, callOptions: options, usesMock: settings.usesMock)
        }
    }

    /// Opens a stream: the status (and, for events, the `Content-Type`) is checked before anything
    /// is yielded; an event stream reconnects with `Last-Event-ID` as the spec's policy says.
    func openStream(
        _ request: PreparedRequest, kind: Endpoint.StreamKind, endpoint: Endpoint, options: CallOptions
    ) async throws(CallError) -> (TransportResponse, ResponseStream) {
        try await run(endpoint, options: options) { settings, transportOptions throws in
            let usesMock = settings.usesMock
            let response = try await self.send(request, endpoint: endpoint, streaming: true, options: transportOptions, callOptions: options, usesMock: usesMock)
            try await self.checkStreamHead(response, kind: kind, endpoint: endpoint)
            var reconnection: Reconnection?
            let repeatable = CallSettings.mayRepeat(request.method, endpoint: endpoint, provider: self.provider)
            if kind == .sse, repeatable {
                reconnection = Reconnection(
                    defaultDelay: self.provider.options.streams.reconnectDelay,
                    maxAttempts: self.provider.options.streams.maxReconnectAttempts
                ) { lastEventID in
                    var retry = request
                    if let lastEventID { retry.headerFields[HTTPField.Name("Last-Event-ID")!] = lastEventID }
                    let response = try await self.send(retry, endpoint: endpoint, streaming: true, options: transportOptions, callOptions: options, usesMock: usesMock)
                    if response.status == 204 { return nil }
                    try await self.checkStreamHead(response, kind: kind, endpoint: endpoint)
                    return response.body
                }
            }
            let stream = ResponseStream(
                kind: kind, body: response.body.reportingProgress(total: response.contentLength, to: options.downloadProgress),
                until: endpoint.until, reconnection: reconnection,
                notReconnectedBecause: repeatable ? nil : ResponseStream.notRepeated(request.method),
                itemCheck: self.itemCheck(for: response, endpoint: endpoint, options: options),
                host: TransportErrorMapping.hostAndPort(of: response.redirectedURL ?? request.url)
            )
            return (response, stream)
        }
    }

    /// A non-2xx status is an ``CallError/CallError.HTTPStatusError`` (with the body read, bounded); an event stream
    /// must say `Content-Type: text/event-stream`.
    private func checkStreamHead(_ response: TransportResponse, kind: Endpoint.StreamKind, endpoint: Endpoint) async throws {
        guard (200..<300).contains(response.status) else {
            let body = try await response.body.collect(upTo: min(provider.options.responses.maxBodySize, 1024 * 1024))
            try checkStatus(response, body: body, endpoint: endpoint)
            return
        }
        if kind == .sse, response.status != 204 {
            let contentType = response.headerFields[.contentType] ?? ""
            guard contentType.lowercased().hasPrefix("text/event-stream") else {
                throw CallError.ResultDecodingError(
                    endpoint: endpoint.name, keyPath: "",
                    message: "expected an event stream (Content-Type: text/event-stream), got \(contentType.isEmpty ? "no Content-Type" : "Content-Type: \(contentType)")"
                )
            }
        }
    }

    /// Sends a request through the interceptors, then follows its redirects hop by hop, each hop
    /// through the wire interceptors and then the transport or the mock.
    func send(
        _ request: PreparedRequest, endpoint: Endpoint, streaming: Bool, options: TransportOptions, callOptions: CallOptions, usesMock: Bool
    ) async throws -> TransportResponse {
        let chains = chains(for: endpoint, alternative: request.authAlternative)
        let mock = usesMock ? CallSettings.mockName(call: callOptions, endpoint: endpoint, provider: provider) : nil
        guard !chains.outer.isEmpty || !chains.wire.isEmpty else {
            return try await followRedirects(request, endpoint: endpoint, options: options, usesMock: usesMock) { hop, hopOptions in
                try await self.answer(hop, endpoint: endpoint, streaming: streaming, options: hopOptions, usesMock: usesMock, mock: mock)
            }
        }
        let context = InterceptorContext(
            endpoint: endpoint, service: self, transportOptions: options, callOptions: callOptions, authAlternative: chains.authAlternative
        )
        let wire = chains.wire[...]
        let outer = interceptorChain(chains.outer[...], context: context) { request in
            try await self.followRedirects(request, endpoint: endpoint, options: options, usesMock: usesMock) { hop, hopOptions in
                try await interceptorChain(wire, context: context) { hop in
                    try await self.answer(hop, endpoint: endpoint, streaming: streaming, options: hopOptions, usesMock: usesMock, mock: mock)
                }(hop)
            }
        }
        return try await outer(request)
    }

    /// Sends `request` with `sendHop` and follows its redirects by ``RedirectFollower``'s rules
    /// (a hop to another origin drops the endpoint's secret headers too, ``Redactor/headerNames``),
    /// each hop sent on its own (the transport follows none) within what is left of the timeout.
    /// A mock's answer is never followed.
    private func followRedirects(
        _ request: PreparedRequest, endpoint: Endpoint, options: TransportOptions, usesMock: Bool,
        _ sendHop: (PreparedRequest, TransportOptions) async throws -> TransportResponse
    ) async throws -> TransportResponse {
        var hopOptions = options
        let maxRedirects = provider.options.redirects.limit
        if usesMock || maxRedirects == 0 { return try await sendHop(request, hopOptions) }
        // A hop to another origin drops the headers the logs hide: API keys and secret values.
        var follower = RedirectFollower(request: request, maxRedirects: maxRedirects, secretHeaders: redactor(for: endpoint).headerNames)
        let start = ContinuousClock.now
        var current = request
        while true {
            var response = try await sendHop(current, hopOptions)
            guard let next = try follower.nextRequest(after: response.status, headerFields: response.headerFields, to: current) else {
                if follower.count > 0 { response.redirectedURL = current.url }
                return response
            }
            // The redirect's body is read and dropped (its connection can then carry the next
            // request); past 64 KiB it is abandoned and the connection closed instead.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            if let timeout = options.timeout {
                hopOptions.timeout = max(timeout - (ContinuousClock.now - start), .milliseconds(1))
            }
            current = next
        }
    }

    /// Sends one request through the transport, or answers it from the mock (``mockResponse(for:named:)``):
    /// the end of the chain.
    func answer(
        _ request: PreparedRequest, endpoint: Endpoint, streaming: Bool, options: TransportOptions, usesMock: Bool, mock: String?
    ) async throws -> TransportResponse {
        guard usesMock else {
            // A stream is read as it arrives (a download within the timeout, DownloadDeadline); anything else is read whole, within it.
            if streaming { return try await DownloadDeadline.send(request, options: options, through: provider.transport) }
            return try await provider.transport.fetch(request, options: options, maxResponseSize: provider.options.responses.maxBodySize)
        }
        return try mockResponse(for: endpoint, named: mock)
    }
}
