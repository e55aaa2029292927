import Testing

import Netspec

/// `stream: websocket` in a spec: the settings read, and every mistake positioned.
@Suite struct WebSocketSpecTests {
    @Test func readsTheSettings() throws {
        let spec = try Spec(yaml: """
            netspec: 1
            service: S
            baseURL: https://chat.example
            endpoints:
              chat:
                GET: /rooms/{room}
                params: { room: String }
                stream: websocket
                subprotocols: [chat.v1, chat.v2]
                messages: json
                send: "(text: String)"
                receive: Message
                keyPath: data
                until: bye
                ping: 2.5
                mock: { messages: [{ data: { text: hi } }] }
              raw:
                GET: /raw
                stream: websocket
                messages: binary
            """, file: "ws.yaml")
        let chat = try #require(spec.endpoints.first { $0.name == "chat" })
        #expect(chat.stream == .webSocket)
        #expect(chat.webSocket == .init(messages: .json, subprotocols: ["chat.v1", "chat.v2"], sendType: .tuple([.init(label: "text", type: .string)]), receiveType: .model("Message"), pingInterval: 2.5))
        #expect(chat.until == "bye")
        #expect(chat.mock?.messages == [["data": ["text": "hi"]]])
        #expect(spec.endpoints.first { $0.name == "raw" }?.webSocket?.messages == .binary)
    }

    @Test(arguments: [
        ("POST: /s\n    stream: websocket", "p.yaml:7:13: error: endpoint 'e': a WebSocket is opened with GET (the upgrade request), but the method is POST"),
        ("GET: /s\n    messages: json", "p.yaml:7:5: error: endpoint 'e': 'messages' applies only to 'stream: websocket' endpoints"),
        ("GET: /s\n    stream: sse\n    ping: 5", "p.yaml:8:5: error: endpoint 'e': 'ping' applies only to 'stream: websocket' endpoints"),
        ("GET: /s\n    stream: websocket\n    messages: xml", "p.yaml:8:15: error: endpoint 'e': unknown message kind 'xml' (one of: json, text, binary)"),
        ("GET: /s\n    stream: websocket\n    messages: text\n    send: String", "p.yaml:9:11: error: endpoint 'e': 'send' gives the type of JSON messages, but the endpoint's messages are text"),
        ("GET: /s\n    stream: websocket\n    receive: '[Strin'", "p.yaml:8:16: error: endpoint 'e': 'receive': unknown type 'Strin' (did you mean 'String'?)"),
        ("GET: /s\n    stream: websocket\n    subprotocols: [a b]", "p.yaml:8:20: error: endpoint 'e': subprotocol 'a b' is not a token (letters, digits and !#$%&'*+-.^_`|~)"),
        ("GET: /s\n    stream: websocket\n    subprotocols: [a, a]", "p.yaml:8:23: error: endpoint 'e': subprotocol 'a' is listed twice"),
        ("GET: /s\n    stream: websocket\n    ping: 0", "p.yaml:8:11: error: endpoint 'e': 'ping' must be a positive number of seconds, at most 1000000000 (about 31 years), found 0"),
        ("GET: /s\n    stream: websocket\n    ping: 1e300", "p.yaml:8:11: error: endpoint 'e': 'ping' must be a positive number of seconds, at most 1000000000 (about 31 years), found 1e300"),
        ("GET: /s\n    stream: websocket\n    params: { text: { type: String, in: body } }", "p.yaml:8:15: error: endpoint 'e': parameter 'text' is 'in: body', but a WebSocket's upgrade request has no body (use path, query or header, and send messages once connected)"),
        ("GET: /s\n    stream: websocket\n    mock: { body: hi }", "p.yaml:8:11: error: endpoint 'e': mock: a WebSocket's mock needs 'messages': the list of messages it receives\np.yaml:8:13: error: endpoint 'e': mock: 'body' does not apply to a WebSocket; give 'messages', the messages it receives"),
        ("GET: /s\n    stream: websocket\n    mock: { messages: hi }", "p.yaml:8:23: error: endpoint 'e': mock: 'messages' must be a list, found the string 'hi'"),
        ("GET: /s\n    mock: { messages: [1] }", "p.yaml:7:13: error: endpoint 'e': mock: 'messages' applies only to 'stream: websocket' endpoints"),
        ("GET: /s\n    stream: websocket\n    returns: String", "p.yaml:8:14: error: endpoint 'e': 'returns' does not apply to stream endpoints (each event is read as it arrives)"),
    ])
    func mistakesArePositioned(lines: String, message: String) throws {
        let yaml = """
            netspec: 1
            service: S
            baseURL: https://chat.example
            endpoints:
              e:
                \(lines)
            """
        let error = #expect(throws: SpecError.self) { try Spec(yaml: yaml, file: "p.yaml") }
        #expect(error?.description == message)
    }
}

import NetspecMock

/// `netspec mock` does not serve WebSockets: it names them, and serves the rest.
@Suite struct WebSocketMockServerTests {
    @Test func webSocketEndpointsAreSkippedByName() throws {
        let spec = try Spec(yaml: """
            netspec: 1
            service: S
            endpoints:
              chat: { GET: /chat, stream: websocket }
              ping: { GET: /ping }
            """, file: "m.yaml")
        #expect(MockServer(spec: spec).webSocketEndpoints == ["chat"])
        #expect(MockServer(spec: spec).unroutableEndpoints == [])
    }
}
