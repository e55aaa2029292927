import Foundation
import HTTPTypes
import Testing

@testable import Netspec
@testable import NetspecMock
import NetspecTestSupport

/// An OpenAPI request body's media types as written: a key with parameters is its base type
/// (`multipart/form-data; charset=utf-8` is multipart, RFC 9110 §8.3.1), a raw body keeps the
/// parameters of its type (`text/plain; charset=utf-8`, RFC 6657 §4), a range (`image/*`) goes
/// out as a concrete type (RFC 9110 §8.3); a multipart array of binary items takes a file per
/// item; a form field's `encoding` writes as the query does (`form` exploded: `R=100&G=200`)
/// or, by a JSON `contentType`, as JSON text. Each written request is exact, and the mock
/// server's reader reads the form back.
@Suite struct RequestBodyMediaTypeTests {
    static let document = """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        servers: [{url: "https://example.com"}]
        paths:
          /f1:
            post:
              operationId: formCharset
              requestBody:
                content:
                  application/x-www-form-urlencoded; charset=utf-8:
                    schema: {type: object, properties: {a: {type: string}}}
          /m1:
            post:
              operationId: mpParam
              requestBody:
                content:
                  Multipart/Form-Data; charset=utf-8:
                    schema: {type: object, properties: {a: {type: string}, f: {type: string, format: binary}}}
          /text:
            post:
              operationId: text
              requestBody:
                content:
                  text/plain; charset=UTF-8: {schema: {type: string}}
          /imgs:
            post:
              operationId: imgs
              requestBody: {required: true, content: {"image/*": {schema: {type: string, format: binary}}}}
          /texts:
            post:
              operationId: texts
              requestBody: {required: true, content: {"text/*; charset=utf-8": {schema: {type: string}}}}
          /uploadfiles/:
            post:
              operationId: uploadFiles
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [files]
                      properties:
                        files: {type: array, items: {type: string, format: binary}}
                        maybe: {anyOf: [{type: array, items: {type: string, contentMediaType: image/png}}, {type: "null"}]}
          /f3:
            post:
              operationId: formExplodeObj
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      required: [meta]
                      properties:
                        meta: {type: object, properties: {R: {type: integer}, G: {type: integer}}, required: [R, G]}
                        id: {type: string}
                    encoding:
                      meta: {style: form, explode: true}
          /fe:
            post:
              operationId: formJSON
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema: {type: object, properties: {meta: {type: object}, id: {type: string}, list: {type: array, items: {type: integer}}}}
                    encoding:
                      meta: {contentType: application/json}
                      list: {contentType: "text/plain, application/json"}
          /fx:
            post:
              operationId: formXML
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema: {type: object, properties: {doc: {type: object}, note: {type: string}}}
                    encoding:
                      doc: {contentType: application/xml}
                      note: {contentType: text/plain}
        """

    static func spec() throws -> Spec {
        try Spec(yaml: document, file: "bodies.yaml")
    }

    static func api() throws -> Service {
        Service(spec: try spec(), provider: Provider(options: .init(usesEnvironment: false)))
    }

    /// The request's `Content-Type` and body as text (a multipart body's boundary written `BOUNDARY`).
    static func sent(_ request: PreparedRequest) async throws -> (contentType: String?, body: String) {
        let contentType = request.headerFields[.contentType]
        switch request.body {
        case let .bytes(bytes):
            return (contentType, String(decoding: bytes, as: UTF8.self))
        case let .multipart(body):
            let text = String(decoding: try await body.collect(upTo: 1 << 20), as: UTF8.self)
            return (contentType?.replacingOccurrences(of: body.boundary, with: "BOUNDARY"), text.replacingOccurrences(of: body.boundary, with: "BOUNDARY"))
        case let .file(path, _):
            return (contentType, "<file \(URL(fileURLWithPath: path).lastPathComponent)>")
        default:
            return (contentType, "\(request.body)")
        }
    }

