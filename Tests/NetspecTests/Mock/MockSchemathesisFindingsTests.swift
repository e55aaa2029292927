import Testing

import Netspec
import NetspecMock
import NetspecTestSupport

/// What Schemathesis found wrong with the mock on the real documents (``MockSchemathesisTests``),
/// each fixed and pinned here by its exact answers: a concrete path takes only its own methods
/// (ST204, ST205), a stored item answers as the item's schema says (ST108: OpenAI's
/// `chunking_strategy`, Stripe's form-created customer), a `DELETE` answers its own schema.
@Suite struct MockSchemathesisFindingsTests {
    /// Airflow's `/connections/test` (POST) is not `/connections/{connection_id}` (GET, PATCH,
    /// DELETE), and `…/{task_id}/dependencies` (GET) is not `…/{task_id}/{map_index}` (PATCH).
    @Test func aConcretePathTakesOnlyItsOwnMethods() async throws {
        let spec = try await RealDocuments.load("airflow2/v1.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false)) { base, _ in
            for (path, allowed) in [("/connections/test", "POST"), ("/dags/d/dagRuns/r/taskInstances/t/dependencies", "GET")] {
                let answer = try await MockStateTests.send("PATCH", base + path)
                #expect(answer.status == 405)
                #expect(answer.headers["allow"] == allowed)
                #expect(answer.body == .object([
                    "type": "about:blank", "title": "Method Not Allowed", "status": 405, "detail": .string("\(path) does not take PATCH (it takes \(allowed))"),
                ]))
            }
        }
    }

    @Test func openAIsStoredItemsAnswerAsTheirSchemas() async throws {
        let spec = try await RealDocuments.load("openai/openapi.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            _ = try await MockStateTests.send("POST", base + "/vector_stores", #"{"name":"v"}"#)
            // The request's `{"type": "auto"}` is not an answer's strategy: the answer's own is made.
            let file = try await MockStateTests.send("POST", base + "/vector_stores/1/files", #"{"file_id":"file-1","chunking_strategy":{"type":"auto"}}"#)
            #expect(file.body?.object?["chunking_strategy"] == ["type": "other"])
            #expect(try MockStateTests.violations(file.body, spec: spec, endpoint: "createVectorStoreFile") == [])
            let deleted = try await MockStateTests.send("DELETE", base + "/vector_stores/1")
            #expect(deleted.body == ["id": "1", "object": "vector_store.deleted", "deleted": true])
        }
    }

    /// Stripe's `POST /v1/customers` takes a form, and its item's schema is the create's answer
    /// (`customer`), its read answering `anyOf [customer, deleted_customer]`.
    @Test func stripesFormCreatedCustomerIsACustomer() async throws {
        let spec = try await RealDocuments.load("stripe/spec3.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let created = try await MockStateTests.send("POST", base + "/v1/customers", "name=Ann&balance=5", type: "application/x-www-form-urlencoded")
            // The time of the create (MockStateStripeTests).
            let stamp = try #require(created.body?.object?["created"]?.int)
            #expect(created.body == ["name": "Ann", "balance": 5, "id": "1", "created": .int(stamp), "livemode": false, "object": "customer"])
            #expect(try await MockStateTests.send("GET", base + "/v1/customers/1").body == created.body)
        }
    }
}
