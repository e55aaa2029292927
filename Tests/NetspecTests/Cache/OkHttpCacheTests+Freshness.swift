import Foundation
import Testing
import Netspec

/// OkHttp's freshness cases: `Expires`, `max-age`, `Date`, heuristics from `Last-Modified`.
extension OkHttpCacheTests {
    @Test func defaultExpirationDateFullyCachedForLessThan24Hours() async throws {
        //      last modified: 105 seconds ago
        //             served:   5 seconds ago
        //   default lifetime: (105 - 5) / 10 = 10 seconds
        //            expires:  10 seconds from served date = 5 seconds from now
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Last-Modified", formatDate(-105)), ("Date", formatDate(-5))], body: "A")
            try await #expect(harness.get().body == "A")
            let response2 = try await harness.get()
            #expect(response2.body == "A")
            #expect(response2.header("Warning") == nil)
        }
    }

    @Test func defaultExpirationDateConditionallyCached() async throws {
        //      last modified: 115 seconds ago
        //             served:  15 seconds ago
        //   default lifetime: (115 - 15) / 10 = 10 seconds
        //            expires:  10 seconds from served date = 5 seconds ago
        let lastModifiedDate = formatDate(-115)
        let conditional = try await assertConditionallyCached([("Last-Modified", lastModifiedDate), ("Date", formatDate(-15))])
        #expect(conditional?.header("If-Modified-Since") == lastModifiedDate)
    }

    /// OkHttp also adds `Warning: 113`; RFC 9111 dropped the Warning header, so Netspec does not.
    @Test func defaultExpirationDateFullyCachedForMoreThan24Hours() async throws {
        //      last modified: 105 days ago
        //             served:   5 days ago
        //   default lifetime: (105 - 5) / 10 = 10 days
        //            expires:  10 days from served date = 5 days from now
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Last-Modified", formatDate(-105 * day)), ("Date", formatDate(-5 * day))], body: "A")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get().body == "A")
            #expect(harness.mock.requests.count == 1)
        }
    }

    @Test func noDefaultExpirationForUrlsWithQueryString() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Last-Modified", formatDate(-105)), ("Date", formatDate(-5))], body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get("/?foo=bar").body == "A")
            try await #expect(harness.get("/?foo=bar").body == "B")
        }
    }

    @Test func expirationDateInThePastWithLastModifiedHeader() async throws {
        let lastModifiedDate = formatDate(-2 * hour)
        let conditional = try await assertConditionallyCached([("Last-Modified", lastModifiedDate), ("Expires", formatDate(-hour))])
        #expect(conditional?.header("If-Modified-Since") == lastModifiedDate)
    }

    @Test func expirationDateInThePastWithNoLastModifiedHeader() async throws {
        try await assertNotCached([("Expires", formatDate(-hour))])
    }

    @Test func expirationDateInTheFuture() async throws {
        try await assertFullyCached([("Expires", formatDate(hour))])
    }

    @Test func maxAgePreferredWithMaxAgeAndExpires() async throws {
        try await assertFullyCached([("Date", formatDate(0)), ("Expires", formatDate(-hour)), ("Cache-Control", "max-age=60")])
    }

    @Test func maxAgeInThePastWithDateAndLastModifiedHeaders() async throws {
        let lastModifiedDate = formatDate(-2 * hour)
        let conditional = try await assertConditionallyCached([
            ("Date", formatDate(-120)), ("Last-Modified", lastModifiedDate), ("Cache-Control", "max-age=60"),
        ])
        #expect(conditional?.header("If-Modified-Since") == lastModifiedDate)
    }

    @Test func maxAgeInThePastWithDateHeaderButNoLastModifiedHeader() async throws {
        // Chrome interprets max-age relative to the local clock. Both our cache
        // and Firefox both use the earlier of the local and server's clock.
        try await assertNotCached([("Date", formatDate(-120)), ("Cache-Control", "max-age=60")])
    }

    @Test func maxAgeInTheFutureWithDateHeader() async throws {
        try await assertFullyCached([("Date", formatDate(0)), ("Cache-Control", "max-age=60")])
    }

    @Test func maxAgeInTheFutureWithNoDateHeader() async throws {
        try await assertFullyCached([("Cache-Control", "max-age=60")])
    }

    @Test func maxAgeWithLastModifiedButNoServedDate() async throws {
        try await assertFullyCached([("Last-Modified", formatDate(-120)), ("Cache-Control", "max-age=60")])
    }

    @Test func maxAgeInTheFutureWithDateAndLastModifiedHeaders() async throws {
        try await assertFullyCached([("Last-Modified", formatDate(-120)), ("Date", formatDate(0)), ("Cache-Control", "max-age=60")])
    }

    @Test func maxAgePreferredOverLowerSharedMaxAge() async throws {
        try await assertFullyCached([("Date", formatDate(-2 * minute)), ("Cache-Control", "s-maxage=60"), ("Cache-Control", "max-age=180")])
    }

    @Test func maxAgePreferredOverHigherMaxAge() async throws {
        try await assertNotCached([("Date", formatDate(-2 * minute)), ("Cache-Control", "s-maxage=180"), ("Cache-Control", "max-age=60")])
    }

    @Test func expiresDateBeforeModifiedDate() async throws {
        _ = try await assertConditionallyCached([("Last-Modified", formatDate(-hour)), ("Expires", formatDate(-2 * hour))])
    }

    @Test func immutableIsCached() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "immutable, max-age=10")], body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get().body == "A")
        }
    }

    @Test func immutableIsCachedAfterMultipleCalls() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(body: "A")
            harness.mock.enqueue(headers: [("Cache-Control", "immutable, max-age=10")], body: "B")
            harness.mock.enqueue(body: "C")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get().body == "B")
            try await #expect(harness.get().body == "B")
        }
    }

    @Test func immutableIsNotCachedBeyondFreshnessLifetime() async throws {
        let lastModifiedDate = formatDate(-115)
        let conditional = try await assertConditionallyCached([
            ("Cache-Control", "immutable"), ("Last-Modified", lastModifiedDate), ("Date", formatDate(-15)),
        ])
        #expect(conditional?.header("If-Modified-Since") == lastModifiedDate)
    }

    @Test func responseSourceHeaderCached() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=30"), ("Date", formatDate(0))], body: "A")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get(headers: [("Cache-Control", "only-if-cached")]).body == "A")
        }
    }

    @Test func responseSourceHeaderConditionalCacheFetched() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=30"), ("Date", formatDate(-31 * minute))], body: "A")
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=30"), ("Date", formatDate(0))], body: "B")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get().body == "B")
        }
    }

    @Test func responseSourceHeaderConditionalCacheNotFetched() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=0"), ("Date", formatDate(0))], body: "A")
            harness.mock.enqueue(status: 304)
            try await #expect(harness.get().body == "A")
            try await #expect(harness.get().body == "A")
        }
    }

    @Test func responseSourceHeaderFetched() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(body: "A")
            try await #expect(harness.get().body == "A")
        }
    }
}
