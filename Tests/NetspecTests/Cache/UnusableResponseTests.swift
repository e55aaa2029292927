import Foundation
import HTTPTypes
import Testing
@testable import Netspec
import NetspecTestSupport

/// A response that says nothing of caching is never fresh and has no validator: under the HTTP
/// rules it is not written to the store (it would only ever be sent again), and it replaces what
/// was stored; one that says anything is kept as OkHttp keeps it.
@Suite struct UnusableResponseTests {
    @Test(arguments: [
        ([], false),
        ([("Date", formatDate(0))], false),
        ([("Content-Type", "application/json")], false),
        ([("Cache-Control", "max-age=0"), ("Date", formatDate(0))], true),
        ([("Cache-Control", "no-cache")], true),
        ([("Expires", formatDate(60))], true),
        ([("ETag", "\"v1\"")], true),
        ([("Last-Modified", formatDate(-3600))], true),
    ])
    func storedOnlyWhenItSaysSomethingOfCaching(_ headers: [(String, String)], stored: Bool) async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: headers, body: "A")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.stored()?.body == (stored ? Array("A".utf8) : nil))
        }
    }

    @Test func anUnusableResponseReplacesWhatWasStored() async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=0"), ("ETag", "\"v1\"")], body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get().body == "A")
            try await #expect(harness.stored() != nil)
            try await #expect(harness.get().body == "B")
            try await #expect(harness.stored() == nil)
        }
    }

    /// The policies that answer with anything stored keep it.
    @Test(arguments: [CachePolicy.returnCacheElseLoad, .returnCacheDontLoad])
    func policiesThatUseAnythingStoredKeepIt(_ policy: CachePolicy) {
        #expect(CacheStrategy.isUsableLater(HTTPFields(), policy: policy))
        #expect(!CacheStrategy.isUsableLater(HTTPFields(), policy: .useProtocol))
        #expect(!CacheStrategy.isUsableLater(HTTPFields(), policy: .reload))
    }
}
