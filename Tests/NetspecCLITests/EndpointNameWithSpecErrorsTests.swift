import Foundation
import Testing

/// A spec with an error in one endpoint: `netspec describe` checks the whole spec as `validate`
/// and `list` do (exit 65 with the error's place), while `netspec call` of another endpoint still
/// calls; a name the spec does not have is said to be unknown (exit 64, the nearest names), with
/// the spec's errors after it, where the errors alone were printed (exit 65).
@Suite struct EndpointNameWithSpecErrorsTests {
    static let halfBroken = "netspec: 1\nservice: S\nbaseURL: http://127.0.0.1:9\nendpoints:\n  good:\n    GET: /good\n  broken:\n    GET: /broken/{id\n"

    @Test func describeChecksTheWholeSpec() async throws {
        let spec = try CLI.temporarySpec(Self.halfBroken, name: "half-broken.yaml")
        let result = try await CLI.run(["describe", spec, "good"])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "\(spec):8:18: error: endpoint 'broken': '{' is not closed by '}'\n")
    }

    @Test func describePrintsTheSpecsWarningsAsListDoes() async throws {
        let spec = try CLI.temporarySpec("netspec: 1\nservice: S\nbaseURL: http://127.0.0.1:9\nendpoints:\n  send:\n    GET: /s\n  good:\n    GET: /good\n")
        let result = try await CLI.run(["describe", spec, "good"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("good: GET /good\n"))
        #expect(result.stderr == "\(spec):5:3: warning: endpoint 'send': 'api.send' is Service's own member, not this endpoint; call it as api[endpoint: \"send\"](…) or api.call(\"send\", …)\n")
    }

    @Test func callOfAnotherEndpointStillCalls() async throws {
        let spec = try CLI.temporarySpec(Self.halfBroken, name: "half-broken.yaml")
        let result = try await CLI.run(["call", spec, "good", "--dry-run"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("GET http://127.0.0.1:9/good HTTP/1.1\n"))
        #expect(result.stderr == "")
    }

    @Test func callOfTheBrokenEndpointSaysItsError() async throws {
        let spec = try CLI.temporarySpec(Self.halfBroken, name: "half-broken.yaml")
        let result = try await CLI.run(["call", spec, "broken", "--dry-run"])
        #expect(result.status == 65)
        #expect(result.stderr == "\(spec):8:18: error: endpoint 'broken': '{' is not closed by '}'\n")
    }

    @Test func callOfAnUnknownNameSaysSoAndThenTheErrors() async throws {
        let spec = try CLI.temporarySpec(Self.halfBroken, name: "half-broken.yaml")
        let result = try await CLI.run(["call", spec, "goo"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: no endpoint 'goo' in \(spec) (did you mean 'good'?)
            note: \(spec) also has an error:
            \(spec):8:18: error: endpoint 'broken': '{' is not closed by '}'

            """)
    }

    /// A name near the broken endpoint's is suggested too: it is one of the spec's names.
    @Test func theBrokenEndpointsNameIsSuggested() async throws {
        let spec = try CLI.temporarySpec(Self.halfBroken, name: "half-broken.yaml")
        let result = try await CLI.run(["call", spec, "brokn"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: no endpoint 'brokn' in \(spec) (did you mean 'broken'?)\nnote: \(spec) also has an error:\n"))
    }

    @Test(arguments: [
        ("oa.yaml", """
            openapi: 3.0.3
            info: {title: t, version: 1.0.0}
            paths:
              /good:
                get:
                  operationId: good
                  responses: {'200': {description: ok}}
              /broken:
                get:
                  operationId: broken
                  parameters:
                    - {name: a, in: qurey, schema: {type: string}}
                  responses: {'200': {description: ok}}

            """, "12:25: error: operation 'broken': parameter 'a': 'in: qurey' is not an OpenAPI location (path, query, header or cookie) (did you mean 'query'?)"),
        ("sw.yaml", """
            swagger: '2.0'
            info: {title: t, version: '1'}
            paths:
              /good:
                get:
                  operationId: good
                  responses: {'200': {description: ok}}
              /broken:
                get:
                  operationId: broken
                  parameters:
                    - {name: a, in: qurey, type: string}
                  responses: {'200': {description: ok}}

            """, "12:25: error: operation 'broken': parameter 'a': 'in: qurey' is not a Swagger 2.0 location (path, query, header, formData or body)"),
    ])
    func anOpenAPIOrSwaggerDocumentsUnknownNameToo(name: String, document: String, error: String) async throws {
        let spec = try CLI.temporarySpec(document, name: name)
        let result = try await CLI.run(["call", spec, "goo"])
        #expect(result.status == 64)
        #expect(result.stderr == "error: no endpoint 'goo' in \(spec) (did you mean 'good'?)\nnote: \(spec) also has an error:\n\(spec):\(error)\n")
    }

    /// A spec whose errors leave it no endpoints to name is an invalid spec, as before.
    @Test func aSpecWithNoEndpointsToNameIsInvalid() async throws {
        let spec = try CLI.temporarySpec("netspec: 1\nservice: S\nendpoints: [a]\n")
        let result = try await CLI.run(["call", spec, "goo"])
        #expect(result.status == 65)
        #expect(result.stderr == "\(spec):3:12: error: 'endpoints' must be a mapping of endpoint names to endpoints, found a list\n")
    }
}
