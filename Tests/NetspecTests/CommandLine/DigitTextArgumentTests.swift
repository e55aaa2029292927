import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// Long digit strings on the command line: text a string parameter takes is sent as it is (an
/// ICCID, 89014103211118510720, is no number), and only text that becomes a number a Double
/// changes is refused (JSONValue+BigIntegers.swift), by a Netspec type or a document's schema.
@Suite struct DigitTextArgumentTests {
    static let netspec = try! Spec(yaml: """
        netspec: 1
        service: S
        baseURL: https://api.example.com
        endpoints:
          e:
            POST: /t/{iccid}
            params:
              iccid: String
              card: String?
              q: { in: query, type: String? }
              h: { in: header, name: X-Card, type: String? }
              tags: "[String]?"
              id: Int?
              ratio: Double?
              ids: "[Int]?"
              meta: JSON?
              user: User?
        """, file: "t.yaml")

    static let document = """
        openapi: 3.0.3
        info: { title: O, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /echo/{id}:
            get:
              operationId: getIt
              parameters:
                - { name: id, in: path, required: true, schema: { type: string } }
                - { name: card, in: query, schema: { type: string } }
                - { name: either, in: query, schema: { anyOf: [{ type: integer }, { type: string }] } }
                - { name: count, in: query, schema: { type: integer } }
                - { name: scalar, in: query, schema: { oneOf: [{ type: integer }, { type: boolean }] } }
                - { name: cards, in: query, schema: { type: array, items: { type: string } } }
              responses:
                "200": { description: ok }
        """

    static let iccid = "89014103211118510720"
    static let loss = "89014103211118510720 has more significant digits than Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as 89014103211118510080"

    /// The arguments for items, each `name: case content`, or the error as `reason: description`.
    static func outcome(_ spec: Spec, _ endpoint: String, _ items: [String]) throws -> String {
        let parsed = try items.map { try CommandLineItem(parsing: $0) }
        do {
            let arguments = try CommandLineArguments.make(items: parsed, endpoint: try #require(spec.endpoint(named: endpoint)))
            return arguments.sorted { $0.key < $1.key }.map { "\($0.key): \(CallSurfaceTests.show($0.value))" }.joined(separator: "; ")
        } catch let error as CallError.ArgumentError {
            return "\(error.reason): \(error.description)"
        }
    }

    @Test(arguments: [
        // A string parameter takes the digits as text, wherever it goes.
        (["iccid=\(iccid)"], #"iccid: value "89014103211118510720""#),
        (["iccid=a", "card=\(iccid)"], #"card: value "89014103211118510720"; iccid: value "a""#),
        (["iccid=a", "q=\(iccid)"], #"iccid: value "a"; q: value "89014103211118510720""#),
        (["iccid=a", "h=-\(iccid)"], #"h: value "-89014103211118510720"; iccid: value "a""#),
        (["iccid=a", "tags=\(iccid)", "tags=1"], #"iccid: value "a"; tags: value ["89014103211118510720","1"]"#),
        // JSON text (name=text) is a string too; a JSON item's string keeps its digits.
        (["iccid=a", "meta=\(iccid)"], #"iccid: value "a"; meta: value "89014103211118510720""#),
        (["iccid:=\"\(iccid)\""], #"iccid: value "89014103211118510720""#),
        // Where the text becomes a number, the refusal stays: Int, Double, an Int array's element, raw JSON.
        (["iccid=a", "id=\(iccid)"], "invalidValue: endpoint 'e': parameter 'id': \(loss) (id=\(iccid))"),
        (["iccid=a", "ratio=\(iccid)"], "invalidValue: endpoint 'e': parameter 'ratio': \(loss) (ratio=\(iccid))"),
        (["iccid=a", "ids=1", "ids=\(iccid)"], "invalidValue: endpoint 'e': parameter 'ids': \(loss) (ids=\(iccid))"),
        (["iccid=a", "meta:=\(iccid)"], "invalidValue: endpoint 'e': parameter 'meta': \(loss) (meta:=\(iccid))"),
        // Text a model reads as JSON: a number inside it is refused as a raw JSON item's is.
        (["iccid=a", #"user={"n":\#(iccid)}"#], #"invalidValue: endpoint 'e': parameter 'user': \#(loss) (user={"n":\#(iccid)})"#),
        (["iccid=a", #"user={"n":"\#(iccid)"}"#], #"iccid: value "a"; user: value {"n":"89014103211118510720"}"#),
        // A number a Double keeps is no loss.
        (["iccid=a", "id=18446744073709551616"], #"iccid: value "a"; id: value 18446744073709551616"#),
    ] as [([String], String)])
    func aNetspecParametersTypeDecides(items: [String], expected: String) throws {
        #expect(try Self.outcome(Self.netspec, "e", items) == expected)
    }

    @Test(arguments: [
        (["id=12345678901234567890"], #"id: value "12345678901234567890""#),
        (["id=1", "card=\(iccid)"], #"card: value "89014103211118510720"; id: value "1""#),
        (["id=1", "cards=\(iccid)", "cards=7"], #"cards: value ["89014103211118510720","7"]; id: value "1""#),
        // A schema that takes a string takes the digits as one.
        (["id=1", "either=\(iccid)"], #"either: value "89014103211118510720"; id: value "1""#),
        // A schema that takes the text only as a number: refused, as a Netspec Int is.
        (["id=1", "count=\(iccid)"], "invalidValue: endpoint 'getIt': parameter 'count': \(loss) (count=\(iccid))"),
        (["id=1", "scalar=\(iccid)"], "invalidValue: endpoint 'getIt': parameter 'scalar': \(loss) (scalar=\(iccid))"),
        (["id=1", "scalar=12"], #"id: value "1"; scalar: value 12"#),
    ] as [([String], String)])
    func aDocumentsSchemaDecides(items: [String], expected: String) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Array(Self.document.utf8), to: "o.yaml")
        #expect(try Self.outcome(try Spec.load(path: path), "getIt", items) == expected)
    }
}
