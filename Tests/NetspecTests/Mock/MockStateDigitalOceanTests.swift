import NetspecMock
import Testing

import Netspec
import NetspecTestSupport

/// `--stateful` on DigitalOcean's document: items stored unwrapped, answered in their envelopes.
@Suite struct MockStateDigitalOceanTests {
    /// `POST /v2/droplets` answers one of two shapes, `{droplet, links}` or `{droplets, links}`:
    /// the droplet created is in `droplet`. It answered the document's example droplet
    /// (`3164444`, `example.com`) while storing the one sent, which only a later read showed.
    @Test func aCreatedDropletIsInItsAnswer() async throws {
        let spec = try await RealDocuments.load("do/specification/DigitalOcean-public.v2.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let body = #"{"name":"web1","region":"nyc3","size":"s-1vcpu-1gb","image":"ubuntu-20-04-x64"}"#
            let created = try await MockStateTests.send("POST", base + "/v2/droplets", body)
            #expect(created.status == 202)
            let droplet = try #require(created.body?.object?["droplet"])
            #expect(droplet.object?["id"] == 3164460)
            #expect(droplet.object?["name"] == "web1")
            #expect(created.body?.object?["links"] == ["actions": [["id": 7515, "rel": "create", "href": "https://api.digitalocean.com/v2/actions/7515"]]])
            let read = try await MockStateTests.send("GET", base + "/v2/droplets/3164460")
            #expect(read.status == 200)
            #expect(read.body == ["droplet": droplet])
            #expect(try MockStateTests.violations(created.body, spec: spec, endpoint: "droplets_create", status: 202) == [])
        }
    }

    /// A list's `meta.total` is the number of items stored (the seed, `extra-awesome`, and the
    /// two created), on every page: it stayed the example's `1`, whatever the list held.
    @Test func aListsMetaTotalCountsTheStoredItems() async throws {
        let spec = try await RealDocuments.load("do/specification/DigitalOcean-public.v2.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            #expect(try await MockStateTests.send("POST", base + "/v2/tags", #"{"name":"alpha"}"#).status == 201)
            #expect(try await MockStateTests.send("POST", base + "/v2/tags", #"{"name":"beta"}"#).status == 201)
            let list = try await MockStateTests.send("GET", base + "/v2/tags")
            #expect(list.body?.object?["tags"]?.array?.compactMap { $0.object?["name"]?.string } == ["extra-awesome", "alpha", "beta"])
            #expect(list.body?.object?["meta"] == ["total": 3])
            #expect(try MockStateTests.violations(list.body, spec: spec, endpoint: "tags_list") == [])
            let page = try await MockStateTests.send("GET", base + "/v2/tags?per_page=1&page=2")
            #expect(page.body?.object?["tags"]?.array?.compactMap { $0.object?["name"]?.string } == ["alpha"])
            #expect(page.body?.object?["meta"] == ["total": 3])
        }
    }
}
