import FoundationEssentials
import NetspecMock
import Testing

import Netspec
import NetspecTestSupport

/// `--stateful` on Stripe's document: items created by forms, completed by their schemas.
@Suite struct MockStateStripeTests {
    /// A customer's `created` ("Time at which the object was created. Measured in seconds since
    /// the Unix epoch.", `format: unix-time`) is the time of the create, kept by a read and an
    /// update; a product's `created` and `updated` are now too. They were numbers made from
    /// the schema (`created: -104`, a product's `created` and `updated` `526`).
    @Test func aCreatedItemsUnixTimeIsTheTimeOfTheCreate() async throws {
        let spec = try await RealDocuments.load("stripe/spec3.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let form = "application/x-www-form-urlencoded"
            let before = Int(Date().timeIntervalSince1970)
            let created = try await MockStateTests.send("POST", base + "/v1/customers", "name=Jenny", type: form)
            let after = Int(Date().timeIntervalSince1970)
            #expect(created.status == 200)
            let stamp = try #require(created.body?.object?["created"]?.int)
            #expect((before...after).contains(stamp))
            let id = try #require(created.body?.object?["id"]?.string)
            #expect(try await MockStateTests.send("GET", base + "/v1/customers/" + id).body?.object?["created"] == .int(stamp))
            let updated = try await MockStateTests.send("POST", base + "/v1/customers/" + id, "name=Jane", type: form)
            #expect(updated.body?.object?["created"] == .int(stamp))
            let product = try await MockStateTests.send("POST", base + "/v1/products", "name=Box", type: form)
            let now = before...Int(Date().timeIntervalSince1970)
            #expect(now.contains(try #require(product.body?.object?["created"]?.int)))
            #expect(now.contains(try #require(product.body?.object?["updated"]?.int)))
            let name = try MockStateRealDocumentTests.name(spec, "POST", "/v1/customers")
            #expect(try MockStateTests.violations(created.body, spec: spec, endpoint: name) == [])
        }
    }

    /// A list's `has_more` says whether items are left after the page: it was the example's
    /// `true` whatever the list held, so a client paging on until it is `false` did not stop.
    @Test func aListsHasMoreSaysWhetherItemsAreLeft() async throws {
        let spec = try await RealDocuments.load("stripe/spec3.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let form = "application/x-www-form-urlencoded"
            #expect(try await MockStateTests.send("POST", base + "/v1/customers", "name=Jenny", type: form).status == 200)
            let one = try await MockStateTests.send("GET", base + "/v1/customers")
            #expect(one.body?.object?["data"]?.array?.count == 1)
            #expect(one.body?.object?["has_more"] == .bool(false))
            let name = try MockStateRealDocumentTests.name(spec, "GET", "/v1/customers")
            #expect(try MockStateTests.violations(one.body, spec: spec, endpoint: name) == [])
            #expect(try await MockStateTests.send("POST", base + "/v1/customers", "name=Jane", type: form).status == 200)
            let page = try await MockStateTests.send("GET", base + "/v1/customers?limit=1")
            #expect(page.body?.object?["data"]?.array?.count == 1)
            #expect(page.body?.object?["has_more"] == .bool(true))
            let both = try await MockStateTests.send("GET", base + "/v1/customers?limit=2")
            #expect(both.body?.object?["data"]?.array?.count == 2)
            #expect(both.body?.object?["has_more"] == .bool(false))
        }
    }

    /// A list is paged by `starting_after` (the items after the one of that id) and
    /// `ending_before` (the last items before it): a client paging with `starting_after` until
    /// `has_more` is `false` gets every item once. Both were not taken into account: every page
    /// was the first, with `has_more: true`.
    @Test func aListIsPagedByStartingAfterAndEndingBefore() async throws {
        let spec = try await RealDocuments.load("stripe/spec3.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let form = "application/x-www-form-urlencoded"
            var ids: [String] = []
            for name in ["a", "b", "c"] {
                let created = try await MockStateTests.send("POST", base + "/v1/customers", "name=" + name, type: form)
                ids.append(try #require(created.body?.object?["id"]?.string))
            }
            var listed: [String] = []
            var query = "limit=1"
            for _ in 0..<5 {
                let page = try await MockStateTests.send("GET", base + "/v1/customers?" + query)
                let data = try #require(page.body?.object?["data"]?.array)
                listed += data.compactMap { $0.object?["id"]?.string }
                guard page.body?.object?["has_more"] == .bool(true), let last = listed.last else { break }
                query = "limit=1&starting_after=" + last
            }
            #expect(listed == ids)
            let before = try await MockStateTests.send("GET", base + "/v1/customers?limit=1&ending_before=" + ids[2])
            #expect(before.body?.object?["data"]?.array?.compactMap { $0.object?["id"]?.string } == [ids[1]])
            #expect(before.body?.object?["has_more"] == .bool(true))
        }
    }
}
