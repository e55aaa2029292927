import Foundation
import NetspecTestServer
import Testing

import Netspec

/// Results over the wire: `keyPath` first, then `returns`; a mismatch names the key path.
@Suite struct ResultShapeTests {
    enum Outcome: Sendable, Equatable {
        case value(JSONValue)
        /// The full `CallError.ResultDecodingError` description.
        case error(String)
    }

    struct ShapeCase: Sendable, CustomStringConvertible {
        var body: String
        var returns: String?
        var keyPath: String?
        var contentType = "application/json"
        var expected: Outcome
        var description: String { "\(body.prefix(40)) as \(returns ?? "JSON") at \(keyPath ?? "(root)")" }
    }

    static let list = #"{"data":{"list":[{"id":"a","name":"A"},{"id":"b","name":"B"},{"id":"c","name":"C"},{"id":null,"name":"D"}],"count":4}}"#

    static let cases: [ShapeCase] = [
        ShapeCase(body: #"{"a":1,"b":[true,null]}"#, expected: .value(["a": 1, "b": [true, nil]])),
        ShapeCase(body: #"{"data":{"items":[{"id":10},{"id":11}]}}"#, keyPath: "data.items.1.id", expected: .value(11)),
        ShapeCase(body: #"{"data":{"items":[]}}"#, keyPath: "data.items", expected: .value([])),
        ShapeCase(body: #"{"a":1}"#, returns: "Void", expected: .value(nil)),
        ShapeCase(body: #""hi""#, returns: "String", expected: .value("hi")),
        ShapeCase(body: "3", returns: "Int", expected: .value(3)),
        ShapeCase(body: "3.0", returns: "Int", expected: .value(3)),
        ShapeCase(body: "3.5", returns: "Int", expected: .error("endpoint 'get': expected Int, found Double")),
        ShapeCase(body: "2", returns: "Double", expected: .value(2.0)),
        ShapeCase(body: "true", returns: "Bool", expected: .value(true)),
        ShapeCase(body: "null", returns: "Bool?", expected: .value(nil)),
        ShapeCase(body: "null", returns: "Bool", expected: .error("endpoint 'get': expected Bool, found null")),
        ShapeCase(body: #"{"id":1}"#, returns: "User", expected: .value(["id": 1])),
        ShapeCase(body: #""2026-11-22T10:00:00Z""#, returns: "Date", expected: .value("2026-11-22T10:00:00Z")),
        ShapeCase(body: #"["2026-11-22", null]"#, returns: "[Date?]", expected: .value(["2026-11-22", nil])),
        ShapeCase(body: #""yesterday""#, returns: "Date", expected: .error(#"endpoint 'get': expected Date (ISO 8601 text such as 2026-11-22T10:00:00Z), found "yesterday""#)),
        ShapeCase(body: #"{"at":"2026-13-01"}"#, returns: "(at: Date)", expected: .error(#"endpoint 'get': at: expected Date (ISO 8601 text such as 2026-11-22T10:00:00Z), found "2026-13-01""#)),
        ShapeCase(body: "[1]", returns: "User", expected: .error("endpoint 'get': expected User, found array")),
        ShapeCase(body: #"["a","b"]"#, returns: "[String]", expected: .value(["a", "b"])),
        ShapeCase(body: "[1,2,null]", returns: "[Int]", expected: .error("endpoint 'get': 2: expected Int, found null")),
        ShapeCase(body: "[1,2,null]", returns: "[Int?]", expected: .value([1, 2, nil])),
        ShapeCase(body: #"{"x":1,"y":2}"#, returns: "[String: Int]", expected: .value(["x": 1, "y": 2])),
        ShapeCase(body: #"{"x":1,"y":"2"}"#, returns: "[String: Int]", expected: .error("endpoint 'get': y: expected Int, found String")),
        // Tuples: by label from an object, by position from an array, nested, arrays of tuples.
        ShapeCase(body: #"{"name":"n","id":"i","extra":true}"#, returns: "(id: String, name: String)", expected: .value(["id": "i", "name": "n"])),
        ShapeCase(body: #"["i",2]"#, returns: "(String, Int)", expected: .value(["i", 2])),
        ShapeCase(body: #"["i",2]"#, returns: "(id: String, n: Int)", expected: .value(["id": "i", "n": 2])),
        ShapeCase(body: #"["i"]"#, returns: "(id: String, n: Int?)", expected: .value(["id": "i", "n": nil])),
        ShapeCase(
            body: #"["i",2]"#, returns: "(id: String, n: Int, x: Int)",
            expected: .error("endpoint 'get': 2: expected Int, but the array has only 2 elements")),
        // A tuple read by position takes every element (SPEC §Results: a result that does not match
        // its declared shape is a decoding error), as Response.tuple says: an array always, an
        // object's members when no element has a label. By label, other members are left alone.
        ShapeCase(
            body: #"[1,"x",3]"#, returns: "(Int, String)",
            expected: .error("endpoint 'get': the result has 3 elements but the tuple 2: read by position, a tuple takes them all")),
        ShapeCase(
            body: #"{"id":1,"name":"x","admin":true}"#, returns: "(Int, String)",
            expected: .error("endpoint 'get': the result has 3 members but the tuple 2: read by position, a tuple takes them all")),
        ShapeCase(
            body: #"[1,"x",3]"#, returns: "(id: Int, name: String)",
            expected: .error("endpoint 'get': the result has 3 elements but the tuple 2: read by position, a tuple takes them all")),
        ShapeCase(body: #"{"id":1,"name":"x","admin":true}"#, returns: "(id: Int, name: String)", expected: .value(["id": 1, "name": "x"])),
        ShapeCase(body: #"{"id":1,"name":"x"}"#, returns: "(Int, String)", expected: .value([1, "x"])),
        ShapeCase(
            body: #"{"p":{"b":[2,3,4]}}"#, returns: "(b: (Int, Int))", keyPath: "p",
            expected: .error("endpoint 'get': p.b: the result has 3 elements but the tuple 2: read by position, a tuple takes them all")),
        ShapeCase(
            body: #"[[1,"a"],[2,"b",true]]"#, returns: "[(Int, String)]",
            expected: .error("endpoint 'get': 1: the result has 3 elements but the tuple 2: read by position, a tuple takes them all")),
        ShapeCase(
            body: #"{"id":"i"}"#, returns: "(id: String, name: String)",
            expected: .error("endpoint 'get': name: expected String, but the key is missing")),
        ShapeCase(
            body: list, returns: "(list: [(id: String?, name: String)], count: Int)", keyPath: "data",
            expected: .value([
                "list": [["id": "a", "name": "A"], ["id": "b", "name": "B"], ["id": "c", "name": "C"], ["id": nil, "name": "D"]],
                "count": 4,
            ])),
        ShapeCase(
            body: list, returns: "(list: [(id: String, name: String)], count: Int)", keyPath: "data",
            expected: .error("endpoint 'get': data.list.3.id: expected String, found null")),
        ShapeCase(
            body: list, returns: "[(id: String, name: String)]", keyPath: "data.list",
            expected: .error("endpoint 'get': data.list.3.id: expected String, found null")),
        ShapeCase(
            body: #"{"pair":[[1,"a"],[2,"b"]]}"#, returns: "[(Int, String)]", keyPath: "pair",
            expected: .value([[1, "a"], [2, "b"]])),
        ShapeCase(
            body: #"{"outer":{"inner":{"a":1,"b":[2,3]}}}"#, returns: "(inner: (a: Int, b: (Int, Int)))", keyPath: "outer",
            expected: .value(["inner": ["a": 1, "b": [2, 3]]])),
        // Key path failures, bodies that are not JSON.
        ShapeCase(body: #"{"data":{}}"#, keyPath: "data.list", expected: .error("endpoint 'get': data.list: no key 'list' in object")),
        ShapeCase(
            body: #"{"data":[1]}"#, keyPath: "data.3",
            expected: .error("endpoint 'get': data.3: index 3 out of range (array has 1 element)")),
        ShapeCase(body: "", keyPath: "data", expected: .error("endpoint 'get': the response body is empty, so key path 'data' has nothing to select")),
        ShapeCase(body: "", expected: .value(nil)),
        ShapeCase(body: "plain words", contentType: "text/plain", expected: .value("plain words")),
        ShapeCase(
            body: "plain words", returns: "Int", contentType: "text/plain",
            expected: .error("endpoint 'get': the response is not JSON (Content-Type text/plain, 11 bytes)")),
        // A text type is text, never JSON, unless a key path or the returns type reads structure.
        ShapeCase(body: "1.10", contentType: "text/plain", expected: .value("1.10")),
        ShapeCase(body: "1e5", contentType: "text/plain; charset=utf-8", expected: .value("1e5")),
        ShapeCase(body: #"{"a":1}"#, contentType: "text/html", expected: .value(.string(#"{"a":1}"#))),
        ShapeCase(body: "1.10", returns: "String", contentType: "text/plain", expected: .value("1.10")),
        ShapeCase(body: "<a/>", returns: "String?", contentType: "application/xml", expected: .value("<a/>")),
        ShapeCase(body: "3", returns: "Int", contentType: "text/plain", expected: .value(3)),
        ShapeCase(body: #"{"id":1}"#, returns: "User", contentType: "text/plain", expected: .value(["id": 1])),
        ShapeCase(body: #"{"a":1}"#, keyPath: "a", contentType: "text/plain", expected: .value(1)),
        // JSON with a type that is not text, or none, is JSON.
        ShapeCase(body: #"{"a":1}"#, contentType: "application/octet-stream", expected: .value(["a": 1])),
        ShapeCase(body: "1.10", contentType: "application/x-amz-json-1.1", expected: .value(1.1)),
        ShapeCase(body: "1.10", contentType: "text/json", expected: .value(1.1)),
    ]

    static func spec(returns: String?, keyPath: String?) -> String {
        var yaml = "netspec: 1\nservice: Shapes\nendpoints:\n  get:\n    GET: /r\n"
        if let keyPath { yaml += "    keyPath: \(keyPath)\n" }
        if let returns { yaml += "    returns: \"\(returns)\"\n" }
        return yaml
    }

    @Test(arguments: cases)
    func bodyIsShapedByKeyPathAndReturns(_ testCase: ShapeCase) async throws {
        let handler: TestHandler = { _, writer in
            try await writer.respond(headers: [("Content-Type", testCase.contentType)], body: testCase.body)
        }
        try await withTestServer(handler) { server in
            let api = try makeService(Self.spec(returns: testCase.returns, keyPath: testCase.keyPath), server: server)
            switch testCase.expected {
            case let .value(expected):
                let response = try await api.call("get")
                #expect(response.value == expected)
                if case let .object(object) = expected {
                    #expect(response.value.object?.keys == object.keys, "labels keep their declaration order")
                }
            case let .error(message):
                let error = await callError { try await api.call("get") }
                #expect(error?.decoding?.description == message)
                #expect(error?.description == message)
            }
        }
    }

    struct BodyCase: Sendable, CustomStringConvertible {
        var contentType: String
        var body: [UInt8]
        var value: JSONValue
        var isText: Bool
        var isBinary: Bool
        var description: String { "\(contentType) \(body.prefix(8))" }
    }

    static let bodyCases: [BodyCase] = [
        // Text in its charset (RFC 9110 §8.3.2).
        BodyCase(contentType: "text/plain; charset=iso-8859-1", body: [0x63, 0x61, 0x66, 0xE9], value: "café", isText: true, isBinary: false),
        BodyCase(contentType: "text/plain;charset=Latin1", body: [0xFF], value: "ÿ", isText: true, isBinary: false),
        BodyCase(contentType: "text/csv; charset=windows-1252", body: [0x93, 0x61, 0x94], value: "\u{201C}a\u{201D}", isText: true, isBinary: false),
        BodyCase(contentType: "text/plain; charset=US-ASCII", body: [0x61, 0x62], value: "ab", isText: true, isBinary: false),
        BodyCase(contentType: "text/plain; charset=utf-16", body: [0xFF, 0xFE, 0x61, 0x00], value: "a", isText: true, isBinary: false),
        BodyCase(contentType: "text/plain; charset=utf-16", body: [0x00, 0x61], value: "a", isText: true, isBinary: false),
        BodyCase(contentType: "text/plain; charset=utf-16be", body: [0x00, 0x61, 0x00, 0x62], value: "ab", isText: true, isBinary: false),
        // Text that cannot be read in its charset, and types that are neither JSON nor text: bytes.
        BodyCase(contentType: "text/plain", body: [0x63, 0xE9], value: nil, isText: false, isBinary: true),
        BodyCase(contentType: "text/plain; charset=us-ascii", body: [0x63, 0xE9], value: nil, isText: false, isBinary: true),
        BodyCase(contentType: "text/plain; charset=utf-16", body: [0x00], value: nil, isText: false, isBinary: true),
        BodyCase(contentType: "text/plain; charset=koi8-r", body: [0xC1], value: nil, isText: false, isBinary: true),
        BodyCase(contentType: "image/png", body: [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF], value: nil, isText: false, isBinary: true),
        BodyCase(contentType: "application/x-tar", body: [0x61, 0x00, 0x00], value: "a\u{0}\u{0}", isText: true, isBinary: true),
    ]

    /// How a body is read by its `Content-Type`: its value, and whether it is text or bytes.
    @Test(arguments: bodyCases)
    func bodyIsReadByItsMediaType(_ testCase: BodyCase) async throws {
        let handler: TestHandler = { _, writer in
            try await writer.respond(headers: [("Content-Type", testCase.contentType)], body: testCase.body)
        }
        try await withTestServer(handler) { server in
            let response = try await makeService(Self.spec(returns: nil, keyPath: nil), server: server).call("get")
            #expect(response.value == testCase.value)
            #expect(response.isText == testCase.isText)
            #expect(response.isBinary == testCase.isBinary)
            #expect(response.body == testCase.body)
        }
    }

    @Test func tuplesReadBackByIndexAndByLabel() async throws {
        let body = #"{"data":{"list":[{"id":"a","name":"A"},{"id":"b","name":"B"}],"count":2}}"#
        try await withTestServer(TestHandlers.json(body: body)) { server in
            let yaml = Self.spec(returns: "(list: [(id: String, name: String)], count: Int)", keyPath: "data")
            let response = try await makeService(yaml, server: server).call("get")
            #expect(response[1] == 2)
            #expect(response["count"] == 2)
            #expect(response[0]?[1]?["name"] == "B")
            #expect(response["list"]?[0]?[0] == "a")
            #expect(response.value(at: "list.1.id") == "b")
            #expect(response[2] == nil)
        }
    }

    @Test func headersResultIsAnObjectOfTheResponseHeaders() async throws {
        let handler = TestHandlers.json(body: "{}", headers: [("X-Rate", "10"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")])
        try await withTestServer(handler) { server in
            let response = try await makeService(Self.spec(returns: "Headers", keyPath: nil), server: server).call("get")
            // Set-Cookie lines are not joined (RFC 9110 §5.3): an array of them (HeadersResultTests).
            #expect(response.value == ["Content-Type": "application/json", "X-Rate": "10", "Set-Cookie": ["a=1", "b=2"], "Content-Length": "2"])
            #expect(response.value.object?.keys == ["Content-Type", "X-Rate", "Set-Cookie", "Content-Length"])
        }
    }

    /// Header names are case-insensitive, so a key path on a `Headers` result is too.
    @Test(arguments: ["X-Rate", "x-rate", "X-RATE"])
    func aKeyPathOnHeadersIgnoresCase(keyPath: String) async throws {
        let handler = TestHandlers.json(body: "{}", headers: [("X-Rate", "10")])
        try await withTestServer(handler) { server in
            let api = try makeService(Self.spec(returns: "Headers", keyPath: nil), server: server)
            let response = try await api.call("get", options: CallOptions(keyPath: JSONValue.KeyPath(keyPath)))
            #expect(response.value == "10")
            let error = await callError { try await api.call("get", options: CallOptions(keyPath: "X-Missing")) }
            #expect(error?.decoding?.description.hasPrefix("endpoint 'get': X-Missing: ") == true)
        }
    }

    @Test func callOptionsKeyPathAppliesAfterTheSpec() async throws {
        try await withTestServer(TestHandlers.json(body: Self.list)) { server in
            let api = try makeService(Self.spec(returns: nil, keyPath: "data"), server: server)
            let count = try await api.call("get", options: CallOptions(keyPath: "count"))
            #expect(count.value == 4)
            let error = await callError { try await api.call("get", options: CallOptions(keyPath: "list.9")) }
            #expect(error?.decoding?.description == "endpoint 'get': list.9: index 9 out of range (array has 4 elements)")
        }
    }

    struct Item: Decodable, Equatable {
        var id: String
        var name: String
    }

    @Test func resultsDecodeIntoSwiftTypesNamingTheFailingKeyPath() async throws {
        try await withTestServer(TestHandlers.json(body: Self.list)) { server in
            let api = try makeService(Self.spec(returns: nil, keyPath: "data.list"), server: server)
            let response = try await api.call("get")
            let firstThree = try JSONValue.array(Array(response.value.array!.prefix(3))).decode([Item].self)
            #expect(firstThree == [Item(id: "a", name: "A"), Item(id: "b", name: "B"), Item(id: "c", name: "C")])
            #expect(throws: CallError.self) { try response.decode([Item].self) }
            do {
                _ = try response.decode([Item].self)
            } catch {
                #expect((error as? CallError)?.decoding?.keyPath == "3.id")
                #expect((error as? CallError)?.decoding?.message == "expected String, found null")
            }
        }
    }
}
