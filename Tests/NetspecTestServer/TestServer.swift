internal import NIOCore
internal import NIOHTTP1
internal import NIOPosix
public import NIOSSL

/// A handler for one request: read the ``TestRequest``, answer through the ``TestResponseWriter``.
///
/// Each request runs in its own task; requests on one connection run one after another. The
/// task is cancelled when the connection closes.
public typealias TestHandler = @Sendable (TestRequest, TestResponseWriter) async throws -> Void

/// An HTTP/1.1 server for tests, on the loopback interface, that answers with whatever bytes its
/// handler writes.
///
/// Requests are parsed by SwiftNIO's `HTTPRequestDecoder` (keep-alive, pipelining, chunked
/// bodies, `Expect: 100-continue`). Responses are not encoded by NIO: the handler writes them
/// byte for byte, so malformed, truncated, reset and slow responses are all possible.
///
/// ```swift
/// try await withTestServer(TestHandlers.echo) { server in   // shuts the server down, awaited
///     let url = server.baseURL + "/users?id=1"
/// }
/// ```
public final class TestServer: Sendable {
    private let core: ServerCore
    private let listener: any Channel

    /// The host the server listens on: `127.0.0.1` unless another was given to ``start(host:tls:_:)``.
    public let host: String
    /// The TCP port the operating system assigned.
    public let port: Int
    /// `https` for a server started with `tls: true`, else `http`.
    public let scheme: String

    /// `http://127.0.0.1:PORT` (`https` with TLS; IPv6 hosts in brackets), without a trailing slash.
    public var baseURL: String {
        host.contains(":") ? "\(scheme)://[\(host)]:\(port)" : "\(scheme)://\(host):\(port)"
    }

    /// The number of requests whose head has been received.
    public var requestCount: Int { core.requests.load(ordering: .relaxed) }

    /// The number of TCP connections accepted since start.
    public var connectionCount: Int { core.connectionsAccepted.load(ordering: .relaxed) }

    /// The number of TCP connections open now.
    public var openConnectionCount: Int { core.connectionsOpen.load(ordering: .relaxed) }

    /// The most bytes of one request body read from a socket but not yet taken by its handler.
    ///
    /// Stays around the server's buffer limit (eight socket reads, typically well under 1 MiB)
    /// however large the upload, which tests can assert to show that bodies stream.
    public var peakBufferedRequestBodyBytes: Int { core.peakBufferedBody.load(ordering: .relaxed) }

    private init(core: ServerCore, listener: any Channel, host: String, port: Int, scheme: String) {
        self.scheme = scheme
        self.core = core
        self.listener = listener
        self.host = host
        self.port = port
    }

    deinit {
        // A safety net for a test that forgot `shutdown()`: the shared event loops live forever.
        listener.close(promise: nil)
        for channel in core.beginShutdown() { channel.close(promise: nil) }
    }

    /// Starts a server on `host` at a free port.
    ///
    /// - Parameters:
    ///   - host: A loopback address: `127.0.0.1` (the default) or `::1`.
    ///   - handler: Answers each request.
    /// - Returns: The running server; call ``shutdown()`` when done.
    /// - Throws: The bind error, e.g. when `::1` is not configured.
    public static func start(host: String = "127.0.0.1", tls: Bool = false, _ handler: @escaping TestHandler) async throws -> TestServer {
        try await start(host: host, tlsContext: tls ? try TestTLS.makeServerContext() : nil, handler)
    }

    /// Starts a server on `host` at a free port with the given TLS context (see ``TestTLS/Server``),
    /// or plain HTTP without one.
    public static func start(host: String = "127.0.0.1", tlsContext: NIOSSLContext?, _ handler: @escaping TestHandler) async throws -> TestServer {
        let core = ServerCore(handler: handler)
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.allowRemoteHalfClosure, value: false)
            .childChannelInitializer { channel in
                guard core.connectionOpened(channel) else {
                    return channel.eventLoop.makeFailedFuture(TestServerError.connectionClosed)
                }
                return channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let tlsContext { try pipeline.addHandler(NIOSSLServerHandler(context: tlsContext)) }
                    try pipeline.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
                    try pipeline.addHandler(TestConnectionHandler(core: core, eventLoop: channel.eventLoop))
                }
            }
            .bind(host: host, port: 0)
            .get()
        guard let port = listener.localAddress?.port else {
            try? await listener.close()
            throw TestServerError.connectionClosed
        }
        return TestServer(core: core, listener: listener, host: host, port: port, scheme: tlsContext != nil ? "https" : "http")
    }

    /// `baseURL` followed by `pathAndQuery`, e.g. `server.url("/a?b=1")`.
    public func url(_ pathAndQuery: String) -> String {
        baseURL + pathAndQuery
    }

    /// Stops listening, closes every connection, and waits for running handlers to finish.
    ///
    /// Handlers are cancelled when their connection closes, so a handler that honours
    /// cancellation (as all of ``TestHandlers`` do) cannot hold shutdown up. Calling it twice is harmless.
    public func shutdown() async throws {
        let channels = core.beginShutdown()
        do {
            try await listener.close()
        } catch ChannelError.alreadyClosed {
            // Already shut down.
        }
        for channel in channels {
            try? await channel.close()
            try? await channel.closeFuture.get()
        }
        await core.waitForHandlers()
    }
}
