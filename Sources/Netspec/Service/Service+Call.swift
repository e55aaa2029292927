#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// Where a call happens, top to bottom: resolve the endpoint once, build the request, run it
/// through the interceptor chain (the provider's interceptors, logging, retry, auth), follow
/// redirects hop by hop through the wire interceptors to the transport or the mock, check the
/// status, then shape the result or open the stream.
extension Service {
    /// Calls an endpoint by name.
    ///
    /// ```swift
    /// let user = try await api.call("getUser", ["id": "johne"])
    /// ```
    /// - Parameters:
    ///   - endpoint: the endpoint's name.
    ///   - arguments: the arguments by parameter name; `"_"` is the unlabelled parameter.
    ///   - options: per-call settings.
    /// - Returns: the response, with the result shaped by the spec's `keyPath` and `returns`; for a
    ///   stream endpoint, once the response head has arrived and its status is 2xx; for a
    ///   `stream: websocket` endpoint, once the connection is open (the response is the
    ///   connection: ``Response/WebSocket``).
    /// - Throws: ``CallError``: arguments that do not fit (nothing is sent), a non-2xx status, a
    ///   transport failure or timeout, or a response that does not have the declared shape.
    @discardableResult
    public func call(_ endpoint: String, _ arguments: [String: Argument] = [:], options: CallOptions = CallOptions()) async throws(CallError) -> Response {
        let resolved = try self.endpoint(named: endpoint)
        let request: PreparedRequest
        do {
            request = try builder(for: resolved, options: options).build(arguments: arguments)
        } catch {
            throw .binding(error)
        }
        return try await execute(request, endpoint: resolved, options: options)
    }

    /// Calls an endpoint by name with ordinary values: `["path": path]` with `let path: String`,
    /// a `[String: String]` or `[String: Int]` dictionary, or values of several types.
    ///
    /// ```swift
    /// let path: String = "notes/a.txt"
    /// let file = try await api.call("getFile", ["path": path])
    /// ```
    /// - Throws: ``CallError``, as ``call(_:_:options:)`` does; a value that cannot become an
    ///   argument (an `Encodable` that fails to encode) is an ``CallError/ArgumentError`` naming it.
    // Disfavoured: a dictionary literal that is all `Argument`s takes the other overload and keeps
    // its written order (nested dictionary literals included).
    @_disfavoredOverload
    @discardableResult
    public func call(
        _ endpoint: String, _ arguments: [String: any ArgumentConvertible], options: CallOptions = CallOptions()
    ) async throws(CallError) -> Response {
        try await call(endpoint, Self.arguments(arguments, endpoint: endpoint), options: options)
    }

    /// The arguments of ordinary values, converted.
    static func arguments(_ values: [String: any ArgumentConvertible], endpoint: String) throws(CallError) -> [String: Argument] {
        var arguments: [String: Argument] = [:]
        arguments.reserveCapacity(values.count)
        for (name, value) in values {
            do {
                arguments[name] = try value.makeArgument()
            } catch {
                throw .argument(ArgumentError(endpoint: endpoint, parameter: name, reason: .wrongType, message: "cannot convert the argument: \(error)"))
            }
        }
        return arguments
    }

    /// Sends a request made by ``prepare(_:_:options:)`` and reads its response, as ``call(_:_:options:)`` does.
    ///
    /// - Throws: ``CallError``.
    public func send(_ request: PreparedRequest, options: CallOptions = CallOptions()) async throws(CallError) -> Response {
        let endpoint = if let endpoint = request.endpoint, endpoint.name == request.endpointName { endpoint } else { try self.endpoint(named: request.endpointName) }
        return try await execute(request, endpoint: endpoint, options: options)
    }

    // MARK: - One call, top to bottom

    /// Sends a prepared request for an endpoint and reads its response.
    func execute(_ request: PreparedRequest, endpoint: Endpoint, options: CallOptions) async throws(CallError) -> Response {
        // A task cancelled before the call sends nothing.
        if Task.isCancelled { throw .transport(.cancelled) }
        let decoder = try decoder(for: endpoint)
        let timeout = options.timeout ?? endpoint.timeout.map { Duration.seconds($0) } ?? provider.options.timeout
        let transportOptions = TransportOptions(
            connectTimeout: options.connectTimeout ?? provider.options.connectTimeout, timeout: timeout, maxRedirects: provider.options.maxRedirects,
            // A byte stream is the server's bytes as they are (a .gz download stays compressed).
            decompresses: provider.options.decompresses && endpoint.stream != .bytes,
            verifiesCertificates: provider.options.verifiesCertificates, tls: tls,
            uploadProgress: options.uploadProgress, downloadProgress: endpoint.stream == nil ? options.downloadProgress : nil
        )
        let usesMock = options.usesMock ?? provider.options.usesMocks
        try checkClientCertificate(for: endpoint)
        do {
            if endpoint.stream == .webSocket {
                return try await openWebSocket(request, endpoint: endpoint, options: transportOptions, callOptions: options, usesMock: usesMock)
            }
            if let kind = endpoint.stream {
                return try await openStream(
                    request, kind: kind, endpoint: endpoint, options: transportOptions, callOptions: options, usesMock: usesMock, decoder: decoder
                )
            }
            // The transport applies the timeout to each attempt, from start to last byte.
            return try await fetch(request, endpoint: endpoint, options: transportOptions, callOptions: options, usesMock: usesMock, decoder: decoder)
        } catch {
            throw CallError.wrapping(error)
        }
    }

