import HTTPTypes
import Synchronization
import NetspecModel

/// Opening a `stream: websocket` endpoint: the request is bound as any other, runs through the
/// same interceptors (auth, logging, the wire interceptors that `-v` uses), and at the end of the
/// chain a ``WebSocketConnection`` connects to its URL (`http` → `ws`, `https` → `wss`) with its headers.
extension Service {
    func openWebSocket(
        _ request: PreparedRequest, endpoint: Endpoint, options: TransportOptions, callOptions: CallOptions, usesMock: Bool
    ) async throws -> WebSocket {
        let settings = endpoint.webSocket ?? WebSocketSettings()
        let codec = WebSocketMessageCodec(
            endpoint: endpoint.name, settings: settings, keyPath: endpoint.keyPath, callKeyPath: callOptions.keyPath, until: endpoint.until
        )
        let session: WebSocketSession
        let head: TransportResponse
        if usesMock {
            let named = CallSettings.mockName(call: callOptions, endpoint: endpoint, provider: provider)
            guard let messages = try (named.map { name in try chosenMock(for: endpoint, named: name) } ?? endpoint.mock)?.messages else {
                throw CallError.ArgumentError(endpoint: endpoint.name, parameter: nil, reason: .configuration, message: "mocks are on, but the endpoint has no 'mock: { messages: [...] }' in \(spec.file)")
            }
            session = WebSocketSession(codec: codec, pingInterval: nil)
            session.replay(messages)
            head = TransportResponse(status: 101, reasonPhrase: "Switching Protocols", headerFields: Self.upgradeResponseFields(extensions: ""))
        } else {
            // Each attempt (a retry after a failed connect) has a session of its own; the last one is the connection.
            let opened = Mutex<WebSocketSession?>(nil)
            let maxMessageSize = provider.options.streams.maxWebSocketMessageSize
            let chains = chains(for: endpoint, alternative: request.authAlternative)
            let context = InterceptorContext(
                endpoint: endpoint, service: self, transportOptions: options, callOptions: callOptions, authAlternative: chains.authAlternative
            )
            let chain = interceptorChain(chains.outer[...] + chains.wire, context: context) { request in
                let attempt = WebSocketSession(codec: codec, pingInterval: settings.pingInterval)
                let url = Self.webSocketURL(request.url)
                let tls = try await webSocketTLSConfiguration(url: url, options: options)
                do {
                    try await attempt.connect(url: url, headers: request.headerFields, tls: tls, maxMessageSize: maxMessageSize, options: options)
                } catch let refusal as WebSocketRefusal {
                    // Another answer than 101 is the upgrade's response, as an HTTP call's would be:
                    // `-v` prints it, and a retry policy acts on its status.
                    return TransportResponse(
                        status: refusal.status, reasonPhrase: refusal.reasonPhrase, headerFields: refusal.headerFields,
                        body: TransportResponse.Body(bytes: refusal.body)
                    )
                }
                opened.withLock { $0 = attempt }
                return TransportResponse(status: 101, reasonPhrase: "Switching Protocols", headerFields: Self.upgradeResponseFields(extensions: attempt.extensions))
            }
            head = try await chain(Self.upgradeRequest(request, settings: settings))
            guard let attempt = opened.withLock({ $0 }) else {
                // Not upgraded: the server's answer (or an interceptor's, cached or made up) with its status.
                let body = try await head.body.collect(upTo: WebSocketConnection.refusalBodyLimit)
                throw CallError.HTTPStatusError(
                    endpoint: endpoint.name, status: head.status, reasonPhrase: head.reasonPhrase, headerFields: head.headerFields, body: body
                )
            }
            session = attempt
        }
        return WebSocket(endpointName: endpoint.name, messageKind: settings.messages, head: head, session: session)
    }

    /// `http://…` as `ws://…`, `https://…` as `wss://…`.
    static func webSocketURL(_ url: String) -> String {
        if url.hasPrefix("https://") { return "wss://" + url.dropFirst("https://".count) }
        if url.hasPrefix("http://") { return "ws://" + url.dropFirst("http://".count) }
        return url
    }

    /// The request as the upgrade sends it, so that interceptors, `-v` and `--dry-run` show its
    /// header fields as they go, in their order: `Host` first, the request's own (without
    /// `Accept-Encoding` and `Content-Length`), the offered `Sec-WebSocket-Protocol` and
    /// `Sec-WebSocket-Extensions`, then `Connection`, `Upgrade` and `Sec-WebSocket-Version`. Only
    /// the `Sec-WebSocket-Key` is not there: the connection makes one for itself and sends it just
    /// before the version. No `Origin` is added (a `-H` or spec `Origin` goes as it is, once).
    static func upgradeRequest(_ request: PreparedRequest, settings: WebSocketSettings) -> PreparedRequest {
        var upgrade = request
        let host = HTTPField.Name("Host")!
        var fields = HTTPFields()
        if let value = request.headerFields[host] ?? WebSocketTarget(url: webSocketURL(request.url))?.hostHeader { fields[host] = value }
        let written: [HTTPField.Name] = [host, .acceptEncoding, .contentLength, .connection, .upgrade, .secWebSocketKey, .secWebSocketVersion, .secWebSocketExtensions]
        for field in request.headerFields where !written.contains(field.name) { fields.append(field) }
        if !settings.subprotocols.isEmpty { fields[.secWebSocketProtocol] = settings.subprotocols.joined(separator: ", ") }
        fields[.secWebSocketExtensions] = WebSocketSession.extensionOffer
        // As NIO's upgrade handler writes them.
        fields[.connection] = "upgrade"
        fields[.upgrade] = "websocket"
        fields[.secWebSocketVersion] = "13"
        upgrade.headerFields = fields
        return upgrade
    }

    /// The upgrade's answer as the connection reports it: 101 and the extensions agreed.
    static func upgradeResponseFields(extensions: String) -> HTTPFields {
        var fields: HTTPFields = [.upgrade: "websocket", .connection: "Upgrade"]
        if !extensions.isEmpty { fields[.secWebSocketExtensions] = extensions }
        return fields
    }
}
