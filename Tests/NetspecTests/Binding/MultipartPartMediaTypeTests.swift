import Foundation
import HTTPTypes
import Testing

@testable import Netspec
@testable import NetspecMock
import NetspecModel

/// A multipart part holds its value in the media type it is labelled with (OpenAPI 3.1 §4.8.15,
/// the Encoding Object's `contentType`; a Netspec spec's `mimeType`): JSON in a JSON type (a
/// string `abc` is `"abc"`), a scalar's text and an object's or array's JSON text in a text type,
/// and an object or array refused in another type. The mock reads each part by its label the
/// same way, so that what netspec sends its own mock accepts. `docs/parameter-forms.md` says it.
@Suite struct MultipartPartMediaTypeTests {
    /// The properties of the multipart body, each with its part's `contentType`.
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
                        s: { type: string }
                        n: { type: integer }
                        tags: { type: array, items: { type: string } }
                        doc: { type: object }
                        list: { type: array, items: { type: object } }
                        plain: { type: string }
                        x: { type: string }
                        meta: { type: object }
                        rows: { type: array, items: { type: object } }
                        ev: { type: object }
                    encoding:
                      s: { contentType: application/json }
                      n: { contentType: application/json }
                      tags: { contentType: application/json }
                      doc: { contentType: "text/plain; charset=utf-8" }
                      list: { contentType: text/plain }
                      plain: { contentType: text/plain }
                      x: { contentType: application/xml }
                      meta: { contentType: application/xml }
                      rows: { contentType: text/xml }
                      ev: { contentType: application/vnd.api+json }
              responses: { "200": { description: ok, content: { application/json: { example: { ok: true } } } } }
        """

    static func part(_ name: String, type: String?, _ content: String) -> String {
        "--BOUNDARY\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n" + (type.map { "Content-Type: \($0)\r\n" } ?? "") + "\r\n" + content + "\r\n"
    }

    static func service(baseURL: String = "https://api.example.com") throws -> Service {
        Service(spec: try Spec(yaml: document, file: "mp.yaml"), provider: Provider(baseURL: baseURL, options: .init(usesEnvironment: false)))
    }

    @Test func eachPartHoldsItsValueInItsContentType() async throws {
        let request = try await Golden(try Self.service().prepare("mp", [
            "s": "abc", "n": 5, "tags": ["a", "b c"], "doc": ["x": 1], "list": [["k": "v"]], "plain": "a \"b\"", "x": "<a>1</a>",
            "ev": ["data": ["id": "1"]],
        ]))
        #expect(request.body == Self.part("s", type: "application/json", #""abc""#)
            + Self.part("n", type: "application/json", "5")
            + Self.part("tags", type: "application/json", #""a""#)
            + Self.part("tags", type: "application/json", #""b c""#)
            + Self.part("doc", type: "text/plain; charset=utf-8", #"{"x":1}"#)
            + Self.part("list", type: "text/plain", #"{"k":"v"}"#)
            + Self.part("plain", type: "text/plain", #"a "b""#)
            + Self.part("x", type: "application/xml", "<a>1</a>")
            + Self.part("ev", type: "application/vnd.api+json", #"{"data":{"id":"1"}}"#)
            + "--BOUNDARY--\r\n")
    }

    /// A string that spells JSON is still a string in a JSON part: its JSON text is quoted.
    @Test func aStringThatSpellsJSONIsAStringInAJSONPart() async throws {
        let request = try await Golden(try Self.service().prepare("mp", ["s": #"{"x":1}"#]))
        #expect(request.body == Self.part("s", type: "application/json", #""{\"x\":1}""#) + "--BOUNDARY--\r\n")
    }

    @Test(arguments: [
        ("meta", Argument.value(["a": 1]), "an object cannot be sent in a part of type 'application/xml': netspec writes an object or array as JSON, in a part of a JSON or text type"),
        // An array is a part per item: its object is refused.
        ("rows", Argument.value([["a": 1]]), "an object cannot be sent in a part of type 'text/xml': netspec writes an object or array as JSON, in a part of a JSON or text type"),
    ])
    func anObjectInAPartOfAnotherTypeIsRefused(name: String, value: Argument, message: String) throws {
        #expect {
            try Self.service().prepare("mp", [name: value])
        } throws: { error in
            String(describing: error) == "endpoint 'mp': parameter '\(name)': \(message)"
        }
    }

    /// What netspec sends, its own mock accepts, reading each part by its label: the request is
    /// answered (not a 422), and the mock's reader gives each value back.
    @Test func netspecsOwnMockAcceptsEachPart() async throws {
        let arguments: [String: Argument] = [
            "s": "abc", "n": 5, "tags": ["a", #"{"b":1}"#], "doc": ["x": 1], "list": [["k": "v"], ["k": "w"]], "plain": #"{"not":"json"}"#,
            "x": "<a>1</a>", "ev": ["data": ["id": "1"]],
        ]
        let spec = try Spec(yaml: Self.document, file: "mp.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0)) { base, log in
            let response = try await Self.service(baseURL: base).call("mp", arguments)
            #expect(response.status == 200)
            #expect(log.all == ["POST /mp 200 mp"])
            for (name, value) in arguments {
                #expect(Self.plain(try await Self.readBack(value, of: name)) == Self.plain(value), "\(name)")
            }
            // A string that spells JSON stays a string.
            #expect(Self.plain(try await Self.readBack(#"{"x":1}"#, of: "s")) == #""{\"x\":1}""#)
        }
    }

    static func plain(_ argument: Argument?) -> String? { ParameterCodecRoundTripTests.plain(argument) }

    /// `value` of `name` as the mock's reader reads it back from the request netspec writes,
    /// after checking that nothing was left unread and that the document's schema takes it.
    static func readBack(_ value: Argument, of name: String) async throws -> Argument? {
        let api = try service()
        let request = try api.prepare("mp", [name: value])
        guard case let .multipart(multipart) = request.body,
              case let .endpoint(endpoint, pathValues) = MockRouter(spec: api.spec).match(method: .post, path: "/mp") else {
            Issue.record("not a multipart request to /mp: \(request.body)")
            return nil
        }
        let reading = MockRequestReader(plan: MockRequestPlan(endpoint: endpoint), strict: true).read(
            pathValues: pathValues, query: nil, headers: HTTPFields(), contentType: multipart.contentType, body: try await multipart.collect(upTo: 1 << 20)
        )
        #expect(reading.problems.isEmpty, "\(name): \(reading.problems)")
        #expect(api.argumentProblems(endpoint, reading.arguments).isEmpty, "\(name): \(api.argumentProblems(endpoint, reading.arguments))")
        return reading.arguments[name]
    }

    /// A part labelled JSON whose content is not JSON is a problem the mock names.
    @Test func aJSONPartThatIsNotJSONIsAProblem() throws {
        let spec = try Spec(yaml: Self.document, file: "mp.yaml")
        guard case let .endpoint(endpoint, pathValues) = MockRouter(spec: spec).match(method: .post, path: "/mp") else {
            Issue.record("/mp does not route")
            return
        }
        let body = Self.part("s", type: "application/json", "abc").replacing("BOUNDARY", with: "b") + "--b--\r\n"
        let reading = MockRequestReader(plan: MockRequestPlan(endpoint: endpoint), strict: true)
            .read(pathValues: pathValues, query: nil, headers: HTTPFields(), contentType: "multipart/form-data; boundary=b", body: Array(body.utf8))
        #expect(reading.problems.map(\.message) == ["'abc' is not valid JSON (Content-Type: application/json) (line 1, column 1: unexpected character 'a')"])
    }

    /// A Netspec spec's `mimeType` is the part's type alike.
    @Test func aNetspecSpecsMimeTypeIsThePartsType() async throws {
        let request = try await Binding.golden(
            "    POST: /u\n    params:\n      s: { in: part, mimeType: application/json }\n      t: { in: part, type: JSON, mimeType: text/plain }\n",
            ["s": "abc", "t": ["k": [1]]]
        )
        #expect(request.body == Self.part("s", type: "application/json", #""abc""#) + Self.part("t", type: "text/plain", #"{"k":[1]}"#) + "--BOUNDARY--\r\n")
    }

    /// A whole multipart body's `mimeType: multipart/form-data` is the body's type, not its parts'.
    @Test func aWholeMultipartBodysOwnTypeIsNotItsParts() async throws {
        let request = try await Binding.golden(
            "    POST: /u\n    params:\n      _: { type: \"[String: JSON]\", mimeType: multipart/form-data }\n", service: "encoding: multipart\n",
            ["_": ["a": ["b": 1], "c": "x"]]
        )
        #expect(request.body == Self.part("a", type: "application/json", #"{"b":1}"#) + Self.part("c", type: nil, "x") + "--BOUNDARY--\r\n")
    }
}
