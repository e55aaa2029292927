import Netspec
import NetspecCheck
import NetspecModel
import NetspecTestServer
import NetspecTestSupport
import Testing

/// An OpenAPI link's `server` with `variables` (Link Object → Server Object): only its `url` was
/// read, so `https://{region}.api.example.com/v1` was used with the literal `{region}`. Its
/// variables now take their defaults at load, as the document's `servers` do; a `{name}` left
/// (a variable without a `default`, or no variable at all) is warned about where it is written,
/// and `netspec check` does not follow the link, saying why — unless the run sets it. The run's
/// variables (`--var`, `Provider(variables:)`) did not reach a link's server at all: its defaults
/// were sent, where they set the document's `servers`.
@Suite struct StatefulLinkServerVariableTests {
    /// Links to `getPet` with servers: one inline, one relative, one `$ref`'d.
    static let servers = """
        openapi: 3.0.3
        info: { title: Linked, version: '1' }
        paths:
          /pets:
            post:
              operationId: createPet
              responses:
                '201':
                  description: created
                  links:
                    Inline:
                      operationId: getPet
                      server:
                        url: 'http://{host}:{port}/{base}'
                        variables: { host: { default: 127.0.0.1 }, port: { default: '8080' }, base: { default: v2 } }
                    Relative: { operationId: getPet, server: { url: '/{version}/x', variables: { version: { default: v3 } } } }
                    ByRef: { $ref: '#/components/links/Regional' }
          /pets/{petId}:
            get:
              operationId: getPet
              parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
              responses: { '200': { description: ok } }
        components:
          links:
            Regional:
              operationId: getPet
              server:
                url: 'https://{region}.api.example.com/v1'
                variables:
                  region: { default: eu, enum: [eu, us] }

        """

    @Test func aLinksServerVariablesTakeTheirDefaults() throws {
        let spec = try Spec(yaml: Self.servers, file: "servers.yaml")
        let links = try #require(spec.endpoints.first?.responses.declared.first?.links)
        #expect(links.map(\.name) == ["Inline", "Relative", "ByRef"])
        #expect(links.map(\.server) == ["http://127.0.0.1:8080/v2", "/v3/x", "https://eu.api.example.com/v1"])
        #expect(links.map(\.serverProblem) == [nil, nil, nil])
        #expect(spec.warnings.map(\.description) == [])
    }

    /// A variable without a default, a `{name}` that is no variable (in a `$ref`'d link two
    /// responses share: warned once), and a variable without a default the URL does not use.
    static let undefined = """
        openapi: 3.0.3
        info: { title: Linked, version: '1' }
        paths:
          /pets:
            post:
              operationId: createPet
              responses:
                '201':
                  description: created
                  links:
                    Staged:
                      operationId: getPet
                      server:
                        url: 'https://{region}.api.example.com/{stage}/v1'
                        variables:
                          region: { default: eu }
                          stage: { description: the stage }
                    Zoned: { $ref: '#/components/links/Zoned' }
                '202':
                  description: accepted
                  links:
                    Zoned: { $ref: '#/components/links/Zoned' }
          /pets/{petId}:
            get:
              operationId: getPet
              parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
              responses: { '200': { description: ok } }
        components:
          links:
            Zoned:
              operationId: getPet
              server:
                url: 'https://{zone}.example.com'
                variables: { unused: { enum: [a] } }

        """

