import Testing
@testable import Netspec
import NetspecModel

/// The inference rules of the spec format, resolved at load: every example of SPEC.md §1 and
/// every rule, with where each parameter goes and why.
@Suite struct InferenceTests {
    /// One resolved parameter: name, location, wire name, type, requiredness, reason.
    struct Resolved: Equatable, CustomStringConvertible {
        var name: String, location: Parameter.Location, wireName: String, type: String, isRequired: Bool, inference: Parameter.Inference
        init(_ name: String, _ location: Parameter.Location, _ wireName: String, _ type: String, _ isRequired: Bool, _ inference: Parameter.Inference) {
            (self.name, self.location, self.wireName, self.type, self.isRequired, self.inference) = (name, location, wireName, type, isRequired, inference)
        }
        init(_ parameter: Parameter) {
            self.init(parameter.name, parameter.location, parameter.wireName, parameter.type.description, parameter.isRequired, parameter.inference)
        }
        var description: String { "\(name) → \(location) '\(wireName)' \(type) \(isRequired ? "required" : "optional") (\(inference))" }
    }

    static func endpoint(_ body: String, encoding: String? = nil) throws -> Endpoint {
        let yaml = "netspec: 1\nservice: S\n" + (encoding.map { "encoding: \($0)\n" } ?? "") + "endpoints:\n  e:\n" + body
        let spec = try Spec(yaml: yaml, file: "t.yaml")
        return try #require(spec.endpoint(named: "e"))
    }

    // MARK: - SPEC.md §1 examples

