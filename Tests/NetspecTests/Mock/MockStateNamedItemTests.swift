import NetspecMock
import NetspecModel
import Testing

import Netspec
import NetspecTestSupport

/// `--stateful` on items whose path names them by their `name`, not an id: DigitalOcean's
/// `{tag_id}` ("The name of the tag") and `{domain_name}`, Gitea's `{org}` ("name of the
/// organization to get"), `{tag}` and `{branch}`. They were stored under a number (or matched
/// against the integer `id`, or a tag's commit sha), so the item created as `awesome` was a 404 at
/// `/v2/tags/awesome`.
@Suite struct MockStateNamedItemTests {
    static func summaries(_ spec: Spec, _ paths: [String]) -> [String] {
        let resources = ResourceInference(spec: spec).resources
        return paths.compactMap { path in resources.first { $0.collectionPath == path }?.summary }
    }

    /// A tag created with its `name` is read, listed and deleted at `/v2/tags/awesome`.
    @Test func digitalOceanTagsAreKeptByName() async throws {
        let spec = try await RealDocuments.load("do/specification/DigitalOcean-public.v2.yaml")
        #expect(Self.summaries(spec, ["/v2/tags", "/v2/domains", "/v2/databases/{database_cluster_uuid}/dbs"]) == [
            "/v2/tags → /v2/tags/{tag_id}: id {tag_id} in member 'name', string ids; create, list, read, delete; list in 'tags'",
            "/v2/domains → /v2/domains/{domain_name}: id {domain_name} in member 'name', string ids; create, list, read, delete; list in 'domains'",
            "/v2/databases/{database_cluster_uuid}/dbs → /v2/databases/{database_cluster_uuid}/dbs/{database_name}: id {database_name} in member 'name', string ids; create, list, read, delete; list in 'dbs'",
        ])
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let created = try await MockStateTests.send("POST", base + "/v2/tags", #"{"name":"awesome"}"#)
            #expect(created.status == 201)
            #expect(created.body?.object?["tag"]?.object?["name"] == "awesome")
            let read = try await MockStateTests.send("GET", base + "/v2/tags/awesome")
            #expect(read.status == 200)
            #expect(read.body == created.body)
            #expect(try MockStateTests.violations(read.body, spec: spec, endpoint: "tags_get") == [])
            #expect(try await MockStateTests.send("DELETE", base + "/v2/tags/awesome").status == 204)
            #expect(try await MockStateTests.send("GET", base + "/v2/tags/awesome").status == 404)
        }
    }

    /// Gitea creates a tag from `tag_name`, a branch from `new_branch_name` and an org from
    /// `username` (once kept as `/orgs/1`): each is read at that name, which is its `name`.
    @Test func giteaTagsAndBranchesAreKeptByName() async throws {
        let spec = try Spec.load(path: try await RealDocuments.path(of: "gitea/swagger.v1.json"))
        #expect(Self.summaries(spec, ["/orgs", "/repos/{owner}/{repo}/tags", "/repos/{owner}/{repo}/branches"]) == [
            "/orgs → /orgs/{org}: id {org} in member 'name', given as 'username', string ids; create, list, read, merge, delete",
            "/repos/{owner}/{repo}/tags → /repos/{owner}/{repo}/tags/{tag}: id {tag} in member 'name', given as 'tag_name', string ids; create, list, read, delete",
            "/repos/{owner}/{repo}/branches → /repos/{owner}/{repo}/branches/{branch}: id {branch} in member 'name', given as 'new_branch_name', string ids; create, list, read, replace, merge, delete",
        ])
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let org = try await MockStateTests.send("POST", base + "/api/v1/orgs", #"{"username":"acme","full_name":"Acme"}"#)
            #expect(org.status == 201)
            #expect(org.body?.object?["name"] == "acme")
            #expect(try await MockStateTests.send("GET", base + "/api/v1/orgs/acme").body == org.body)
            let repo = base + "/api/v1/repos/go/tea"
            let tag = try await MockStateTests.send("POST", repo + "/tags", #"{"tag_name":"v1.0","message":"first"}"#)
            #expect(tag.status == 200)
            #expect(tag.body?.object?["name"] == "v1.0")
            #expect(try await MockStateTests.send("GET", repo + "/tags/v1.0").body == tag.body)
            let branch = try await MockStateTests.send("POST", repo + "/branches", #"{"new_branch_name":"dev","old_branch_name":"main"}"#)
            #expect(branch.status == 201)
            #expect(branch.body?.object?["name"] == "dev")
            #expect(try await MockStateTests.send("GET", repo + "/branches/dev").body == branch.body)
            #expect(try await MockStateTests.send("DELETE", repo + "/branches/dev").status == 204)
            #expect(try await MockStateTests.send("GET", repo + "/branches/dev").status == 404)
        }
    }
}
