import Foundation
import HTTPTypes
import Testing

@testable import Netspec
@testable import NetspecMock
import NetspecModel

/// How the mock reads the parts of one name as a value of the parameter's type, the same for a
/// named part (an OpenAPI property, a Swagger `formData` parameter) and for a member of a whole
/// multipart body (`_`): several parts are an array's items, each read by the item type (a JSON
/// part parsed, a text part as the item's scalar); one part of an array type is the array a JSON
/// part holds, else a one-item array (a joined Swagger part split at its delimiter); one part of
/// another type is its value, several an error. `docs/mock.md` (Multipart parts) says it.
@Suite struct MultipartPartsReadingTests {
    static let openAPI = """
        openapi: 3.1.0
        info: { title: t, version: "1" }
        paths:
          /mp:
            post:
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      properties:
                        items: { type: array, items: { type: object, properties: { a: { type: integer } } } }
                        grid: { type: array, items: { type: array, items: { type: integer } } }
                        nums: { type: array, items: { type: integer } }
                        files: { type: array, items: { type: string, format: binary } }
                        one: { type: integer }
                        meta: { type: object }
              responses: { "200": { description: ok } }
          /free:
            post:
              requestBody: { content: { multipart/form-data: { schema: { type: object } } } }
              responses: { "200": { description: ok } }
          /closed:
            post:
              requestBody: { content: { multipart/form-data: { schema: { type: object, additionalProperties: false } } } }
              responses: { "200": { description: ok } }
        """

    static let swagger = """
        swagger: "2.0"
        info: { title: t, version: "1" }
        paths:
          /sw:
            post:
              consumes: [multipart/form-data]
              parameters:
                - { name: csv, in: formData, type: array, items: { type: string } }
                - { name: pipes, in: formData, type: array, items: { type: integer }, collectionFormat: pipes }
              responses: { "200": { description: ok } }
        """

    /// Whole multipart bodies of a Netspec spec, one per member type.
    static let netspec = """
        netspec: 1
        service: S
        encoding: multipart
        endpoints:
          ints: { POST: /ints, params: { _: "[String: [Int]]" } }
          rows: { POST: /rows, params: { _: "[String: [JSON]]" } }
          blobs: { POST: /blobs, params: { _: "[String: [Data]]" } }
          one: { POST: /one, params: { _: "[String: Int]" } }
        """

    /// A part as sent: its name, `Content-Type`, file name and content.
    struct Part: Sendable {
        var name: String
        var type: String?
        var filename: String?
        var content: String

        var text: String {
            "--b\r\nContent-Disposition: form-data; name=\"\(name)\"" + (filename.map { "; filename=\"\($0)\"" } ?? "") + "\r\n"
                + (type.map { "Content-Type: \($0)\r\n" } ?? "") + "\r\n" + content + "\r\n"
        }
    }

    static func text(_ name: String, _ content: String) -> Part { Part(name: name, content: content) }
    static func json(_ name: String, _ content: String) -> Part { Part(name: name, type: "application/json", content: content) }
    static func file(_ name: String, _ content: String) -> Part {
        Part(name: name, type: "application/octet-stream", filename: "f.bin", content: content)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var document: String
        var path: String
        var parameter: String
        var parts: [Part]
        /// The value read (``ParameterCodecRoundTripTests/plain(_:)``), or `problem: ` and the
        /// reader's message.
        var read: String

        var testDescription: String { "\(path) " + parts.map { "\($0.name)=\($0.content)" }.joined(separator: " ") }
    }

    static func named(_ parameter: String, _ parts: [Part], _ read: String) -> Case {
        Case(document: openAPI, path: "/mp", parameter: parameter, parts: parts, read: read)
    }

    static func joined(_ parameter: String, _ parts: [Part], _ read: String) -> Case {
        Case(document: swagger, path: "/sw", parameter: parameter, parts: parts, read: read)
    }

