import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// Rule 4 under `encoding: json`: one object of body fields in declaration order, explicit `nil`
/// as `null`, `Data` as base64, and whole bodies from `_` or `in: body`.
@Suite struct JSONBodyTests {
    /// The body text and `Content-Type` of endpoint `e`.
    static func body(_ endpoint: String, _ arguments: [String: Argument]) async throws -> (String, String?) {
        let request = try await Binding.golden(endpoint, arguments)
        let contentType = request.headers.first { $0.hasPrefix("Content-Type: ") }.map { String($0.dropFirst(14)) }
        let length = request.headers.first { $0.hasPrefix("Content-Length: ") }.map { String($0.dropFirst(16)) }
        #expect(length == String(request.body.utf8.count))
        return (request.body, contentType)
    }

    static let fields = """
            POST: /users
            params:
              name: String
              age: Int
              score: Double
              admin: Bool
              tags: "[String]"
              limits: "[String: Int]"
              nick: String?
              team: { type: String, default: core }
              mail: { name: e-mail }
        """ + "\n"

    @Test func fieldsInDeclarationOrderWhateverTheArgumentOrder() async throws {
        let (body, type) = try await Self.body(Self.fields, [
            "mail": "a@b.c", "limits": ["max": 3, "min": 1], "tags": ["x", "y"], "admin": true, "score": 0.5,
            "age": 36, "name": "Ada",
        ])
        #expect(body == #"{"name":"Ada","age":36,"score":0.5,"admin":true,"tags":["x","y"],"limits":{"max":3,"min":1},"team":"core","e-mail":"a@b.c"}"#)
        #expect(type == "application/json")
    }

    /// Member names are written as JSON strings too, escaped once when the spec loads.
    @Test func memberNamesAreEscapedAndAbsentFieldsLeaveNoComma() async throws {
        let endpoint = """
                POST: /notes
                params:
                  quoted: { name: 'say "hi" \\ now' }
                  skipped: String?
                  plain: Int
            """ + "\n"
        let (body, _) = try await Self.body(endpoint, ["quoted": "x", "plain": 1])
        #expect(body == #"{"say \"hi\" \\ now":"x","plain":1}"#)
    }

