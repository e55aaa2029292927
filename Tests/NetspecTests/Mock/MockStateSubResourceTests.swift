import NetspecMock
import Testing

import Netspec
import NetspecModel
import NetspecTestSupport

/// `--stateful` keeps the sub-resources that are not a collection's items (``InferredSingleton``):
/// GitHub's `PUT`, `GET` and `DELETE /gists/{gist_id}/star` (Schemathesis's ST301, a star read
/// as there after its `DELETE`), one per set of path values, gone with the item it is below.
@Suite struct MockStateSubResourceTests {
    /// The status of a request with no body.
    static func status(_ method: String, _ url: String) async throws -> Int {
        try await MockStateTests.send(method, url).status
    }

    @Test func gitHubsStarsFollowingAndSubscriptionsAreRemembered() async throws {
        let path = try await RealDocuments.path(of: "github/api.yaml")
        let spec = try await onOwnThread { try Spec.load(path: path) }
        #expect(ResourceInference(spec: spec).singletons.map(\.path) == [
            "/repos/{owner}/{repo}/contents/{path}", "/repos/{owner}/{repo}/vulnerability-alerts", "/repos/{owner}/{repo}/branches/{branch}/protection",
            "/repos/{owner}/{repo}/collaborators/{username}", "/repos/{owner}/{repo}/import", "/repos/{owner}/{repo}/subscription",
            "/user/starred/{owner}/{repo}", "/orgs/{org}/memberships/{username}", "/orgs/{org}/public_members/{username}",
            "/orgs/{org}/blocks/{username}", "/user/following/{username}", "/user/blocks/{username}", "/teams/{team_id}/members/{username}",
            "/orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}", "/teams/{team_id}/repos/{owner}/{repo}", "/teams/{team_id}/memberships/{username}",
            "/orgs/{org}/teams/{team_slug}/projects/{project_id}", "/teams/{team_id}/projects/{project_id}",
            "/orgs/{org}/teams/{team_slug}/memberships/{username}", "/gists/{gist_id}/star",
        ])
        let options = MockServer.Options(port: 0, checksSecurity: false, stateful: true)
        #expect(try MockServer(spec: spec, options: options).statefulResources().resources.last
            == "/gists/{gist_id}/star: sub-resource per {gist_id}, below /gists/{gist_id}, starts absent; store (PUT), read (GET), remove (DELETE)")
        try await MockServerTests.withMockServer(of: spec, options) { base, _ in
            // The seeded gist (the list's example), not starred at the start.
            let star = base + "/gists/aa5a315d61ae9438b18d/star"
            var statuses: [Int] = []
            for method in ["GET", "PUT", "GET", "DELETE", "GET", "DELETE"] { statuses.append(try await Self.status(method, star)) }
            #expect(statuses == [404, 204, 204, 204, 404, 404])
            try await #expect(Self.status("PUT", base + "/user/following/octocat") == 204)
            try await #expect(Self.status("GET", base + "/user/following/octocat") == 204)
            try await #expect(Self.status("GET", base + "/user/following/hubot") == 404)
            try await #expect(Self.status("PUT", star) == 204)
            try await #expect(Self.status("DELETE", base + "/gists/aa5a315d61ae9438b18d") == 204)
            try await #expect(Self.status("GET", star) == 404)
            // A subscription put is read back as the answer's schema takes it.
            let put = try await MockStateTests.send("PUT", base + "/repos/o/r/subscription", #"{"subscribed":true,"ignored":false}"#)
            #expect(put.status == 200 && put.body?.object?["subscribed"] == true && put.body?.object?["ignored"] == false)
            try await #expect(MockStateTests.send("GET", base + "/repos/o/r/subscription").body == put.body)
            try #expect(MockStateTests.violations(put.body, spec: spec, endpoint: "activity/get-repo-subscription") == [])
            try await #expect(Self.status("DELETE", base + "/repos/o/r/subscription") == 204)
            try await #expect(Self.status("GET", base + "/repos/o/r/subscription") == 404)
        }
    }

    /// A document with an item's star (absent at the start) and settings (present: its `GET`
    /// has an example).
    static let document = """
        openapi: 3.0.3
        info: {title: Things, version: "1"}
        paths:
          /things:
            post:
              operationId: createThing
              requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Thing"}}}}
              responses: {"201": {description: made, content: {application/json: {schema: {$ref: "#/components/schemas/Thing"}}}}}
          /things/{id}:
            parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
            get:
              operationId: getThing
              responses: {"200": {description: one, content: {application/json: {schema: {$ref: "#/components/schemas/Thing"}}}}, "404": {description: none}}
            delete: {operationId: deleteThing, responses: {"204": {description: gone}}}
          /things/{id}/star:
            parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
            get: {operationId: isStarred, responses: {"204": {description: starred}, "404": {description: not starred}}}
            put: {operationId: star, responses: {"204": {description: starred}}}
            delete: {operationId: unstar, responses: {"204": {description: not starred}}}
          /settings:
            get:
              operationId: getSettings
              responses:
                "200": {description: the settings, content: {application/json: {schema: {$ref: "#/components/schemas/Settings"}, example: {theme: dark, size: 2}}}}
                "404": {description: none}
            put:
              operationId: putSettings
              requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Settings"}}}}
              responses: {"204": {description: kept}}
            delete: {operationId: deleteSettings, responses: {"204": {description: gone}, "404": {description: none}}}
        components:
          schemas:
            Thing: {type: object, properties: {id: {type: integer}, name: {type: string}}}
            Settings: {type: object, required: [theme], properties: {theme: {type: string}, size: {type: integer}}}
        """

    @Test func aSubResourceGoesWithItsItemAndOneWithAnExampleStartsPresent() async throws {
        let spec = try Spec(yaml: Self.document, file: "things.yaml")
        let options = MockServer.Options(port: 0, stateful: true)
        #expect(try MockServer(spec: spec, options: options).statefulResources().resources == [
            "/things → /things/{id}: id {id} in member 'id', sequence ids; create, read, delete",
            "/things/{id}/star: sub-resource per {id}, below /things/{id}, starts absent; store (PUT), read (GET), remove (DELETE)",
            "/settings: one sub-resource, starts present; store (PUT), read (GET), remove (DELETE)",
        ])
        try await MockServerTests.withMockServer(of: spec, options) { base, _ in
            try await #expect(MockStateTests.send("POST", base + "/things", #"{"id":5,"name":"five"}"#).status == 201)
            try await #expect(Self.status("PUT", base + "/things/5/star") == 204)
            try await #expect(Self.status("GET", base + "/things/5/star") == 204)
            try await #expect(Self.status("GET", base + "/things/6/star") == 404)
            try await #expect(Self.status("DELETE", base + "/things/5") == 204)
            try await #expect(Self.status("GET", base + "/things/5/star") == 404)
            // Created again, the item has no star: the old one went with it.
            try await #expect(MockStateTests.send("POST", base + "/things", #"{"id":5,"name":"five"}"#).status == 201)
            try await #expect(Self.status("GET", base + "/things/5/star") == 404)

            try await #expect(MockStateTests.send("GET", base + "/settings").body == ["theme": "dark", "size": 2])
            try await #expect(MockStateTests.send("PUT", base + "/settings", #"{"theme":"light"}"#).status == 204)
            try await #expect(MockStateTests.send("GET", base + "/settings").body == ["theme": "light"])
            try await #expect(Self.status("DELETE", base + "/settings") == 204)
            try await #expect(Self.status("GET", base + "/settings") == 404)
            try await #expect(Self.status("DELETE", base + "/settings") == 404)
            try await #expect(Self.status("POST", base + "/__netspec/reset") == 204)
            try await #expect(MockStateTests.send("GET", base + "/settings").body == ["theme": "dark", "size": 2])
        }
    }
}