    /// A scratch directory holding `img.png`, `t.txt` and `noext`.
    static func withFiles(_ body: (String) async throws -> Void) async throws {
        let directory = try ScratchDirectory()
        for (name, text) in [("img.png", "PNG"), ("t.txt", "text"), ("noext", "raw")] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory.path + "/" + name))
        }
        try await body(directory.path)
    }

    @Test func theDocumentLoadsWithTheOneWarningItEarns() throws {
        #expect(try Self.spec().warnings.map(\.description) == [
            "bodies.yaml:78:34: warning: operation 'formXML': field 'doc': contentType 'application/xml' is not applied in a form (only a JSON type is: the value as JSON text); it is sent as form items",
        ])
    }

    // MARK: - A: a key's parameters

    @Test func aFormKeyWithACharsetIsAForm() async throws {
        let request = try Self.api().prepare("formCharset", ["a": "x y"])
        let sent = try await Self.sent(request)
        #expect(sent.contentType == "application/x-www-form-urlencoded")
        #expect(sent.body == "a=x+y")
    }

    @Test func aMultipartKeyWithACharsetIsMultipart() async throws {
        let request = try Self.api().prepare("mpParam", ["a": "1", "f": .data(Data("PNG".utf8))])
        let sent = try await Self.sent(request)
        #expect(sent.contentType == "multipart/form-data; boundary=BOUNDARY")
        #expect(sent.body == """
            --BOUNDARY\r
            Content-Disposition: form-data; name="a"\r
            \r
            1\r
            --BOUNDARY\r
            Content-Disposition: form-data; name="f"; filename="f"\r
            Content-Type: application/octet-stream\r
            \r
            PNG\r
            --BOUNDARY--\r

            """)
    }

    // MARK: - B: a raw body's charset

    @Test func aRawTextBodyKeepsItsCharset() async throws {
        let request = try Self.api().prepare("text", ["_": "héllo"])
        let sent = try await Self.sent(request)
        #expect(sent.contentType == "text/plain; charset=UTF-8")
        #expect(request.body == .bytes(Array("héllo".utf8)))
    }

    @Test func aSwaggerRawTextBodyKeepsItsCharset() async throws {
        let spec = try Spec(yaml: """
            swagger: "2.0"
            info: {title: t, version: "1"}
            host: example.com
            paths:
              /raw:
                post:
                  operationId: raw
                  consumes: ["text/plain; charset=utf-8"]
                  parameters:
                    - {name: body, in: body, schema: {type: string}}
                  responses: {"200": {description: ok}}
            """, file: "sw.yaml")
        let request = try Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false))).prepare("raw", ["_": "héllo"])
        #expect(request.headerFields[.contentType] == "text/plain; charset=utf-8")
        #expect(request.body == .bytes(Array("héllo".utf8)))
    }

    // MARK: - C: a range

    @Test(arguments: [
        ("imgs", "img.png", "image/png"),
        ("imgs", "t.txt", "application/octet-stream"),
        ("imgs", "noext", "application/octet-stream"),
    ])
    func aRangeSendsAFileUnderItsOwnTypeWhereTheRangeCoversIt(endpoint: String, file: String, contentType: String) async throws {
        try await Self.withFiles { directory in
            let request = try Self.api().prepare(endpoint, ["_": .file(URL(fileURLWithPath: directory + "/" + file))])
            #expect(request.headerFields[.contentType] == contentType)
        }
    }

    @Test func aRangeSendsBytesAndTextUnderAConcreteType() throws {
        let image = try Self.api().prepare("imgs", ["_": .data(Data("PNG".utf8))])
        #expect(image.headerFields[.contentType] == "application/octet-stream")
        let text = try Self.api().prepare("texts", ["_": "hello"])
        #expect(text.headerFields[.contentType] == "text/plain; charset=utf-8")
        #expect(text.body == .bytes(Array("hello".utf8)))
    }

    // MARK: - D: a multipart array of binary items

    @Test func aMultipartArrayOfBinaryItemsTakesAFilePerItem() async throws {
        let endpoint = try #require(try Self.spec().endpoint(named: "uploadFiles"))
        #expect(endpoint.parameters.map { "\($0.name): \($0.type)" } == ["files: [Data]", "maybe: [Data]?"])
        try await Self.withFiles { directory in
            // As the command line gives them: `files@img.png files@t.txt`.
            let items = try ["files@" + directory + "/img.png", "files@" + directory + "/t.txt"].map { try CommandLineItem(parsing: $0) }
            let arguments = try CommandLineArguments.make(items: items, endpoint: endpoint)
            let request = try Self.api().prepare("uploadFiles", arguments)
            let sent = try await Self.sent(request)
            #expect(sent.body == """
                --BOUNDARY\r
                Content-Disposition: form-data; name="files"; filename="img.png"\r
                Content-Type: image/png\r
                \r
                PNG\r
                --BOUNDARY\r
                Content-Disposition: form-data; name="files"; filename="t.txt"\r
                Content-Type: text/plain\r
                \r
                text\r
                --BOUNDARY--\r

                """)
        }
    }

    // MARK: - F and G: a form field's encoding

    @Test(arguments: [
        ("formExplodeObj", ["meta": .value(["R": 100, "G": 200]), "id": "x"], "R=100&G=200&id=x"),
        ("formJSON", ["meta": .value(["a": 1, "b": [1, 2]]), "id": "x"], "meta=%7B%22a%22%3A1%2C%22b%22%3A%5B1%2C2%5D%7D&id=x"),
        // A list naming JSON among its types is JSON text.
        ("formJSON", ["list": [1, 2], "id": "a b"], "id=a+b&list=%5B1%2C2%5D"),
        ("formXML", ["doc": .value(["a": 1]), "note": "n"], "doc%5Ba%5D=1&note=n"),
    ] as [(String, [String: Argument], String)])
    func aFormFieldIsWrittenByItsEncoding(endpoint: String, arguments: [String: Argument], body: String) async throws {
        let request = try Self.api().prepare(endpoint, arguments)
        let sent = try await Self.sent(request)
        #expect(sent.contentType == "application/x-www-form-urlencoded")
        #expect(sent.body == body)
    }

    /// The mock server reads a conforming form back: the exploded object's members, the JSON text.
    @Test(arguments: [
        ("/f3", "R=100&G=200&id=x", [#"id: "x""#, #"meta: {"R":100,"G":200}"#], [String]()),
        ("/f3", "id=x&R=1&G=2", [#"id: "x""#, #"meta: {"R":1,"G":2}"#], []),
        ("/f3", "R=a&G=2", [#"meta: {"R":"a","G":2}"#], ["meta: /R must be an integer, got \"a\" (schema at bodies.yaml:56:55)"]),
        ("/fe", "meta=%7B%22a%22%3A1%2C%22b%22%3A%5B1%2C2%5D%7D&id=x", [#"id: "x""#, #"meta: {"a":1,"b":[1,2]}"#], []),
        ("/fe", "meta=%7Bbad", [], ["meta: '{bad' is not valid JSON (line 1, column 2: expected string key in object, found 'b')"]),
    ])
    func theMockReadsTheFormBack(path: String, body: String, arguments: [String], problems: [String]) throws {
        let spec = try Self.spec()
        guard case let .endpoint(endpoint, pathValues) = MockRouter(spec: spec).match(method: .post, path: path) else {
            Issue.record("\(path) does not route"); return
        }
        let reading = MockRequestReader(plan: MockRequestPlan(endpoint: endpoint), strict: true).read(
            pathValues: pathValues, query: nil, headers: [.contentType: "application/x-www-form-urlencoded"],
            contentType: "application/x-www-form-urlencoded", body: Array(body.utf8)
        )
        let read = reading.arguments.sorted { $0.key < $1.key }.map { "\($0.key): \(ParameterCodecRoundTripTests.plain($0.value) ?? "")" }
        var found = reading.problems.map { "\($0.parameter ?? ""): \($0.message)" }
        if found.isEmpty {
            // What was read, the binder takes (the schema checked too).
            let service = try Self.api()
            found = service.argumentProblems(endpoint, reading.arguments).map { "\($0.parameter ?? ""): \($0.message)" }
        }
        #expect(read == arguments)
        #expect(found == problems)
    }
}
