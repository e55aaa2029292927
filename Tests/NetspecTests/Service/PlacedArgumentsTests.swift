import Testing

@testable import Netspec

/// `Service.prepare(_:placed:options:)`, the workflow step's way in (issue 54's step cost): the
/// arguments placed by parameter index build the request `prepare(_:_:options:)` builds from the
/// same arguments by name, and fail with exactly its errors.
@Suite struct PlacedArgumentsTests {
    static let yaml = """
        openapi: 3.0.3
        info: { title: Pets, version: "1" }
        servers: [{ url: "https://pets.example.com/v1" }]
        paths:
          /pets/{petId}:
            put:
              operationId: putPet
              parameters:
                - { name: petId, in: path, required: true, schema: { type: integer } }
                - { name: fields, in: query, schema: { type: string, enum: [name, tag] } }
                - { name: X-Trace, in: header, schema: { type: string } }
              requestBody:
                content:
                  application/json:
                    schema: { type: object, required: [name], properties: { name: { type: string }, age: { type: integer, minimum: 0 } } }
              responses: { "200": { description: ok } }
          /raw:
            post:
              operationId: postRaw
              requestBody: { content: { application/json: { schema: { type: object, nullable: true } } } }
              responses: { "200": { description: ok } }
        """

    static func service() throws -> Service {
        Service(spec: try Spec(yaml: yaml, file: "pets.yaml"), provider: Provider(options: Provider.Options(usesEnvironment: false)))
    }

    /// The arguments by name placed at their parameters' indices.
    static func placed(_ named: [String: Argument], of endpoint: Endpoint) -> [Argument?] {
        endpoint.parameters.map { named[$0.name] }
    }

    /// The request or the error's text, for comparing the two ways.
    static func outcome(_ make: () throws(CallError) -> PreparedRequest) -> String {
        do throws(CallError) {
            let request = try make()
            let body = if case let .bytes(bytes) = request.body { String(decoding: bytes, as: UTF8.self) } else { "\(request.body)" }
            return "\(request.method.rawValue) \(request.url) \(request.headerFields.map { "\($0.name)=\($0.value)" }.sorted()) \(body)"
        } catch {
            return "error: \(error)"
        }
    }

    static let headers = #""Accept-Encoding=gzip, deflate", "Accept=application/json, */*;q=0.5""#
    static let cases: [(endpoint: String, arguments: [String: Argument], expected: String)] = [
        (
            "putPet", ["petId": 7, "fields": "name", "X-Trace": "t1", "name": "Rex", "age": 3],
            #"PUT https://pets.example.com/v1/pets/7?fields=name [\#(headers), "Content-Length=22", "Content-Type=application/json", "User-Agent=netspec/0.1.0", "X-Trace=t1"] {"name":"Rex","age":3}"#
        ),
        ("putPet", ["petId": "seven", "name": "Rex"], #"error: endpoint 'putPet': parameter 'petId': expected integer, got the string "seven""#),
        (
            "putPet", ["petId": 7, "fields": "color", "age": -1],
            """
            error: endpoint 'putPet': 3 problems with the arguments:
              parameter 'fields': "color" is not one of "name", "tag"
              parameter 'name': missing required argument (string)
              parameter 'age': must be at least 0, got -1 (schema at pets.yaml:15:115)
            """
        ),
        ("putPet", ["name": "Rex"], "error: endpoint 'putPet': parameter 'petId': missing required argument (integer)"),
        // A whole body of null takes its own path (RequestBuilder+WholeBody.swift), placed or not.
        ("postRaw", ["_": .value(.null)], #"POST https://pets.example.com/v1/raw [\#(headers), "Content-Length=4", "Content-Type=application/json", "User-Agent=netspec/0.1.0"] null"#),
    ]

    @Test(arguments: cases.indices)
    func placedArgumentsPrepareWhatNamedArgumentsPrepare(_ index: Int) throws {
        let (name, arguments, expected) = Self.cases[index]
        let api = try Self.service()
        let endpoint = try #require(api.spec.endpoint(named: name))
        let byName = Self.outcome { () throws(CallError) in try api.prepare(name, arguments) }
        let placed = Self.outcome { () throws(CallError) in try api.prepare(endpoint, placed: Self.placed(arguments, of: endpoint), options: CallOptions()) }
        #expect(placed == byName)
        #expect(placed == expected)
    }

    /// The call's own checks come first, as `prepare(_:_:options:)`'s do: a mock named with mocks off.
    @Test func theCallsChecksComeBeforeBinding() throws {
        let api = try Self.service()
        let endpoint = try #require(api.spec.endpoint(named: "putPet"))
        let options = CallOptions(usesMock: false, mock: "rex")
        let placed = Self.outcome { () throws(CallError) in try api.prepare(endpoint, placed: Self.placed(["petId": 7], of: endpoint), options: options) }
        #expect(placed == Self.outcome { () throws(CallError) in try api.prepare("putPet", ["petId": 7], options: options) })
        #expect(placed == #"error: endpoint 'putPet': CallOptions(mock: "rex") names a mock, but its usesMock is false"#)
    }
}
