public import AsyncHTTPClient
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOSSL
import NIOConcurrencyHelpers
import NIOPosix
import NetspecModel

/// The default transport: swift-server/async-http-client, streaming request and response bodies.
///
/// ``shared`` lives for the whole process and needs no shutdown (like `HTTPClient.shared`).
/// A transport you create yourself owns its clients: call ``shutdown()`` when you are done with it.
///
/// Requests are spread over up to four event loops of SwiftNIO's singleton group, each request to
/// the loop with the fewest requests in flight (`LoopBalancer`). Clients are made lazily, one per
/// loop and combination of connect timeout, read timeout, decompression, TLS settings (certificate
/// verification, CA file, version, client certificate, pinned anchors) and proxy, and reused by every request with the same settings, so connections
/// are pooled and kept alive. The loops share the connections allowed per host
/// (``maxConnectionsPerHost``, async-http-client's 8 unless said otherwise): on two cores, 4 each.
/// A request beyond them waits for one to be free.
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// The process-wide transport.
    public static let shared = AsyncHTTPClientTransport(canBeShutDown: false)

    private struct ClientKey: Hashable {
        var connectTimeout: Duration
        var readTimeout: Duration?
        var decompresses: Bool
        /// Trust, version, client certificate and, for a pinned host, the anchors that matched.
        var tls: TLSClientSettings
        /// The index of the client's event loop in `Places.loops`.
        var loop: Int
        /// The proxy of the request's URL (``Provider/Options/Proxy``), `nil` for none: a client
        /// goes through one proxy or none, so a host `no_proxy` lists has a client of its own.
        var proxy: HTTPClient.Configuration.Proxy?
    }

    /// The clients made so far, or `nil` once the transport has been shut down.
    private let clients = NIOLockedValueBox<[ClientKey: HTTPClient]?>([:])
    /// The event loops, taken at the first request: a process that never sends one (a
    /// `netspec call --mock` or `--dry-run`) starts no event loop thread.
    private let placesBox = NIOLockedValueBox<Places?>(nil)
    private let canBeShutDown: Bool
    /// How many connections to one host the transport keeps at most, over all its loops.
    public let maxConnectionsPerHost: Int

    /// The event loops requests are spread over, and which of them each request uses.
    private final class Places: Sendable {
        let loops: [any EventLoop]
        let balancer: NIOLockedValueBox<LoopBalancer>
        /// Connections per host for the client of each loop: the transport's, shared out.
        let connectionsPerLoop: Int

        init(connectionsPerHost: Int) {
            loops = Array(MultiThreadedEventLoopGroup.singleton.makeIterator().prefix(4))
            balancer = NIOLockedValueBox(LoopBalancer(loops: loops.count))
            connectionsPerLoop = (connectionsPerHost + loops.count - 1) / loops.count
        }
    }

    /// Which loop each request uses (the loops are taken now if they were not yet).
    var balancer: NIOLockedValueBox<LoopBalancer> { places.balancer }

    private var places: Places {
        placesBox.withLockedValue { places in
            if let places { return places }
            let made = Places(connectionsPerHost: maxConnectionsPerHost)
            places = made
            return made
        }
    }

    /// Creates a transport with its own clients; call ``shutdown()`` when done.
    ///
    /// - Parameter maxConnectionsPerHost: how many requests to one host may be in flight at
    ///   once (8, as async-http-client's default; a server that makes calls for many clients at
    ///   once, such as `netspec mcp --http`, wants more).
    public convenience init(maxConnectionsPerHost: Int = 8) {
        self.init(canBeShutDown: true, maxConnectionsPerHost: maxConnectionsPerHost)
    }

    private init(canBeShutDown: Bool, maxConnectionsPerHost: Int = 8) {
        precondition(maxConnectionsPerHost > 0, "maxConnectionsPerHost must be positive")
        self.canBeShutDown = canBeShutDown
        self.maxConnectionsPerHost = maxConnectionsPerHost
    }

    /// For a process that sends one request at a time (`netspec call`): SwiftNIO's singleton
    /// event loop group and blocking pool get one thread each, not one per core. Must be called
    /// before anything uses them, and at most once (SwiftNIO stops the process otherwise).
    package static func useOneThreadPerProcess() {
        NIOSingletons.groupLoopCountSuggestion = 1
        NIOSingletons.blockingPoolThreadCountSuggestion = 1
    }

    /// Shuts down every client this transport made. Calls after this fail.
    public func shutdown() async throws {
        precondition(canBeShutDown, "AsyncHTTPClientTransport.shared lives for the whole process and cannot be shut down")
        let all = clients.withLockedValue { clients in
            defer { clients = nil }
            return clients.map { Array($0.values) } ?? []
        }
        for client in all { try await client.shutdown() }
    }

    // MARK: - Sending

    /// Sends a request; returns when the response head has arrived.
    public func send(_ request: PreparedRequest, options: TransportOptions) async throws -> TransportResponse {
        let (client, lease) = try await client(for: options, url: request.url)
        let (response, fields) = try await execute(request, on: client, options: options, deadline: options.deadlineFromNow())
        return TransportResponse(
            status: Int(response.status.code),
            reasonPhrase: response.status.reasonPhrase,
            headerFields: fields,
            body: TransportResponse.Body(source: AsyncHTTPClientBody(body: response.body, url: request.url, options: options, lease: lease))
        )
    }

    /// Sends `request` on `client` before `deadline`: one request, no redirect followed (a call
    /// follows them itself, hop by hop, so that the wire interceptors see each).
    ///
    /// - Throws: ``TransportError``, naming the host.
    func execute(
        _ request: PreparedRequest, on client: HTTPClient, options: TransportOptions, deadline: NIODeadline
    ) async throws(TransportError) -> (HTTPClientResponse, HTTPFields) {
        do {
            let host = TransportErrorMapping.hostAndPort(of: request.url)
            var response = try await Self.execute(on: client, deadline: deadline, timeout: options.timeout, host: host) {
                Self.makeRequest(request, uploadProgress: options.uploadProgress, writingOn: client.eventLoopGroup)
            }
            if options.decompresses, let coding = Self.undecodedContentEncoding(response, method: request.method) {
                throw TransportError(
                    kind: .invalidResponse,
                    message: "the response from \(host) has Content-Encoding '\(coding)', which Netspec does not decode (it decodes one gzip, x-gzip or deflate)"
                )
            }
            // `x-gzip`, which SwiftNIO's decompressor passes through, is decoded here.
            if options.decompresses, LegacyGzipBody.isLegacyGzip(response.headers) {
                response.body = .stream(LegacyGzipBody(base: response.body, host: host))
            }
            return (response, Self.headerFields(response.headers))
        } catch {
            throw await TransportErrorMapping.explained(error, url: request.url, options: options)
        }
    }

    /// The `Content-Encoding` of a response with a body that neither the client's decompressor nor
    /// ``LegacyGzipBody`` decodes, or `nil`. SwiftNIO's decompressor decodes a single `gzip` or
    /// `deflate` (and ``LegacyGzipBody`` a single `x-gzip`) and passes anything else through: a body
    /// in `br` (never asked for: the request accepts gzip and deflate) or in stacked codings
    /// (`gzip, gzip`) would reach the caller still encoded, and be read as bad JSON.
    static func undecodedContentEncoding(_ response: HTTPClientResponse, method: HTTPRequest.Method) -> String? {
        let values = response.headers["Content-Encoding"]
        guard !values.isEmpty, method != .head, response.status != .noContent, response.status != .notModified,
              response.headers.first(name: "Content-Length") != "0" else { return nil }
        let codings = values.flatMap { $0.split(separator: ",") }
            .map { String($0.filter { $0 != " " && $0 != "\t" }).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        if codings.isEmpty { return nil }
        // The decompressor reads the first field's value, whole.
        if codings.count == 1, values.count == 1, ["gzip", "deflate", "x-gzip"].contains(values[0].lowercased()) { return nil }
        return values.joined(separator: ", ")
    }

    /// `client.execute` of the request `make` builds, waiting for a free connection until
    /// `deadline` (the request timeout, `timeout`), as a request in flight does.
    ///
    /// async-http-client gives up on a request waiting for one of the host's connections after
    /// the *connect* timeout (10 s by default) with `getConnectionFromPoolTimeout`, though the
    /// request was never sent and the connections are busy rather than failing to connect. A
    /// request that was never sent is safe to queue again, so it is, until the deadline ends the
    /// wait with the request timeout's own error, naming `host`.
    static func execute(
        on client: HTTPClient, deadline: NIODeadline, timeout: Duration?, host: String, _ make: () -> HTTPClientRequest
    ) async throws -> HTTPClientResponse {
        while true {
            do {
                return try await client.execute(make(), deadline: deadline)
            } catch let error as HTTPClientError where error == .getConnectionFromPoolTimeout && !Task.isCancelled {
                // Past the deadline, the request timed out waiting (the deadline's own timer may
                // not have run yet on a busy loop).
                guard NIODeadline.now() < deadline else { throw TransportError.timedOut(limit: timeout, host: host) }
            }
        }
    }

    /// The client for a set of options on the least busy loop, and the request's lease on that
    /// loop: the request counts as in flight there until the lease is released.
    ///
    /// - Parameter readTimeout: how long a response may go without a byte (whole-response calls
    ///   only: a stream may stay quiet for long).
    ///   - url: the request's URL: an `https` URL to a pinned host has its pins checked here
    ///     (``TLSSettings/connectionSettings(host:port:connectTimeout:proxy:)``), through the request's proxy.
    /// - Throws: ``TransportError`` after ``shutdown()``, for a pin that does not match,
    ///   a TLS file that cannot be read, or a port out of range (``TransportErrorMapping/checkPort(of:)``);
    ///   ``CallError/configuration(_:)`` for a proxy setting that cannot be used (``Provider/Options/Proxy``).
    func client(for options: TransportOptions, url: String, readTimeout: Duration? = nil) async throws -> (HTTPClient, LoopLease) {
        try TransportErrorMapping.checkPort(of: url)
        let proxy = try options.proxy.route(for: url)
        var tls = options.tls.unpinnedSettings
        if !options.tls.pins.isEmpty, let (host, port) = TLSSettings.httpsHostAndPort(of: url) {
            tls = try await options.tls.connectionSettings(
                host: host, port: port, connectTimeout: options.connectTimeout, proxy: options.proxy
            )
        }
        let places = self.places
        let lease = LoopLease(balancer: places.balancer)
        let key = ClientKey(
            connectTimeout: options.connectTimeout, readTimeout: readTimeout, decompresses: options.decompresses, tls: tls, loop: lease.loop,
            proxy: proxy?.clientProxy
        )
        let made = clients.withLockedValue { clients -> Result<HTTPClient, TransportError>? in
            guard clients != nil else { return nil }
            if let client = clients?[key] { return .success(client) }
            do throws(TransportError) {
                let client = try makeClient(key, places: places)
                clients?[key] = client
                return .success(client)
            } catch {
                return .failure(error)
            }
        }
        guard let made else { throw TransportError(kind: .other, message: "the transport has been shut down") }
        let client = try made.get()
        return (client, lease)
    }

    private func makeClient(_ key: ClientKey, places: Places) throws(TransportError) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: TimeAmount(key.connectTimeout), read: key.readTimeout.map { TimeAmount($0) })
        // Redirects are followed by the call, hop by hop (`Service+Call.swift`), never here.
        configuration.redirectConfiguration = .disallow
        // No ratio limit: the response size limit counts decompressed bytes, so memory stays bounded.
        configuration.decompression = key.decompresses ? .enabled(limit: .none) : .disabled
        // Fail at once when a connection is refused, as curl does; a spec's `retry:` retries
        // connection failures when it is wanted, with its backoff.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = places.connectionsPerLoop
        configuration.proxy = key.proxy
        if !key.tls.isDefault {
            configuration.tlsConfiguration = try key.tls.makeConfiguration()
        }
        // A group of the one loop: every connection of this client is on it.
        return HTTPClient(eventLoopGroupProvider: .shared(places.loops[key.loop]), configuration: configuration)
    }

    // MARK: - Conversion

    /// A response's header fields as `HTTPFields`, in order, without those whose names are not tokens.
    static func headerFields(_ headers: HTTPHeaders) -> HTTPFields {
        var fields = HTTPFieldsBuilder(capacity: headers.count)
        for (name, value) in headers { fields.append(name: name, value: value) }
        return fields.fields
    }

    /// The async-http-client request for a prepared request: its method, URL, headers and body
    /// (files and multipart bodies streamed).
    public static func makeRequest(_ request: PreparedRequest) -> HTTPClientRequest {
        makeRequest(request, uploadProgress: nil)
    }

    /// - Parameter group: the event loops the request is written on, which a streamed body waits
    ///   for every MiB (``ByteBufferChunks``).
    static func makeRequest(
        _ request: PreparedRequest, uploadProgress: TransferProgressHandler?,
        writingOn group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) -> HTTPClientRequest {
        // A URL built by a call is valid already; one from elsewhere (a `Link` header's, a
        // redirect's) has only the bytes Foundation would refuse escaped, not whole components.
        var clientRequest = HTTPClientRequest(url: PercentEncoding.escapingInvalidURLBytes(request.url))
        clientRequest.method = HTTPMethod(rawValue: request.method.rawValue)
        clientRequest.headers = HTTPHeaders(request.http1Fields)
        let length = Int64(request.body.contentLength)
        switch request.body {
        case .empty:
            break
        case let .bytes(bytes) where uploadProgress == nil:
            clientRequest.body = .bytes(bytes)
        case let .bytes(bytes):
            // Streamed in chunks, so that the upload can report its progress.
            clientRequest.body = streamed(ByteChunks(bytes: bytes), length: length, progress: uploadProgress, group: group)
        case let .file(path, size):
            clientRequest.body = streamed(MultipartChunks(file: path, size: size), length: length, progress: uploadProgress, group: group)
        case let .fileRange(path, offset, rangeLength):
            clientRequest.body = streamed(
                MultipartChunks(file: path, offset: offset, length: rangeLength), length: length, progress: uploadProgress, group: group
            )
        case let .multipart(body):
            clientRequest.body = streamed(body.chunks(), length: length, progress: uploadProgress, group: group)
        }
        return clientRequest
    }

    private static func streamed<Chunks: AsyncSequence & Sendable>(
        _ chunks: Chunks, length: Int64, progress: TransferProgressHandler?, group: any EventLoopGroup
    ) -> HTTPClientRequest.Body where Chunks.Element == [UInt8] {
        if let progress {
            return .stream(
                ByteBufferChunks(base: ProgressChunks(base: chunks, total: Int(length), handler: progress), group: group), length: .known(length)
            )
        }
        return .stream(ByteBufferChunks(base: chunks, group: group), length: .known(length))
    }
}