    @Test func aServerVariableWithoutADefaultIsWarnedAtItsName() throws {
        let spec = try Spec(yaml: Self.undefined, file: "undefined.yaml")
        #expect(spec.warnings.map(\.description) == [
            "undefined.yaml:17:19: warning: server variable 'stage' of link 'Staged' has no 'default', which OpenAPI requires (Server Variable Object); netspec check follows the link only when it is set: --var stage=…",
            "undefined.yaml:33:14: warning: server URL 'https://{zone}.example.com' of link 'Zoned' has '{zone}', which is no variable of the server; netspec check does not follow the link",
            "undefined.yaml:34:22: warning: server variable 'unused' of link 'Zoned' has no 'default', which OpenAPI requires (Server Variable Object)",
        ])
        let links = try #require(spec.endpoints.first?.responses.declared.first?.links)
        #expect(links.map(\.server) == ["https://eu.api.example.com/{stage}/v1", "https://{zone}.example.com"])
        #expect(links.map(\.serverProblem) == [
            "its server URL 'https://eu.api.example.com/{stage}/v1' cannot be made: '{stage}' is a server variable without a 'default' (undefined.yaml:17:19) that is not set",
            "its server URL 'https://{zone}.example.com' cannot be made: '{zone}' is no variable of the server (undefined.yaml:33:14)",
        ])
    }

    /// A created pet read through a link whose server is given by variables (`server`'s YAML).
    static func linked(server: String) -> String {
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
        \(server)
          /pets/{petId}:
            get:
              operationId: getPet
              parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
              responses: { '200': { description: ok } }

        """
    }

    /// The link's target goes to its server, each variable at its default.
    @Test func aLinksTargetGoesToItsServerAtTheDefaults() async throws {
        let seen = Recorder<String>()
        try await withTestServer(TestHandlers.createdRecording(seen)) { server in
            let spec = try Spec(yaml: Self.linked(server: """
                                url: 'http://{host}:{port}/{base}'
                                variables:
                                  host: { default: 127.0.0.1 }
                                  port: { default: '\(server.port)' }
                                  base: { default: v2 }
                """), file: "linked.yaml")
            #expect(spec.warnings.map(\.description) == [])
            let checker = Checker(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
            let options = CheckOptions(phases: [.stateful], maxExamples: 1, requestTimeout: CheckerTests.patient)
            let report = await checker.run(baseURL: server.baseURL, options: options)
            #expect(report.failures.map { "\($0.operation) \($0.check.rawValue): \($0.message)" } == [])
            #expect(report.notSentCount == 0)
            #expect(seen.all == ["POST http://127.0.0.1:\(server.port)/pets", "GET http://127.0.0.1:\(server.port)/v2/pets/7"])
        }
    }

    /// A link whose server has a `{name}` left is not followed: nothing is sent, and the target
    /// is a request not sent, the document's error (`netspec check` exits 65).
    @Test(arguments: [
        (
            "url: 'http://127.0.0.1:PORT/{stage}'\nvariables: { stage: { description: the stage } }",
            "'{stage}' is a server variable without a 'default' (linked.yaml:17:30) that is not set", "{stage}"
        ),
        ("url: 'http://127.0.0.1:PORT/{zone}'", "'{zone}' is no variable of the server (linked.yaml:16:22)", "{zone}"),
    ])
    func aLinkWhoseServerHasNoValueIsNotFollowed(server yaml: String, reason: String, braced: String) async throws {
        let seen = Recorder<String>()
        try await withTestServer(TestHandlers.createdRecording(seen)) { server in
            let written = yaml.replacing("PORT", with: String(server.port))
            let serverYAML = written.split(separator: "\n").map { String(repeating: " ", count: 16) + $0 }.joined(separator: "\n")
            let spec = try Spec(yaml: Self.linked(server: serverYAML), file: "linked.yaml")
            let checker = Checker(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
            let report = await checker.run(baseURL: server.baseURL, options: CheckOptions(phases: [.stateful], maxExamples: 1, requestTimeout: CheckerTests.patient))
            #expect(report.firstNotSent?.request == "GET /pets/{petId}")
            #expect(report.firstNotSent?.error.reason == .spec)
            #expect(report.firstNotSent?.error.description == "endpoint 'getPet': link 'There' of operation 'createPet' (linked.yaml:12:13) is not followed: "
                + "its server URL 'http://127.0.0.1:\(server.port)/\(braced)' cannot be made: \(reason)")
            #expect(report.notSentCount == 1)
            #expect(!report.passed)
            #expect(seen.all == [])
        }
    }

    /// Runs the stateful phase of `spec` with `variables` on the provider (the environment left
    /// out) against `server`, or the document's server when `baseURL` is `nil`.
    static func check(_ spec: Spec, variables: [String: String], baseURL: String?) async -> CheckReport {
        let checker = Checker(spec: spec, provider: Provider(variables: variables, options: .init(usesEnvironment: false)))
        return await checker.run(baseURL: baseURL, options: CheckOptions(phases: [.stateful], maxExamples: 1, requestTimeout: CheckerTests.patient))
    }

    /// A variable the run sets (`--var host=127.0.0.1`, `Provider(variables:)`) wins over its
    /// default, as it does in the document's `servers`: the host's default resolves nowhere.
    @Test func aVariableTheRunSetsWinsOverItsDefault() async throws {
        let seen = Recorder<String>()
        try await withTestServer(TestHandlers.createdRecording(seen)) { server in
            let spec = try Spec(yaml: Self.linked(server: """
                                url: 'http://{host}:{port}/{base}'
                                variables:
                                  host: { default: nowhere.invalid }
                                  port: { default: '\(server.port)' }
                                  base: { default: v2 }
                """), file: "linked.yaml")
            let report = await Self.check(spec, variables: ["host": "127.0.0.1", "base": "v9"], baseURL: server.baseURL)
            #expect(report.failures.map { "\($0.operation) \($0.check.rawValue): \($0.message)" } == [])
            #expect(report.notSentCount == 0)
            #expect(report.passed)
            #expect(seen.all == ["POST http://127.0.0.1:\(server.port)/pets", "GET http://127.0.0.1:\(server.port)/v9/pets/7"])
        }
    }

    /// A variable without a default that the run sets is followed: the target goes to its value,
    /// and nothing is a request not sent; the load's warning is left out of the run's
    /// (``Checker/documentWarnings``), while the document's own stays.
    @Test func aVariableWithoutADefaultThatTheRunSetsIsFollowed() async throws {
        let seen = Recorder<String>()
        try await withTestServer(TestHandlers.createdRecording(seen)) { server in
            let spec = try Spec(yaml: Self.linked(server: """
                                url: 'http://127.0.0.1:\(server.port)/{stage}'
                                variables: { stage: { description: the stage } }
                """), file: "linked.yaml")
            let warning = "linked.yaml:17:30: warning: server variable 'stage' of link 'There' has no 'default', which OpenAPI requires "
                + "(Server Variable Object); netspec check follows the link only when it is set: --var stage=…"
            #expect(spec.warnings.map(\.description) == [warning])
            let set = Checker(spec: spec, provider: Provider(variables: ["stage": "prod"], options: .init(usesEnvironment: false)))
            #expect(set.documentWarnings.map(\.description) == [])
            let unset = Checker(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
            #expect(unset.documentWarnings.map(\.description) == [warning])
            let report = await Self.check(spec, variables: ["stage": "prod"], baseURL: server.baseURL)
            #expect(report.firstNotSent == nil)
            #expect(report.notSentCount == 0)
            #expect(report.passed)
            #expect(seen.all == ["POST http://127.0.0.1:\(server.port)/pets", "GET http://127.0.0.1:\(server.port)/prod/pets/7"])
        }
    }

    /// A value outside a variable's `enum` is refused, as it is for the document's `servers`
    /// (`netspec call --var base=v3` is a usage error): the link is not followed, saying why, and
    /// nothing is sent; a value in it, or none (the default), is followed. It was sent as given.
    @Test(arguments: [
        ([String: String](), "/v1/x/pets/7" as String?, nil as String?),
        (["base": "v2"], "/v2/x/pets/7", nil),
        (["base": ""], "/v1/x/pets/7", nil),
        (["base": "v3"], nil, "its server URL 'http://127.0.0.1:PORT/v3/x' cannot be made: server variable 'base' (linked.yaml:17:30) is 'v3', which is not one of its 'enum' values: v1, v2"),
    ])
    func aValueOutsideTheEnumLeavesTheLinkUnfollowed(variables: [String: String], target: String?, reason: String?) async throws {
        let seen = Recorder<String>()
        try await withTestServer(TestHandlers.createdRecording(seen)) { server in
            let spec = try Spec(yaml: Self.linked(server: """
                                url: 'http://127.0.0.1:\(server.port)/{base}/x'
                                variables: { base: { default: v1, enum: [v1, v2] } }
                """), file: "linked.yaml")
            #expect(spec.warnings.map(\.description) == [])
            let report = await Self.check(spec, variables: variables, baseURL: server.baseURL)
            #expect(report.firstNotSent?.error.description == reason.map {
                "endpoint 'getPet': link 'There' of operation 'createPet' (linked.yaml:12:13) is not followed: " + $0.replacing("PORT", with: String(server.port))
            })
            #expect(report.passed == (reason == nil))
            #expect(seen.all == (target.map { ["POST http://127.0.0.1:\(server.port)/pets", "GET http://127.0.0.1:\(server.port)\($0)"] } ?? []))
        }
    }
}
