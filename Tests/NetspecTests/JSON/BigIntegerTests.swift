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

    @Test(arguments: [
        (#"{"n": 123456789012345678901234567890}"#, "123456789012345678901234567890", "123456789012345677877719597056"),
        ("[1, [2, -98765432109876543210987]]", "-98765432109876543210987", "-98765432109876536934400"),
        (#"{"s": "123456789012345678901234567890\\\" 1", "n": 12345678901234567890}"#, "12345678901234567890", "12345678901234567168"),
    ])
    func anIntegerADoubleChangesIsFoundInJSONText(text: String, literal: String, sent: String) {
        let loss = JSONValue.firstIntegerLiteralLoss(inJSON: text)
        #expect(loss?.literal == literal)
        #expect(loss?.sent == sent)
    }

    @Test(arguments: [
        #"{"n": 18446744073709551616, "m": 9007199254740993, "f": 123456789012345678901234567890.5}"#,
        "[1.23456789012345678901234567890e29, -0, 1E400]",
        #"["123456789012345678901234567890", {"123456789012345678901234567890": true}]"#,
    ])
    func jsonTextWithoutSuchAnIntegerHasNone(text: String) {
        #expect(JSONValue.firstIntegerLiteralLoss(inJSON: text) == nil)
    }

    /// A spec's defaults: an integer wider than 64 bits that a Double keeps goes as its digits, and
    /// an integer past 2^53 given to a Double parameter stays that integer (it went out as 9007199254740992.0).
    @Test func aSpecDefaultKeepsItsDigits() throws {
        let spec = try Spec(yaml: """
            netspec: 1
            service: S
            baseURL: https://example.com
            endpoints:
              send:
                POST: /n
                params:
                  n: { type: Int, default: 18446744073709551616 }
                  d: { type: Double, default: 9007199254740993 }
                  e: { type: "[Double]", default: [-9007199254740993, 1.5] }
            """, file: "s.yaml")
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let request = try api.prepare("send", [:])
        guard case let .bytes(body) = request.body else { Issue.record("no body: \(request.body)"); return }
        #expect(String(decoding: body, as: UTF8.self) == #"{"n":18446744073709551616,"d":9007199254740993,"e":[-9007199254740993,1.5]}"#)
    }

    /// A spec's default holding an integer a Double changes is refused where it is written, in a
    /// list or a JSON value too (it was sent as another number without a word).
    @Test(arguments: [
        ("      n: { type: Int, default: 123456789012345678901234567890 }\n",
         "t.yaml:7:32: error: endpoint 'a': parameter 'n': default 123456789012345678901234567890 has more significant digits than Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as 123456789012345677877719597056"),
        ("      n: { type: \"[Int]\", default: [1, -98765432109876543210987] }\n      j:\n        type: JSON\n        default: {a: [\"123456789012345678901234567890\", 0x123456789abcdef01]}\n",
         "t.yaml:7:40: error: endpoint 'a': parameter 'n': default -98765432109876543210987 has more significant digits than Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as -98765432109876536934400\n"
            + "t.yaml:10:57: error: endpoint 'a': parameter 'j': default 0x123456789abcdef01 has more significant digits than Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as 20988295479420645376"),
        ("      d: { type: \"Double?\", default: 98765432109876543210 }\n",
         "t.yaml:7:38: error: endpoint 'a': parameter 'd': default 98765432109876543210 has more significant digits than Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as 98765432109876543488"),
    ])
    func aSpecDefaultADoubleChangesIsRefusedWhereItIsWritten(parameters: String, message: String) {
        let yaml = "netspec: 1\nservice: S\nendpoints:\n  a:\n    POST: /x\n    params:\n" + parameters
        let error = #expect(throws: SpecError.self) { try Spec(yaml: yaml, file: "t.yaml") }
        #expect(error?.description == message)
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
        #expect(error?.description == "endpoint 'send': parameter 'n': expected integer, got the number 1.5")
    }
}
