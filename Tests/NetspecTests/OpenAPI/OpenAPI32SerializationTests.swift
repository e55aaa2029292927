import Foundation
import Testing

@testable import Netspec
@testable import NetspecModel
import NetspecTestSupport

/// The OpenAPI 3.2.0 text's serialization, byte for byte: its Style Examples table (every row,
/// each value) through ``ParameterCodec/Serialization``, and each `serializedValue` of its
/// Parameter Object Examples against what a call sends for the `dataValue`.
@Suite struct OpenAPI32SerializationTests {
    static func json(_ text: String) -> JSONValue { try! JSONValue(parsing: Array(text.utf8)) }

    static let string = JSONValue.string("blue")
    static let array = json(#"["blue","black","brown"]"#)
    static let object = json(#"{"R":100,"G":200,"B":150}"#)

    struct Row: Sendable, CustomStringConvertible {
        var location: String
        var style: String
        var explode: Bool
        /// The table's `undefined`, `string`, `array` and `object` columns; `nil` for n/a.
        var cells: [String?]
        var description: String { "\(location) \(style) explode=\(explode)" }
    }

    /// The table of OpenAPI 3.2.0's Style Examples, as printed. Its first column holds what RFC
    /// 6570 writes for the empty string (`;color`, `.`, `color=`), so the empty string is sent
    /// for it; the values RFC 6570 calls undefined leave the parameter out (``undefinedIsLeftOut``).
    static let table: [Row] = [
        Row(location: "path", style: "matrix", explode: false, cells: [";color", ";color=blue", ";color=blue,black,brown", ";color=R,100,G,200,B,150"]),
        Row(location: "path", style: "matrix", explode: true, cells: [";color", ";color=blue", ";color=blue;color=black;color=brown", ";R=100;G=200;B=150"]),
        Row(location: "path", style: "label", explode: false, cells: [".", ".blue", ".blue,black,brown", ".R,100,G,200,B,150"]),
        Row(location: "path", style: "label", explode: true, cells: [".", ".blue", ".blue.black.brown", ".R=100.G=200.B=150"]),
        Row(location: "path", style: "simple", explode: false, cells: ["", "blue", "blue,black,brown", "R,100,G,200,B,150"]),
        Row(location: "path", style: "simple", explode: true, cells: ["", "blue", "blue,black,brown", "R=100,G=200,B=150"]),
        Row(location: "header", style: "simple", explode: false, cells: ["", "blue", "blue,black,brown", "R,100,G,200,B,150"]),
        Row(location: "header", style: "simple", explode: true, cells: ["", "blue", "blue,black,brown", "R=100,G=200,B=150"]),
        Row(location: "query", style: "form", explode: false, cells: ["color=", "color=blue", "color=blue,black,brown", "color=R,100,G,200,B,150"]),
        Row(location: "query", style: "form", explode: true, cells: ["color=", "color=blue", "color=blue&color=black&color=brown", "R=100&G=200&B=150"]),
        Row(location: "query", style: "spaceDelimited", explode: false, cells: [nil, nil, "color=blue%20black%20brown", "color=R%20100%20G%20200%20B%20150"]),
        Row(location: "query", style: "pipeDelimited", explode: false, cells: [nil, nil, "color=blue%7Cblack%7Cbrown", "color=R%7C100%7CG%7C200%7CB%7C150"]),
        Row(location: "query", style: "deepObject", explode: true, cells: [nil, nil, nil, "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"]),
        Row(location: "cookie", style: "cookie", explode: false, cells: ["color=", "color=blue", "color=blue,black,brown", "color=R,100,G,200,B,150"]),
        Row(location: "cookie", style: "cookie", explode: true, cells: ["color=", "color=blue", "color=blue; color=black; color=brown", "R=100; G=200; B=150"]),
    ]

    @Test(arguments: table)
    func theStyleTableRow(_ row: Row) throws {
        let serialization = ParameterCodec.Serialization(location: row.location, style: row.style, explode: row.explode, name: "color", allowsReserved: false)
        for (value, cell) in zip([JSONValue.string(""), Self.string, Self.array, Self.object], row.cells) {
            guard let cell else { continue }
            #expect(try serialization.serialized(value) == cell, "\(row) \(value)")
        }
    }

    /// RFC 6570 §2.3 (OpenAPI 3.2.0, Style Examples): null, an empty array and an empty object
    /// are undefined, and an undefined parameter is left out, in every style.
    @Test(arguments: table)
    func undefinedIsLeftOut(_ row: Row) throws {
        let serialization = ParameterCodec.Serialization(location: row.location, style: row.style, explode: row.explode, name: "color", allowsReserved: false)
        for value in [JSONValue.null, .array([]), .object([:]), Self.json(#"{"R":null}"#)] {
            #expect(try serialization.serialized(value) == "", "\(row) \(value)")
        }
    }

    static let examples = TestPaths.root + "/Tests/NetspecTests/Fixtures/oas32-serialization/parameter-examples.yaml"

    /// Each example of the text: the operation, the dataValue, and the serializedValue sent.
    static let sent: [(endpoint: String, data: String, serialized: String, place: String)] = [
        ("token", #"[12345678,90099]"#, "12345678,90099", "X-Token"),
        ("cookieObject", #"{"greeting":"Hello%2C world!","code":42}"#, "greeting=Hello%2C world!; code=42", "Cookie"),
        ("greeting", #""Hello, world!""#, "greeting=Hello%2C%20world%21", "Cookie"),
        ("user", #""edijkstra""#, "https://example.com/users/edijkstra", "url"),
        ("user", #""diṅnāga""#, "https://example.com/users/di%E1%B9%85n%C4%81ga", "url"),
        ("user", #""الخوارزميّ""#, "https://example.com/users/%D8%A7%D9%84%D8%AE%D9%88%D8%A7%D8%B1%D8%B2%D9%85%D9%8A%D9%91", "url"),
        ("things", #"["one thing","another thing"]"#, "https://example.com/things?thing=one%20thing&thing=another%20thing", "url"),
        ("freeForm", #"{"page":4,"pageSize":50}"#, "https://example.com/free?page=4&pageSize=50", "url"),
        ("formQuerystring", #"{"foo":"a + b","bar":true}"#, "https://example.com/form?foo=a+%2B+b&bar=true", "url"),
        ("jsonQuerystring", #"{"numbers":[1,2],"flag":null}"#, "https://example.com/json?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D", "url"),
        ("selector", #""$.a.b[1:1]""#, "https://example.com/jsonpath?%24.a.b%5B1%3A1%5D", "url"),
    ]

    @Test func theTextsExamplesAreSentAsTheirSerializedValues() throws {
        let spec = try Spec.load(path: Self.examples)
        // Each serializedValue agrees with its dataValue (a mismatch would be a warning); the
        // text's own misspelt `serializeValue` is said.
        #expect(spec.warnings.map(\.description) == [
            Self.examples + ":118:15: warning: operation 'freeForm': 'serializeValue' is not a key of an Example, so it is not read (did you mean 'serializedValue'?)",
        ])
        let api = Service(spec: spec, provider: Provider())
        for example in Self.sent {
            let endpoint = try #require(spec.endpoint(named: example.endpoint))
            let name = endpoint.parameters[0].name
            let request = try api.prepare(example.endpoint, [name: .value(Self.json(example.data))])
            let sent = example.place == "url" ? request.url : request.http1Fields.first { $0.0.lowercased() == example.place.lowercased() }?.1
            #expect(sent == example.serialized, "\(example.endpoint) \(example.data)")
        }
    }

    /// The text's `coordinates` example (a query parameter with JSON `content`): its media
    /// type's serializedValue is the JSON, its parameter's the percent-encoded item.
    @Test func aJSONQueryParameterIsAnItemOfPercentEncodedJSON() throws {
        let spec = try Spec(yaml: """
            openapi: 3.2.0
            info: { title: T, version: '1' }
            servers: [{ url: 'https://example.com' }]
            paths:
              /c:
                get:
                  operationId: c
                  parameters:
                    - in: query
                      name: coordinates
                      content:
                        application/json:
                          schema: { type: object, properties: { lat: { type: number }, long: { type: number } } }
                          examples:
                            Point: { dataValue: { lat: 10, long: 60 }, serializedValue: '{"lat":10,"long":60}' }
            """)
        #expect(spec.warnings.map(\.description) == [])
        let request = try Service(spec: spec, provider: Provider()).prepare("c", ["coordinates": .value(Self.json(#"{"lat":10,"long":60}"#))])
        #expect(request.url == "https://example.com/c?coordinates=%7B%22lat%22%3A10%2C%22long%22%3A60%7D")
    }

    /// A serializedValue that is not what its dataValue is written as: a warning naming both.
    @Test func aSerializedValueThatDisagreesIsAWarning() throws {
        let spec = try Spec(yaml: """
            openapi: 3.2.0
            info: { title: T, version: '1' }
            paths:
              /c:
                get:
                  parameters:
                    - name: color
                      in: query
                      schema: { type: array, items: { type: string } }
                      examples:
                        Wrong: { dataValue: [blue, black], serializedValue: 'color=blue,black' }
                    - name: X-Ids
                      in: header
                      content:
                        application/json:
                          schema: {}
                          examples:
                            Wrong: { dataValue: { a: 1 }, serializedValue: '{"a":2}' }
            """)
        #expect(spec.warnings.map(\.description) == [
            #"<spec>:11:65: warning: path '/c': parameter 'color': example 'Wrong': 'serializedValue' is 'color=blue,black', but its 'dataValue' ["blue","black"] is written as 'color=blue&color=black' (OpenAPI 3.2.0, Serialization and Examples); one of them is wrong"#,
            #"<spec>:18:64: warning: path '/c': parameter 'X-Ids': media type 'application/json': example 'Wrong': 'serializedValue' is '{"a":2}', but its 'dataValue' {"a":1} is written as '{"a":1}' (OpenAPI 3.2.0, Serialization and Examples); one of them is wrong"#,
        ])
    }

    /// `style: cookie` sends values as they are, exploded as one cookie per element; a value that
    /// would end its cookie is refused, naming the parameter.
    @Test func aCookieStyleValueIsSentAsItIs() throws {
        let spec = try Spec(yaml: """
            openapi: 3.2.0
            info: { title: T, version: '1' }
            servers: [{ url: 'https://example.com' }]
            paths:
              /c:
                get:
                  operationId: c
                  parameters:
                    - { name: ids, in: cookie, style: cookie, schema: { type: array, items: { type: string } } }
                    - { name: session, in: cookie, style: cookie, explode: false, schema: { type: array, items: { type: string } } }
            """)
        let api = Service(spec: spec, provider: Provider())
        let request = try api.prepare("c", ["ids": .value(Self.json(#"["a%20b","c!"]"#)), "session": .value(Self.json(#"["x","y"]"#))])
        #expect(request.http1Fields.filter { $0.0 == "Cookie" }.map(\.1) == ["ids=a%20b; ids=c!; session=x,y"])
        let error = #expect(throws: CallError.self) { try api.prepare("c", ["ids": .value(Self.json(#"["a;b"]"#))]) }
        #expect(error?.description == "endpoint 'c': parameter 'ids': the value of cookie 'ids' contains ';', which ends a cookie; style cookie sends values as they are, so percent-encode it first")
    }
}
