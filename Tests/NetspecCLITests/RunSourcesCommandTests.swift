import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing
@testable import netspec

/// `netspec run` with more than one thing behind it: a profile read for every source's document
/// (and every secret value masked in `-v` and `--json`), `--server` by source address (a nested
/// Arazzo document's source as `ARAZZO.NAME`), and `--mock --stateful`, a stateful mock of each
/// source in process, so that a create-then-read workflow runs offline.
@Suite struct RunSourcesCommandTests {
    static let alpha = """
        openapi: 3.0.3
        info: { title: Alpha, version: "1" }
        servers: [{ url: "http://127.0.0.1:9" }]
        paths:
          /a:
            get:
              operationId: getA
              responses: { "200": { description: ok, content: { application/json: { schema: { type: object } } } } }
        """

    static let beta = """
        openapi: 3.0.3
        info: { title: Beta, version: "1" }
        servers: [{ url: "http://127.0.0.1:9" }]
        security: [{ betaKey: [] }]
        components:
          securitySchemes:
            betaKey: { type: apiKey, in: header, name: X-Beta-Key }
        paths:
          /b:
            get:
              operationId: getB
              responses: { "200": { description: ok, content: { application/json: { schema: { type: object } } } } }
        """

    static let twoSources = """
        arazzo: 1.0.1
        info: { title: Two sources, version: "1" }
        sourceDescriptions:
          - { name: alpha, url: alpha.yaml }
          - { name: beta, url: beta.yaml }
        workflows:
          - workflowId: both
            steps:
              - { stepId: a, operationId: getA }
              - stepId: b
                operationId: getB
                successCriteria: [{ condition: "$response.body#/key == 'nope'" }]
                outputs: { key: $response.body#/key }
            outputs: { key: $steps.b.outputs.key }
        """

