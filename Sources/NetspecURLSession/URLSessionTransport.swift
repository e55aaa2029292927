#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif
public import Netspec
import HTTPTypes
import NIOConcurrencyHelpers

/// A transport over `URLSession`: the stack apps on Apple platforms use, with the system's
/// proxies, VPNs and trust, the session's `URLCache` and cookie storage, and its configuration
/// (`URLSessionConfiguration`) in your hands. On Linux it runs on FoundationNetworking (libcurl).
/// The configuration decides caching and cookies (`URLCache.shared` and the shared cookie
/// storage by default): with ``Provider/Options/cache`` set too, set `urlCache` to `nil`, so that
/// a response is not cached twice.
///
/// ```swift
/// let provider = Provider(baseURL: "https://api.example.com", transport: .urlSession)
/// ```
///
/// It keeps the ``HTTPTransport`` contract as ``AsyncHTTPClientTransport`` does:
///
/// - ``send(_:options:)`` returns once the response head has arrived; the body streams chunk by
///   chunk as the session's delegate receives it (on Apple platforms and on Linux alike; Linux's
///   FoundationNetworking has no `URLSession.bytes(for:)`, so the delegate is used everywhere).
/// - `options.timeout` limits the wait for the head (``fetch(_:options:maxResponseSize:)``
///   limits the whole response); URLSession has no limit for connecting alone, so
///   `options.connectTimeout` is not applied: the request's limit covers connecting.
/// - Cancelling the calling task, or dropping a streamed body unread, cancels the session's task,
///   which closes its connection.
/// - No redirect is followed: the session's delegate refuses them, and the 3xx response is the
///   answer, so the call's own redirect rule ([docs/cli.md]) is the only one.
/// - `options.uploadProgress` is told as the body is sent.
/// - Errors are ``TransportError``s in Netspec's words, naming the host; a certificate the system
///   rejects is explained by Netspec's own check of the chain, as the default transport does.
/// - `options.proxy` (`Provider.Options.proxy`) is followed. On Apple platforms `.url(_:noProxy:)`
///   and `.direct` go through a session of the transport's own, made from its configuration, whose
///   `connectionProxyDictionary` names the URL's proxy or none; `.environment` keeps the
///   configuration's proxies (the system's). On Linux, FoundationNetworking's libcurl reads only
///   the proxy environment variables: a request whose setting libcurl would not follow fails
///   with ``CallError/configuration(_:)`` before anything is sent.
///
/// What URLSession does not let a transport choose is refused, not ignored: a request to an
/// `https` URL whose ``TLSSettings`` ask for a CA file or folder, a client certificate, pins, a
/// lowest TLS version or no verification fails with a ``TransportError`` of kind `tls` saying
/// so, before anything is sent (the system's trust decides; use ``AsyncHTTPClientTransport`` for
/// these). URLSession always decompresses gzip and deflate bodies (`options.decompresses` cannot
/// turn it off), joins repeated response header fields into one line (`a, b`), and does not keep
/// their order.
public final class URLSessionTransport: HTTPTransport {
    /// A process-wide transport over a session with the default configuration.
    public static let shared = URLSessionTransport()

    /// The session requests are sent through. Its delegate is the transport's: make the
    /// transport with the configuration you want rather than a session of your own.
    public let session: URLSession
    private let router: URLSessionRouter
    /// The sessions of requests whose `Provider.Options.proxy` names a proxy, or none, in a
    /// `connectionProxyDictionary` (Apple platforms): one per proxy, made from `session`'s configuration.
    private let proxySessions = NIOLockedValueBox<[URLSessionProxy.Key?: (session: URLSession, router: URLSessionRouter)]>([:])
    /// The proxy variables FoundationNetworking's libcurl reads on Linux: the process's.
    let libcurlEnvironment: Provider.Options.Proxy

    /// Creates a transport with a session of its own, made with `configuration`.
    ///
    /// - Parameter configuration: the session's configuration: proxies, cache (`urlCache`,
    ///   `requestCachePolicy`), cookies, extra headers, connections per host. Its timeouts are
    ///   not used for calls: each request gets the call's limits.
    public convenience init(configuration: URLSessionConfiguration = .default) {
        self.init(configuration: configuration, libcurlEnvironment: .environment)
    }

