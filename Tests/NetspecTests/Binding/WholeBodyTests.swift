import Testing

@testable import Netspec

/// A whole JSON body for an operation whose body became fields (issue 31.10): its members are the
/// fields' arguments, named arguments win, undeclared members are sent as they are.
@Suite struct WholeBodyTests {
    static let document = """
        openapi: 3.1.0
        servers: [{ url: "https://example.com" }]
        paths:
          /items:
            post:
              operationId: createItem
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [name, price]
                      properties:
                        name: { type: string }
                        price: { type: number }
                        size: { type: string, enum: [S, M, L] }
        """

    static func api() throws -> Service {
        let spec = try Spec(yaml: document, file: "items.yaml")
        #expect(spec.warnings.isEmpty)
        return Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
    }

    static func body(_ arguments: [String: Argument]) throws -> String {
        guard case let .bytes(bytes) = try api().prepare("createItem", arguments).body else { return "(not bytes)" }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [
        (["_": .value(["name": "pen", "price": 1.5])], #"{"name":"pen","price":1.5}"#),
        (["_": .value(["extra": true, "name": "pen", "price": 1.5]), "price": 2], #"{"extra":true,"name":"pen","price":2}"#),
        (["_": .value(["name": "pen"]), "price": 3, "size": "M"], #"{"name":"pen","price":3,"size":"M"}"#),
    ] as [([String: Argument], String)])
    func theMembersAreTheFieldsAndNamedArgumentsWin(arguments: [String: Argument], expected: String) throws {
        #expect(try Self.body(arguments) == expected)
    }

    @Test(arguments: [
        (["_": .value(["name": "pen"])], "endpoint 'createItem': parameter 'price': missing required argument (number)"),
        (["_": .value(["name": "pen", "price": 1, "size": "XL"])], #"endpoint 'createItem': parameter 'size': "XL" is not one of "S", "M", "L""#),
        (["_": .value(["pen"])], "endpoint 'createItem': the body must be an object (schema at items.yaml:12:15)"),
    ] as [([String: Argument], String)])
    func theMembersAreCheckedAsFields(arguments: [String: Argument], message: String) throws {
        let error = #expect(throws: CallError.self) { try Self.api().prepare("createItem", arguments) }
        #expect(error?.description == message)
        #expect(try Self.api().argumentProblems(Self.api().endpoint(named: "createItem"), arguments).map(\.description) == [message])
    }
}
