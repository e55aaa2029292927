import Foundation
import HTTPTypes
import NetspecTestServer
import NIOConcurrencyHelpers
import Testing
@testable import Netspec
import NetspecTestSupport

/// OkHttp's `MockWebServer` on the repo's ``TestServer``: queued responses answer requests in
/// order, every request is recorded, and an empty queue answers 500 `no response queued`.
final class MockWebServer: Sendable {
    private let queue = NIOLockedValueBox<[TestHandler]>([])
    private let recorded = Recorder<RecordedRequest>()
    private let taken = NIOLockedValueBox(0)

    /// One request as the server received it.
    struct RecordedRequest: Sendable {
        let method: String
        let target: String
        let headers: [(name: String, value: String)]

        /// The first value of a header, any case.
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// Queues a handler for the next request.
    func enqueue(_ handler: @escaping TestHandler) {
        queue.withLockedValue { $0.append(handler) }
    }

    /// Queues a response with a `Content-Length` body.
    func enqueue(status: Int = 200, headers: [(String, String)] = [], body: String = "") {
        enqueue { _, writer in try await writer.respond(status: status, headers: headers, body: Array(body.utf8)) }
    }

    /// The handler to start the test server with.
    var handler: TestHandler {
        { request, writer in
            self.recorded.record(RecordedRequest(method: request.method, target: request.target, headers: request.headers))
            _ = try await request.collectBody(upTo: 1 << 20)
            let next = self.queue.withLockedValue { $0.isEmpty ? nil : $0.removeFirst() }
            if let next { return try await next(request, writer) }
            try await writer.respond(status: 500, body: "no response queued")
        }
    }

    /// The requests received so far.
    var requests: [RecordedRequest] { recorded.all }

    /// The next request not taken yet, in arrival order (OkHttp's `takeRequest()`).
    func takeRequest(sourceLocation: SourceLocation = #_sourceLocation) throws -> RecordedRequest {
        let index = taken.withLockedValue { value in
            defer { value += 1 }
            return value
        }
        let all = recorded.all
        return try #require(index < all.count ? all[index] : nil, "no request \(index + 1) was received", sourceLocation: sourceLocation)
    }
}

/// A response as a test reads it, whatever its status.
struct Fetched {
    let status: Int
    let headerFields: HTTPFields
    let body: String

    /// The value of a header (repeated ones joined with `, `), or `nil`.
    func header(_ name: String) -> String? {
        headerFields.joinedValue(named: name)
    }

    /// Every field as `Name: value`, in order.
    var headerLines: [String] { headerFields.map { "\($0.name.rawName): \($0.value)" } }
}

/// Adds header fields to the calls made inside ``with(_:operation:)``, in order (same-named fields
/// included), before the cache sees them: OkHttp's `Request.Builder.addHeader`.
struct RequestHeaders: Interceptor {
    @TaskLocal static var fields: [(String, String)] = []

    func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        var request = request
        for (name, value) in Self.fields { request.headerFields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return try await next(request)
    }
}

/// Records the requests that go past the cache: OkHttp's network interceptor.
struct NetworkRecorder: Interceptor {
    let requests = Recorder<PreparedRequest>()

    func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        requests.record(request)
        return try await next(request)
    }
}

/// A service with an ``HTTPCache`` calling one ``MockWebServer``, and OkHttp's `get(url)`.
struct CacheHarness {
    let server: TestServer
    let mock: MockWebServer
    let cache: HTTPCache
    let network: NetworkRecorder
    let api: Service

    static let spec = """
        netspec: 1
        service: CacheTest
        endpoints:
          root: { GET: /, returns: Void }
          rootQuery: { GET: /, params: { foo: String }, returns: Void }
          path: { GET: "/{path}", params: { path: { type: String, encoded: true } }, returns: Void }
          post: { POST: /, params: { _: { type: String, in: body } }, returns: Void }
          put: { PUT: /, params: { _: { type: String, in: body } }, returns: Void }
          patch: { PATCH: /, params: { _: { type: String, in: body } }, returns: Void }
          query: { QUERY: /, params: { _: { type: String, in: body } }, returns: Void }
          delete: { DELETE: /, returns: Void }
          options: { OPTIONS: /, returns: Void }
          head: { HEAD: /, returns: Void }
          trace: { TRACE: /, returns: Void }
        """

    /// A GET of `target` (`/`, `/a`, or `/?foo=bar`) with extra request header fields.
    func get(_ target: String = "/", headers: [(String, String)] = []) async throws -> Fetched {
        if target == "/" { return try await call("root", [:], headers: headers) }
        if target.hasPrefix("/?foo=") { return try await call("rootQuery", ["foo": .value(.string(String(target.dropFirst(6))))], headers: headers) }
        return try await call("path", ["path": .value(.string(String(target.dropFirst())))], headers: headers)
    }

    /// A call of `/` with another method (`POST`, `PUT`, `PATCH` and `QUERY` send the body `foo`).
    func send(_ method: String, headers: [(String, String)] = []) async throws -> Fetched {
        let hasBody = ["POST", "PUT", "PATCH", "QUERY"].contains(method)
        return try await call(method.lowercased(), hasBody ? ["_": .value("foo")] : [:], headers: headers)
    }

    /// A call by endpoint name, with any status read as a response.
    func call(_ endpoint: String, _ arguments: [String: Argument], headers: [(String, String)] = []) async throws -> Fetched {
        try await RequestHeaders.$fields.withValue(headers) {
            do {
                let response = try await api.call(endpoint, arguments)
                return Fetched(status: response.status, headerFields: response.headerFields, body: String(decoding: response.body, as: UTF8.self))
            } catch let error as CallError {
                guard case let .status(status) = error else { throw error }
                return Fetched(status: status.status, headerFields: status.headerFields, body: String(decoding: status.body, as: UTF8.self))
            }
        }
    }

    /// The response stored for `target` (no credentials), if any: OkHttp's `cacheGet`.
    func stored(_ target: String = "/") async throws -> HTTPCache.Entry? {
        try await cache.store.response(for: HTTPCache.Key(url: server.url(target)))
    }
}

/// Runs `body` with a mock server and a service whose provider has a cache (in memory unless given).
func withCacheHarness(
    store: any HTTPCache.Store = HTTPCache.MemoryStore(), _ body: (CacheHarness) async throws -> Void
) async throws {
    let mock = MockWebServer()
    try await withTestServer(mock.handler) { server in
        // A clock stopped when the test starts: the dates OkHttp's cases put in the past decide
        // freshness, however long a loaded machine takes to run the test.
        let start = Date()
        let cache = HTTPCache(store: store, now: { start })
        let network = NetworkRecorder()
        var options = testOptions()
        options.cache = cache
        let api = try makeService(CacheHarness.spec, server: server, options: options, interceptors: [RequestHeaders()], wireInterceptors: [network])
        try await body(CacheHarness(server: server, mock: mock, cache: cache, network: network, api: api))
    }
}

/// An IMF-fixdate `seconds` from now (negative: in the past), as OkHttp's `formatDate`.
func formatDate(_ seconds: Double) -> String {
    formatDate(Date(timeIntervalSinceNow: seconds), format: "EEE, dd MMM yyyy HH:mm:ss 'GMT'", zone: "GMT")
}

/// A date in a `DateFormatter` format and time zone.
func formatDate(_ date: Date, format: String, zone: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: zone)
    formatter.dateFormat = format
    return formatter.string(from: date)
}

let minute = 60.0
let hour = 3600.0
let day = 86400.0
