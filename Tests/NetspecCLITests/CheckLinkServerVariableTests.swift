import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec check --var` sets an OpenAPI link's server variables as it sets the document's
/// `servers`': it did not reach them, so the link's target went to its server's defaults (a host
/// that resolves nowhere here), and a variable without a default left the link unfollowed with
/// a warning, whatever `--var` said. Now the value given wins, a variable without a default that
/// `--var` sets is followed, and its load warning is not printed by the run.
@Suite struct CheckLinkServerVariableTests {
    /// A created pet read through a link whose server's host defaults to nowhere and whose stage
    /// has no default.
    static func linked(port: Int) -> String {
        """
        openapi: 3.0.3
        info: { title: Linked, version: '1' }
        paths:
          /pets:
            post:
              operationId: createPet
              responses:
                '201':
                  description: created
                  content: { application/json: { schema: { type: object, properties: { id: { type: integer, example: 7 } } } } }
                  links:
                    There:
                      operationId: getPet
                      parameters: { petId: '$response.body#/id' }
                      server:
                        url: 'http://{linkHost}:\(port)/{linkStage}'
                        variables:
                          linkHost: { default: nowhere.invalid }
                          linkStage: { description: the stage, enum: [prod, staging] }
          /pets/{petId}:
            get:
              operationId: getPet
              parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
              responses: { '200': { description: ok } }

        """
    }

    @Test func theVariablesGivenReachTheLinksServer() async throws {
        let seen = Recorder<String>()
        try await withTestServer(TestHandlers.createdRecording(seen)) { server in
            let spec = try CLI.temporarySpec(Self.linked(port: server.port), name: "linked.yaml")
            let result = try await CLI.run([
                "check", spec, "--base-url", server.baseURL, "--phases", "stateful", "--max-examples", "1",
                "--var", "linkHost=127.0.0.1", "--var", "linkStage=prod",
            ])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr == "")
            #expect(seen.all == ["POST http://127.0.0.1:\(server.port)/pets", "GET http://127.0.0.1:\(server.port)/prod/pets/7"])
        }
    }

    /// Without `--var linkStage=…` the link is not followed, as before: the warning, the
    /// document's error, exit 65, nothing sent.
    @Test func withoutTheVariableTheLinkIsNotFollowed() async throws {
        let seen = Recorder<String>()
        try await withTestServer(TestHandlers.createdRecording(seen)) { server in
            let spec = try CLI.temporarySpec(Self.linked(port: server.port), name: "linked.yaml")
            let result = try await CLI.run([
                "check", spec, "--base-url", server.baseURL, "--phases", "stateful", "--max-examples", "1", "--var", "linkHost=127.0.0.1",
            ])
            #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr == """
                \(spec):19:19: warning: server variable 'linkStage' of link 'There' has no 'default', which OpenAPI requires (Server Variable Object); \
                netspec check follows the link only when it is set: --var linkStage=…
                error: endpoint 'getPet': link 'There' of operation 'createPet' (\(spec):12:13) is not followed: its server URL \
                'http://127.0.0.1:\(server.port)/{linkStage}' cannot be made: '{linkStage}' is a server variable without a 'default' (\(spec):19:19) that is not set

                """)
            #expect(seen.all == [])
        }
    }

    /// A value outside the stage's `enum` (`prod`, `staging`) leaves the link unfollowed: exit
    /// 65, the reason, nothing sent; one in it is followed (`SPEC`, `PORT`: the document's path,
    /// the server's port).
    @Test(arguments: [
        ("prod", 0, "", "/prod/pets/7" as String?),
        ("staging", 0, "", "/staging/pets/7"),
        (
            "qa", 65,
            "error: endpoint 'getPet': link 'There' of operation 'createPet' (SPEC:12:13) is not followed: its server URL 'http://127.0.0.1:PORT/qa' "
                + "cannot be made: server variable 'linkStage' (SPEC:19:19) is 'qa', which is not one of its 'enum' values: prod, staging\n",
            nil as String?
        ),
    ])
    func aValueOutsideTheEnumIsNotFollowed(stage: String, status: Int32, stderr: String, target: String?) async throws {
        let seen = Recorder<String>()
        try await withTestServer(TestHandlers.createdRecording(seen)) { server in
            let spec = try CLI.temporarySpec(Self.linked(port: server.port), name: "linked.yaml")
            let result = try await CLI.run([
                "check", spec, "--base-url", server.baseURL, "--phases", "stateful", "--max-examples", "1",
                "--var", "linkHost=127.0.0.1", "--var", "linkStage=\(stage)",
            ])
            #expect(result.status == status, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr == stderr.replacing("SPEC", with: spec).replacing("PORT", with: String(server.port)))
            #expect(seen.all == (target.map { ["POST http://127.0.0.1:\(server.port)/pets", "GET http://127.0.0.1:\(server.port)\($0)"] } ?? []))
        }
    }
}
