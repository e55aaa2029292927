import Foundation
import Testing
@testable import Netspec

/// OkHttp's cases about what the request asks: its `Cache-Control`, its method, its credentials,
/// and the statistics that count the outcomes.
extension OkHttpCacheTests {
    @Test func requestMaxAge() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [
                ("Last-Modified", formatDate(-2 * hour)), ("Date", formatDate(-minute)), ("Expires", formatDate(hour)),
            ], body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get(headers: [("Cache-Control", "max-age=30")]).body == "B")
        }
    }

    @Test func requestMinFresh() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=60"), ("Date", formatDate(0))], body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get(headers: [("Cache-Control", "min-fresh=120")]).body == "B")
        }
    }

    /// OkHttp also adds `Warning: 110`, which RFC 9111 dropped.
    @Test func requestMaxStale() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=120"), ("Date", formatDate(-4 * minute))], body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get(headers: [("Cache-Control", "max-stale=180")]).body == "A")
        }
    }

    @Test func requestMaxStaleDirectiveWithNoValue() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=120"), ("Date", formatDate(-4 * minute))], body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get(headers: [("Cache-Control", "max-stale")]).body == "A")
        }
    }

    @Test func requestMaxStaleNotHonoredWithMustRevalidate() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=120, must-revalidate"), ("Date", formatDate(-4 * minute))], body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get(headers: [("Cache-Control", "max-stale=180")]).body == "B")
        }
    }

    /// OkHttp answers an empty 504; Netspec's says why.
    @Test func requestOnlyIfCachedWithNoResponseCached() async throws {
        try await withCacheHarness { harness in
            let response = try await harness.get(headers: [("Cache-Control", "only-if-cached")])
            #expect(response.status == 504)
            #expect(response.body == "no stored response for GET \(harness.server.url("/")) can be used, and the request says Cache-Control: only-if-cached, so the network was not used\n")
            #expect(harness.cache.statistics == HTTPCache.Statistics(requestCount: 1, networkCount: 0, hitCount: 0))
            #expect(harness.mock.requests.isEmpty)
        }
    }

    @Test func requestOnlyIfCachedWithFullResponseCached() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=30"), ("Date", formatDate(0))], body: "A")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get(headers: [("Cache-Control", "only-if-cached")]).body == "A")
            #expect(harness.cache.statistics == HTTPCache.Statistics(requestCount: 2, networkCount: 1, hitCount: 1))
        }
    }

    @Test func requestOnlyIfCachedWithConditionalResponseCached() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=30"), ("Date", formatDate(-minute))], body: "A")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get(headers: [("Cache-Control", "only-if-cached")]).status == 504)
            #expect(harness.cache.statistics == HTTPCache.Statistics(requestCount: 2, networkCount: 1, hitCount: 0))
        }
    }

    @Test func requestOnlyIfCachedWithUnhelpfulResponseCached() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(body: "A")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get(headers: [("Cache-Control", "only-if-cached")]).status == 504)
            #expect(harness.cache.statistics == HTTPCache.Statistics(requestCount: 2, networkCount: 1, hitCount: 0))
        }
    }

    @Test(arguments: [("Cache-Control", "no-cache"), ("Pragma", "no-cache")])
    func requestCacheControlNoCacheAndRequestPragmaNoCache(name: String, value: String) async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Last-Modified", formatDate(-120)), ("Date", formatDate(0)), ("Cache-Control", "max-age=60")], body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get(headers: [(name, value)]).body == "B")
        }
    }

    // MARK: - Methods

    /// Seeds the cache (maybe) with a method, then expects a hit or a miss; after a miss, a GET
    /// goes to the network too.
    func testRequestMethod(_ method: String, expectCached: Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Expires", formatDate(hour)), ("X-Response-ID", "1")])
            harness.mock.enqueue(headers: [("X-Response-ID", "2")])
            let request = { method == "GET" ? try await harness.get() : try await harness.send(method) }
            try await #expect(request().header("X-Response-ID") == "1", sourceLocation: sourceLocation)
            try await #expect(request().header("X-Response-ID") == (expectCached ? "1" : "2"), sourceLocation: sourceLocation)
            if !expectCached {
                harness.mock.enqueue(headers: [("X-Response-ID", "3")])
                try await #expect(harness.get().header("X-Response-ID") == "3", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func requestMethodOptionsIsNotCached() async throws { try await testRequestMethod("OPTIONS", expectCached: false) }
    @Test func requestMethodGetIsCached() async throws { try await testRequestMethod("GET", expectCached: true) }
    @Test func requestMethodQueryIsCached() async throws { try await testRequestMethod("QUERY", expectCached: false) }
    @Test func requestMethodHeadIsNotCached() async throws { try await testRequestMethod("HEAD", expectCached: false) }
    @Test func requestMethodPostIsNotCached() async throws { try await testRequestMethod("POST", expectCached: false) }
    @Test func requestMethodPutIsNotCached() async throws { try await testRequestMethod("PUT", expectCached: false) }
    @Test func requestMethodDeleteIsNotCached() async throws { try await testRequestMethod("DELETE", expectCached: false) }
    @Test func requestMethodTraceIsNotCached() async throws { try await testRequestMethod("TRACE", expectCached: false) }

    func testMethodInvalidates(_ method: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Expires", formatDate(hour))], body: "A")
            harness.mock.enqueue(body: "B")
            harness.mock.enqueue(body: "C")
            try await #expect(harness.get().body == "A", sourceLocation: sourceLocation)
            try await #expect(harness.send(method).body == "B", sourceLocation: sourceLocation)
            try await #expect(harness.get().body == "C", sourceLocation: sourceLocation)
        }
    }

    @Test func postInvalidatesCache() async throws { try await testMethodInvalidates("POST") }
    @Test func putInvalidatesCache() async throws { try await testMethodInvalidates("PUT") }
    @Test func deleteMethodInvalidatesCache() async throws { try await testMethodInvalidates("DELETE") }

    @Test func postInvalidatesCacheWithUncacheableResponse() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Expires", formatDate(hour))], body: "A")
            harness.mock.enqueue(status: 500, body: "B")
            harness.mock.enqueue(body: "C")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.send("POST").body == "B")
            try await #expect(harness.get().body == "C")
        }
    }

    @Test func putInvalidatesWithNoContentResponse() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Expires", formatDate(hour))], body: "A")
            harness.mock.enqueue(status: 204)
            harness.mock.enqueue(body: "C")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.send("PUT").body == "")
            try await #expect(harness.get().body == "C")
        }
    }

    /// OkHttp serves a response fetched with `Authorization` to a later call without it. Netspec
    /// keeps such responses apart per credential, so the same credentials hit and none misses.
    @Test func authorizationRequestFullyCached() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=60")], body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get(headers: [("Authorization", "password")]).body == "A")
            try await #expect(harness.get(headers: [("Authorization", "password")]).body == "A")
            try await #expect(harness.get().body == "B")
        }
    }

    // MARK: - Statistics

    @Test func statisticsConditionalCacheMiss() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Last-Modified", formatDate(-hour)), ("Cache-Control", "max-age=0")], body: "A")
            harness.mock.enqueue(body: "B")
            harness.mock.enqueue(body: "C")
            try await #expect(harness.get().body == "A")
            #expect(harness.cache.statistics == HTTPCache.Statistics(requestCount: 1, networkCount: 1, hitCount: 0))
            try await #expect(harness.get().body == "B")
            try await #expect(harness.get().body == "C")
            #expect(harness.cache.statistics == HTTPCache.Statistics(requestCount: 3, networkCount: 3, hitCount: 0))
        }
    }

    @Test func statisticsConditionalCacheHit() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Last-Modified", formatDate(-hour)), ("Cache-Control", "max-age=0")], body: "A")
            harness.mock.enqueue(status: 304)
            harness.mock.enqueue(status: 304)
            try await #expect(harness.get().body == "A")
            #expect(harness.cache.statistics == HTTPCache.Statistics(requestCount: 1, networkCount: 1, hitCount: 0))
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get().body == "A")
            #expect(harness.cache.statistics == HTTPCache.Statistics(requestCount: 3, networkCount: 3, hitCount: 2))
        }
    }

    @Test func statisticsFullCacheHit() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=60")], body: "A")
            try await #expect(harness.get().body == "A")
            #expect(harness.cache.statistics == HTTPCache.Statistics(requestCount: 1, networkCount: 1, hitCount: 0))
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get().body == "A")
            #expect(harness.cache.statistics == HTTPCache.Statistics(requestCount: 3, networkCount: 1, hitCount: 2))
        }
    }
}