/// A response body streamed by async-http-client, with errors mapped to ``TransportError``.
struct AsyncHTTPClientBody: ResponseChunkSource {
    let body: HTTPClientResponse.Body
    let url: String
    let options: TransportOptions
    /// The request's place on its event loop, held for as long as the body can be read.
    let lease: LoopLease

    func makeChunkIterator() -> any ResponseChunkIterator {
        Iterator(base: body.makeAsyncIterator(), url: url, options: options, lease: lease)
    }

    func collect(upTo limit: Int) async throws -> [UInt8] {
        do {
            return try await body.collectBytes(upTo: limit) { _ in }
        } catch let error as TransportError {
            throw error
        } catch {
            throw TransportErrorMapping.map(error, url: url, options: options)
        }
    }

    struct Iterator: ResponseChunkIterator {
        var base: HTTPClientResponse.Body.AsyncIterator
        let url: String
        let options: TransportOptions
        let lease: LoopLease

        mutating func nextChunk() async throws -> [UInt8]? {
            do {
                guard let buffer = try await base.next() else { return nil }
                return Array(buffer.readableBytesView)
            } catch {
                throw TransportErrorMapping.map(error, url: url, options: options)
            }
        }
    }
}

extension HTTPClientResponse.Body {
    /// The whole body, read into one buffer.
    ///
    /// - Parameters:
    ///   - limit: the largest body accepted, in bytes.
    ///   - afterEachChunk: told the number of bytes received so far after each chunk; it may
    ///     throw to stop reading.
    /// - Throws: ``TransportError`` (`responseTooLarge`) past the limit, what `afterEachChunk`
    ///   throws, or async-http-client's error (not mapped).
    func collectBytes(upTo limit: Int, afterEachChunk: (_ received: Int) throws -> Void) async throws -> [UInt8] {
        var buffer = ByteBuffer()
        for try await var chunk in self {
            guard buffer.readableBytes + chunk.readableBytes <= limit else { throw TransportError.responseTooLarge(limit: limit) }
            if buffer.readableBytes == 0 { buffer = chunk } else { buffer.writeBuffer(&chunk) }
            try afterEachChunk(buffer.readableBytes)
        }
        return Array(buffer.readableBytesView)
    }
}

extension TransportOptions {
    /// When ``timeout``, started now, runs out; `distantFuture` without a timeout.
    func deadlineFromNow() -> NIODeadline {
        timeout.map { .now() + TimeAmount($0) } ?? .distantFuture
    }
}
