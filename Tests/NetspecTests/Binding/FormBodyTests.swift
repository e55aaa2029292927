import Foundation
import Testing

import Netspec

/// Rule 4 under `encoding: form`: `application/x-www-form-urlencoded` (WHATWG: space as `+`,
/// only `*-._` and alphanumerics kept), array formats, nested arrays and objects with bracket
/// names, field maps, and whole form bodies.
@Suite struct FormBodyTests {
    static let service = "encoding: form\n"

    static func body(_ endpoint: String, _ arguments: [String: Argument]) async throws -> String {
        let request = try await Binding.golden(endpoint, service: Self.service, arguments)
        #expect(request.headers.prefix(2) == [
            "Content-Type: application/x-www-form-urlencoded", "Content-Length: \(request.body.utf8.count)",
        ])
        return request.body
    }

    @Test func fieldsInDeclarationOrder() async throws {
        let endpoint = "    POST: /login\n    params:\n      user: String\n      age: Int\n      ratio: Double\n      remember: Bool\n      note: String?\n"
        let request = try await Binding.golden(endpoint, service: Self.service, ["remember": true, "ratio": 0.25, "age": 36, "user": "Ada Lovelace"])
        #expect(request == Golden("POST", "https://api.example.com/login", headers: [
            "Content-Type: application/x-www-form-urlencoded", "Content-Length: 49",
        ] + Golden.jsonTail, body: "user=Ada+Lovelace&age=36&ratio=0.25&remember=true"))
    }

    @Test(arguments: [
        ("a b", "v=a+b"),
        ("a+b", "v=a%2Bb"),
        ("a&b=c", "v=a%26b%3Dc"),
        ("x&admin=1", "v=x%26admin%3D1"),
        ("100%", "v=100%25"),
        ("*-._", "v=*-._"),
        ("~!'()", "v=%7E%21%27%28%29"),
        ("/?#[]@", "v=%2F%3F%23%5B%5D%40"),
        ("café", "v=caf%C3%A9"),
        ("日本", "v=%E6%97%A5%E6%9C%AC"),
        ("🙂", "v=%F0%9F%99%82"),
        ("", "v="),
        ("line\r\nbreak", "v=line%0D%0Abreak"),
    ])
    func valuesAreFormEncoded(value: String, body: String) async throws {
        let actual = try await Self.body("    POST: /f\n    params:\n      v: String\n", ["v": .value(.string(value))])
        #expect(actual == body)
    }

    @Test(arguments: [
        ("repeat", "tag=a&tag=b+c"),
        ("brackets", "tag%5B%5D=a&tag%5B%5D=b+c"),
        ("csv", "tag=a,b+c"),
    ])
    func arrayFormats(format: String, body: String) async throws {
        let endpoint = "    POST: /f\n    params:\n      tag: { type: \"[String]\", format: \(format) }\n"
        let actual = try await Self.body(endpoint, ["tag": ["a", "b c"]])
        #expect(actual == body)
    }

    @Test(arguments: [
        ("repeat", "m%5B0%5D=1&m%5B0%5D=2&m%5B1%5D=3"),
        ("brackets", "m%5B0%5D%5B%5D=1&m%5B0%5D%5B%5D=2&m%5B1%5D%5B%5D=3"),
        ("csv", "m%5B0%5D=1,2&m%5B1%5D=3"),
    ])
    func nestedArrays(format: String, body: String) async throws {
        let endpoint = "    POST: /f\n    params:\n      m: { type: \"[[Int]]\", format: \(format) }\n"
        let actual = try await Self.body(endpoint, ["m": [[1, 2], [3]]])
        #expect(actual == body)
    }

    @Test func nestedObjectsUseBracketNames() async throws {
        let endpoint = "    POST: /f\n    params:\n      user: User\n"
        let actual = try await Self.body(endpoint, ["user": ["name": "Ada L", "langs": ["en", "fr"], "address": ["city": "Zürich"], "x": nil]])
        #expect(actual == "user%5Bname%5D=Ada+L&user%5Blangs%5D=en&user%5Blangs%5D=fr&user%5Baddress%5D%5Bcity%5D=Z%C3%BCrich")
    }

    @Test func arrayOfObjectsIndexesEachObject() async throws {
        let endpoint = "    POST: /f\n    params:\n      items: \"[Item]\"\n"
        let actual = try await Self.body(endpoint, ["items": [["id": 1], ["id": 2]]])
        #expect(actual == "items%5B0%5D%5Bid%5D=1&items%5B1%5D%5Bid%5D=2")
    }

    @Test func inferredDictionaryIsNestedButExplicitFieldDictionaryExpands() async throws {
        let endpoint = "    POST: /f\n    params:\n      meta: \"[String: String]\"\n      extra: { in: field, type: \"[String: String]\" }\n"
        let actual = try await Self.body(endpoint, ["meta": ["k": "v"], "extra": ["a b": "1", "c": "2"]])
        #expect(actual == "meta%5Bk%5D=v&a+b=1&c=2")
    }

    @Test(arguments: [
        ([String: Argument](), ""),
        (["note": nil], ""),
        (["note": "n"], "note=n"),
    ])
    func omittedAndNilFieldsAreLeftOut(arguments: [String: Argument], body: String) async throws {
        let actual = try await Self.body("    POST: /f\n    params:\n      note: String?\n", arguments)
        #expect(actual == body)
    }

    /// `Data` in a form is bytes: each byte percent-encoded, not reinterpreted as UTF-8 text
    /// (which would turn 0xFF into U+FFFD, `%EF%BF%BD`).
    @Test func dataIsPercentEncodedByteForByte() async throws {
        let actual = try await Self.body("    POST: /f\n    params:\n      d: Data\n", ["d": .data(Data([0xFF, 0x00, 0x41, 0x20]))])
        #expect(actual == "d=%FF%00A+")
    }

    // MARK: - Whole body

    @Test(arguments: [
        (Argument.value(["b": "x y", "a": [1, 2]]), "b=x+y&a=1&a=2"),
        (.value("pre=encoded&as+is"), "pre=encoded&as+is"),
    ])
    func wholeFormBodies(argument: Argument, body: String) async throws {
        let actual = try await Self.body("    POST: /f\n    params:\n      _: JSON\n", ["_": argument])
        #expect(actual == body)
    }

    @Test func aWholeFormBodyMustBeAnObject() throws {
        let actual = try Binding.failure("    POST: /f\n    params:\n      _: JSON\n", service: Self.service, ["_": [1, 2]])
        #expect(actual == "wrongType: endpoint 'e': parameter '_': a form body must be an object, got an array")
    }
}
