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
}