    /// A transport whose libcurl is taken to read `libcurlEnvironment` (for tests, which set
    /// no environment variable another test could see).
    package init(configuration: URLSessionConfiguration, libcurlEnvironment: Provider.Options.Proxy) {
        self.libcurlEnvironment = libcurlEnvironment
        let router = URLSessionRouter()
        self.router = router
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: Self.delegateQueue())
    }

    deinit {
        session.invalidateAndCancel()
        for made in proxySessions.withLockedValue({ Array($0.values) }) { made.session.invalidateAndCancel() }
    }

    /// The session a request to `url` goes through: its own, or one whose proxy dictionary
    /// follows `options.proxy` ([URLSessionProxy]).
    ///
    /// - Throws: ``CallError/configuration(_:)`` for a proxy setting URLSession cannot follow.
    func session(for url: String, options: TransportOptions) throws(CallError) -> (session: URLSession, router: URLSessionRouter) {
        guard case let .dictionary(key) = try URLSessionProxy.choice(for: url, options: options, environment: libcurlEnvironment) else {
            return (session, router)
        }
        return proxySession(key)
    }

    /// The session whose `connectionProxyDictionary` names `key`'s proxy (none for `nil`), made
    /// at its first request, with a delegate of its own (task identifiers are a session's own).
    func proxySession(_ key: URLSessionProxy.Key?) -> (session: URLSession, router: URLSessionRouter) {
        proxySessions.withLockedValue { sessions in
            if let made = sessions[key] { return made }
            let configuration = session.configuration
            configuration.connectionProxyDictionary = URLSessionProxy.dictionary(key)
            let router = URLSessionRouter()
            let made = (URLSession(configuration: configuration, delegate: router, delegateQueue: Self.delegateQueue()), router)
            sessions[key] = made
            return made
        }
    }

    /// A queue for a session's delegate: one event at a time.
    private static func delegateQueue() -> OperationQueue {
        let queue = OperationQueue()
        queue.name = "NetspecURLSession"
        queue.maxConcurrentOperationCount = 1
        return queue
    }

    /// Sends a request; returns when the response head has arrived, with the body streaming.
    ///
    /// - Throws: ``TransportError``: no connection, a TLS failure, the timeout, cancellation, or
    ///   TLS settings URLSession cannot apply; ``CallError/configuration(_:)`` for a proxy setting
    ///   that cannot be used, or that URLSession cannot follow on this platform.
    public func send(_ request: PreparedRequest, options: TransportOptions) async throws -> TransportResponse {
        try Self.checkTLS(of: request.url, options: options)
        let (session, router) = try session(for: request.url, options: options)
        let upload = try await URLSessionUpload.make(for: request)
        let exchange = URLSessionExchange(
            url: request.url, options: options, stagedFile: upload.stagedFile, uploadLength: request.body.contentLength
        )
        let task: URLSessionTask = switch upload.file {
        case let file?: session.uploadTask(with: upload.request, fromFile: file)
        case nil: session.dataTask(with: upload.request)
        }
        router.register(exchange, for: task)
        let head = try await Deadline.run(options.timeout, host: TransportErrorMapping.hostAndPort(of: request.url)) { try await exchange.head(startingTask: task) }
        return TransportResponse(status: head.status, headerFields: head.headerFields, body: TransportResponse.Body(exchange.body(of: task)))
    }

    /// Fails for an `https` request whose TLS settings ask for what URLSession cannot do.
    static func checkTLS(of url: String, options: TransportOptions) throws(TransportError) {
        let tls = options.tls
        guard url.lowercased().hasPrefix("https:") else { return }
        let host = TransportErrorMapping.hostAndPort(of: url)
        let hostName = host.hasPrefix("[") ? String(host.dropFirst().prefix { $0 != "]" }) : String(host.prefix { $0 != ":" })
        var asked: [String] = []
        if tls.caFile != nil { asked.append("a CA file") }
        if tls.caDirectory != nil { asked.append("a CA folder") }
        if tls.clientCertificate != nil { asked.append("a client certificate") }
        if tls.pins(for: hostName) != nil { asked.append("pins") }
        if tls.minimumVersion != nil { asked.append("a lowest TLS version") }
        if !tls.verifiesCertificates { asked.append("no certificate verification") }
        guard !asked.isEmpty else { return }
        throw TransportError(
            kind: .tls,
            message: "TLS with \(host) cannot use \(Self.list(asked)) through URLSessionTransport, which leaves trust to the system; "
                + "send through AsyncHTTPClientTransport for these settings"
        )
    }

    private static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}

extension HTTPTransport where Self == URLSessionTransport {
    /// ``URLSessionTransport/shared``: `Provider(transport: .urlSession)`.
    public static var urlSession: URLSessionTransport { .shared }
}