    @Test func specExampleServiceLoads() throws {
        let spec = try Spec(yaml: SpecFixtures.specExample, file: "users.yaml")
        #expect(spec.service == "UsersAPI")
        #expect(spec.baseURL?.text == "https://www.example.com")
        #expect(spec.headers.map { "\($0.name): \($0.value.text)" } == ["token: Bearer ${TOKEN}"])
        #expect(spec.encoding == .json)
        #expect(spec.timeout == 30)
        #expect(spec.endpoints.map(\.name) == ["getUser", "createUser", "getTodos", "completions"])

        let getUser = try #require(spec.endpoint(named: "getUser"))
        #expect(getUser.method == .get)
        #expect(getUser.parameters.map(Resolved.init) == [Resolved("id", .query, "identifier", "String", true, .explicit)])
        #expect(!getUser.hasBody)

        let createUser = try #require(spec.endpoint(named: "createUser"))
        #expect(createUser.parameters.map(Resolved.init) == [
            Resolved("email", .field, "email", "String", true, .methodWithBody("POST", .json)),
            Resolved("password", .field, "password", "String", true, .methodWithBody("POST", .json)),
        ])
        #expect(createUser.returnType == .value(.tuple([.init(label: "id", type: .string), .init(label: "name", type: .string)])))
        #expect(createUser.plan.body == .fields(.json, [0, 1]))

        let getTodos = try #require(spec.endpoint(named: "getTodos"))
        #expect(getTodos.parameters.map(Resolved.init) == [Resolved("username", .path, "username", "String", true, .pathPlaceholder)])
        #expect(getTodos.plan.path == [.literal("/users/"), .parameter(0), .literal("/todos")])

        let completions = try #require(spec.endpoint(named: "completions"))
        #expect(completions.stream == .sse)
        #expect(completions.headers.map(\.name) == ["token", "Authorization"])
        #expect(completions.parameters.map(Resolved.init) == [
            Resolved("model", .field, "model", "String", true, .methodWithBody("POST", .json)),
            Resolved("messages", .field, "messages", "[Message]", true, .methodWithBody("POST", .json)),
            Resolved("stream", .field, "stream", "Bool", false, .methodWithBody("POST", .json)),
        ])
        #expect(completions.parameters[2].defaultValue == true)
    }

    // MARK: - Rules

    @Test func rule1PlaceholderWinsOverMethodRules() throws {
        let endpoint = try Self.endpoint("    POST: /users/{id}\n    params:\n      id: Int\n      name: String\n")
        #expect(endpoint.parameters.map(Resolved.init) == [
            Resolved("id", .path, "id", "Int", true, .pathPlaceholder),
            Resolved("name", .field, "name", "String", true, .methodWithBody("POST", .json)),
        ])
    }

    @Test func rule1PathDefaultInBraces() throws {
        let endpoint = try Self.endpoint("    GET: /pages/{page=3}\n    params:\n      page: Int\n")
        #expect(endpoint.parameters[0].defaultValue == 3)
        #expect(!endpoint.parameters[0].isRequired)
    }

    @Test func rule1PlaceholderWithOnlyABraceDefaultImpliesAParameter() throws {
        let endpoint = try Self.endpoint("    GET: /v/{version=2}/items\n")
        #expect(endpoint.parameters.map(Resolved.init) == [Resolved("version", .path, "version", "String", false, .pathPlaceholder)])
        #expect(endpoint.parameters[0].defaultValue == "2")
    }

    @Test func rule1MatchesTheWireName() throws {
        let endpoint = try Self.endpoint("    GET: /users/{user_id}\n    params:\n      userID: { type: Int, name: user_id }\n")
        #expect(endpoint.parameters.map(Resolved.init) == [Resolved("userID", .path, "user_id", "Int", true, .pathPlaceholder)])
    }

    @Test(arguments: ["POST", "PUT", "PATCH", "QUERY"])
    func rule2UnlabelledIsTheWholeBody(method: String) throws {
        let endpoint = try Self.endpoint("    \(method): /users\n    params:\n      _: User\n")
        #expect(endpoint.parameters.map(Resolved.init) == [Resolved("_", .body, "_", "User", true, .unlabelledBody)])
        #expect(endpoint.plan.body == .whole(0))
    }

    @Test func rule2ExplicitBodyOnAMethodWithoutBody() throws {
        let endpoint = try Self.endpoint("    DELETE: /users\n    params:\n      _: { type: \"[Int]\", in: body }\n      force: Bool\n")
        #expect(endpoint.parameters.map(Resolved.init) == [
            Resolved("_", .body, "_", "[Int]", true, .explicit),
            Resolved("force", .query, "force", "Bool", true, .methodWithoutBody("DELETE")),
        ])
    }

    @Test(arguments: ["GET", "HEAD", "DELETE", "OPTIONS", "TRACE", "CONNECT"])
    func rule3MethodsWithoutBodyUseTheQuery(method: String) throws {
        let endpoint = try Self.endpoint("    \(method): /search\n    params:\n      q: String\n      filters: \"[String: String]\"\n")
        #expect(endpoint.parameters.map(Resolved.init) == [
            Resolved("q", .query, "q", "String", true, .methodWithoutBody(method)),
            Resolved("filters", .query, "filters", "[String: String]", true, .methodWithoutBody(method)),
        ])
        #expect(endpoint.parameters[1].codec.spreads)
        #expect(endpoint.plan.queryParameters == [0, 1])
    }

    @Test(arguments: [("json", Endpoint.BodyEncoding.json, Parameter.Location.field), ("form", .form, .field), ("multipart", .multipart, .part)])
    func rule4MethodsWithBodyUseFields(encoding: String, expected: Endpoint.BodyEncoding, location: Parameter.Location) throws {
        let endpoint = try Self.endpoint("    PUT: /users\n    encoding: \(encoding)\n    params:\n      name: String\n      avatar: Data?\n")
        #expect(endpoint.encoding == expected)
        #expect(endpoint.parameters.map(Resolved.init) == [
            Resolved("name", location, "name", "String", true, .methodWithBody("PUT", expected)),
            Resolved("avatar", location, "avatar", "Data?", false, .methodWithBody("PUT", expected)),
        ])
        #expect(endpoint.plan.body == .fields(expected, [0, 1]))
    }

    @Test func rule4CustomMethodsCarryABody() throws {
        let endpoint = try Self.endpoint("    method: PROPFIND\n    path: /files\n    params:\n      depth: Int\n")
        #expect(endpoint.method.rawValue == "PROPFIND")
        #expect(endpoint.parameters.map(Resolved.init) == [Resolved("depth", .field, "depth", "Int", true, .methodWithBody("PROPFIND", .json))])
    }

    @Test func rule5ServiceEncodingIsTheDefault() throws {
        let endpoint = try Self.endpoint("    POST: /login\n    params:\n      user: String\n", encoding: "form")
        #expect(endpoint.encoding == .form)
        #expect(endpoint.parameters[0].location == .field)
    }

    @Test func endpointEncodingOverridesTheService() throws {
        let endpoint = try Self.endpoint("    POST: /login\n    encoding: json\n    params:\n      user: String\n", encoding: "form")
        #expect(endpoint.encoding == .json)
    }

    @Test func anExplicitPartMakesTheBodyMultipart() throws {
        let endpoint = try Self.endpoint("    POST: /upload\n    params:\n      file: { type: URL, in: part, filename: a.txt }\n      note: String\n")
        #expect(endpoint.encoding == .multipart)
        #expect(endpoint.parameters.map(Resolved.init) == [
            Resolved("file", .part, "file", "URL", true, .explicit),
            Resolved("note", .part, "note", "String", true, .methodWithBody("POST", .multipart)),
        ])
        #expect(endpoint.parameters[0].codec == .part(ParameterCodec.Part(filename: "a.txt")))
    }

    @Test func explicitLocationsOverrideInference() throws {
        let endpoint = try Self.endpoint("""
                POST: /items/{id}
                params:
                  id: String
                  trace: { in: header, name: X-Trace-ID }
                  page: { in: query, type: Int, default: 1 }
                  extra: { in: header, type: "[String: String]" }
                  meta: { in: field, type: "[String: Int]" }
                  tags: "[String: String]"

            """)
        #expect(endpoint.parameters.map(Resolved.init) == [
            Resolved("id", .path, "id", "String", true, .pathPlaceholder),
            Resolved("trace", .header, "X-Trace-ID", "String", true, .explicit),
            Resolved("page", .query, "page", "Int", false, .explicit),
            Resolved("extra", .header, "extra", "[String: String]", true, .explicit),
            Resolved("meta", .field, "meta", "[String: Int]", true, .explicit),
            Resolved("tags", .field, "tags", "[String: String]", true, .methodWithBody("POST", .json)),
        ])
        #expect(endpoint.parameters.map(\.codec.spreads) == [false, false, false, true, true, false])
        #expect(endpoint.plan.headerParameters == [1, 3])
        #expect(endpoint.plan.queryParameters == [2])
        #expect(endpoint.plan.body == .fields(.json, [4, 5]))
    }

    @Test func headDefaultsToHeadersResult() throws {
        let endpoint = try Self.endpoint("    HEAD: /x\n")
        #expect(endpoint.returnType == .headers)
    }

    @Test func optionalsAndFlagsAreNotRequired() throws {
        let endpoint = try Self.endpoint("    GET: /x\n    params:\n      a: String?\n      b: { type: Bool, flag: true }\n      c: { type: Int, default: 5 }\n      d: Int\n")
        #expect(endpoint.parameters.map(\.isRequired) == [false, false, false, true])
    }
}
