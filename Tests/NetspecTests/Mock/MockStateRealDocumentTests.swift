import NetspecMock
import NetspecModel
import Testing

import Netspec
import NetspecTestSupport

/// `--stateful` on documents written for real servers, with no configuration: the repository's
/// petstore, Gitea's Swagger 2.0 document (nested under `/repos/{owner}/{repo}`) and Jupyter
/// Server's (an item path whose placeholder names the item, `{session}`), create →
/// read → update → list → delete → read after delete, each answer valid for the document.
@Suite struct MockStateRealDocumentTests {
    /// The name of the endpoint with `method` and `path`.
    static func name(_ spec: Spec, _ method: String, _ path: String) throws -> String {
        try #require(spec.endpoints.first { $0.method.rawValue == method && $0.path == path }).name
    }

    @Test func thePetstoreRemembers() async throws {
        let spec = try Spec.load(path: TestPaths.root + "/specs/petstore.openapi.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, log in
            // The seed is the list's example.
            #expect(try await MockStateTests.send("GET", base + "/pets").body == [["id": 1, "name": "Rex", "tag": "dog"]])
            let created = try await MockStateTests.send("POST", base + "/pets", #"{"name":"Tom","tag":"cat"}"#)
            #expect(created.status == 201 && created.body == ["name": "Tom", "tag": "cat", "id": 2])
            #expect(try MockStateTests.violations(created.body, spec: spec, endpoint: "createPet", status: 201) == [])
            let read = try await MockStateTests.send("GET", base + "/pets/2")
            #expect(read.body == created.body)
            #expect(try MockStateTests.violations(read.body, spec: spec, endpoint: try Self.name(spec, "GET", "/pets/{petId}")) == [])
            #expect(try await MockStateTests.send("GET", base + "/pets").body == [["id": 1, "name": "Rex", "tag": "dog"], ["name": "Tom", "tag": "cat", "id": 2]])
            #expect(try await MockStateTests.send("DELETE", base + "/pets/2").status == 204)
            let gone = try await MockStateTests.send("GET", base + "/pets/2")
            #expect(gone.status == 404)
            #expect(gone.body?.object?["detail"] == "/pets has no item with petId 2")
            #expect(log.all.prefix(3) == ["GET /pets 200 listPets", "POST /pets 201 createPet", "GET /pets/2 200 \(try Self.name(spec, "GET", "/pets/{petId}"))"])
        }
    }

    @Test func giteaLabelsAreKeptPerRepository() async throws {
        let spec = try Spec.load(path: try await RealDocuments.path(of: "gitea/swagger.v1.json"))
        let getLabel = try Self.name(spec, "GET", "/repos/{owner}/{repo}/labels/{id}")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let labels = base + "/api/v1/repos/go/tea/labels"
            let created = try await MockStateTests.send("POST", labels, ##"{"name":"bug","color":"#ee0701"}"##)
            #expect(created.status == 201 && created.body == ["name": "bug", "color": "#ee0701", "id": 1])
            #expect(try MockStateTests.violations(created.body, spec: spec, endpoint: getLabel) == [])
            #expect(try await MockStateTests.send("GET", labels + "/1").body == created.body)
            let edited = try await MockStateTests.send("PATCH", labels + "/1", #"{"description":"broken"}"#)
            #expect(edited.body == ["name": "bug", "color": "#ee0701", "id": 1, "description": "broken"])
            #expect(try await MockStateTests.send("GET", labels).body == [try #require(edited.body)])
            #expect(try await MockStateTests.send("GET", base + "/api/v1/repos/go/other/labels").body == [])
            #expect(try await MockStateTests.send("DELETE", labels + "/1").status == 204)
            let gone = try await MockStateTests.send("GET", labels + "/1")
            // Gitea's own 404 (`#/responses/notFound`: no body).
            #expect(gone.status == 404)
            #expect(gone.body == nil)
        }
    }

    /// Stripe updates an item by `POST` to its path (it has no `PATCH`): "Any parameters not
    /// provided will be left unchanged" — a merge, of a form body. It was answered from the
    /// schema, and the next read still had the name given at create.
    @Test func stripeCustomersAreUpdatedByPOST() async throws {
        let spec = try await RealDocuments.load("stripe/spec3.yaml")
        let resource = try #require(ResourceInference(spec: spec).resources.first { $0.collectionPath == "/v1/customers" })
        #expect(resource.summary == "/v1/customers → /v1/customers/{customer}: id {customer} in member 'id', string ids; create, list, read, merge (POST), delete; list in 'data'")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let form = "application/x-www-form-urlencoded"
            let created = try await MockStateTests.send("POST", base + "/v1/customers", "email=j%40example.com&name=Jenny", type: form)
            let id = try #require(created.body?.object?["id"]?.string)
            let updated = try await MockStateTests.send("POST", base + "/v1/customers/" + id, "name=Jane&metadata[tier]=gold", type: form)
            #expect(updated.status == 200)
            let read = try await MockStateTests.send("GET", base + "/v1/customers/" + id)
            #expect(read.body?.object?["name"] == "Jane")
            #expect(read.body?.object?["email"] == "j@example.com")
            #expect(read.body?.object?["metadata"] == ["tier": "gold"])
            #expect(read.body == updated.body)
            #expect(try await MockStateTests.send("POST", base + "/v1/customers/cus_none", "name=X", type: form).status == 404)
        }
    }

    /// Jupyter's `/api/sessions/{session}` reads the item whose `id` the answer to its `POST`
    /// gives (Schemathesis follows it so): the placeholder names the collection's item, so its
    /// member is `id`, a `uuid` by the item's schema — not the path alone with a sequence.
    @Test func jupyterSessionsAreReadByTheIDTheirAnswerGives() async throws {
        let spec = try Spec.load(path: try await RealDocuments.path(of: "jupyter/api.yaml"))
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let sessions = base + "/api/sessions"
            let given = try await MockStateTests.send("POST", sessions, #"{"id":"fb31f5c3-ba2a-43ab-9d7e-61405b37d66d","name":"a","type":"notebook"}"#)
            #expect(given.status == 201 && given.body == ["id": "fb31f5c3-ba2a-43ab-9d7e-61405b37d66d", "name": "a", "type": "notebook"])
            #expect(try await MockStateTests.send("GET", sessions + "/fb31f5c3-ba2a-43ab-9d7e-61405b37d66d").body == given.body)
            let made = try await MockStateTests.send("POST", sessions, #"{"name":"b"}"#)
            let id = try #require(made.body?.object?["id"]?.string)
            #expect(id.count == 36 && id.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
            let patched = try await MockStateTests.send("PATCH", sessions + "/" + id, #"{"path":"b.ipynb"}"#)
            #expect(patched.status == 200 && patched.body == ["id": .string(id), "name": "b", "path": "b.ipynb"])
            #expect(try await MockStateTests.send("DELETE", sessions + "/" + id).status == 204)
            #expect(try await MockStateTests.send("GET", sessions + "/" + id).status == 404)
        }
    }
}
