import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NetspecTestServer
import Testing

@testable import Netspec

/// HTTP calls go through the proxy the environment names (`Provider.Options.Proxy`), as curl's
/// do: a `CONNECT` tunnel with the value's credentials as `Proxy-Authorization`, a refusal said
/// with the proxy and the variable, a value that cannot be used a configuration error before
/// anything is sent, and a host `no_proxy` lists reached directly. They ignored the variables.
/// The proxy is a real one on 127.0.0.1 (``RecordingProxy``); the variables are injected.
@Suite(.timeLimit(.minutes(1)))
struct ProxyTransportTests {
    static let spec = "netspec: 1\nservice: S\nendpoints:\n  e: { GET: /e }\n"

    /// `e` called on `baseURL` with the proxy variables `variables`.
    static func call(_ baseURL: String, _ variables: [String: String]) async -> Result<Response, CallError> {
        var options = Provider.Options(usesEnvironment: false)
        options.proxy = .environment(variables)
        do {
            let api = Service(spec: try Spec(yaml: spec), provider: Provider(baseURL: baseURL, options: options))
            return .success(try await api.call("e"))
        } catch let error as CallError {
            return .failure(error)
        } catch {
            return .failure(.transport(TransportError(kind: .other, message: "\(error)")))
        }
    }

    /// The body's text, or the error's.
    static func text(_ result: Result<Response, CallError>) -> String? {
        switch result {
        case let .success(response): response.text
        case let .failure(error): "\(error)"
        }
    }

    @Test func anHTTPCallGoesThroughTheProxysTunnelWithItsCredentials() async throws {
        let proxy = try await RecordingProxy.start(.tunnelAsOrigin)
        // A host that does not resolve: only the proxy can have answered.
        let result = await Self.call("http://api.example.invalid:8080", ["http_proxy": "ada:p%40ss@127.0.0.1:\(proxy.port)"])
        try await proxy.shutdown()
        #expect(Self.text(result) == #"{"proxied":true}"#)
        let heads = proxy.heads()
        // async-http-client asks an HTTP proxy for a tunnel for http URLs too; base64 of "ada:p@ss".
        #expect(heads.first == ["CONNECT api.example.invalid:8080 HTTP/1.1", "host: api.example.invalid", "proxy-authorization: Basic YWRhOnBAc3M="])
        // The request in the tunnel, as to the server itself.
        #expect(heads.dropFirst().map { [$0[0]] + $0.filter { $0.lowercased().hasPrefix("host:") } } == [["GET /e HTTP/1.1", "host: api.example.invalid:8080"]])
    }

    @Test func anHTTPSCallAsksForATunnelAndAProxysRefusalIsSaid() async throws {
        let proxy = try await RecordingProxy.start(.answer("403 Forbidden"))
        let result = await Self.call("https://api.example.invalid:8443/v1", ["https_proxy": "http://127.0.0.1:\(proxy.port)"])
        try await proxy.shutdown()
        #expect(proxy.heads() == [["CONNECT api.example.invalid:8443 HTTP/1.1", "host: api.example.invalid"]])
        guard case let .failure(.transport(error)) = result else {
            Issue.record("expected a transport error, got \(result)")
            return
        }
        #expect(error.kind == .connect)
        #expect(error.message == "the proxy 127.0.0.1:\(proxy.port) (https_proxy) refused to tunnel to api.example.invalid:8443: its answer to CONNECT api.example.invalid:8443 was not 2xx")
    }

