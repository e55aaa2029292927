import NetspecMock
import Testing

import Netspec
import NetspecTestSupport

/// A stateful create that declares 201 beside another success status answers 201, and its items
/// are shaped by the 201's schema, not by the first success response's.
@Suite struct MockStateCreatedStatusTests {
    /// `POST /jobs` answers 200 with an `Existing` job or 201 with a new `Job`; a read answers
    /// `anyOf [Job, DeletedJob]`, which names no members, so the create's answer is the item's
    /// schema. Items were shaped by the 200's `Existing` (a made `existing` member, no `state`),
    /// so a read did not take the item and answered a value made from its schema instead.
    static let document = """
        openapi: 3.0.3
        info: {title: Jobs, version: "1"}
        components:
          schemas:
            Job:
              type: object
              required: [id, name, state]
              properties:
                id: {type: integer, readOnly: true}
                name: {type: string}
                state: {type: string, enum: [queued], readOnly: true}
            Existing:
              type: object
              required: [id, name, existing]
              properties:
                id: {type: integer, readOnly: true}
                name: {type: string}
                existing: {type: boolean, enum: [true]}
            DeletedJob:
              type: object
              required: [id, deleted]
              properties:
                id: {type: integer}
                deleted: {type: boolean, enum: [true]}
        paths:
          /jobs:
            post:
              operationId: createJob
              requestBody:
                content:
                  application/json:
                    schema: {type: object, properties: {name: {type: string}}}
              responses:
                "200":
                  description: there already
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Existing'}
                "201":
                  description: created
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Job'}
          /jobs/{jobId}:
            parameters:
              - {name: jobId, in: path, required: true, schema: {type: integer}}
            get:
              operationId: getJob
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        anyOf:
                          - {$ref: '#/components/schemas/Job'}
                          - {$ref: '#/components/schemas/DeletedJob'}
        """

    @Test func itemsAreShapedByThe201sSchema() async throws {
        let spec = try Spec(yaml: Self.document, file: "jobs.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, stateful: true)) { base, _ in
            let created = try await MockStateTests.send("POST", base + "/jobs", #"{"name":"a"}"#)
            #expect(created.status == 201)
            #expect(created.body == ["name": "a", "id": 1, "state": "queued"])
            #expect(try MockStateTests.violations(created.body, spec: spec, endpoint: "createJob", status: 201) == [])
            let read = try await MockStateTests.send("GET", base + "/jobs/1")
            #expect(read.status == 200)
            #expect(read.body == ["name": "a", "id": 1, "state": "queued"])
        }
    }
}
