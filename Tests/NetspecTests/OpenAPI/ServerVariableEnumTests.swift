import Netspec
import NetspecModel
import Testing

/// A server variable's `enum` (OpenAPI Server Variable Object: "An enumeration of string values
/// to be used if the substitution options are from a limited set"): a value given outside it
/// (`--var region=xx`, `Provider(variables:)`, the environment) was sent as given
/// (`https://xx.api.example.com/v1`); it is now an argument error before anything is sent, saying
/// the variable, the value, the values allowed, where the variable is written and that a base
/// URL given sets any URL. A `default` outside the `enum` is a load warning at the default.
@Suite struct ServerVariableEnumTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Regional, version: '1' }
        servers:
          - url: 'https://{region}.api.example.com/{version}'
            variables:
              region: { default: eu, enum: [eu, us] }
              version: { default: v1 }
        paths:
          /pets:
            get:
              operationId: listPets
              responses: { '200': { description: ok } }

        """

    static let outside = "endpoint 'listPets': server variable 'region' (regional.yaml:6:7) is 'xx', which is not one of its 'enum' values: eu, us "
        + "(used in the base URL); Provider(baseURL:) or --base-url sets any URL instead"

    /// The variables given, and the URL sent or the error.
    @Test(arguments: [
        ([String: String](), "https://eu.api.example.com/v1/pets"),
        (["region": "us"], "https://us.api.example.com/v1/pets"),
        (["region": ""], "https://eu.api.example.com/v1/pets"),
        (["version": "anything"], "https://eu.api.example.com/anything/pets"),
        (["region": "xx"], "argument invalidValue region: " + outside),
        (["region": "EU"], "argument invalidValue region: " + outside.replacing("'xx'", with: "'EU'")),
    ])
    func aValueOutsideTheEnumIsAnArgumentError(variables: [String: String], expected: String) throws {
        let spec = try Spec(yaml: Self.document, file: "regional.yaml")
        let service = Service(spec: spec, provider: Provider(variables: variables, options: .init(usesEnvironment: false)))
        do {
            let request = try service.prepare("listPets")
            #expect(request.url == expected)
        } catch {
            guard case let .argument(problem) = error else {
                Issue.record("not an argument error: \(error)")
                return
            }
            #expect("argument \(problem.reason) \(problem.variable ?? "-"): \(problem)" == expected)
        }
    }

    /// A base URL given is any URL: the `enum` is the document's server's, which it replaces.
    @Test func aBaseURLGivenIsNotHeldToTheEnum() throws {
        let spec = try Spec(yaml: Self.document, file: "regional.yaml")
        let provider = Provider(baseURL: "https://xx.api.example.com/v1", variables: ["region": "xx"], options: .init(usesEnvironment: false))
        #expect(try Service(spec: spec, provider: provider).prepare("listPets").url == "https://xx.api.example.com/v1/pets")
    }

    /// A `default` outside its `enum`, in the document's servers (each of them) and in a link's
    /// server, is warned about where it is written; the document's is sent as it is.
    @Test func aDefaultOutsideItsEnumIsWarnedAtIt() throws {
        let yaml = """
            openapi: 3.0.3
            info: { title: Regional, version: '1' }
            servers:
              - url: 'https://{region}.api.example.com/v1'
                variables:
                  region: { default: xx, enum: [eu, us] }
              - url: 'https://{zone}.example.com'
                variables: { zone: { default: a, enum: [b, c] } }
            paths:
              /pets:
                post:
                  operationId: createPet
                  responses:
                    '201':
                      description: created
                      links:
                        There:
                          operationId: listPets
                          server:
                            url: 'https://{stage}.example.com'
                            variables: { stage: { default: dev, enum: [prod] } }
                get:
                  operationId: listPets
                  responses: { '200': { description: ok } }

            """
        let spec = try Spec(yaml: yaml, file: "defaults.yaml")
        #expect(spec.warnings.map(\.description) == [
            "defaults.yaml:6:26: warning: server variable 'region' has the default 'xx', which is not one of its 'enum' values (eu, us) as OpenAPI requires (Server Variable Object); a call that does not set it sends it as it is",
            "defaults.yaml:8:35: warning: server variable 'zone' has the default 'a', which is not one of its 'enum' values (b, c) as OpenAPI requires (Server Variable Object); a call that does not set it sends it as it is",
            "defaults.yaml:21:48: warning: server variable 'stage' of link 'There' has the default 'dev', which is not one of its 'enum' values (prod) as OpenAPI requires (Server Variable Object); a call that does not set it sends it as it is",
        ])
        let service = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        #expect(try service.prepare("listPets").url == "https://xx.api.example.com/v1/pets")
    }
}
