import Testing

import Netspec
import NetspecMock
import NetspecModel
import NetspecTestSupport

/// What the stateful mock answers on the real documents where Schemathesis found answers that
/// broke their schemas (issue 55, item 4; ``MockSchemathesisTests``): an item returned under
/// several schemas is what each asks for (GitHub's gists, OpenAI's admin keys, service accounts and
/// certificates, ST108), an object member holds no id (Gitea's assignees, ST108), a `writeOnly`
/// member is not answered (Airflow's user `password`, OpenAPI 3.0.3 §4.7.24), what is below a
/// deleted item goes with it (Airflow's run's task instances, ST301), and a path answering a
/// string is no resource (Kubernetes' proxies, ST108).
@Suite struct MockAnswerConformanceTests {
    static func name(_ spec: Spec, _ method: String, _ path: String) throws -> String {
        try MockStateRealDocumentTests.name(spec, method, path)
    }

    /// A gist's read and create answer `gist-simple`, its list `base-gist`, which requires
    /// `node_id`, `user` and eleven more members the create's request does not give.
    @Test func aGistIsWhatItsListAndItsReadAskFor() async throws {
        let spec = try await RealDocuments.load("github/api.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let created = try await MockStateTests.send("POST", base + "/gists", #"{"description":"d","files":{"a.rb":{"content":"x"}}}"#)
            #expect(created.status == 201)
            #expect(created.headers["location"] == "/gists/1")
            #expect(try MockStateTests.violations(created.body, spec: spec, endpoint: Self.name(spec, "POST", "/gists"), status: 201) == [])
            let read = try await MockStateTests.send("GET", base + "/gists/1")
            #expect(read.body == created.body)
            let list = try await MockStateTests.send("GET", base + "/gists")
            #expect(try MockStateTests.violations(list.body, spec: spec, endpoint: Self.name(spec, "GET", "/gists")) == [])
            let listed = try #require(list.body?.array?.last?.object)
            #expect(listed["id"] == "1")
            #expect(listed["node_id"] == created.body?.object?["node_id"])
            #expect(listed["description"] == "d")
        }
    }

