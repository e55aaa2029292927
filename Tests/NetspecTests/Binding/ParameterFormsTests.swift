import Foundation
import Testing

import Netspec

/// What the forms write where a value holds their own delimiters: escaped in percent-encoded
/// places, refused where the form cannot escape (header lists, `spaceDelimited` and
/// `pipeDelimited` queries, raw commas in an already-encoded `csv` item), so that every value
/// reads back as itself (`docs/parameter-forms.md`).
@Suite struct ParameterFormsTests {
    static func openAPI(path: String = "/p", _ parameter: String) throws -> Service {
        let spec = try Spec(yaml: """
            openapi: 3.1.0
            servers: [{ url: "https://example.com" }]
            paths:
              \(path):
                get:
                  operationId: p
                  parameters: [\(parameter)]
            """, file: "forms.yaml")
        #expect(spec.warnings.isEmpty)
        return Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
    }

    static let array = "{ type: array, items: { type: string } }"
    static let object = "{ type: object, additionalProperties: { type: string } }"

    @Test(arguments: [
        ("simple", false, array, ["a,b", "c"] as Argument, "a%2Cb,c"),
        ("simple", true, object, ["k=v": "x,y"] as Argument, "k%3Dv=x%2Cy"),
        ("label", true, array, ["a.b", "c"] as Argument, ".a%2Eb.c"),
        ("label", false, object, ["a.b": "c,d"] as Argument, ".a%2Eb,c%2Cd"),
        ("matrix", true, array, ["a;b", "c=d"] as Argument, ";color=a%3Bb;color=c%3Dd"),
        ("matrix", false, array, ["a,b"] as Argument, ";color=a%2Cb"),
    ])
    func aStyledPathEscapesItsDelimitersInsideItems(style: String, explode: Bool, schema: String, value: Argument, path: String) throws {
        let api = try Self.openAPI(path: "/p/{color}", "{ name: color, in: path, required: true, style: \(style), explode: \(explode), schema: \(schema) }")
        #expect(try api.prepare("p", ["color": value]).url == "https://example.com/p/" + path)
    }

    @Test(arguments: [
        ("{ name: color, in: path, required: true, style: matrix, schema: \(array) }", Argument.value([]), "a path parameter cannot be empty"),
        ("{ name: color, in: path, required: true, style: simple, schema: \(object) }", Argument.value([:]), "a path parameter cannot be empty"),
        ("{ name: color, in: path, required: true, style: simple, schema: \(array) }", ["a", ".."] as Argument, "'..' is not allowed as a path segment"),
    ])
    func anEmptyStyledPathIsRefused(parameter: String, value: Argument, message: String) throws {
        let api = try Self.openAPI(path: "/p/{color}", parameter)
        let error = #expect(throws: CallError.self) { try api.prepare("p", ["color": value]) }
        #expect(error?.description == "endpoint 'p': parameter 'color': \(message)")
    }

    @Test(arguments: [
        ("    GET: /h\n    params:\n      v: { in: header, name: X-V, type: \"[String]\" }\n", Argument.value(["a", "b,c"]),
         "the value of header 'X-V' is a list, so an item cannot contain ',' (in 'b,c')"),
    ])
    func aHeaderValueThatWouldReadBackOtherwiseIsRefused(endpoint: String, value: Argument, message: String) throws {
        let actual = try Binding.failure(endpoint, ["v": value])
        #expect(actual == "invalidValue: endpoint 'e': parameter 'v': \(message)")
    }

    @Test func anOpenAPIHeaderListRefusesCommasAndNamesWithEquals() throws {
        let plain = try Self.openAPI("{ name: X-Color, in: header, schema: \(Self.object) }")
        let comma = #expect(throws: CallError.self) { try plain.prepare("p", ["X-Color": ["R": "1,2"]]) }
        #expect(comma?.description == "endpoint 'p': parameter 'X-Color': the value of header 'X-Color' is a list, so an item cannot contain ',' (in '1,2')")
        let exploded = try Self.openAPI("{ name: X-Color, in: header, explode: true, schema: \(Self.object) }")
        let equals = #expect(throws: CallError.self) { try exploded.prepare("p", ["X-Color": ["a=b": "1"]]) }
        #expect(equals?.description == "endpoint 'p': parameter 'X-Color': the value of header 'X-Color' is a list of name=value pairs, so a name cannot contain '=' (in 'a=b')")
        // An empty list sends no field at all.
        #expect(try plain.prepare("p", ["X-Color": [:]]).headerFields[values: .init("X-Color")!] == [])
    }

    @Test(arguments: [
        (array, ["blue", "a,b", "c d"] as Argument, "color=blue,a%2Cb,c%20d"),
        (object, ["R": "1;2", "G": "3"] as Argument, "color=R,1%3B2,G,3"),
        ("{ type: string }", "a,b" as Argument, "color=a%2Cb"),
    ])
    func aCookieNotExplodedJoinsItsItems(schema: String, value: Argument, cookie: String) throws {
        let api = try Self.openAPI("{ name: color, in: cookie, explode: false, schema: \(schema) }")
        #expect(try api.prepare("p", ["color": value]).headerFields[.cookie] == cookie)
    }

    @Test(arguments: [
        ("spaceDelimited", ["a", "b c"] as Argument, "an item cannot contain a space, the delimiter of spaceDelimited (in 'b c')"),
        ("pipeDelimited", ["a|b"] as Argument, "an item cannot contain '|', the delimiter of pipeDelimited (in 'a|b')"),
    ])
    func aDelimiterWrittenLikeAnItemsCharacterIsRefused(style: String, value: Argument, message: String) throws {
        let api = try Self.openAPI("{ name: color, in: query, style: \(style), explode: false, schema: \(Self.array) }")
        let error = #expect(throws: CallError.self) { try api.prepare("p", ["color": value]) }
        #expect(error?.description == "endpoint 'p': parameter 'color': \(message)")
    }

    @Test func aSpaceInsideASpaceDelimitedFormFieldIsAPlus() throws {
        let spec = try Spec(yaml: """
            openapi: 3.1.0
            servers: [{ url: "https://example.com" }]
            paths:
              /f:
                post:
                  operationId: f
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: { type: object, properties: { tags: \(Self.array) } }
                        encoding: { tags: { style: spaceDelimited, explode: false } }
            """, file: "form.yaml")
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        #expect(try api.prepare("f", ["tags": ["a b", "c"]]).body == .bytes(Array("tags=a+b%20c".utf8)))
    }

    @Test func joinedReservedItemsEscapeTheirCommas() throws {
        let api = try Self.openAPI("{ name: color, in: query, explode: false, allowReserved: true, schema: \(Self.array) }")
        #expect(try api.prepare("p", ["color": ["a,b/c", "d"]]).url == "https://example.com/p?color=a%2Cb/c,d")
    }

    @Test func anEncodedCSVItemCannotHoldARawComma() throws {
        let endpoint = "    GET: /s\n    params:\n      tag: { type: \"[String]\", encoded: true, format: csv }\n"
        let actual = try Binding.failure(endpoint, ["tag": ["a%2Cb", "c,d"]])
        #expect(actual == "invalidValue: endpoint 'e': parameter 'tag': an item cannot contain ',', the delimiter (in 'c,d'); percent-encode it as %2C")
    }
}
