#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import HTTPTypes
import NIOConcurrencyHelpers

/// A private HTTP cache (RFC 9111), set with ``Provider/Options/cache``: responses to `GET` calls
/// are stored and answered from the store while fresh, validated with `If-None-Match` /
/// `If-Modified-Since` when stale (a `304` is merged into the stored response), and invalidated
/// by unsafe calls to the same URL.
///
/// ```swift
/// let cache = HTTPCache()                              // in memory, RFC 9111 rules
/// let provider = Provider(baseURL: "https://api.example.com", options: .init(cache: cache))
/// ```
///
/// ## Where it runs
/// After the provider's interceptors and outside retry and auth (see ``Interceptor``): retries
/// never see a cache hit and a retried request is never answered from the cache; a
/// conditional request that gets a 401 is refreshed and sent again like any other.
///
/// ## Credentials
/// Because the cache runs before auth adds credentials, it works out what they will be: the
/// value the endpoint's `auth:` resolves to, and the request's secret headers (those the logs
/// hide: `Authorization`, `Cookie`, API-key headers, headers whose spec value uses a `${NAME}`
/// variable, …). Their SHA-256 is the response's ``Key/partition``, so a response is only ever
/// served to calls made with the same credentials. A call whose credentials cannot be resolved
/// yet (a token that a `refresh:` will fetch) bypasses the cache.
///
/// ## What is stored
/// Responses to `GET` with a status of 200, 203, 204, 300, 301, 308, 404, 405, 410, 414 or 501
/// (302 and 307 with explicit freshness), unless the request or the response says `no-store` or
/// the response varies on `*`; one response per URL and partition (the latest variant when
/// `Vary` differs); bodies up to ``maxEntrySize``. Stream endpoints and mocked calls bypass the
/// cache. `POST`, `PUT`, `PATCH`, `DELETE` and other unsafe methods remove the stored responses
/// of their URL (in every partition), and on a 2xx or 3xx those of the same-origin `Location`
/// and `Content-Location` (RFC 9111 §4.4).
public final class HTTPCache: Interceptor {
    /// Where responses are kept.
    public let store: any Store
    /// The policy of calls whose endpoint and options name none.
    public let policy: CachePolicy
    /// The largest body stored, in bytes.
    public let maxEntrySize: Int

    private let counters = NIOLockedValueBox(Statistics())
    private let now: @Sendable () -> Date

    /// How the cache has been used, as OkHttp counts.
    package struct Statistics: Sendable, Hashable {
        /// `GET` calls that went through the cache (bypasses included).
        public var requestCount = 0
        /// Of those, the ones that used the network (conditional requests included).
        public var networkCount = 0
        /// Of those, the ones answered with a stored response (after a `304` included).
        public var hitCount = 0
    }

    /// How a response was answered, in its ``outcomeField`` header (for `netspec -v`).
    package enum Outcome: String, Sendable {
        /// From the store, without the network.
        case hit = "hit"
        /// From the store, after a `304 Not Modified`.
        case revalidated = "revalidated"
    }

    /// The header the cache adds to the responses it answers from its store: `hit` or `revalidated`.
    public static let outcomeField = HTTPField.Name("X-Netspec-Cache")!

    /// Creates a cache that keeps responses in memory.
    ///
    /// - Parameters:
    ///   - policy: the policy of calls whose endpoint and options name none; ``CachePolicy/useProtocol`` by default.
    ///   - maxEntrySize: the largest body stored, in bytes; 8 MiB by default.
    ///   - memoryLimit: the most bytes of responses kept (the least recently used go first); 32 MiB by default.
    public convenience init(policy: CachePolicy = .useProtocol, maxEntrySize: Int = 8 * 1024 * 1024, memoryLimit: Int = 32 * 1024 * 1024) {
        self.init(store: MemoryStore(maxSize: memoryLimit), policy: policy, maxEntrySize: maxEntrySize)
    }