    static func whole(_ document: String, _ path: String, _ parts: [Part], _ read: String) -> Case {
        Case(document: document, path: path, parameter: "_", parts: parts, read: read)
    }

    static let cases: [Case] = [
        // Several parts: the array's items, each read by the item type.
        named("items", [json("items", #"{"a":1}"#), json("items", #"{"a":2}"#)], #"[{"a":1},{"a":2}]"#),
        named("nums", [text("nums", "1"), text("nums", "2")], "[1,2]"),
        named("nums", [json("nums", "1"), json("nums", "2")], "[1,2]"),
        // One part of an array type: the array a JSON part holds; else a one-item array.
        named("items", [json("items", #"[{"a":1},{"a":2}]"#)], #"[{"a":1},{"a":2}]"#),
        named("items", [json("items", #"{"a":1}"#)], #"[{"a":1}]"#),
        named("nums", [json("nums", "[1,2]")], "[1,2]"),
        named("nums", [json("nums", "7")], "[7]"),
        named("nums", [text("nums", "5")], "[5]"),
        named("files", [file("files", "ab")], "[<61 62>]"),
        // An array the schema takes only as an item (grid's [[1,2]]) is one item.
        named("grid", [json("grid", "[1,2]")], "[[1,2]]"),
        named("grid", [json("grid", "[[1,2],[3]]")], "[[1,2],[3]]"),
        // Swagger's joined parts, split at their delimiter; a JSON part holding the array is it.
        joined("pipes", [text("pipes", "1|2")], "[1,2]"),
        joined("pipes", [text("pipes", "1|2"), text("pipes", "3")], "[1,2,3]"),
        joined("csv", [text("csv", "a,b")], #"["a","b"]"#),
        joined("pipes", [json("pipes", "[1,2]")], "[1,2]"),
        // Not an array: one part is its value, several an error.
        named("one", [text("one", "5")], "5"),
        named("one", [text("one", "1"), text("one", "2")], "problem: given 2 times, but it is not an array (Int?)"),
        named("meta", [json("meta", #"{"x":1}"#)], #"{"x":1}"#),
        named("meta", [json("meta", #"{"x":1}"#), json("meta", #"{"x":2}"#)], "problem: given 2 times, but it is not an array (JSON?)"),
        // A whole body's members, by the same rules: a body of no declared member type (JSON)
        // takes a name given several times as an array.
        whole(openAPI, "/free", [json("a", #"{"x":1}"#), json("a", #"{"x":2}"#), text("b", "t")], #"{"a":[{"x":1},{"x":2}],"b":"t"}"#),
        // (A text part of a JSON member is its text: no schema types it.)
        whole(openAPI, "/free", [text("a", "1"), text("a", "2")], #"{"a":["1","2"]}"#),
        whole(openAPI, "/free", [json("a", "[1,2]")], #"{"a":[1,2]}"#),
        whole(openAPI, "/free", [file("a", "ab")], "{a:<61 62>}"),
        whole(netspec, "/ints", [text("n", "1"), text("n", "2")], #"{"n":[1,2]}"#),
        whole(netspec, "/ints", [json("n", "[1,2]")], #"{"n":[1,2]}"#),
        whole(netspec, "/ints", [text("n", "5")], #"{"n":[5]}"#),
        whole(netspec, "/ints", [json("n", "7")], #"{"n":[7]}"#),
        whole(netspec, "/rows", [json("r", #"{"a":1}"#)], #"{"r":[{"a":1}]}"#),
        whole(netspec, "/rows", [json("r", #"[{"a":1},{"b":2}]"#)], #"{"r":[{"a":1},{"b":2}]}"#),
        whole(netspec, "/rows", [json("r", #"{"a":1}"#), json("r", #"{"b":2}"#)], #"{"r":[{"a":1},{"b":2}]}"#),
        whole(netspec, "/rows", [json("r", "3")], #"{"r":[3]}"#),
        whole(netspec, "/rows", [text("r", "t")], #"{"r":["t"]}"#),
        whole(netspec, "/blobs", [file("f", "ab")], "{f:[<61 62>]}"),
        whole(netspec, "/one", [text("n", "5")], #"{"n":5}"#),
        // (Refused, the problem names the part, which the body read all the same.)
        whole(netspec, "/one", [text("n", "1"), text("n", "2")], "problem: part 'n': given 2 times, but it is not an array (Int)"),
    ]

    @Test(arguments: cases)
    func thePartsOfOneNameAreReadByTheType(_ row: Case) throws {
        let body = row.parts.map(\.text).joined() + "--b--\r\n"
        let reading = try Self.read(Array(body.utf8), path: row.path, document: row.document)
        let read = reading.problems.isEmpty
            ? ParameterCodecRoundTripTests.plain(reading.arguments[row.parameter]) ?? "nothing"
            : reading.problems.map { "problem: " + $0.message }.joined(separator: "\n")
        #expect(read == row.read)
    }

    // MARK: - A whole body's problems

    /// A whole body's parts that it refuses, and the problems (`location`, `parameter`, message)
    /// the mock lists for them, `--strict` or not.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var document: String
        var path: String
        var parts: [Part]
        var problems: [String]

        var testDescription: String { "\(path) " + parts.map { "\($0.name)=\($0.content)" }.joined(separator: " ") }
    }

    static let refusals: [Refusal] = [
        Refusal(document: netspec, path: "/one", parts: [text("n", "1"), text("n", "2")], problems: [
            "body _: part 'n': given 2 times, but it is not an array (Int)",
        ]),
        Refusal(document: netspec, path: "/one", parts: [text("m", "5"), text("n", "abc")], problems: [
            "body _: part 'n': 'abc' is not an Int (a whole number)",
        ]),
        Refusal(document: netspec, path: "/ints", parts: [text("n", "1"), text("n", "x"), text("k", "2")], problems: [
            "body _: part 'n': 'x' is not an Int (a whole number)",
        ]),
        Refusal(document: openAPI, path: "/free", parts: [json("a", "{"), text("b", "t")], problems: [
            "body _: part 'a': '{' is not valid JSON (Content-Type: application/json) (line 1, column 2: unexpected end of input)",
        ]),
        // Parts the body read are not refused again by its `additionalProperties: false`.
        Refusal(document: openAPI, path: "/closed", parts: [json("a", "{")], problems: [
            "body _: part 'a': '{' is not valid JSON (Content-Type: application/json) (line 1, column 2: unexpected end of input)",
        ]),
        // Every failing part, in the order the body first gives their names, in one problem joined by `; `.
        Refusal(document: netspec, path: "/one", parts: [text("n", "abc"), text("m", "5"), text("k", "1"), text("j", "x"), text("k", "2")], problems: [
            "body _: part 'n': 'abc' is not an Int (a whole number); part 'k': given 2 times, but it is not an array (Int); "
                + "part 'j': 'x' is not an Int (a whole number)",
        ]),
        Refusal(document: netspec, path: "/ints", parts: [text("k", "y"), text("n", "1"), text("n", "x")], problems: [
            "body _: part 'k': 'y' is not an Int (a whole number); part 'n': 'x' is not an Int (a whole number)",
        ]),
        Refusal(document: openAPI, path: "/closed", parts: [json("b", "["), text("c", "t"), json("a", "{")], problems: [
            "body _: part 'b': '[' is not valid JSON (Content-Type: application/json) (line 1, column 2: unexpected end of input); "
                + "part 'a': '{' is not valid JSON (Content-Type: application/json) (line 1, column 2: unexpected end of input)",
        ]),
    ]

    /// A whole multipart body's problem names the part it is about (as a named part's names its
    /// parameter), and the parts the body read — refused or not — are neither unknown members
    /// (`--strict`) nor undeclared ones its schema refuses: the problem is listed once.
    @Test(arguments: refusals, [true, false])
    func aWholeBodysProblemNamesItsPartAndTheBodyReadsIt(_ row: Refusal, strict: Bool) throws {
        let body = row.parts.map(\.text).joined() + "--b--\r\n"
        let reading = try Self.read(Array(body.utf8), path: row.path, document: row.document, strict: strict)
        let problems = reading.problems.map { "\($0.location) \($0.parameter ?? "-"): \($0.message)" }
        #expect(problems == row.problems)
    }

    // MARK: - A whole form body's problems

    /// Whole form bodies of a Netspec spec, one per member type (an OpenAPI form schema without
    /// `properties` is a `JSON` body, whose items any text reads: its schema judges them).
    static let netspecForm = """
        netspec: 1
        service: S
        encoding: form
        endpoints:
          one: { POST: /one, params: { _: "[String: Int]" } }
          ints: { POST: /ints, params: { _: "[String: [Int]]" } }
        """

    /// A whole form body's items that it refuses, and the problems the mock lists for them.
    struct FormRefusal: Sendable, CustomTestStringConvertible {
        var document: String
        var path: String
        var body: String
        var problems: [String]

        var testDescription: String { "\(path) \(body)" }
    }

    static let formRefusals: [FormRefusal] = [
        FormRefusal(document: netspecForm, path: "/one", body: "n=1&n=2&k=3", problems: [
            "body _: field 'n': given 2 times, but it is not an array (Int)",
        ]),
        FormRefusal(document: netspecForm, path: "/one", body: "k=3&n=abc", problems: [
            "body _: field 'n': 'abc' is not an Int (a whole number)",
        ]),
        // Every failing field, in the order the body first gives their names, in one problem joined by `; `.
        FormRefusal(document: netspecForm, path: "/one", body: "n=abc&m=5&k=1&j=x+y&k=2", problems: [
            "body _: field 'n': 'abc' is not an Int (a whole number); field 'k': given 2 times, but it is not an array (Int); "
                + "field 'j': 'x y' is not an Int (a whole number)",
        ]),
        FormRefusal(document: netspecForm, path: "/ints", body: "k=y&n=1&n=x&m=2", problems: [
            "body _: field 'k': 'y' is not an Int (a whole number); field 'n': 'x' is not an Int (a whole number)",
        ]),
    ]

    /// A whole form body's problem names the field it is about, every failing field's at once,
    /// as a whole multipart body's names its parts; and the items it reads, refused or not, are
    /// not unknown members as well (`--strict`) nor undeclared ones.
    @Test(arguments: formRefusals, [true, false])
    func aWholeFormBodysProblemsNameTheirFields(_ row: FormRefusal, strict: Bool) throws {
        let spec = try Spec(yaml: row.document, file: "form.yaml")
        guard case let .endpoint(endpoint, pathValues) = MockRouter(spec: spec).match(method: .post, path: row.path) else {
            throw CancellationError()
        }
        let reading = MockRequestReader(plan: MockRequestPlan(endpoint: endpoint), strict: strict)
            .read(pathValues: pathValues, query: nil, headers: HTTPFields(), contentType: "application/x-www-form-urlencoded", body: Array(row.body.utf8))
        #expect(reading.problems.map { "\($0.location) \($0.parameter ?? "-"): \($0.message)" } == row.problems)
    }

    static func read(_ body: [UInt8], path: String, document: String, strict: Bool = true) throws -> MockRequestReader.Reading {
        let spec = try Spec(yaml: document, file: "parts.yaml")
        guard case let .endpoint(endpoint, pathValues) = MockRouter(spec: spec).match(method: .post, path: path) else {
            throw CancellationError()
        }
        return MockRequestReader(plan: MockRequestPlan(endpoint: endpoint), strict: strict)
            .read(pathValues: pathValues, query: nil, headers: HTTPFields(), contentType: "multipart/form-data; boundary=b", body: body)
    }
}
