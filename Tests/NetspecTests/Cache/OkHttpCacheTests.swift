import Foundation
import NetspecTestServer
import Testing
@testable import Netspec

/// Cases ported from OkHttp's `CacheTest.kt` (okhttp/src/jvmTest/kotlin/okhttp3/CacheTest.kt), each
/// named after the original, driven through real `Service` calls against a ``MockWebServer`` on
/// 127.0.0.1. Where Netspec differs on purpose, the test says how.
///
/// Not ported: cases about TLS handshakes, connection pooling, cookies, redirects (async-http-client
/// follows them below the cache, so the cache sees only the final response), 1xx interim
/// responses, `Warning: 110/113` (RFC 9111 dropped them), OkHttp's `cacheUrlOverride`, its
/// disk-format golden files and its URL iterator.
@Suite struct OkHttpCacheTests {
    // MARK: - OkHttp's helpers

    /// The request that reached the server: two GETs answered from the cache and the network.
    func assertNotCached(_ headers: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: headers, body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get().body == "A", sourceLocation: sourceLocation)
            try await #expect(harness.get().body == "B", sourceLocation: sourceLocation)
        }
    }

    func assertFullyCached(_ headers: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: headers, body: "A")
            harness.mock.enqueue(headers: headers, body: "B")
            try await #expect(harness.get().body == "A", sourceLocation: sourceLocation)
            try await #expect(harness.get().body == "A", sourceLocation: sourceLocation)
        }
    }

    /// Two scenarios: the condition succeeds (304), then fails (a full response); returns the
    /// conditional request of the second.
    func assertConditionallyCached(
        _ headers: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> MockWebServer.RecordedRequest? {
        var conditional: MockWebServer.RecordedRequest?
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: headers, body: "A")
            harness.mock.enqueue(status: 304)
            harness.mock.enqueue(headers: headers, body: "B")
            harness.mock.enqueue(body: "C")
            let response1 = try await harness.get("/valid")
            #expect(response1.body == "A" && response1.status == 200, sourceLocation: sourceLocation)
            let response2 = try await harness.get("/valid")
            #expect(response2.body == "A" && response2.status == 200, sourceLocation: sourceLocation)
            let response3 = try await harness.get("/invalid")
            #expect(response3.body == "B" && response3.status == 200, sourceLocation: sourceLocation)
            let response4 = try await harness.get("/invalid")
            #expect(response4.body == "C" && response4.status == 200, sourceLocation: sourceLocation)
            for _ in 0..<3 { _ = try harness.mock.takeRequest() }
            conditional = try harness.mock.takeRequest()
        }
        return conditional
    }

    // MARK: - What is stored

    /// OkHttp's table, less 101 (no such response here) and 408 (OkHttp retries it).
    @Test(arguments: [
        (200, true), (201, false), (202, false), (203, true), (204, true), (205, false), (206, false), (207, false),
        (300, true), (301, true), (302, true), (303, false), (304, false), (305, false), (306, false), (307, true), (308, true),
        (400, false), (401, false), (402, false), (403, false), (404, true), (405, true), (406, false), (409, false),
        (410, true), (411, false), (412, false), (413, false), (414, true), (415, false), (416, false), (417, false),
        (418, false), (500, false), (501, true), (502, false), (503, false), (504, false), (505, false), (506, false),
    ])
    func responseCachingByResponseCode(code: Int, shouldWriteToCache: Bool) async throws {
        try await withCacheHarness { harness in
            let body = code == 204 || code == 205 || code == 304 ? "" : "ABCDE"
            harness.mock.enqueue(status: code, headers: [
                ("Last-Modified", formatDate(-hour)), ("Expires", formatDate(hour)), ("WWW-Authenticate", "challenge"),
            ], body: body)
            let response = try await harness.get()
            #expect(response.status == code)
            #expect((try await harness.stored() != nil) == shouldWriteToCache)
        }
    }

    enum TransferKind: String, CaseIterable {
        case fixedLength, chunked, endOfStream

        func handler(headers: [(String, String)], body: String, chunkSize: Int) -> TestHandler {
            { _, writer in
                switch self {
                case .fixedLength:
                    try await writer.respond(headers: headers, body: body)
                case .chunked:
                    try await writer.writeHead(status: 200, headers: headers + [("Transfer-Encoding", "chunked")])
                    for chunk in Array(body.utf8).chunks(of: chunkSize) { try await writer.write(chunk) }
                    try await writer.end()
                case .endOfStream:
                    // No length: the body ends when the connection closes.
                    try await writer.writeHead(status: 200, headers: headers)
                    try await writer.write(body)
                    try await writer.end()
                }
            }
        }
    }

    func testResponseCaching(_ kind: TransferKind) async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(kind.handler(
                headers: [("Last-Modified", formatDate(-hour)), ("Expires", formatDate(hour))],
                body: "I love puppies but hate spiders", chunkSize: 1
            ))
            try await #expect(harness.get().body == "I love puppies but hate spiders")
            let response2 = try await harness.get()
            #expect(response2.body == "I love puppies but hate spiders")
            #expect(response2.status == 200)
            #expect(harness.cache.statistics == HTTPCache.Statistics(requestCount: 2, networkCount: 1, hitCount: 1))
        }
    }

    @Test func responseCachingAndInputStreamSkipWithFixedLength() async throws { try await testResponseCaching(.fixedLength) }
    @Test func responseCachingAndInputStreamSkipWithChunkedEncoding() async throws { try await testResponseCaching(.chunked) }
    @Test func responseCachingAndInputStreamSkipWithNoLengthHeaders() async throws { try await testResponseCaching(.endOfStream) }

    /// The body stops at 16 of its 26 bytes: the call fails and nothing is stored.
    func testServerPrematureDisconnect(chunked: Bool) async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue { _, writer in
                let body = Array("ABCDE\nFGHIJKLMNOPQRSTUVWXYZ".utf8)
                try await writer.writeHead(status: 200, headers: [
                    ("Cache-Control", "max-age=60"), chunked ? ("Transfer-Encoding", "chunked") : ("Content-Length", "\(body.count)"),
                ])
                try await writer.write(Array(body.prefix(16)))
                await writer.close()
            }
            harness.mock.enqueue(body: "Request #2")
            await #expect(throws: CallError.self) { try await harness.get() }
            try await #expect(harness.stored() == nil)
            try await #expect(harness.get().body == "Request #2")
        }
    }

    @Test func serverDisconnectsPrematurelyWithContentLengthHeader() async throws { try await testServerPrematureDisconnect(chunked: false) }
    @Test func serverDisconnectsPrematurelyWithChunkedEncoding() async throws { try await testServerPrematureDisconnect(chunked: true) }

    @Test func partialRangeResponsesDoNotCorruptCache() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(status: 206, headers: [("Expires", formatDate(hour)), ("Content-Range", "bytes 1000-1001/2000")], body: "AA")
            harness.mock.enqueue(body: "BB")
            try await #expect(harness.get(headers: [("Range", "bytes=1000-1001")]).body == "AA")
            try await #expect(harness.get().body == "BB")
        }
    }

    @Test func doNotCachePartialResponse() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(status: 206, headers: [
                ("Date", formatDate(0)), ("Content-Range", "bytes 100-100/200"), ("Cache-Control", "max-age=60"),
            ], body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get().body == "B")
        }
    }

    @Test func clientSideNoStore() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=60")], body: "A")
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=60")], body: "B")
            try await #expect(harness.get(headers: [("Cache-Control", "no-store")]).body == "A")
            try await #expect(harness.get().body == "B")
        }
    }

    @Test func cacheControlNoStore() async throws {
        try await assertNotCached([("Cache-Control", "no-store")])
    }

    @Test func cacheControlNoStoreAndExpirationDateInTheFuture() async throws {
        try await assertNotCached([("Last-Modified", formatDate(-2 * hour)), ("Expires", formatDate(hour)), ("Cache-Control", "no-store")])
    }

    @Test func contentLocationDoesNotPopulateCache() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=60"), ("Content-Location", "/bar")], body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get("/foo").body == "A")
            try await #expect(harness.get("/bar").body == "B")
        }
    }

    @Test func evictAll() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=60")], body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get().body == "A")
            try await harness.cache.clear()
            #expect((harness.cache.store as? HTTPCache.MemoryStore)?.size == 0)
            try await #expect(harness.get().body == "B")
        }
    }
}

extension Array {
    /// The array cut into pieces of `size` elements (the last may be shorter).
    func chunks(of size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