    /// Creates a cache that keeps responses in a directory, so that later processes use them (the
    /// command line's cache).
    ///
    /// - Parameters:
    ///   - directory: the directory (made when the first response is stored).
    ///   - sizeLimit: the most bytes of responses kept (the least recently used go first); 50 MiB by default.
    ///   - policy: the policy of calls whose endpoint and options name none; ``CachePolicy/useProtocol`` by default.
    ///   - maxEntrySize: the largest body stored, in bytes; 8 MiB by default.
    public convenience init(
        directory: String, sizeLimit: Int = 50 * 1024 * 1024, policy: CachePolicy = .useProtocol, maxEntrySize: Int = 8 * 1024 * 1024
    ) {
        self.init(store: DiskStore(directory: directory, maxSize: sizeLimit), policy: policy, maxEntrySize: maxEntrySize)
    }

    /// Creates a cache over a store of your own.
    ///
    /// - Parameters:
    ///   - store: where responses are kept.
    ///   - policy: the policy of calls whose endpoint and options name none; ``CachePolicy/useProtocol`` by default.
    ///   - maxEntrySize: the largest body stored, in bytes; 8 MiB by default.
    public convenience init(store: any Store, policy: CachePolicy = .useProtocol, maxEntrySize: Int = 8 * 1024 * 1024) {
        self.init(store: store, policy: policy, maxEntrySize: maxEntrySize, now: { Date() })
    }

    /// Creates a cache with a clock (for tests).
    init(store: any Store, policy: CachePolicy = .useProtocol, maxEntrySize: Int = 8 * 1024 * 1024, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.policy = policy
        self.maxEntrySize = maxEntrySize
        self.now = now
    }

    /// The counts so far.
    package var statistics: Statistics { counters.withLockedValue { $0 } }

    // MARK: - Manual control

    /// Removes the stored responses for a request's URL (in every credential partition).
    ///
    /// ```swift
    /// try await cache.remove(api.prepare("getUser", ["id": "johne"]))
    /// ```
    public func remove(_ request: PreparedRequest) async throws {
        try await store.removeResponses(for: request.url)
    }

    /// Removes the stored responses for `url` (in every credential partition).
    ///
    /// - Parameter url: the absolute URL as calls build it (``PreparedRequest/url``).
    public func remove(url: String) async throws {
        try await store.removeResponses(for: url)
    }

    /// Removes every stored response.
    public func clear() async throws {
        try await store.removeAll()
    }

    // MARK: - Interceptor

