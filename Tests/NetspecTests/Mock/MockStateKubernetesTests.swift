import NetspecMock
import Testing

import Netspec
import NetspecTestSupport

/// `--stateful` on Kubernetes' document: an object's `{name}` is its `metadata.name`, which the
/// item has in no member of its own (`ObjectMeta`).
@Suite struct MockStateKubernetesTests {
    /// A ConfigMap created with `metadata.name` `web` is read, listed, replaced, merged and
    /// deleted at `…/configmaps/web`; one created without a name gets the next number as its
    /// name, in `metadata.name` too. The id was the path's alone: the ConfigMap was stored as
    /// `1` and `GET …/configmaps/web` was a 404. A create answers 201 (Created), which it
    /// declares beside 200 and 202 (it answered 200, the first); a replace stays 200.
    @Test func anObjectIsReadAtItsMetadataName() async throws {
        let spec = try await RealDocuments.load("kubernetes/swagger.json")
        let options = MockServer.Options(port: 0, checksSecurity: false, stateful: true)
        let summaries = try MockServer(spec: spec, options: options).statefulResources().resources
        #expect(summaries.first { $0.hasPrefix("/api/v1/namespaces/{namespace}/configmaps ") } ==
            "/api/v1/namespaces/{namespace}/configmaps → /api/v1/namespaces/{namespace}/configmaps/{name}: id {name} in member 'metadata.name', string ids; create, list, read, replace, merge, delete; list in 'items'")
        try await MockServerTests.withMockServer(of: spec, options) { base, _ in
            let maps = base + "/api/v1/namespaces/default/configmaps"
            let body = #"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"web"},"data":{"a":"b"}}"#
            let created = try await MockStateTests.send("POST", maps, body)
            #expect(created.status == 201)
            #expect(created.body == ["apiVersion": "v1", "kind": "ConfigMap", "metadata": ["name": "web"], "data": ["a": "b"]])
            let read = try await MockStateTests.send("GET", maps + "/web")
            #expect(read.status == 200)
            #expect(read.body == created.body)
            let item = try #require(created.body)
            #expect(try await MockStateTests.send("GET", maps).body?.object?["items"] == .some(.array([item])))
            let replaced = try await MockStateTests.send("PUT", maps + "/web", #"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"web"},"data":{"a":"c"}}"#)
            #expect(replaced.status == 200)
            #expect(replaced.body?.object?["data"] == ["a": "c"])
            let merged = try await MockStateTests.send("PATCH", maps + "/web", #"{"data":{"d":"e"}}"#, type: "application/merge-patch+json")
            #expect(merged.body?.object?["data"] == ["a": "c", "d": "e"])
            #expect(try await MockStateTests.send("GET", maps + "/web").body == merged.body)
            let unnamed = try await MockStateTests.send("POST", maps, #"{"data":{"x":"y"}}"#)
            #expect(unnamed.status == 201)
            #expect(unnamed.body?.object?["metadata"] == ["name": "1"])
            #expect(try await MockStateTests.send("GET", maps + "/1").body == unnamed.body)
            #expect(try await MockStateTests.send("DELETE", maps + "/web").status == 200)
            let gone = try await MockStateTests.send("GET", maps + "/web")
            #expect(gone.status == 404)
            #expect(try await MockStateTests.send("GET", base + "/api/v1/namespaces/other/configmaps/1").status == 404)
        }
    }
}