    @Test func aProxyAskingForCredentialsSaysWhereToGiveThem() async throws {
        let proxy = try await RecordingProxy.start(.answer("407 Proxy Authentication Required"))
        let result = await Self.call("https://api.example.invalid", ["HTTPS_PROXY": "127.0.0.1:\(proxy.port)"])
        try await proxy.shutdown()
        #expect(proxy.heads() == [["CONNECT api.example.invalid:443 HTTP/1.1", "host: api.example.invalid"]])
        guard case let .failure(.transport(error)) = result else {
            Issue.record("expected a transport error, got \(result)")
            return
        }
        #expect(error.message == """
            the proxy 127.0.0.1:\(proxy.port) (HTTPS_PROXY) asks for credentials (407 Proxy Authentication Required) to tunnel to api.example.invalid:443: \
            give them in HTTPS_PROXY as http://user:password@127.0.0.1:\(proxy.port)
            """)
    }

    @Test func aProxyThatCannotBeReachedIsNamed() async throws {
        let proxy = try await RecordingProxy.start(.answer("403 Forbidden"))
        let port = proxy.port
        try await proxy.shutdown()
        let result = await Self.call("https://api.example.invalid", ["https_proxy": "http://127.0.0.1:\(port)"])
        guard case let .failure(.transport(error)) = result else {
            Issue.record("expected a transport error, got \(result)")
            return
        }
        #expect(error.message == "cannot connect to the proxy 127.0.0.1:\(port) (https_proxy): connection refused")
    }

    @Test func aValueThatCannotBeUsedFailsTheCallBeforeAnythingIsSent() async throws {
        try await withTestServer(TestHandlers.json(body: "{}")) { server in
            let result = await Self.call(server.baseURL, ["http_proxy": "socks4://ada:secret@127.0.0.1:1080"])
            guard case let .failure(.configuration(problem)) = result else {
                Issue.record("expected a configuration error, got \(result)")
                return
            }
            #expect(problem.reason == .setup)
            #expect(problem.endpoint == "e")
            #expect(problem.description == "endpoint 'e': http_proxy 'socks4://<redacted>@127.0.0.1:1080' cannot be used: socks4:// proxies are not supported (use http://, socks5:// or socks5h://)")
            #expect(server.requestCount == 0)
        }
    }

    /// Loopback goes through the proxy as with curl, unless `no_proxy` lists it; a host it lists
    /// is reached directly by the same transport (a client without a proxy).
    @Test func noProxyListsTheHostsReachedDirectly() async throws {
        let proxy = try await RecordingProxy.start(.tunnelAsOrigin)
        try await withTestServer(TestHandlers.json(body: #"{"direct":true}"#)) { server in
            let variables = ["http_proxy": "127.0.0.1:\(proxy.port)"]
            let proxied = await Self.call(server.baseURL, variables)
            #expect(Self.text(proxied) == #"{"proxied":true}"#)
            let direct = await Self.call(server.baseURL, variables.merging(["no_proxy": "example.com, 127.0.0.1"]) { $1 })
            #expect(Self.text(direct) == #"{"direct":true}"#)
            #expect(server.requestCount == 1)
            #expect(proxy.heads().map { $0[0] } == ["CONNECT 127.0.0.1:\(server.port) HTTP/1.1", "GET /e HTTP/1.1"])
        }
        try await proxy.shutdown()
    }

    /// A SOCKS 5 proxy is asked for the host by name (`socks5h`; async-http-client does so for
    /// `socks5` too), and the request goes through it as to the server.
    @Test(arguments: ["socks5h", "socks5"])
    func aSOCKS5ProxyIsAskedForTheConnection(scheme: String) async throws {
        let proxy = try await RecordingProxy.start(.socksAsOrigin)
        let result = await Self.call("http://api.example.invalid", ["http_proxy": "\(scheme)://127.0.0.1:\(proxy.port)"])
        try await proxy.shutdown()
        #expect(Self.text(result) == #"{"proxied":true}"#)
        // SOCKS 5's greeting: version 5, one method, "no authentication".
        #expect(proxy.firstBytes() == [5, 1, 0])
        #expect(proxy.heads().map { $0[0] } == ["SOCKS5 CONNECT api.example.invalid:80", "GET /e HTTP/1.1"])
    }

    /// A WebSocket goes through a SOCKS 5 proxy as HTTP calls do (it was refused): the proxy is
    /// asked for the host by name, which does not resolve here, and relays to the server.
    @Test func aWebSocketGoesThroughASOCKS5Proxy() async throws {
        try await WebSocketTestServer.with { port in
            let proxy = try await RecordingProxy.start(.socksRelay(to: port))
            var options = Provider.Options(usesEnvironment: false)
            options.proxy = .environment(["all_proxy": "socks5h://127.0.0.1:\(proxy.port)"])
            let spec = try Spec(yaml: "netspec: 1\nservice: S\nendpoints:\n  echo: { GET: /echo, stream: websocket }\n")
            let api = Service(spec: spec, provider: Provider(baseURL: "http://ws.example.invalid:\(port)", options: options))
            var values: [JSONValue] = []
            do {
                let socket = try await api.connect("echo")
                try await socket.send(["n": 1])
                for try await message in try socket.messages {
                    values.append(message.value)
                    break
                }
                await socket.close()
            } catch {
                Issue.record("\(error)")
            }
            try await proxy.shutdown()
            #expect(values == [["n": 1]])
            #expect(proxy.heads() == [["SOCKS5 CONNECT ws.example.invalid:\(port)"]])
        }
    }

    /// A pinned host's pins are checked over a handshake of their own, which goes through the
    /// proxy as the request does (it went directly), an HTTP proxy's tunnel or a SOCKS 5 proxy's.
    /// The URL's port has nothing listening: the proxy relays it to the server, so only a
    /// connection through the proxy reaches it.
    @Test(arguments: ["http", "socks5"])
    func aPinnedHostsCheckGoesThroughTheProxy(scheme: String) async throws {
        let pki = try await TestPKI.make()
        let pin = try TLSSettings.Pin(try await pki.certificatePin("ca"))
        let closed = try await RecordingProxy.start(.answer("403 Forbidden"))
        let unused = closed.port
        try await closed.shutdown()
        let server = try await TestServer.start(tlsContext: try pki.serverContext(), TestHandlers.json(body: #"{"pinned":true}"#))
        let proxy = try await RecordingProxy.start(scheme == "http" ? .relay(to: server.port) : .socksRelay(to: server.port))
        var options = Provider.Options(tls: TLSSettings(caFile: pki.path("ca.pem"), pins: ["127.0.0.1": [pin]]), usesEnvironment: false)
        options.proxy = .environment(["https_proxy": scheme == "http" ? "http://ada:pw@127.0.0.1:\(proxy.port)" : "socks5://127.0.0.1:\(proxy.port)"])
        let api = Service(spec: try Spec(yaml: Self.spec), provider: Provider(baseURL: "https://127.0.0.1:\(unused)", options: options))
        let result: String
        do { result = try await api.call("e").text ?? "" } catch { result = "\(error)" }
        try await proxy.shutdown()
        try await server.shutdown()
        #expect(result == #"{"pinned":true}"#)
        // The check's tunnel (Host with the port), then the request's (async-http-client's, without); base64 of "ada:pw".
        #expect(proxy.heads() == (scheme == "http" ? [
            ["CONNECT 127.0.0.1:\(unused) HTTP/1.1", "Host: 127.0.0.1:\(unused)", "Proxy-Authorization: Basic YWRhOnB3"],
            ["CONNECT 127.0.0.1:\(unused) HTTP/1.1", "host: 127.0.0.1", "proxy-authorization: Basic YWRhOnB3"],
        ] : [["SOCKS5 CONNECT 127.0.0.1:\(unused)"], ["SOCKS5 CONNECT 127.0.0.1:\(unused)"]]))
    }
}

/// An HTTP proxy on 127.0.0.1 that records each request head it reads (its lines) and the first
/// bytes of each connection; a `CONNECT` gets the status of ``Answer/answer(_:)`` and the
/// connection closes, or with ``Answer/tunnelAsOrigin`` a 200, after which the proxy answers the
/// tunnelled requests itself with `{"proxied":true}`; with ``Answer/socksAsOrigin`` it is a
/// SOCKS 5 proxy that records the target asked for (`SOCKS5 CONNECT host:port`) and then answers so;
/// with ``Answer/relay(to:)`` it answers a `CONNECT` with 200 and relays the tunnel to that port
/// of 127.0.0.1, whatever the target, and with ``Answer/socksRelay(to:)`` it does so as a SOCKS 5 proxy.
final class RecordingProxy: Sendable {
    enum Answer: Sendable {
        case answer(String)
        case tunnelAsOrigin
        case socksAsOrigin
        case relay(to: Int)
        case socksRelay(to: Int)
    }

    let port: Int
    private let channel: any Channel
    private let recorded: NIOLockedValueBox<(heads: [[String]], firstBytes: [[UInt8]])>

    private init(port: Int, channel: any Channel, recorded: NIOLockedValueBox<(heads: [[String]], firstBytes: [[UInt8]])>) {
        self.port = port
        self.channel = channel
        self.recorded = recorded
    }

    static func start(_ answer: Answer) async throws -> RecordingProxy {
        let recorded = NIOLockedValueBox<(heads: [[String]], firstBytes: [[UInt8]])>(([], []))
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Handler(answer: answer, recorded: recorded)) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return RecordingProxy(port: channel.localAddress?.port ?? 0, channel: channel, recorded: recorded)
    }

    func heads() -> [[String]] { recorded.withLockedValue { $0.heads } }

    func firstBytes() -> [UInt8] { recorded.withLockedValue { $0.firstBytes.first.map { Array($0.prefix(3)) } ?? [] } }

    func shutdown() async throws { try await channel.close() }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let answer: Answer
        let recorded: NIOLockedValueBox<(heads: [[String]], firstBytes: [[UInt8]])>
        private var bytes: [UInt8] = []
        private var first = true
        /// The SOCKS exchange: 0 before the greeting, 1 before the request, 2 once connected.
        private var socks = 0
        /// With ``Answer/relay(to:)``: the connection to the server once made, and whether it is being made.
        private var peer: (any Channel)?
        private var connecting = false

        /// Reads the CONNECT's head, connects to `port`, answers 200 and relays what came after the
        /// head and all that follows.
        private func relay(to port: Int, context: ChannelHandlerContext) {
            guard !connecting, let end = bytes.indices.dropLast(3).first(where: { bytes[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }) else { return }
            connecting = true
            recorded.withLockedValue { $0.heads.append(String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n").map(String.init)) }
            bytes.removeFirst(end + 4)
            connectPeer(port: port, answer: "HTTP/1.1 200 Connection Established\r\n\r\n", context: context)
        }

        /// Connects to `port` of 127.0.0.1, writes `answer` (if any), and relays the bytes kept and all that follow.
        private func connectPeer(port: Int, answer: String?, context: ChannelHandlerContext) {
            let client = context.channel
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            ClientBootstrap(group: context.eventLoop)
                .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(RelayHandler(to: client)) } }
                .connect(host: "127.0.0.1", port: port)
                .whenComplete { result in
                    let (handler, context) = bound.value
                    guard case let .success(channel) = result else { return context.close(promise: nil) }
                    if let answer { context.writeAndFlush(handler.wrapOutboundOut(context.channel.allocator.buffer(string: answer)), promise: nil) }
                    handler.peer = channel
                    if !handler.bytes.isEmpty { channel.writeAndFlush(channel.allocator.buffer(bytes: handler.bytes), promise: nil) }
                    handler.bytes = []
                }
        }

        func channelInactive(context: ChannelHandlerContext) {
            peer?.close(promise: nil)
            context.fireChannelInactive()
        }

        init(answer: Answer, recorded: NIOLockedValueBox<(heads: [[String]], firstBytes: [[UInt8]])>) {
            self.answer = answer
            self.recorded = recorded
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            if first {
                first = false
                recorded.withLockedValue { $0.firstBytes.append(Array(buffer.readableBytesView)) }
            }
            if let peer {
                peer.writeAndFlush(buffer, promise: nil)
                return
            }
            bytes += buffer.readableBytesView
            if case let .relay(port) = answer {
                relay(to: port, context: context)
                return
            }
            if case let .socksRelay(port) = answer {
                guard !connecting, readSOCKS(context: context) else { return }
                connecting = true
                connectPeer(port: port, answer: nil, context: context)
                return
            }
            if case .socksAsOrigin = answer, socks < 2, !readSOCKS(context: context) { return }
            while let end = bytes.indices.dropLast(3).first(where: { bytes[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }) {
                let lines = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n").map(String.init)
                bytes.removeFirst(end + 4)
                recorded.withLockedValue { $0.heads.append(lines) }
                respond(to: lines.first ?? "", context: context)
            }
            if case .answer = answer, !bytes.isEmpty, bytes.first != UInt8(ascii: "C") { context.close(promise: nil) }
        }

        /// Reads the SOCKS 5 greeting and request in `bytes` and answers them; false while more are needed.
        private func readSOCKS(context: ChannelHandlerContext) -> Bool {
            if socks == 0 {
                guard bytes.count >= 2, bytes.count >= 2 + Int(bytes[1]) else { return false }
                bytes.removeFirst(2 + Int(bytes[1]))
                context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: [5, 0])), promise: nil)
                socks = 1
            }
            // VER CMD RSV ATYP, then a name (its length first) or an IPv4 address, then the port.
            guard bytes.count >= 5 else { return false }
            let isName = bytes[3] == 3
            let hostLength = isName ? 1 + Int(bytes[4]) : 4
            guard bytes.count >= 4 + hostLength + 2 else { return false }
            let host = isName ? String(decoding: bytes[5..<4 + hostLength], as: UTF8.self) : bytes[4..<8].map(String.init).joined(separator: ".")
            let port = Int(bytes[4 + hostLength]) << 8 | Int(bytes[5 + hostLength])
            bytes.removeFirst(4 + hostLength + 2)
            recorded.withLockedValue { $0.heads.append(["SOCKS5 CONNECT \(host):\(port)"]) }
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: [5, 0, 0, 1, 0, 0, 0, 0, 0, 0])), promise: nil)
            socks = 2
            return true
        }

        private func respond(to line: String, context: ChannelHandlerContext) {
            let out: String
            switch (answer, line.hasPrefix("CONNECT ")) {
            case let (.answer(status), _):
                out = "HTTP/1.1 \(status)\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
            case (.tunnelAsOrigin, true):
                out = "HTTP/1.1 200 Connection Established\r\n\r\n"
            case (.tunnelAsOrigin, false), (.socksAsOrigin, _), (.relay, _), (.socksRelay, _):
                let body = #"{"proxied":true}"#
                out = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: \(body.utf8.count)\r\n\r\n\(body)"
            }
            let write = context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: out)))
            if case .answer = answer {
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                write.whenComplete { _ in bound.value.close(promise: nil) }
            }
        }
    }
}
