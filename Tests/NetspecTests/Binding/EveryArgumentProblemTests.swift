import Foundation
import Netspec
import NetspecMock
import NetspecTestSupport
import Testing


/// Every problem of an argument is reported, not only the first: a value of the wrong type, or
/// not one of its parameter's `enum`, is also checked against the rest of its schema, in a call's
/// error (Swift and the command line) and in the mock server's 422.
@Suite struct EveryArgumentProblemTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Pets, version: "1" }
        servers: [{ url: "https://pets.example.com" }]
        paths:
          /pets:
            post:
              operationId: addPet
              parameters:
                - { name: size, in: query, schema: { type: integer, enum: [1, 2, 3] } }
                - { name: kind, in: query, schema: { type: string, enum: [cat, dog], maxLength: 2 } }
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        colour: { type: string, enum: [red, blue], minLength: 3 }
                        age: { type: integer, minimum: 0 }
              responses: { "200": { description: ok, content: { application/json: { example: { ok: true } } } } }
        """

    static func spec() throws -> Spec { try Spec(yaml: document, file: "pets.yaml") }

    @Test func aTypeErrorDoesNotHideTheOthers() throws {
        let api = Service(spec: try Self.spec(), provider: Provider(options: .init(usesEnvironment: false)))
        let error = #expect(throws: CallError.self) {
            try api.prepare("addPet", ["size": "big", "kind": "lion", "colour": 7, "age": -1])
        }
        #expect(error?.description == """
            endpoint 'addPet': 7 problems with the arguments:
              parameter 'size': expected integer, got the string "big"
              parameter 'size': must be one of 1, 2, 3, got "big" (schema at pets.yaml:9:61)
              parameter 'kind': "lion" is not one of "cat", "dog"
              parameter 'kind': must be at most 2 characters long, got "lion" (schema at pets.yaml:10:78)
              parameter 'colour': expected string, got the number 7
              parameter 'colour': must be one of "red", "blue", got 7 (schema at pets.yaml:17:41)
              parameter 'age': must be at least 0, got -1 (schema at pets.yaml:18:39)
            """)
        guard case let .argument(problem)? = error else { Issue.record("not an argument error"); return }
        #expect(problem.problems.map { "\($0.parameter ?? "-") \($0.reason) \($0.violation?.keyword ?? "-")" } == [
            "size wrongType -", "size schemaViolation enum", "kind invalidValue -", "kind schemaViolation maxLength",
            "colour wrongType -", "colour schemaViolation enum", "age schemaViolation minimum",
        ])
    }

    @Test func onTheCommandLineTextOfTheWrongTypeToo() throws {
        let endpoint = try #require(try Self.spec().endpoint(named: "addPet"))
        let items = try ["size=big", "kind=cat"].map { try CommandLineItem(parsing: $0) }
        let error = #expect(throws: CallError.ArgumentError.self) { try CommandLineArguments.make(items: items, endpoint: endpoint) }
        #expect(error?.description == """
            endpoint 'addPet': 2 problems with the arguments:
              parameter 'size': 'big' is not an integer (a whole number) (size=big)
              parameter 'size': must be one of 1, 2, 3, got "big" (schema at pets.yaml:9:61)
            """)
    }

    @Test func theMocksAnswerListsThemAll() async throws {
        try await MockServerTests.withMockServer(of: try Self.spec(), .init(port: 0)) { base, _ in
            let answer = try await MockServerTests.curl(["-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"colour": "x"}"#, base + "/pets?size=big&kind=lion"])
            let body = try JSONValue(parsing: String(answer[answer.range(of: "\n\n")!.upperBound...]))
            #expect(body["errors"] == [
                ["location": "query", "parameter": "size", "message": "'big' is not an integer (a whole number)"],
                ["location": "query", "parameter": "size", "message": "must be one of 1, 2, 3, got \"big\" (schema at pets.yaml:9:61)"],
                ["location": "query", "parameter": "kind", "message": "\"lion\" is not one of \"cat\", \"dog\""],
                ["location": "query", "parameter": "kind", "message": "must be at most 2 characters long, got \"lion\" (schema at pets.yaml:10:78)"],
                ["location": "body", "parameter": "colour", "message": "\"x\" is not one of \"red\", \"blue\""],
                ["location": "body", "parameter": "colour", "message": "must be at least 3 characters long, got \"x\" (schema at pets.yaml:17:60)"],
            ])
        }
    }
}
