import Testing

import Netspec

@Suite struct JSONKeyPathTests {
    static let document: JSONValue = [
        "data": [
            "items": [["id": "a"], ["id": "b"], ["id": "c"]],
            "count": 3,
            "empty": nil,
            "2024": "year",
            "single": [1],
        ],
        "": "empty key",
    ]

    static let hits: [(String, JSONValue)] = [
        ("", document),
        ("data.count", 3),
        ("data.items.0.id", "a"),
        ("data.items.2", ["id": "c"]),
        ("data.2024", "year"),
        ("data.empty", nil),
    ]

    @Test(arguments: hits)
    func resolvesPaths(path: String, expected: JSONValue) throws {
        #expect(try Self.document.resolve(JSONValue.KeyPath(parsing: path)) == expected)
        #expect(Self.document.value(at: path) == expected)
        #expect(Self.document.value(at: JSONValue.KeyPath(path)!) == expected)
    }

    static let failures: [(String, String, JSONValue.KeyPath.ParseError.Reason)] = [
        ("data.list", "data.list: no key 'list' in object", .missingKey("list")),
        ("data.list.0", "data.list: no key 'list' in object", .missingKey("list")),
        (
            "data.items.5", "data.items.5: index 5 out of range (array has 3 elements)",
            .indexOutOfRange(index: 5, count: 3)
        ),
        (
            "data.single.1", "data.single.1: index 1 out of range (array has 1 element)",
            .indexOutOfRange(index: 1, count: 1)
        ),
        ("data.items.x", "data.items.x: 'x' is not an array index", .notAnIndex("x")),
        ("data.items.01", "data.items.01: '01' is not an array index", .notAnIndex("01")),
        ("data.items.-1", "data.items.-1: '-1' is not an array index", .notAnIndex("-1")),
        ("data.empty.id", "data.empty: expected object or array, found null", .notAContainer(found: "null")),
        ("data.count.x", "data.count: expected object or array, found Int", .notAContainer(found: "Int")),
        (
            "data.items.0.id.x", "data.items.0.id: expected object or array, found String",
            .notAContainer(found: "String")
        ),
        ("x", "x: no key 'x' in object", .missingKey("x")),
    ]

    @Test(arguments: failures)
    func reportsWhereAndWhyResolutionFailed(path: String, message: String, reason: JSONValue.KeyPath.ParseError.Reason) throws {
        let keyPath = try JSONValue.KeyPath(parsing: path)
        #expect(Self.document.value(at: keyPath) == nil)
        #expect(Self.document.value(at: path) == nil)
        do {
            _ = try Self.document.resolve(keyPath)
            Issue.record("expected an error for \(path)")
        } catch {
            #expect(error.description == message)
            #expect(error.reason == reason)
        }
    }

    @Test func failureAtTheRootIsNamedRoot() throws {
        #expect(throws: JSONValue.KeyPath.ParseError(path: "", reason: .notAContainer(found: "Bool"))) {
            try JSONValue.bool(true).resolve("a")
        }
        #expect(
            JSONValue.KeyPath.ParseError(path: "", reason: .notAContainer(found: "Bool")).description
                == "(root): expected object or array, found Bool")
        #expect(try JSONValue.bool(true).resolve("") == true)
    }

    static let invalidPaths: [(String, String)] = [
        (".a", ".a: key path starts with '.'"),
        ("a.", "a.: key path ends with '.'"),
        ("a..b", "a..b: key path has an empty segment ('..')"),
        (".", ".: key path starts with '.'"),
        ("a.b..", "a.b..: key path has an empty segment ('..')"),
    ]

    @Test(arguments: invalidPaths)
    func rejectsEmptySegments(path: String, message: String) {
        #expect(JSONValue.KeyPath(path) == nil)
        #expect(Self.document.value(at: path) == nil)
        do {
            _ = try JSONValue.KeyPath(parsing: path)
            Issue.record("expected an error for \(path)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func segmentsAppendingAndDescription() throws {
        let path: JSONValue.KeyPath = "data.items"
        #expect(path.segments == ["data", "items"])
        #expect(path.appending(0).appending("id").description == "data.items.0.id")
        let suffix = "0.id"
        #expect(path.appending(JSONValue.KeyPath(suffix)!) == "data.items.0.id")
        #expect(JSONValue.KeyPath().isEmpty)
        let root = ""
        #expect(JSONValue.KeyPath(root)?.segments == [])
        #expect(JSONValue.KeyPath().description == "")
        #expect(try Self.document.resolve(path.appending(1).appending("id")) == "b")
        // Keys that contain dots can only be built with appending(_:).
        let dotted: JSONValue = ["a.b": ["c": 1]]
        #expect(try dotted.resolve(JSONValue.KeyPath().appending("a.b").appending("c")) == 1)
        #expect(dotted.value(at: "a.b.c") == nil)
        #expect(try dotted.resolve(JSONValue.KeyPath(segments: ["a.b", "c"])) == 1)
    }
}
