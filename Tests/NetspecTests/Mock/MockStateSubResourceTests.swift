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
        // With `PUT`, or without one and shown by the document (a `GET` example): a repository, a
        // team, a commit comment — items whose collections cannot create them — are read until
        // their `DELETE`.
        #expect(ResourceInference(spec: spec).singletons.map(\.path) == [
            "/repos/{owner}/{repo}/releases/assets/{asset_id}", "/repos/{owner}/{repo}/contents/{path}", "/repos/{owner}/{repo}/vulnerability-alerts",
            "/repos/{owner}/{repo}/branches/{branch}/protection/required_pull_request_reviews",
            "/repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks", "/repos/{owner}/{repo}",
            "/repos/{owner}/{repo}/branches/{branch}/protection/restrictions", "/repos/{owner}/{repo}/branches/{branch}/protection",
            "/repos/{owner}/{repo}/collaborators/{username}", "/repos/{owner}/{repo}/comments/{comment_id}", "/repos/{owner}/{repo}/import",
            "/repos/{owner}/{repo}/interaction-limits", "/orgs/{org}/interaction-limits", "/repos/{owner}/{repo}/subscription", "/user/starred/{owner}/{repo}",
            "/notifications/threads/{thread_id}/subscription", "/projects/columns/cards/{card_id}", "/projects/columns/{column_id}", "/projects/{project_id}",
            "/orgs/{org}/memberships/{username}", "/orgs/{org}/public_members/{username}", "/orgs/{org}/blocks/{username}", "/applications/grants/{grant_id}",
            "/user/following/{username}", "/user/blocks/{username}", "/orgs/{org}/actions/runners/{runner_id}", "/orgs/{org}/actions/secrets/{secret_name}",
            "/repos/{owner}/{repo}/actions/artifacts/{artifact_id}", "/repos/{owner}/{repo}/actions/secrets/{secret_name}",
            "/repos/{owner}/{repo}/actions/runners/{runner_id}", "/repos/{owner}/{repo}/actions/runs/{run_id}", "/teams/{team_id}/members/{username}",
            "/orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}", "/teams/{team_id}/repos/{owner}/{repo}", "/teams/{team_id}/memberships/{username}",
            "/teams/{team_id}", "/orgs/{org}/teams/{team_slug}/projects/{project_id}", "/teams/{team_id}/projects/{project_id}",
            "/orgs/{org}/teams/{team_slug}/memberships/{username}", "/repos/{owner}/{repo}/pulls/comments/{comment_id}",
            "/repos/{owner}/{repo}/issues/comments/{comment_id}", "/app/installations/{installation_id}", "/gists/{gist_id}/star",
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

    /// GitHub's sub-resources whose `GET` declares no 404 but has an example (a thread's
    /// subscription, a repository's interaction limits): kept, there at the start (the example),
    /// read back as put, and after their `DELETE` the mock's own 404 problem, as an item whose
    /// `GET` declares no 404; the `DELETE` itself answers as the document says.
    @Test func gitHubsSubResourcesWithoutA404AreThereUntilDeleted() async throws {
        let path = try await RealDocuments.path(of: "github/api.yaml")
        let spec = try await onOwnThread { try Spec.load(path: path) }
        let options = MockServer.Options(port: 0, checksSecurity: false, stateful: true)
        let resources = try MockServer(spec: spec, options: options).statefulResources().resources
        #expect(resources.contains(
            "/notifications/threads/{thread_id}/subscription: sub-resource per {thread_id}, starts present; store (PUT), read (GET), remove (DELETE)"
        ))
        try await MockServerTests.withMockServer(of: spec, options) { base, _ in
            let subscription = base + "/notifications/threads/1/subscription"
            let example = try await MockStateTests.send("GET", subscription)
            #expect(example.status == 200 && example.body?.object?["subscribed"] == true)
            let put = try await MockStateTests.send("PUT", subscription, #"{"ignored":true}"#)
            #expect(put.status == 200 && put.body?.object?["ignored"] == true)
            try await #expect(MockStateTests.send("GET", subscription).body == put.body)
            try #expect(MockStateTests.violations(put.body, spec: spec, endpoint: "activity/get-thread-subscription-for-authenticated-user") == [])
            try await #expect(Self.status("DELETE", subscription) == 204)
            let gone = try await MockStateTests.send("GET", subscription)
            #expect(gone.status == 404)
            #expect(gone.body == [
                "type": "about:blank", "title": "Not Found", "status": 404,
                "detail": "/notifications/threads/1/subscription is not there (never put, or deleted)",
                "endpoint": "activity/get-thread-subscription-for-authenticated-user",
            ])
            // Another thread's is there: one per set of path values.
            try await #expect(Self.status("GET", base + "/notifications/threads/2/subscription") == 200)
            let limits = base + "/repos/o/r/interaction-limits"
            try await #expect(Self.status("GET", limits) == 200)
            try await #expect(Self.status("DELETE", limits) == 204)
            try await #expect(Self.status("GET", limits) == 404)
            // A second DELETE answers as the document says (it declares no 404).
            try await #expect(Self.status("DELETE", limits) == 204)
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
            patch:
              operationId: patchSettings
              requestBody:
                content:
                  application/merge-patch+json: {schema: {type: object}}
                  application/json-patch+json: {schema: {type: array, items: {type: object}}}
              responses:
                "200": {description: merged, content: {application/json: {schema: {$ref: "#/components/schemas/Settings"}}}}
                "404": {description: none}
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
            "/settings: one sub-resource, starts present; store (PUT), read (GET), remove (DELETE), merge (PATCH)",
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

    /// A path with `GET` and `DELETE` and no `PUT` or `POST` — an item whose collection cannot
    /// create it — is kept when the document shows it (its `GET` has an example): read as the
    /// document says until its `DELETE`, the 404 after (the `DELETE`'s own 404 when it declares
    /// one), its `PATCH` merged; one the document does not show, or that declares only a 404,
    /// answers as without `--stateful` (nothing could ever put it there).
    @Test func anItemNoCollectionCreatesIsReadUntilItsDelete() async throws {
        let spec = try Spec(yaml: """
            openapi: 3.0.3
            info: {title: Threads, version: "1"}
            paths:
              /threads:
                get: {operationId: listThreads, responses: {"200": {description: all, content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Thread"}}}}}}}
              /threads/{id}:
                parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                get:
                  operationId: getThread
                  responses: {"200": {description: one, content: {application/json: {schema: {$ref: "#/components/schemas/Thread"}, example: {id: t1, title: first}}}}}
                patch:
                  operationId: renameThread
                  requestBody: {content: {application/merge-patch+json: {schema: {type: object}}}}
                  responses: {"200": {description: renamed, content: {application/json: {schema: {$ref: "#/components/schemas/Thread"}}}}}
                delete:
                  operationId: deleteThread
                  responses: {"200": {description: gone, content: {application/json: {schema: {type: object, properties: {deleted: {type: boolean}}}, example: {deleted: true}}}}, "404": {description: none}}
              /notes/{id}:
                parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                get: {operationId: getNote, responses: {"200": {description: one, content: {application/json: {schema: {$ref: "#/components/schemas/Thread"}}}}, "404": {description: none}}}
                delete: {operationId: deleteNote, responses: {"204": {description: gone}}}
            components:
              schemas:
                Thread: {type: object, properties: {id: {type: string}, title: {type: string}}}
            """, file: "threads.yaml")
        let options = MockServer.Options(port: 0, stateful: true)
        #expect(try MockServer(spec: spec, options: options).statefulResources().resources == [
            "/threads/{id}: sub-resource per {id}, starts present; read (GET), remove (DELETE), merge (PATCH)",
        ])
        try await MockServerTests.withMockServer(of: spec, options) { base, _ in
            let thread = base + "/threads/t1"
            try await #expect(MockStateTests.send("GET", thread).body == ["id": "t1", "title": "first"])
            let renamed = try await MockStateTests.send("PATCH", thread, #"{"title":"renamed"}"#, type: "application/merge-patch+json")
            #expect(renamed.status == 200 && renamed.body == ["id": "t1", "title": "renamed"])
            try await #expect(MockStateTests.send("GET", thread).body == ["id": "t1", "title": "renamed"])
            let deleted = try await MockStateTests.send("DELETE", thread)
            #expect(deleted.status == 200 && deleted.body == ["deleted": true])
            let gone = try await MockStateTests.send("GET", thread)
            #expect(gone.status == 404)
            #expect(gone.body?.object?["detail"] == "/threads/t1 is not there (never put, or deleted)")
            try await #expect(Self.status("DELETE", thread) == 404)
            // Another thread is there: one per id.
            try await #expect(Self.status("GET", base + "/threads/t2") == 200)
            // A note the document does not show: answered as without --stateful, before and after its DELETE.
            try await #expect(Self.status("GET", base + "/notes/n1") == 200)
            try await #expect(Self.status("DELETE", base + "/notes/n1") == 204)
            try await #expect(Self.status("GET", base + "/notes/n1") == 200)
        }
    }

    /// OpenAI's chat threads: `GET` and `DELETE /chatkit/threads/{thread_id}`, a list and no create.
    /// A thread the document shows is there until deleted (Schemathesis's ST301, "Deleted resource
    /// still available", when it was answered as without `--stateful`).
    @Test func openAIsThreadIsGoneAfterItsDelete() async throws {
        let path = try await RealDocuments.path(of: "openai/openapi.yaml")
        let spec = try await onOwnThread { try Spec.load(path: path) }
        let options = MockServer.Options(port: 0, checksSecurity: false, stateful: true)
        #expect(try MockServer(spec: spec, options: options).statefulResources().resources.contains(
            "/chatkit/threads/{thread_id}: sub-resource per {thread_id}, starts present; read (GET), remove (DELETE)"
        ))
        try await MockServerTests.withMockServer(of: spec, options) { base, _ in
            let thread = base + "/chatkit/threads/cthr_def456"
            try await #expect(Self.status("GET", thread) == 200)
            try await #expect(Self.status("DELETE", thread) == 200)
            try await #expect(Self.status("GET", thread) == 404)
        }
    }

    /// A sub-resource's `PATCH` merges as an item's does: a JSON Merge Patch into what it holds
    /// (the document's example while nothing was put), a JSON Patch for
    /// `application/json-patch+json`, stored and read back; one that cannot be applied is a 422
    /// and changes nothing; one not there is its 404.
    @Test func aSubResourcesPatchMerges() async throws {
        let spec = try Spec(yaml: Self.document, file: "things.yaml")
        try await MockServerTests.withMockServer(of: spec, MockServer.Options(port: 0, stateful: true)) { base, _ in
            let settings = base + "/settings"
            let merged = try await MockStateTests.send("PATCH", settings, #"{"size":3}"#, type: "application/merge-patch+json")
            #expect(merged.status == 200 && merged.body == ["theme": "dark", "size": 3])
            try await #expect(MockStateTests.send("GET", settings).body == ["theme": "dark", "size": 3])
            let removed = try await MockStateTests.send("PATCH", settings, #"{"size":null}"#, type: "application/merge-patch+json")
            #expect(removed.body == ["theme": "dark"])
            let patched = try await MockStateTests.send(
                "PATCH", settings, #"[{"op":"replace","path":"/theme","value":"light"},{"op":"add","path":"/size","value":5}]"#, type: "application/json-patch+json"
            )
            #expect(patched.status == 200 && patched.body == ["theme": "light", "size": 5])
            let failed = try await MockStateTests.send("PATCH", settings, #"[{"op":"remove","path":"/colour"}]"#, type: "application/json-patch+json")
            #expect(failed.status == 422)
            #expect(failed.body?.object?["detail"] == "the JSON Patch cannot be applied: operation /0: /colour does not exist")
            try await #expect(MockStateTests.send("GET", settings).body == ["theme": "light", "size": 5])
            // Put again, then patched: merged into what was put.
            try await #expect(Self.status("PUT", settings) == 204)
            try await #expect(MockStateTests.send("PATCH", settings, #"{"size":1}"#, type: "application/merge-patch+json").body == ["theme": "dark", "size": 1])
            try await #expect(MockStateTests.send("PUT", settings, #"{"theme":"blue"}"#).status == 204)
            try await #expect(MockStateTests.send("PATCH", settings, #"{"size":4}"#, type: "application/merge-patch+json").body == ["theme": "blue", "size": 4])
            try await #expect(Self.status("DELETE", settings) == 204)
            let gone = try await MockStateTests.send("PATCH", settings, #"{"size":1}"#, type: "application/merge-patch+json")
            #expect(gone.status == 404 && gone.body == nil)
            try await #expect(Self.status("GET", settings) == 404)
        }
    }
}