    @Test(arguments: [
        ([String: Argument](), #"{"team":"core"}"#),
        (["nick": nil], #"{"team":"core"}"#),
        (["nick": "ada"], #"{"nick":"ada","team":"core"}"#),
        (["team": "ops"], #"{"team":"ops"}"#),
        (["gone": nil], #"{"gone":null,"team":"core"}"#),
        (["gone": "x"], #"{"gone":"x","team":"core"}"#),
        (["any": nil], #"{"team":"core","any":null}"#),
    ])
    func explicitNilIsAbsentUnlessTheParameterSendsNull(arguments: [String: Argument], body: String) async throws {
        let endpoint = """
                PATCH: /me
                params:
                  nick: String?
                  gone: { type: String?, sendNull: true }
                  team: { type: String, default: core }
                  any: { type: JSON?, sendNull: true }
            """ + "\n"
        let (actual, _) = try await Self.body(endpoint, arguments)
        #expect(actual == body)
    }

    /// Swift's synthesized `Encodable` and Gson leave nil out; Jupyter answers `"ext":null` with a 500.
    @Test(arguments: [
        ("    POST: /f\n    encoding: form\n    params:\n      a: String?\n      b: String\n", "b=x"),
        ("    POST: /f\n    encoding: json\n    params:\n      a: String?\n      b: String\n", #"{"b":"x"}"#),
    ])
    func nilFieldsAreAbsentFromFormBodiesToo(endpoint: String, body: String) async throws {
        #expect(try await Self.body(endpoint, ["a": nil, "b": "x"]).0 == body)
        #expect(try await Self.body(endpoint, ["b": "x"]).0 == body)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" backslash \\ slash /", #""quote \" backslash \\ slash /""#),
        ("line\nreturn\rtab\t", #""line\nreturn\rtab\t""#),
        ("\u{1}\u{1F}", #""\u0001\u001f""#),
        ("café 日本 🙂", #""café 日本 🙂""#),
        ("", #""""#),
    ])
    func stringsAreEscapedAsJSON(value: String, json: String) async throws {
        let (body, _) = try await Self.body("    POST: /t\n    params:\n      s: String\n", ["s": .value(.string(value))])
        #expect(body == #"{"s":"# + json + "}")
    }

    @Test(arguments: [
        ([UInt8](), #""""#),
        (Array("hello".utf8), #""aGVsbG8=""#),
        ([0xFF, 0x00], #""/wA=""#),
        ([0xFB, 0xEF, 0xBE], #""++++""#),
    ])
    func dataIsBase64(bytes: [UInt8], json: String) async throws {
        let (body, _) = try await Self.body("    POST: /t\n    params:\n      d: Data\n", ["d": .data(Data(bytes))])
        #expect(body == #"{"d":"# + json + "}")
    }

    @Test func arraysOfDataAreArraysOfBase64() async throws {
        let (body, _) = try await Self.body("    POST: /t\n    params:\n      d: \"[Data]\"\n", ["d": [.data(Data([1])), .data(Data([2, 3]))]])
        #expect(body == #"{"d":["AQ==","AgM="]}"#)
    }

    @Test func aFileForADataFieldIsReadAndBase64Encoded() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Array("hi!".utf8), to: "note.txt")
        let (body, _) = try await Self.body("    POST: /t\n    params:\n      d: Data\n", ["d": .file(URL(fileURLWithPath: path))])
        #expect(body == #"{"d":"aGkh"}"#)
    }

    @Test func inferredDictionaryIsNestedButExplicitFieldDictionaryIsMerged() async throws {
        let endpoint = "    POST: /t\n    params:\n      meta: \"[String: String]\"\n      extra: { in: field, type: \"[String: Int]\" }\n"
        let (body, _) = try await Self.body(endpoint, ["meta": ["k": "v"], "extra": ["a": 1, "b": 2]])
        #expect(body == #"{"meta":{"k":"v"},"a":1,"b":2}"#)
    }

    @Test func modelsAndJSONAreWrittenAsGiven() async throws {
        let endpoint = "    POST: /t\n    params:\n      user: User\n      any: JSON\n"
        let (body, _) = try await Self.body(endpoint, ["user": ["z": 1, "a": [true, nil]], "any": [1.5, "x", ["k": nil]]])
        #expect(body == #"{"user":{"z":1,"a":[true,null]},"any":[1.5,"x",{"k":null}]}"#)
    }

    // MARK: - Whole body

    @Test(arguments: [
        ("    PUT: /t\n    params:\n      _: JSON\n", Argument.value(["b": 1, "a": [2]]), #"{"b":1,"a":[2]}"#, "application/json"),
        ("    PUT: /t\n    params:\n      _: JSON\n", .value([1, "two"]), #"[1,"two"]"#, "application/json"),
        ("    PUT: /t\n    params:\n      _: JSON\n", .value("text"), #""text""#, "application/json"),
        ("    PUT: /t\n    params:\n      _: User\n", .value(["id": 1]), #"{"id":1}"#, "application/json"),
        ("    PUT: /t\n    params:\n      payload: { in: body, type: JSON }\n", .value(["x": nil]), #"{"x":null}"#, "application/json"),
        ("    PATCH: /t\n    params:\n      _: { type: JSON, mimeType: application/merge-patch+json }\n", .value(["a": nil]), #"{"a":null}"#, "application/merge-patch+json"),
        ("    POST: /t\n    params:\n      _: { type: String, mimeType: text/csv }\n", .value("a,b\n1,2\n"), "a,b\n1,2\n", "text/csv"),
        ("    POST: /t\n    params:\n      _: Data\n", .data(Data("raw".utf8)), "raw", "application/octet-stream"),
        ("    POST: /t\n    params:\n      _: { type: Data, mimeType: image/png }\n", .data(Data("png".utf8)), "png", "image/png"),
        ("    DELETE: /t\n    params:\n      ids: { in: body, type: \"[Int]\" }\n", .value([1, 2]), "[1,2]", "application/json"),
    ])
    func wholeBodies(endpoint: String, argument: Argument, body: String, type: String) async throws {
        let name = endpoint.contains("payload") ? "payload" : endpoint.contains("ids") ? "ids" : "_"
        let (actualBody, actualType) = try await Self.body(endpoint, [name: argument])
        #expect(actualBody == body)
        #expect(actualType == type)
    }

    /// A whole body's `mimeType:` decides how it is written, whatever the encoding: under
    /// `encoding: form` a JSON type's body was sent as a form (`a%5Bb%5D=1&a%5Bb%5D=2`) while
    /// describe said `whole body [application/json]`.
    @Test(arguments: [
        ("form", "_: { type: JSON, mimeType: application/json }", Argument.value(["a": ["b": [1, 2]]]), #"{"a":{"b":[1,2]}}"#, "application/json"),
        ("form", "_: { type: JSON, mimeType: application/merge-patch+json }", .value(["a": nil]), #"{"a":null}"#, "application/merge-patch+json"),
        ("form", "_: { type: String, mimeType: application/json }", .value("x"), #""x""#, "application/json"),
        ("form", "_: { type: String, mimeType: text/plain }", .value("a=b c"), "a=b c", "text/plain"),
        ("form", "_: { type: JSON, mimeType: text/plain }", .value(["a": 1]), #"{"a":1}"#, "text/plain"),
        ("form", "_: JSON", .value(["a": ["b": [1, 2]]]), "a%5Bb%5D=1&a%5Bb%5D=2", "application/x-www-form-urlencoded"),
        ("json", "_: { type: \"[String: String]\", mimeType: application/x-www-form-urlencoded }", .value(["a": "1 2", "b": "&"]), "a=1+2&b=%26", "application/x-www-form-urlencoded"),
        ("json", "_: { type: JSON, mimeType: \"application/x-www-form-urlencoded; charset=utf-8\" }", .value(["a": "é"]), "a=%C3%A9", "application/x-www-form-urlencoded; charset=utf-8"),
        ("multipart", "_: { type: JSON, mimeType: application/json }", .value(["a": [1]]), #"{"a":[1]}"#, "application/json"),
    ])
    func aWholeBodysMimeTypeDecidesHowItIsWritten(encoding: String, declaration: String, argument: Argument, body: String, type: String) async throws {
        let request = try await Binding.golden("    POST: /doc\n    params:\n      \(declaration)\n", service: "encoding: \(encoding)\n", ["_": argument])
        #expect(request == Golden("POST", "https://api.example.com/doc", headers: [
            "Content-Type: \(type)", "Content-Length: \(body.utf8.count)",
        ] + Golden.jsonTail, body: body))
    }

    @Test func aSpecContentTypeIsKeptForAJSONBody() async throws {
        let endpoint = "    POST: /t\n    headers: { Content-Type: application/vnd.api+json }\n    params:\n      a: Int\n"
        let (body, type) = try await Self.body(endpoint, ["a": 1])
        #expect(body == #"{"a":1}"#)
        #expect(type == "application/vnd.api+json")
    }

    @Test func aFileForAURLBodyIsStreamed() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Array("0123456789".utf8), to: "upload.bin")
        let request = try await Binding.golden("    PUT: /blob\n    params:\n      _: URL\n", ["_": .file(URL(fileURLWithPath: path))])
        #expect(request == Golden("PUT", "https://api.example.com/blob", headers: [
            "Content-Type: application/octet-stream", "Content-Length: 10",
        ] + Golden.jsonTail, body: "<file \(path), 10 bytes>"))
    }
}