    private func fetch(
        _ request: PreparedRequest, endpoint: Endpoint, options: TransportOptions, callOptions: CallOptions,
        usesMock: Bool, decoder: JSONDecoder?
    ) async throws -> Response {
        let response = try await send(request, endpoint: endpoint, options: options, callOptions: callOptions, usesMock: usesMock)
        let body = try await response.body.collect(upTo: provider.options.maxResponseSize)
        try checkStatus(response, body: body, endpoint: endpoint)
        let shaper = ResultShaper(endpoint: endpoint.name)
        var isText = false
        let shaped = try shaper.shape(body: body, headers: response.headerFields, returnType: endpoint.returnType, keyPath: endpoint.keyPath, isText: &isText)
        let value = try shaper.select(shaped, keyPath: callOptions.keyPath, matchingNamesCaseInsensitively: endpoint.returnType == .headers)
        return Response(
            endpointName: endpoint.name, status: response.status, reasonPhrase: response.reasonPhrase,
            headerFields: response.headerFields, value: value, body: body, decoder: decoder,
            isText: isText && callOptions.keyPath == nil
        )
    }

    /// Opens a stream endpoint: the status and `Content-Type` are checked before any event is
    /// yielded; an event stream reconnects with `Last-Event-ID` as the spec's policy says.
    func openStream(
        _ request: PreparedRequest, kind: StreamKind, endpoint: Endpoint, options: TransportOptions, callOptions: CallOptions,
        usesMock: Bool, decoder: JSONDecoder?
    ) async throws -> Response {
        let response = try await send(request, endpoint: endpoint, options: options, callOptions: callOptions, usesMock: usesMock)
        try await checkStreamHead(response, kind: kind, endpoint: endpoint)
        var reconnection: Reconnection?
        if kind == .sse {
            reconnection = Reconnection(
                defaultDelay: provider.options.reconnectDelay,
                maxAttempts: provider.options.maxReconnectAttempts
            ) { lastEventID in
                var retry = request
                if let lastEventID { retry.headerFields[HTTPField.Name("Last-Event-ID")!] = lastEventID }
                let response = try await self.send(retry, endpoint: endpoint, options: options, callOptions: callOptions, usesMock: usesMock)
                if response.status == 204 { return nil }
                try await self.checkStreamHead(response, kind: kind, endpoint: endpoint)
                return response.body
            }
        }
        return Response(
            endpointName: endpoint.name, status: response.status, reasonPhrase: response.reasonPhrase,
            headerFields: response.headerFields, value: .null, body: [], decoder: decoder,
            stream: ResponseStream(
                kind: kind, body: response.body.reportingProgress(total: response.contentLength, to: callOptions.downloadProgress),
                until: endpoint.until, reconnection: reconnection
            )
        )
    }

    /// A non-2xx status is an ``CallError/HTTPStatusError`` (with the body read, bounded); an event stream
    /// must say `Content-Type: text/event-stream`.
    private func checkStreamHead(_ response: TransportResponse, kind: StreamKind, endpoint: Endpoint) async throws {
        guard (200..<300).contains(response.status) else {
            let body = try await response.body.collect(upTo: min(provider.options.maxResponseSize, 1024 * 1024))
            try checkStatus(response, body: body, endpoint: endpoint)
            return
        }
        if kind == .sse, response.status != 204 {
            let contentType = response.headerFields[.contentType] ?? ""
            guard contentType.lowercased().hasPrefix("text/event-stream") else {
                throw ResultDecodingError(
                    endpoint: endpoint.name, keyPath: "",
                    message: "expected an event stream (Content-Type: text/event-stream), got \(contentType.isEmpty ? "no Content-Type" : "Content-Type: \(contentType)")"
                )
            }
        }
    }

    /// Sends a request through the interceptors, then follows its redirects hop by hop, each hop
    /// through the wire interceptors and then the transport or the mock.
    func send(
        _ request: PreparedRequest, endpoint: Endpoint, options: TransportOptions, callOptions: CallOptions, usesMock: Bool
    ) async throws -> TransportResponse {
        let chain = interceptors(for: endpoint)
        let wire = wireInterceptors(for: endpoint)
        guard !chain.isEmpty || !wire.isEmpty else {
            return try await followRedirects(request, endpoint: endpoint, options: options, usesMock: usesMock) { hop, hopOptions in
                try await self.answer(hop, endpoint: endpoint, options: hopOptions, usesMock: usesMock)
            }
        }
        let context = InterceptorContext(endpoint: endpoint, service: self, transportOptions: options, callOptions: callOptions)
        let end = InterceptorNext { request in
            try await self.followRedirects(request, endpoint: endpoint, options: options, usesMock: usesMock) { hop, hopOptions in
                let answer = InterceptorNext { try await self.answer($0, endpoint: endpoint, options: hopOptions, usesMock: usesMock) }
                return try await Self.run(wire, request: hop, context: context, end: answer)
            }
        }
        return try await Self.run(chain, request: request, context: context, end: end)
    }

