import NetspecMock
import NetspecModel
import Testing

import Netspec
import NetspecTestSupport

/// `--stateful` on GitHub's document.
@Suite struct MockStateGitHubTests {
    /// A SCIM user list (`scim-user-list`) holds its users in `Resources`; its first array,
    /// `schemas`, holds strings (`urn:ietf:params:scim:api:messages:2.0:ListResponse`). The list
    /// was read as holding its items in `schemas`: a created user was listed there, beside no
    /// `Resources` of it.
    @Test func scimUsersAreListedInResourcesNotSchemas() async throws {
        let spec = try await RealDocuments.load("github/api.yaml")
        let collection = "/scim/v2/organizations/{org}/Users"
        let users = try #require(ResourceInference(spec: spec).resources.first { $0.collectionPath == collection })
        #expect(users.listWrapper == "Resources")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let body = #"{"userName":"ann","name":{"givenName":"Ann","familyName":"Lee"},"emails":[{"value":"ann@example.com","primary":true}]}"#
            let created = try await MockStateTests.send("POST", base + "/scim/v2/organizations/o/Users", body)
            #expect(created.status == 201)
            let id = try #require(created.body?.object?["id"])
            let list = try await MockStateTests.send("GET", base + "/scim/v2/organizations/o/Users")
            #expect(list.body?.object?["Resources"]?.array?.last?.object?["id"] == id)
            #expect(list.body?.object?["schemas"]?.array?.allSatisfy { $0.string != nil } == true)
            // `totalResults` counts the users stored; it was the example's.
            let listed = try #require(list.body?.object?["Resources"]?.array?.count)
            #expect(list.body?.object?["totalResults"] == .int(listed))
            #expect(try MockStateTests.violations(list.body, spec: spec, endpoint: MockStateRealDocumentTests.name(spec, "GET", collection)) == [])
        }
    }

    /// A SCIM list page (RFC 7644 §3.4.2.4): `startIndex` 1-based (below 1 taken as 1), `count`
    /// the page's size (below 0 taken as 0: no users, only `totalResults`); `itemsPerPage` the
    /// users in the page and `startIndex` the index of its first. They were the example's, 10
    /// and 1, beside every user stored, whatever the query asked.
    @Test func scimUsersArePagedByStartIndexAndCount() async throws {
        let spec = try await RealDocuments.load("github/api.yaml")
        let path = "/scim/v2/organizations/o/Users"
        let endpoint = try MockStateRealDocumentTests.name(spec, "GET", "/scim/v2/organizations/{org}/Users")
        // The query, the users of the page, its startIndex, and the Link to the next page.
        let cases: [(query: String, users: [String], startIndex: Int, link: String?)] = [
            ("startIndex=2&count=1", ["bob"], 2, "<\(path)?count=1&startIndex=3>; rel=\"next\""),
            ("", ["ann", "bob", "cid"], 1, nil),
            ("startIndex=0&count=2", ["ann", "bob"], 1, "<\(path)?count=2&startIndex=3>; rel=\"next\""),
            ("startIndex=3", ["cid"], 3, nil),
            ("startIndex=2&count=5", ["bob", "cid"], 2, nil),
            ("count=0", [], 1, nil),
            ("startIndex=1&count=-1", [], 1, nil),
            ("startIndex=5&count=2", [], 5, nil),
        ]
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            for name in ["ann", "bob", "cid"] {
                let body = #"{"userName":"\#(name)","name":{"givenName":"A","familyName":"B"},"emails":[{"value":"\#(name)@example.com","primary":true}]}"#
                #expect(try await MockStateTests.send("POST", base + path, body).status == 201)
            }
            for (query, users, startIndex, link) in cases {
                let list = try await MockStateTests.send("GET", base + path + (query.isEmpty ? "" : "?" + query))
                let page = list.body?.object
                #expect(page?["Resources"]?.array?.map { $0.object?["userName"]?.string ?? "?" } == users, "\(query)")
                #expect(page?["itemsPerPage"] == .int(users.count), "\(query)")
                #expect(page?["startIndex"] == .int(startIndex), "\(query)")
                #expect(page?["totalResults"] == .int(3), "\(query)")
                #expect(list.headers["link"] == link, "\(query)")
                #expect(try MockStateTests.violations(list.body, spec: spec, endpoint: endpoint) == [], "\(query)")
            }
        }
    }
}
