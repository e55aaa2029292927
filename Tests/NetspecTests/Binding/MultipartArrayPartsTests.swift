import Foundation
import HTTPTypes
import Testing

@testable import Netspec
@testable import NetspecMock
import NetspecModel

/// A multipart array property is sent as a part per item (OpenAPI 3.1.1 and 3.2.0, Encoding
/// Object): an array of objects or arrays as a JSON part per item, named by the property, each in
/// the declared `contentType` where there is one. The mock reads several parts of one name as the
/// array's items, and still one JSON part holding the whole array (as other clients send it).
/// `docs/parameter-forms.md` (Part media types, `part(Part)`) says it.
@Suite struct MultipartArrayPartsTests {
    static let document = """
        openapi: 3.1.0
        info: { title: t, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /mp:
            post:
              operationId: mp
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      properties:
                        items: { type: array, items: { type: object, properties: { a: { type: integer } } } }
                        grid: { type: array, items: { type: array, items: { type: integer } } }
                        tags: { type: array, items: { type: string } }
                        notes: { type: array, items: { type: object } }
                        meta: { type: object }
                        any: {}
                    encoding:
                      notes: { contentType: "text/plain; charset=utf-8" }
              responses: { "200": { description: ok, content: { application/json: { example: { ok: true } } } } }
        """

    static func part(_ name: String, type: String?, _ content: String) -> String {
        "--BOUNDARY\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n" + (type.map { "Content-Type: \($0)\r\n" } ?? "") + "\r\n" + content + "\r\n"
    }

    static func service() throws -> Service {
        Service(spec: try Spec(yaml: document, file: "mp.yaml"), provider: Provider(baseURL: "https://api.example.com", options: .init(usesEnvironment: false)))
    }

    static let json = "application/json"

    @Test(arguments: [
        // An array of objects: a JSON part per item, named by the property.
        ("items", [["a": 1], ["a": 2]] as Argument, part("items", type: json, #"{"a":1}"#) + part("items", type: json, #"{"a":2}"#)),
        ("items", [["a": 1]] as Argument, part("items", type: json, #"{"a":1}"#)),
        // An array of arrays alike.
        ("grid", [[1, 2], [3]] as Argument, part("grid", type: json, "[1,2]") + part("grid", type: json, "[3]")),
        // An array of scalars, as before: a text part per item.
        ("tags", ["a", "b c"] as Argument, part("tags", type: nil, "a") + part("tags", type: nil, "b c")),
        // A declared contentType is each item's.
        ("notes", [["k": "v"], ["k": "w"]] as Argument,
         part("notes", type: "text/plain; charset=utf-8", #"{"k":"v"}"#) + part("notes", type: "text/plain; charset=utf-8", #"{"k":"w"}"#)),
        // An object, and a value of no declared type (not an array property), as one JSON part.
        ("meta", ["x": [1, 2]] as Argument, part("meta", type: json, #"{"x":[1,2]}"#)),
        ("any", [["a": 1], ["b": 2]] as Argument, part("any", type: json, #"[{"a":1},{"b":2}]"#)),
    ])
    func anArrayPropertyIsAPartPerItem(name: String, value: Argument, body: String) async throws {
        let request = try await Golden(try Self.service().prepare("mp", [name: value]))
        #expect(request.body == body + "--BOUNDARY--\r\n")
    }

    /// What netspec sends, its mock reads back as the same value.
    @Test(arguments: [
        ("items", [["a": 1], ["a": 2]] as Argument),
        ("items", [["a": 1]] as Argument),
        ("grid", [[1, 2], [3]] as Argument),
        // One item that is itself an array: the schema says it is an item, not the whole array.
        ("grid", [[1, 2]] as Argument),
        ("tags", ["a", "b c"] as Argument),
        ("notes", [["k": "v"], ["k": "w"]] as Argument),
        ("notes", [["k": "v"]] as Argument),
        ("any", [["a": 1], ["b": 2]] as Argument),
    ])
    func theMockReadsThePartsBackAsTheArray(name: String, value: Argument) async throws {
        let api = try Self.service()
        let request = try api.prepare("mp", [name: value])
        guard case let .multipart(multipart) = request.body else {
            Issue.record("not a multipart request: \(request.body)")
            return
        }
        let reading = try Self.read(try await multipart.collect(upTo: 1 << 20), contentType: multipart.contentType)
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        #expect(ParameterCodecRoundTripTests.plain(reading.arguments[name]) == ParameterCodecRoundTripTests.plain(value))
    }

    /// Other clients send an array of objects as one JSON part holding it: read as the whole array.
    @Test(arguments: [
        ("items", #"[{"a":1},{"a":2}]"#, #"[{"a":1},{"a":2}]"#),
        ("grid", "[[1,2],[3]]", "[[1,2],[3]]"),
    ])
    func oneJSONPartHoldingTheArrayIsTheWholeArray(name: String, content: String, read: String) throws {
        let body = Self.part(name, type: Self.json, content).replacing("BOUNDARY", with: "b") + "--b--\r\n"
        let reading = try Self.read(Array(body.utf8), contentType: "multipart/form-data; boundary=b")
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        #expect(ParameterCodecRoundTripTests.plain(reading.arguments[name]) == read)
    }

    /// A Netspec spec's `[JSON]` part alike; a whole multipart body's array member too.
    @Test func aNetspecSpecsArrayOfObjectsIsAPartPerItem() async throws {
        let request = try await Binding.golden(
            "    POST: /u\n    params:\n      rows: { in: part, type: \"[JSON]\" }\n      one: { in: part, type: JSON }\n",
            ["rows": [["a": 1], ["b": 2]], "one": [["a": 1]]]
        )
        #expect(request.body == Self.part("rows", type: Self.json, #"{"a":1}"#) + Self.part("rows", type: Self.json, #"{"b":2}"#)
            + Self.part("one", type: Self.json, #"[{"a":1}]"#) + "--BOUNDARY--\r\n")
        let whole = try await Binding.golden(
            "    POST: /u\n    params:\n      _: \"[String: [JSON]]\"\n", service: "encoding: multipart\n",
            ["_": ["rows": [["a": 1], ["b": 2]]]]
        )
        #expect(whole.body == Self.part("rows", type: Self.json, #"{"a":1}"#) + Self.part("rows", type: Self.json, #"{"b":2}"#) + "--BOUNDARY--\r\n")
    }

    static func read(_ body: [UInt8], contentType: String) throws -> MockRequestReader.Reading {
        let spec = try Spec(yaml: document, file: "mp.yaml")
        guard case let .endpoint(endpoint, pathValues) = MockRouter(spec: spec).match(method: .post, path: "/mp") else {
            throw CancellationError()
        }
        return MockRequestReader(plan: MockRequestPlan(endpoint: endpoint), strict: true)
            .read(pathValues: pathValues, query: nil, headers: HTTPFields(), contentType: contentType, body: body)
    }
}
