import Netspec
import Testing

/// Integers wider than 64 bits are integers (JSONValue+BigIntegers.swift): written as their
/// digits, accepted where the document says `integer`, by the schema engine and the binder.
@Suite struct BigIntegerTests {
    @Test(arguments: [
        ("18446744073709551616", "18446744073709551616"),
        ("-1180591620717411303424", "-1180591620717411303424"),
        ("123456789012345678901234567890", "123456789012345677877719597056"),
        ("1e25", "10000000000000000905969664"),
        ("9007199254740993", "9007199254740993"),
        ("1e16", "1e+16"),
        ("1.5", "1.5"),
        ("12345678901234567", "12345678901234567"),
    ])
    func anIntegerBeyond64BitsIsWrittenAsItsDigits(text: String, written: String) throws {
        #expect(try JSONValue(parsing: text).serialized() == Array(written.utf8))
    }

    @Test(arguments: [
        ("123456789012345678901234567890", "123456789012345677877719597056"),
        ("-123456789012345678901234567890", "-123456789012345677877719597056"),
        ("18446744073709551616", nil),
        ("00018446744073709551616", nil),
        ("9223372036854775807", nil),
        ("42", nil),
        ("1e30", nil),
    ] as [(String, String?)])
    func aLiteralThatADoubleChangesIsSaid(text: String, sent: String?) {
        #expect(JSONValue.integerLiteralLoss(text) == sent)
    }

    static let document = """
        openapi: 3.1.0
        servers: [{ url: "https://example.com" }]
        paths:
          /n/{id}:
            post:
              operationId: send
              parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
              requestBody:
                content:
                  application/json:
                    schema: { type: object, properties: { n: { type: integer } } }
        """ + "\n"

    @Test func theBinderAndTheSchemaTakeThemAsIntegers() throws {
        let api = Service(spec: try Spec(yaml: Self.document), provider: Provider(options: .init(usesEnvironment: false)))
        let big = try JSONValue(parsing: "18446744073709551616")
        let request = try api.prepare("send", ["id": .value(big), "n": .value(big)])
        #expect(request.url == "https://example.com/n/18446744073709551616")
        guard case let .bytes(body) = request.body else { Issue.record("no body: \(request.body)"); return }
        #expect(String(decoding: body, as: UTF8.self) == #"{"n":18446744073709551616}"#)
        let error = #expect(throws: CallError.self) { try api.prepare("send", ["id": 1, "n": .value(.double(1.5))]) }
        #expect(error?.description == "endpoint 'send': parameter 'n': expected integer or null, got the number 1.5")
    }
}