    /// The second source's key comes from the profile's `services.Beta`, by reference to the
    /// environment; the server echoes it, a criterion fails on it, and neither `-v`, nor the
    /// error, nor the `--json` report shows it.
    @Test func aProfileIsReadForEverySourceAndItsSecretsAreMasked() async throws {
        let echo: TestHandler = { request, writer in
            let key = request.header("X-Beta-Key") ?? "none"
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"key":"\#(key)"}"#)
        }
        try await withTestServer(echo) { server in
            let folder = try ScratchDirectory()
            try folder.write(Array(Self.alpha.utf8), to: "alpha.yaml")
            try folder.write(Array(Self.beta.utf8), to: "beta.yaml")
            let file = try folder.write(Array(Self.twoSources.utf8), to: "both.arazzo.yaml")
            try FileManager.default.createDirectory(atPath: folder.path + "/netspec", withIntermediateDirectories: true)
            let config = """
                profiles:
                  staging:
                    baseURL: \(server.baseURL)
                    services:
                      Beta: { variables: { BETA_KEY: { env: STAGING_BETA_KEY } } }
                """
            try folder.write(Array(config.utf8), to: "netspec/config.yaml")
            let environment = ["XDG_CONFIG_HOME": folder.path, "STAGING_BETA_KEY": "s3cret-beta-key"]
            let run = try await CLI.run(["run", file, "--profile", "staging", "-v", "--server", "alpha=\(server.baseURL)", "--server", "beta=\(server.baseURL)"], environment: environment)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == """
                both.a  getA GET \(server.baseURL)/a  → 200  2xx  ⇒ next
                both.b  getB GET \(server.baseURL)/b  → 200  ✗ $response.body#/key == 'nope' (actual "<redacted>")  ⇒ fail
                error: workflow 'both': step 'b' failed: criterion `$response.body#/key == 'nope'` failed: actual "<redacted>" (\(file):12:40) [step at \(file):10:17]

                """)
            let json = try await CLI.run(["run", file, "--profile", "staging", "--json", "--raw"], environment: environment)
            #expect(json.status == 1)
            #expect(json.stdout.contains(#""actual":"<redacted>""#), "\(json.stdout)")
            #expect(!json.stdout.contains("s3cret-beta-key") && !json.stderr.contains("s3cret-beta-key"))
        }
    }

    static let pets = """
        openapi: 3.0.3
        info: { title: Pets, version: "1" }
        servers: [{ url: "http://127.0.0.1:9" }]
        paths:
          /pets:
            post:
              operationId: createPet
              requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/Pet" } } } }
              responses: { "201": { description: created, content: { application/json: { schema: { $ref: "#/components/schemas/Pet" } } } } }
          /pets/{petId}:
            parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
            get:
              operationId: getPet
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Pet" } } } }
                "404": { description: missing }
            delete:
              operationId: deletePet
              responses: { "204": { description: deleted } }
        components:
          schemas:
            Pet: { type: object, properties: { id: { type: integer, readOnly: true }, name: { type: string } } }
        """

    static let lifecycle = """
        arazzo: 1.0.1
        info: { title: A pet's life, version: "1" }
        sourceDescriptions: [{ name: pets, url: pets.yaml }]
        workflows:
          - workflowId: lifecycle
            inputs: { type: object, properties: { name: { type: string } } }
            steps:
              - stepId: create
                operationId: createPet
                requestBody: { payload: { name: $inputs.name } }
                successCriteria: [{ condition: $statusCode == 201 }]
                outputs: { id: $response.body#/id }
              - stepId: read
                operationId: getPet
                parameters: [{ name: petId, in: path, value: $steps.create.outputs.id }]
                successCriteria: [{ condition: $response.body#/name == $inputs.name }]
                outputs: { name: $response.body#/name }
              - stepId: delete
                operationId: deletePet
                parameters: [{ name: petId, in: path, value: $steps.create.outputs.id }]
                successCriteria: [{ condition: $statusCode == 204 }]
              - stepId: gone
                operationId: getPet
                parameters: [{ name: petId, in: path, value: $steps.create.outputs.id }]
                successCriteria: [{ condition: $statusCode == 404 }]
            outputs: { id: $steps.create.outputs.id, name: $steps.read.outputs.name }
        """

    /// Create, read, delete, read again (404) against the stateful mock; the stateless mock
    /// answers the read with its schema's value, which is not the pet created.
    @Test func mockStatefulRunsACreateReadDeleteWorkflowOffline() async throws {
        let folder = try ScratchDirectory()
        try folder.write(Array(Self.pets.utf8), to: "pets.yaml")
        let file = try folder.write(Array(Self.lifecycle.utf8), to: "life.arazzo.yaml")
        let run = try await CLI.run(["run", file, "--input", "name=Tom", "--mock", "--stateful", "--json", "--raw"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONValue(parsing: Array(run.stdout.utf8))
        #expect(report["outputs"] == ["id": 1, "name": "Tom"])
        let steps: [String] = (0..<4).map { index in
            let step = report["steps"]?[index]
            return "\(step?["stepId"] ?? .null) \(step?["method"] ?? .null) \(step?["status"] ?? .null)"
        }
        #expect(steps == [#""create" "POST" 201"#, #""read" "GET" 200"#, #""delete" "DELETE" 204"#, #""gone" "GET" 404"#])
        let stateless = try await CLI.run(["run", file, "--input", "name=Tom", "--mock"])
        #expect(stateless.status == 1)
        #expect(stateless.stderr.hasPrefix("error: workflow 'lifecycle': step 'read' failed: criterion `$response.body#/name == $inputs.name` failed: actual $response.body#/name = \"string\", $inputs.name = \"Tom\" ("), "\(stateless.stderr)")
        let alone = try await CLI.run(["run", file, "--stateful"])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--stateful applies to --mock; give it too"), "\(alone.stderr)")
    }

    /// Two nested documents with a source `api` each, and the top document's own `api`: a bare
    /// name is the top document's, `one.api` and `two.api` the nested ones'.
    @Test func serverAddressesANestedDocumentsSource() async throws {
        let log = Recorder<String>()
        let handler: TestHandler = { request, writer in
            log.record("\(request.method) \(request.target)")
            try await writer.respond(status: 200, headers: [], body: "")
        }
        try await withTestServer(handler) { server in
            let folder = try ScratchDirectory()
            let file = try NestedArazzoFixture.write(in: folder)
            let base = server.baseURL
            let run = try await CLI.run(["run", file, "--server", "api=\(base)/top", "--server", "one.api=\(base)/one", "--server", "two.api=\(base)/two"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(log.all == ["GET /top/items", "GET /one/items", "GET /two/items"])
            let wrong = try await CLI.run(["run", file, "--server", "one.apl=\(base)"])
            #expect(wrong.status == 64)
            #expect(wrong.stderr == "error: --server one.apl=\(base): no OpenAPI source 'one.apl' in \(file) (did you mean 'one.api'?) (it has: api, one.api, two.api)\n")
        }
    }

    /// `pets` with security, as the Arazzo pet-coupons example's: an OAuth 2 implicit flow's
    /// token (`${PETS_AUTH}`, which Netspec cannot obtain) for every operation, and an API key
    /// (`${PETS_KEY}`) for the create.
    static let securedPets = pets
        .replacingOccurrences(of: "servers: [{ url: \"http://127.0.0.1:9\" }]\n", with: "servers: [{ url: \"http://127.0.0.1:9\" }]\nsecurity: [{ pets_auth: [] }]\n")
        .replacingOccurrences(of: "operationId: createPet\n", with: "operationId: createPet\n      security: [{ pets_key: [] }]\n")
        .replacingOccurrences(of: "components:\n", with: """
            components:
              securitySchemes:
                pets_auth: { type: oauth2, flows: { implicit: { authorizationUrl: "https://auth.example.com/authorize", scopes: {} } } }
                pets_key: { type: apiKey, in: header, name: X-Pets-Key }

            """)

    /// The stateful mock does not check security: a run against it needs no credential, as one
    /// with `--mock` does not (it needed `--var` for each scheme's variable: it was sent as to a
    /// server). A run against a server is refused without one, as before.
    @Test func mockStatefulNeedsNoCredentialAServerDoes() async throws {
        let folder = try ScratchDirectory()
        try folder.write(Array(Self.securedPets.utf8), to: "pets.yaml")
        let file = try folder.write(Array(Self.lifecycle.utf8), to: "life.arazzo.yaml")
        for given in [[], ["--var", "PETS_KEY=given-key"]] {
            let run = try await CLI.run(["run", file, "--input", "name=Tom", "--mock", "--stateful"] + given, unsetting: ["PETS_AUTH", "PETS_KEY"])
            #expect(run.status == 0, "\(given): \(run.stderr)")
            #expect(run.stdout == #"{"id":1,"name":"Tom"}"# + "\n", "\(given)")
        }
        let plain = try await CLI.run(["run", file, "--input", "name=Tom", "--mock"], unsetting: ["PETS_AUTH", "PETS_KEY"])
        #expect(plain.status == 1)
        #expect(plain.stderr.hasPrefix("error: workflow 'lifecycle': step 'read' failed: criterion"), "\(plain.stderr)")
        let unset = try await CLI.run(["run", file, "--input", "name=Tom"], unsetting: ["PETS_AUTH", "PETS_KEY"])
        #expect(unset.status == 78)
        #expect(unset.stderr == """
            error: workflow 'lifecycle': step 'create': endpoint 'createPet': variable 'PETS_KEY' is not set (used in auth: apiKey); \
            set it with --var PETS_KEY=… or in the environment

            """)
        // The key given is sent; the token, not given, refuses the next step.
        let log = Recorder<String>()
        let handler: TestHandler = { request, writer in
            log.record("\(request.method) \(request.target) \(request.header("X-Pets-Key") ?? "-")")
            try await writer.respond(status: 201, headers: [("Content-Type", "application/json")], body: #"{"id":1,"name":"Tom"}"#)
        }
        try await withTestServer(handler) { server in
            let run = try await CLI.run(
                ["run", file, "--input", "name=Tom", "--server", "pets=\(server.baseURL)", "--var", "PETS_KEY=given-key"], unsetting: ["PETS_AUTH", "PETS_KEY"])
            #expect(run.status == 78)
            #expect(run.stderr == """
                error: workflow 'lifecycle': step 'read': endpoint 'getPet': OAuth 2 scheme 'pets_auth': declares only the implicit flow, \
                which OAuth 2.0 Security Best Current Practice (RFC 9700 §2.1.2) says not to use: its token travels in a URL; \
                a token got elsewhere goes in ${PETS_AUTH}: set it with --var PETS_AUTH=… or in the environment

                """)
            #expect(log.all == ["POST /pets given-key"])
        }
    }

    /// With `--mock --stateful`, a credential's variable set nowhere is sent as its reference
    /// `${NAME}`, as `--mock` shows it; one given — by `--var` or the environment — is sent as
    /// given (the requests as sent, in a HAR recording that keeps secrets).
    @Test func mockStatefulSendsAnUnsetCredentialAsItsReference() async throws {
        let folder = try ScratchDirectory()
        try folder.write(Array(Self.securedPets.utf8), to: "pets.yaml")
        let file = try folder.write(Array(Self.lifecycle.utf8), to: "life.arazzo.yaml")
        let har = folder.path + "/sent.har"
        let runs: [(options: [String], environment: [String: String], key: String, token: String)] = [
            ([], [:], "${PETS_KEY}", "Bearer ${PETS_AUTH}"),
            (["--var", "PETS_KEY=given-key"], [:], "given-key", "Bearer ${PETS_AUTH}"),
            ([], ["PETS_AUTH": "env-token"], "${PETS_KEY}", "Bearer env-token"),
        ]
        for (options, environment, key, token) in runs {
            let run = try await CLI.run(
                ["run", file, "--input", "name=Tom", "--mock", "--stateful", "--har", har, "--har-keep-secrets"] + options, environment: environment,
                unsetting: ["PETS_AUTH", "PETS_KEY"].filter { environment[$0] == nil })
            #expect(run.status == 0, "\(options): \(run.stderr)")
            let entries = try JSONValue(parsing: Array(FileManager.default.contents(atPath: har) ?? Data()))["log"]?["entries"]?.array ?? []
            let sent = entries.map { entry in
                let request = entry["request"]
                let headers = (request?["headers"]?.array ?? []).filter { ["authorization", "x-pets-key"].contains($0["name"]?.string?.lowercased() ?? "") }
                return "\(request?["method"]?.string ?? "") " + headers.map { "\($0["name"]?.string ?? ""): \($0["value"]?.string ?? "")" }.joined(separator: ", ")
            }
            #expect(sent == ["POST X-Pets-Key: \(key)", "GET Authorization: \(token)", "DELETE Authorization: \(token)", "GET Authorization: \(token)"], "\(options)")
        }
    }
}
