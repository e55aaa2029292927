import Netspec

/// The spec the WebSocket tests call, against a server at `baseURL`.
enum WebSocketSpecs {
    /// A connect time limit the suite's start-up load on two cores cannot reach: in one clean-clone
    /// run every upgrade of WebSocketHummingbirdTests timed out at the 10 s default, as its tests
    /// start together with everything else. No test here is about that limit.
    static let patient = Provider.Options(timeouts: .init(connect: .seconds(120)), usesEnvironment: false)

    static func service(_ baseURL: String, variables: [String: String] = ["TOKEN": "t0ken"], options: Provider.Options = patient) throws -> Service {
        Service(spec: try Spec(yaml: yaml(baseURL), file: "ws.yaml"), provider: Provider(variables: variables, options: options))
    }

    static func yaml(_ baseURL: String) -> String {
        """
        netspec: 1
        service: Sockets
        baseURL: \(baseURL)
        endpoints:
          echo:
            GET: /echo
            stream: websocket
            params: { parts: Int? }
          echoText:
            GET: /echo
            stream: websocket
            messages: text
            params: { parts: Int? }
          echoBinary:
            GET: /echo
            stream: websocket
            messages: binary
            params: { parts: Int? }
          typed:
            GET: /echo
            stream: websocket
            send: "(text: String)"
            receive: String
            keyPath: text
          headers:
            GET: /headers
            stream: websocket
            subprotocols: [chat.v1, chat.v2]
            auth: { bearer: "${TOKEN}" }
            params:
              room: { type: String, in: header, name: X-Room }
              since: Int?
          feed:
            GET: /feed
            stream: websocket
            until: "[DONE]"
            params: { count: Int }
          closes:
            GET: /close4000
            stream: websocket
          big:
            GET: /big
            stream: websocket
            messages: binary
            params: { n: Int }
          missing:
            GET: /nowhere
            stream: websocket
          mocked:
            GET: /echo
            stream: websocket
            keyPath: text
            mock: { messages: [{ text: one }, { text: two }] }
        """
    }
}