    public func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        guard context.endpoint.stream == nil, !CallSettings.usesMock(call: context.callOptions, provider: context.service.provider) else {
            return try await next(request)
        }
        switch request.method {
        case .get:
            return try await cachedGet(request, context: context, next: next)
        case .head, .options, .trace, HTTPRequest.Method("QUERY")!:
            return try await next(request)
        default:
            return try await sendInvalidating(request, next: next)
        }
    }

    private func cachedGet(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        count { $0.requestCount += 1 }
        guard let partition = partition(for: request, context: context) else {
            count { $0.networkCount += 1 }
            return try await next(request)
        }
        let key = Key(url: request.url, partition: partition)
        let stored = try? await store.response(for: key)
        let policy = CallSettings.cachePolicy(call: context.callOptions, endpoint: context.endpoint, cache: self)

        switch CacheStrategy.decide(request, stored: stored, policy: policy, now: now()) {
        case let .stored(response):
            count { $0.hitCount += 1 }
            return response.transportResponse(outcome: .hit)
        case .unsatisfiable:
            return unsatisfiable(request, policy: policy)
        case let .network(networkRequest):
            count { $0.networkCount += 1 }
            let sent = now()
            let response = try await next(networkRequest)
            return try await keep(response, request: networkRequest, key: key, sent: sent, replacing: stored, policy: policy, context: context)
        case let .validate(conditional, cached):
            count { $0.networkCount += 1 }
            let sent = now()
            let response = try await next(conditional)
            guard response.status == 304 else {
                return try await keep(response, request: conditional, key: key, sent: sent, replacing: cached, policy: policy, context: context)
            }
            count { $0.hitCount += 1 }
            var updated = cached
            updated.headerFields = CacheStrategy.merge(stored: cached.headerFields, notModified: response.headerFields)
            updated.requestDate = sent
            updated.responseDate = now()
            // Where the validation was answered (its redirects may have changed since).
            updated.redirectedURL = response.redirectedURL
            try? await store.store(updated, for: key)
            return updated.transportResponse(outcome: .revalidated)
        }
    }

    /// Stores a network response when it may be, and could be used by a later call, and returns
    /// it with its body in memory. It is stored under the URL asked for (`key`), with the URL its
    /// redirects led to (the redirects themselves are followed inside the cache and never stored).
    private func keep(
        _ response: TransportResponse, request: PreparedRequest, key: Key, sent: Date, replacing stored: Entry?,
        policy: CachePolicy, context: InterceptorContext
    ) async throws -> TransportResponse {
        guard CacheStrategy.isStorable(status: response.status, response: response.headerFields, request: request.headerFields),
              CacheStrategy.isUsableLater(response.headerFields, policy: policy) else {
            // What was stored is superseded by a response that may not be kept, or need not be.
            if stored != nil { try? await store.removeResponses(for: key.url) }
            return response
        }
        let body = try await response.body.collect(upTo: context.service.provider.options.responses.maxBodySize)
        var varyValues: [String: String] = [:]
        for name in Entry.varyNames(response.headerFields) {
            varyValues[name] = request.headerFields.joinedValue(named: name)
        }
        let entry = Entry(
            key: key, status: response.status, reasonPhrase: response.reasonPhrase, headerFields: response.headerFields,
            body: body, requestDate: sent, responseDate: now(), varyValues: varyValues,
            redirectedURL: response.redirectedURL
        )
        if body.count <= maxEntrySize { try? await store.store(entry, for: key) }
        return entry.transportResponse(outcome: nil)
    }

    /// Sends an unsafe request, then removes what it makes stale (RFC 9111 §4.4).
    private func sendInvalidating(_ request: PreparedRequest, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        let response: TransportResponse
        do {
            response = try await next(request)
        } catch {
            // The request may have reached the server.
            try? await store.removeResponses(for: request.url)
            throw error
        }
        try? await store.removeResponses(for: request.url)
        if response.status < 400 {
            for name in [HTTPField.Name.location, .contentLocation] {
                if let value = response.headerFields[name], let url = Self.sameOrigin(value, as: request.url) {
                    try? await store.removeResponses(for: url)
                }
            }
        }
        return response
    }

    /// The `504` answered when nothing stored may be used and the network may not be.
    private func unsatisfiable(_ request: PreparedRequest, policy: CachePolicy) -> TransportResponse {
        let reason = policy == .returnCacheDontLoad
            ? "the cache policy is returnCacheDontLoad" : "the request says Cache-Control: only-if-cached"
        var fields = HTTPFields()
        fields[.contentType] = "text/plain; charset=utf-8"
        let message = "no stored response for GET \(request.url) can be used, and \(reason), so the network was not used\n"
        return TransportResponse(status: 504, reasonPhrase: "Gateway Timeout", headerFields: fields, body: TransportResponse.Body(bytes: Array(message.utf8)))
    }

    private func count(_ change: (inout Statistics) -> Void) {
        counters.withLockedValue(change)
    }

    // MARK: - Keys

    /// The credential partition of a request, or `nil` when its credentials cannot be resolved yet.
    func partition(for request: PreparedRequest, context: InterceptorContext) -> String? {
        var credentials: [String] = []
        for policy in context.service.authPolicy(for: context.endpoint, alternative: context.authAlternative)?.policies ?? [] {
            guard let value = try? AuthInterceptor.resolve(policy, provider: context.service.provider, endpoint: context.endpoint.name) else {
                return nil
            }
            credentials.append("auth: " + value)
        }
        let secret = context.service.redactor(for: context.endpoint).headerNames
        for field in request.headerFields where secret.contains(field.name.canonicalName) {
            credentials.append(field.name.canonicalName + ": " + field.value)
        }
        return Key.partition(credentials: credentials)
    }

    /// `reference` resolved against `base`, when it has the same scheme, host and port.
    static func sameOrigin(_ reference: String, as base: String) -> String? {
        guard let baseURL = URL(string: base), let resolved = URL(string: reference, relativeTo: baseURL)?.absoluteURL,
              resolved.scheme?.lowercased() == baseURL.scheme?.lowercased(),
              resolved.host?.lowercased() == baseURL.host?.lowercased(), resolved.port == baseURL.port else { return nil }
        return resolved.absoluteString
    }
}