    /// OpenAI's creates answering more than their reads: an admin key's `value` ("only shown on
    /// create"), a service account's `api_key` and a `role` both schemas take (`member` or `none`
    /// of the create's, `owner`, `member` or `none` of the read's), a certificate's list items'
    /// `active`.
    @Test func openAIsCreatesAnswerWhatTheirReadsLeaveOut() async throws {
        let spec = try await RealDocuments.load("openai/openapi.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let key = try await MockStateTests.send("POST", base + "/organization/admin_api_keys", #"{"name":"k"}"#)
            #expect(key.body?.object?["value"] == "sk-admin-1234abcd")
            #expect(try MockStateTests.violations(key.body, spec: spec, endpoint: Self.name(spec, "POST", "/organization/admin_api_keys")) == [])
            let accounts = "/organization/projects/{project_id}/service_accounts"
            let account = try await MockStateTests.send("POST", base + "/organization/projects/p/service_accounts", #"{"name":"s"}"#)
            #expect(account.body?.object?["api_key"]?.object?["object"] == "organization.project.service_account.api_key")
            #expect(try MockStateTests.violations(account.body, spec: spec, endpoint: Self.name(spec, "POST", accounts)) == [])
            let read = try await MockStateTests.send("GET", base + "/organization/projects/p/service_accounts/1")
            #expect(try MockStateTests.violations(read.body, spec: spec, endpoint: Self.name(spec, "GET", accounts + "/{service_account_id}")) == [])
            _ = try await MockStateTests.send("POST", base + "/organization/certificates", #"{"name":"c","certificate":"PEM"}"#)
            let certificates = try await MockStateTests.send("GET", base + "/organization/certificates")
            #expect(certificates.body?.object?["data"]?.array?.count == 1)
            #expect(try MockStateTests.violations(certificates.body, spec: spec, endpoint: Self.name(spec, "GET", "/organization/certificates")) == [])
        }
    }

    /// Gitea's `POST …/issues/{index}/assignees` answers an issue, whose `assignee` is a user:
    /// the item path's `{assignee}` is not that member (it names the collection's item, so it
    /// is the issue's integer `id`), which held the id `"1"` where a user belongs.
    @Test func giteasAssigneeIsAUserNotAnID() async throws {
        let spec = try await RealDocuments.load("gitea/swagger.v1.json")
        let summary = ResourceInference(spec: spec).resources.first { $0.collectionPath == "/repos/{owner}/{repo}/issues/{index}/assignees" }?.summary
        #expect(summary == "/repos/{owner}/{repo}/issues/{index}/assignees → /repos/{owner}/{repo}/issues/{index}/assignees/{assignee}: id {assignee} in member 'id', sequence ids; create, read")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let issue = try await MockStateTests.send("POST", base + "/api/v1/repos/o/r/issues/1/assignees", #"{"assignees":["ann"]}"#)
            #expect(issue.status == 201)
            let create = try Self.name(spec, "POST", "/repos/{owner}/{repo}/issues/{index}/assignees")
            #expect(try MockStateTests.violations(issue.body, spec: spec, endpoint: create, status: 201) == [])
        }
    }

    /// Airflow 2's `POST /users` answers `User`, whose `password` is `writeOnly` (its read
    /// answers `UserCollectionItem`, without it); a run's task instances are a 404 once the run
    /// is deleted, and answer as before for a run never created.
    @Test func airflowsPasswordIsNotAnsweredAndADeletedRunsTasksAreGone() async throws {
        let spec = try await RealDocuments.load("airflow2/v1.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let user = try await MockStateTests.send("POST", base + "/api/v1/users", #"{"username":"u","password":"secret","email":"a@b.c","first_name":"a","last_name":"b"}"#)
            #expect(user.status == 200)
            #expect(user.body?.object?.map(\.key).sorted() == [
                "active", "changed_on", "created_on", "email", "failed_login_count", "first_name", "last_login", "last_name", "login_count", "username",
            ])
            #expect(try MockStateTests.violations(user.body, spec: spec, endpoint: "post_user") == [])
            let runs = base + "/api/v1/dags/d/dagRuns"
            #expect(try await MockStateTests.send("POST", runs, #"{"dag_run_id":"r1"}"#).status == 200)
            #expect(try await MockStateTests.send("GET", runs + "/r1/taskInstances").status == 200)
            #expect(try await MockStateTests.send("DELETE", runs + "/r1").status == 204)
            let gone = try await MockStateTests.send("GET", runs + "/r1/taskInstances")
            #expect(gone.status == 404)
            #expect(gone.body == [
                "type": "about:blank", "title": "Not Found", "status": 404,
                "detail": "/dags/{dag_id}/dagRuns has no item with dag_run_id r1", "endpoint": "get_task_instances",
            ])
            #expect(try await MockStateTests.send("GET", runs + "/never/taskInstances").status == 200)
            // Created again, it is there again.
            #expect(try await MockStateTests.send("POST", runs, #"{"dag_run_id":"r1"}"#).status == 200)
            #expect(try await MockStateTests.send("GET", runs + "/r1/taskInstances").status == 200)
        }
    }

    /// Kubernetes' `POST /api/v1/nodes/{name}/proxy` and `GET …/proxy/{path}` answer strings:
    /// no resource, so `GET …/proxy` answers its string, not a list of the items POSTed (`[{},{}]`).
    @Test func kubernetesProxiesAreNotResources() async throws {
        let spec = try await RealDocuments.load("kubernetes/swagger.json")
        let proxies = ResourceInference(spec: spec).resources.map(\.collectionPath).filter { $0.hasSuffix("/proxy") }
        #expect(proxies == [])
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            #expect(try await MockStateTests.send("POST", base + "/api/v1/nodes/n/proxy").status == 200)
            let answer = try await MockStateTests.send("GET", base + "/api/v1/nodes/n/proxy")
            #expect(answer.status == 200)
            #expect(answer.body == "string")
        }
    }
}
