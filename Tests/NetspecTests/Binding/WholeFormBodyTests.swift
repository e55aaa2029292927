import Testing

@testable import Netspec

/// A whole body given as `_` for an operation whose `application/x-www-form-urlencoded` body
/// became fields, as for a JSON one (``WholeBodyTests``): its members are the fields'
/// arguments, named arguments win, and members no field declares are sent as form items —
/// unless the schema's `additionalProperties: false` refuses them, as it refuses JSON members.
@Suite struct WholeFormBodyTests {
    static let document = """
        openapi: 3.1.0
        servers: [{ url: "https://example.com" }]
        paths:
          /token:
            post:
              operationId: getToken
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      required: [grant_type]
                      properties:
                        grant_type: { type: string }
                        scope: { type: string }
          /closed:
            post:
              operationId: closedToken
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      additionalProperties: false
                      properties:
                        grant_type: { type: string }
        """

    static func api() throws -> Service {
        let spec = try Spec(yaml: document, file: "token.yaml")
        #expect(spec.warnings.isEmpty)
        return Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
    }

    @Test(arguments: [
        (
            ["_": .value(["refresh_token": "rt 1", "grant_type": "refresh_token", "ids": [1, 2], "user": ["name": "Ada"], "gone": nil])],
            "grant_type=refresh_token&refresh_token=rt+1&ids=1&ids=2&user%5Bname%5D=Ada"
        ),
        (["_": .value(["grant_type": "a", "scope": "read"]), "grant_type": "b"], "grant_type=b&scope=read"),
    ] as [([String: Argument], String)])
    func undeclaredMembersAreSentAsFormItems(arguments: [String: Argument], expected: String) throws {
        let request = try Self.api().prepare("getToken", arguments)
        guard case let .bytes(bytes) = request.body else { Issue.record("not bytes"); return }
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(request.headerFields[.contentType] == "application/x-www-form-urlencoded")
    }

    @Test(arguments: [
        ("closedToken", ["_": .value(["grant_type": "a", "refresh_token": "x"])],
         #"endpoint 'closedToken': the body's /refresh_token is not allowed (additionalProperties: false), got "x" (schema at token.yaml:24:37)"#),
        ("getToken", ["_": .value(["scope": "read"])], "endpoint 'getToken': parameter 'grant_type': missing required argument (string)"),
        ("getToken", ["_": .value("grant_type=a")], "endpoint 'getToken': parameter '_': the whole body must be a JSON object: the endpoint's body is the object of its fields (grant_type, scope)"),
        // Given by name, an undeclared member is still an unknown argument, as for a JSON body.
        ("getToken", ["grant_type": "a", "refresh_token": "x"], "endpoint 'getToken': parameter 'refresh_token': unknown argument (its parameters are: grant_type, scope)"),
    ] as [(String, [String: Argument], String)])
    func refusedBodies(endpoint: String, arguments: [String: Argument], message: String) throws {
        let error = #expect(throws: CallError.self) { try Self.api().prepare(endpoint, arguments) }
        #expect(error?.description == message)
    }
}
