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
}