    /// `request` through `interceptors`, outermost first, and then `end`.
    static func run(
        _ interceptors: [any Interceptor], request: PreparedRequest, context: InterceptorContext, end: InterceptorNext
    ) async throws -> TransportResponse {
        var next = end
        for interceptor in interceptors.reversed() {
            let inner = next
            next = InterceptorNext { request in try await interceptor.intercept(request, context: context, next: inner) }
        }
        return try await next(request)
    }

    /// Sends `request` with `sendHop` and follows its redirects by ``RedirectFollower``'s rules,
    /// each hop sent on its own (the transport follows none) within what is left of the timeout.
    /// A mock's answer is never followed.
    private func followRedirects(
        _ request: PreparedRequest, endpoint: Endpoint, options: TransportOptions, usesMock: Bool,
        _ sendHop: (PreparedRequest, TransportOptions) async throws -> TransportResponse
    ) async throws -> TransportResponse {
        var hopOptions = options
        hopOptions.maxRedirects = 0
        if usesMock || options.maxRedirects == 0 { return try await sendHop(request, hopOptions) }
        var follower = RedirectFollower(request: request, maxRedirects: options.maxRedirects)
        let start = ContinuousClock.now
        var current = request
        while true {
            let response = try await sendHop(current, hopOptions)
            guard let next = try follower.nextRequest(after: response.status, headerFields: response.headerFields, to: current) else {
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

    /// Sends one request through the transport, or answers it from the mock: the end of the chain.
    func answer(_ request: PreparedRequest, endpoint: Endpoint, options: TransportOptions, usesMock: Bool) async throws -> TransportResponse {
        guard usesMock else {
            // A stream is read as it arrives; anything else is read whole, within the timeout.
            if endpoint.stream != nil { return try await provider.transport.send(request, options: options) }
            return try await provider.transport.fetch(request, options: options, maxResponseSize: provider.options.maxResponseSize)
        }
        guard let mock = endpoint.mock else {
            throw ArgumentError(endpoint: endpoint.name, parameter: nil, reason: .configuration, message: "mocks are on, but the endpoint has no 'mock:' in \(spec.file)")
        }
        var headers = HTTPFieldsBuilder()
        for header in mock.headers { headers.append(name: header.name, value: header.value) }
        return TransportResponse(status: mock.status, headerFields: headers.fields, body: ResponseBody(bytes: mock.body))
    }

    /// Throws an ``CallError/HTTPStatusError`` for a status that is not 2xx.
    func checkStatus(_ response: TransportResponse, body: [UInt8], endpoint: Endpoint) throws {
        guard (200..<300).contains(response.status) else {
            throw HTTPStatusError(
                endpoint: endpoint.name, status: response.status, reasonPhrase: response.reasonPhrase,
                headerFields: response.headerFields, body: body
            )
        }
    }

    /// The decoder the endpoint names, checked before anything is sent.
    private func decoder(for endpoint: Endpoint) throws(CallError) -> JSONDecoder? {
        guard let name = endpoint.decoderName else { return nil }
        guard let decoder = provider.decoders[name] else {
            throw .binding(ArgumentError(endpoint: endpoint.name, parameter: nil, reason: .configuration, message: "the spec names decoder '\(name)', but none is registered on the provider"))
        }
        return decoder
    }
}

extension EndpointCall {
    /// Calls the endpoint with labelled arguments; the unlabelled one is the `_` parameter.
    @discardableResult
    public func dynamicallyCall(withKeywordArguments pairs: KeyValuePairs<String, (any ArgumentConvertible)?>) async throws(CallError) -> Response {
        try await service.call(name, arguments(pairs))
    }

    /// Calls the endpoint and decodes its result (after the spec's `keyPath`) as the type the
    /// caller asks for, with the spec's `decoder:`:
    ///
    /// ```swift
    /// let user: User = try await api.getUser(id: "johne")
    /// ```
    /// Without a type to decode to, the call returns the ``Response``.
    /// - Throws: ``CallError``, as the untyped call does; ``CallError/decoding(_:)`` when the
    ///   result does not decode as `T`.
    public func dynamicallyCall<T: Decodable>(withKeywordArguments pairs: KeyValuePairs<String, (any ArgumentConvertible)?>) async throws(CallError) -> T {
        try await service.call(name, arguments(pairs)).decode(T.self)
    }
}
