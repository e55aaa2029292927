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
            let context = InterceptorContext(endpoint: endpoint, service: self, transportOptions: options, callOptions: callOptions)
            let chains = chains(for: endpoint)
            let chain = interceptorChain(chains.outer[...] + chains.wire, context: context) { request in
                let attempt = WebSocketSession(codec: codec, pingInterval: settings.pingInterval)
                let url = Self.webSocketURL(request.url)
                let tls = try await webSocketTLSConfiguration(url: url, options: options)
                try await attempt.connect(url: url, headers: Self.clientHeaders(request.headerFields), tls: tls, maxMessageSize: maxMessageSize, options: options)
                opened.withLock { $0 = attempt }
                return TransportResponse(status: 101, reasonPhrase: "Switching Protocols", headerFields: Self.upgradeResponseFields(extensions: attempt.extensions))
            }
            head = try await chain(Self.upgradeRequest(request, settings: settings))
            guard let attempt = opened.withLock({ $0 }) else {
                // An interceptor answered without connecting (a cached or made-up response).
                throw TransportError(kind: .invalidResponse, message: "\(request.url): the upgrade to a WebSocket was answered with \(head.status), not 101")
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

    /// The request as the upgrade sends it, so interceptors and `-v` show its own headers too
    /// (`Sec-WebSocket-Key` is made by the client as it connects).
    static func upgradeRequest(_ request: PreparedRequest, settings: WebSocketSettings) -> PreparedRequest {
        var upgrade = request
        var fields = request.headerFields
        fields[.acceptEncoding] = nil
        fields[.connection] = "Upgrade"
        fields[.upgrade] = "websocket"
        fields[.secWebSocketVersion] = "13"
        if !settings.subprotocols.isEmpty { fields[.secWebSocketProtocol] = settings.subprotocols.joined(separator: ", ") }
        fields[.secWebSocketExtensions] = "permessage-deflate; client_max_window_bits"
        upgrade.headerFields = fields
        return upgrade
    }

    /// The headers handed to the connection, without those it writes itself.
    static func clientHeaders(_ fields: HTTPFields) -> HTTPFields {
        var headers = fields
        for name: HTTPField.Name in [.connection, .upgrade, .secWebSocketVersion, .secWebSocketKey, .secWebSocketExtensions, HTTPField.Name("Host")!, .contentLength, .acceptEncoding] {
            headers[name] = nil
        }
        return headers
    }

    /// The upgrade's answer as the connection reports it: 101 and the extensions agreed.
    static func upgradeResponseFields(extensions: String) -> HTTPFields {
        var fields: HTTPFields = [.upgrade: "websocket", .connection: "Upgrade"]
        if !extensions.isEmpty { fields[.secWebSocketExtensions] = extensions }
        return fields
    }
}
