import Foundation
import NetspecTestServer
import Testing

/// The CLI on an OpenAPI document: validate, list, describe and call work as on a Netspec spec.
@Suite struct OpenAPICommandsTests {
    static let document = "specs/petstore.openapi.yaml"
    static let warning = ""

    @Test func validateReadsTheDocumentAndPrintsItsWarnings() async throws {
        let result = try await CLI.run(["validate", Self.document])
        #expect(result.status == 0)
        #expect(result.stdout == "specs/petstore.openapi.yaml: ok (5 endpoints)\n")
        #expect(result.stderr == Self.warning)
    }

    @Test func callSendsTheOperationToTheServer() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let result = try await CLI.run([
                "call", Self.document, "createPet", "name=Rex", "tag=dog", "--base-url", server.baseURL, "--var", "BEARER_AUTH=t", "--keypath", "bodyText", "-r",
            ])
            #expect(result.status == 0)
            #expect(result.stdout == #"{"name":"Rex","tag":"dog"}"# + "\n")
            let list = try await CLI.run([
                "call", Self.document, "listPets", "tags=a", "tags=b", "X-Request-ID=r1", "--base-url", server.baseURL, "--keypath", "target", "-r",
            ])
            // The test server's origin keeps the document's server path (`/v1`); `limit`'s default is the server's.
            #expect(list.stdout == "/v1/pets?tags=a&tags=b\n")
        }
    }

    @Test func securitySchemesBecomeAuthFromVariables() async throws {
        let shown = try await CLI.run(["call", Self.document, "createPet", "name=R", "--dry-run", "--var", "BEARER_AUTH=t", "--show-secrets"])
        #expect(shown.stdout.contains("\nAuthorization: Bearer t\n"))
        let curl = try await CLI.run(["call", Self.document, "getPetsByPetId", "pet-id=1", "--curl"])
        #expect(curl.stdout == """
            curl https://eu.petstore.example.com/v1/pets/1 -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' \
            -H "Authorization: Bearer ${BEARER_AUTH}" --compressed

            """)
        let region = try await CLI.run(["call", Self.document, "listPets", "--dry-run", "--var", "region=us"])
        #expect(region.stdout.hasPrefix("GET https://us.petstore.example.com/v1/pets HTTP/1.1\n"))
        #expect(!region.stdout.contains("Authorization"))
    }

    @Test func listGroupsOperationsByTag() async throws {
        let result = try await CLI.run(["list", Self.document])
        #expect(result.status == 0)
        #expect(result.stdout == """
            pets:
              listPets   GET   /pets
              createPet  POST  /pets

            admin:
              createPet  POST    /pets
              deletePet  DELETE  /pets/{petId}

            (no tag):
              getPetsByPetId  GET  /pets/{petId}
              petEvents       GET  /pets/{petId}/events

            """)
    }

    @Test func mockAnswersFromTheExample() async throws {
        let result = try await CLI.run(["call", Self.document, "listPets", "--mock"])
        #expect(result.status == 0)
        #expect(result.stdout == #"[{"id":1,"name":"Rex","tag":"dog"}]"# + "\n")
    }

}

/// Real documents as their authors mean them (issue 31), through the CLI: operations given as
/// `$ref`s, the document's words in `describe`, null where the schema allows it, one value or
/// events from one endpoint, and a 204 that prints nothing.
@Suite struct OpenAPIDocumentsAsMeantCommandsTests {
    static let document: String = {
        try! CLI.temporarySpec("""
            openapi: 3.1.0
            servers: [{ url: "https://example.com" }]
            paths:
              /dags/{dag_id}/runs:
                patch:
                  operationId: patchRun
                  summary: Updates a run.
                  description: Only the note can change.
                  parameters:
                    - { name: dag_id, in: path, required: true, description: The DAG., schema: { type: string } }
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          required: [note]
                          properties:
                            dag_id: { type: string }
                            note: { type: [string, "null"], description: A note. }
                            state: { anyOf: [{ type: string, enum: [queued, failed] }, { type: "null" }] }
                            id: { type: integer, readOnly: true }
              /chat:
                post:
                  operationId: chat
                  requestBody:
                    content: { application/json: { schema: { type: object, properties: { stream: { type: boolean } } } } }
                  responses:
                    "200":
                      description: a value or events
                      content: { application/json: { schema: { type: object } }, text/event-stream: { schema: { type: string } } }
              /things/{id}:
                delete:
                  operationId: deleteThing
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses: { "204": { description: gone } }
            """, name: "doc.yaml")
    }()

    @Test func operationsGivenAsReferencesLoad() async throws {
        let result = try await CLI.run(["validate", "Tests/NetspecTests/Fixtures/digitalocean/DigitalOcean-public.v2.yaml"])
        #expect(result.stdout == "Tests/NetspecTests/Fixtures/digitalocean/DigitalOcean-public.v2.yaml: ok (3 endpoints)\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func aDocumentURLIsNotAMissingFile() async throws {
        let result = try await CLI.run(["list", "http://127.0.0.1:9/openapi.json"])
        #expect(result.stderr == "http://127.0.0.1:9/openapi.json: error: cannot load http://127.0.0.1:9/openapi.json: cannot connect to 127.0.0.1:9: connection refused\n")
        // A fetch that fails exits as a call that fails so (docs/swagger.md#documents-by-url).
        #expect(result.status == 1)
    }

    @Test(arguments: [["describe", "DOC", "patchRun"], ["call", "DOC", "patchRun", "--help"]])
    func describeShowsTheDocumentsWordsAndTheNamingRule(_ arguments: [String]) async throws {
        let result = try await CLI.run(arguments.map { $0 == "DOC" ? Self.document : $0 })
        #expect(result.status == 0)
        #expect(result.stdout == """
            patchRun: PATCH /dags/{dag_id}/runs
              Updates a run.

              Only the note can change.

            base URL:   https://example.com
            variables:  none

            parameters:
              dag_id       String   required  path {dag_id}                                                       (explicit: in: path)
                  The DAG.
              dag_idField  String?  optional  field 'dag_id' ['dag_id' names the path parameter]                  (explicit: in: field)
              note         String   required  field 'note' [may be null: name:=null]                              (explicit: in: field)
                  A note.
              state        String?  optional  field 'state' [one of "queued", "failed", may be null: name:=null]  (explicit: in: field)

            body: a JSON object of fields
            result: JSON

            """)
    }

    @Test func nullIsSentWhereTheSchemaAllowsItAndTheBranchsEnumIsChecked() async throws {
        let sent = try await CLI.run(["call", Self.document, "patchRun", "dag_id=d", "note:=null", "dag_idField=x", "state:=null", "--dry-run"])
        #expect(sent.status == 0)
        #expect(sent.stdout.hasPrefix("PATCH https://example.com/dags/d/runs HTTP/1.1\n"))
        #expect(sent.stdout.hasSuffix("\n\n" + #"{"dag_id":"x","note":null,"state":null}"# + "\n"))
        let refused = try await CLI.run(["call", Self.document, "patchRun", "dag_id=d", "note:=null", "state=bogus", "--dry-run"])
        #expect(refused.status == 64)
        #expect(refused.stderr == #"error: endpoint 'patchRun': parameter 'state': "bogus" is not one of "queued", "failed""# + "\n")
    }

    /// A null typed for a document's JSON body member is a value, not a left-out argument: the
    /// check before sending refuses it where the schema does not admit null, `--no-validate`
    /// sends `"tag": null`, and the mock refuses that; in the query it is undefined (RFC 6570)
    /// and left out, as before.
    @Test func aTypedNullIsSentInAJSONBody() async throws {
        let petstore = "specs/petstore.openapi.yaml"
        let refused = try await CLI.run(["call", petstore, "createPet", "name=Rex", "tag:=null", "--dry-run"])
        #expect(refused.status == 64)
        #expect(refused.stderr == "error: endpoint 'createPet': parameter 'tag': must be a string, got null (schema at specs/petstore.openapi.yaml:105:16)\n")
        let sent = try await CLI.run(["call", petstore, "createPet", "name=Rex", "tag:=null", "--dry-run", "--no-validate"])
        #expect(sent.stdout.hasSuffix("\n\n" + #"{"name":"Rex","tag":null}"# + "\n"), "\(sent.stdout)")
        let query = try await CLI.run(["call", petstore, "listPets", "limit:=null", "--dry-run"])
        #expect(query.stdout.hasPrefix("GET https://eu.petstore.example.com/v1/pets HTTP/1.1\n"))
        let (mock, base) = try await MockCommandTests.start([petstore])
        defer { mock.terminate() }
        let answered = try await CLI.run(["call", petstore, "createPet", "name=Rex", "tag:=null", "--no-validate", "--base-url", base, "--var", "BEARER_AUTH=t"])
        #expect(answered.status == 4)
        #expect(answered.stderr == """
            HTTP/1.1 422 Unprocessable Entity
            {"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"1 problem with the request for 'createPet'","endpoint":"createPet",\
            "errors":[{"location":"body","parameter":"tag","message":"must be a string, got null (schema at specs/petstore.openapi.yaml:105:16)"}]}

            """)
    }

    /// Events when asked for (`--stream`: `Accept: text/event-stream`) or when the body asks the
    /// server to stream, else JSON: what is printed follows the response.
    static let chatServer: TestHandler = { request, writer in
        var body: [UInt8] = []
        for try await chunk in request.body { body += chunk }
        if request.path == "/things/1" {
            try await writer.respond(status: 204, headers: [], body: "")
        } else if request.header("Accept") == "text/event-stream" || String(decoding: body, as: UTF8.self).contains(#""stream":true"#) {
            try await TestHandlers.sse(events: ["data: {\"n\":1}\n\n", "data: {\"n\":2}\n\n"], pauses: .zero)(request, writer)
        } else {
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"accept":"\#(request.header("Accept") ?? "")"}"#)
        }
    }

    @Test func oneEndpointAnswersAValueOrEventsAndA204PrintsNothing() async throws {
        try await withTestServer(Self.chatServer) { server in
            for (items, stdout) in [
                ([String](), #"{"accept":"application/json, text/event-stream"}"# + "\n"),
                (["--stream"], #"{"n":1}"# + "\n" + #"{"n":2}"# + "\n"),
                (["stream:=true"], #"{"n":1}"# + "\n" + #"{"n":2}"# + "\n"),
            ] {
                let result = try await CLI.run(["call", Self.document, "chat", "--base-url", server.baseURL] + items)
                #expect(result.stdout == stdout)
                #expect(result.stderr == "")
                #expect(result.status == 0)
            }
            let deleted = try await CLI.run(["call", Self.document, "deleteThing", "id=1", "--base-url", server.baseURL])
            #expect(deleted.stdout == "")
            #expect(deleted.status == 0)
            let notAStream = try await CLI.run(["call", Self.document, "deleteThing", "id=1", "--stream", "--base-url", server.baseURL])
            #expect(notAStream.stderr == "error: --stream asks for events, and 'deleteThing' returns a whole response\n")
            #expect(notAStream.status == 64)
        }
    }
}
