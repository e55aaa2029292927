import Foundation
import NetspecTestSupport
import Testing
import Netspec

/// A problem found inside a scalar's text is said where it was written, whatever the scalar's
/// style: escapes, `''`, folded lines, a block scalar's indentation and the properties before
/// it are walked in the source, not counted from the scalar's start (`"\u0061"` is six columns).
@Suite struct ScalarSourceMarkTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The endpoint's `GET:` value, as written after `    GET: ` on line 5.
        var value: String
        var expected: String
        init(_ name: String, _ value: String, _ expected: String) {
            self.name = name
            self.value = value
            self.expected = expected
        }
        var testDescription: String { name }
    }

    static let unclosed = "endpoint 'e': '{' is not closed by '}'"
    static let space = "endpoint 'e': space is not allowed in a URL path; percent-encode it"
    static let lineFeed = "endpoint 'e': '\n' is not allowed in a URL path; percent-encode it"

    static let cases: [Case] = [
        Case("plain", "/a/{id", "5:13: error: \(unclosed)"),
        Case("double-quoted \\u escapes", #""/\u0061\u0062/{id""#, "5:25: error: \(unclosed)"),
        Case("double-quoted \\x escape", #""/\x61/{id""#, "5:17: error: \(unclosed)"),
        Case("double-quoted \\/ escape", #""\/a/{id""#, "5:15: error: \(unclosed)"),
        Case("double-quoted \\U escape, at it", #""/\U0001F600/{id""#, "5:12: error: endpoint 'e': '😀' is not allowed in a URL path; percent-encode it"),
        Case("double-quoted \\t escape, at it", #""/a\t/{id""#, "5:13: error: endpoint 'e': '\t' is not allowed in a URL path; percent-encode it"),
        Case("double-quoted, a character of two bytes", "\"/é/{id\"", "5:12: error: endpoint 'e': 'é' is not allowed in a URL path; percent-encode it"),
        Case("single-quoted ''", "'/it''s/{id'", "5:18: error: \(unclosed)"),
        Case("double-quoted, an escaped line break", "\"/a\\\n      b/{id\"", "6:9: error: \(unclosed)"),
        Case("double-quoted, a folded line: the space is the break", "\"/a\n      /{id\"", "5:13: error: \(space)"),
        Case("double-quoted, an empty line: the line feed is it", "\"/a\n\n      /{id\"", "6:1: error: \(lineFeed)"),
        Case("plain over two lines", "/a\n      b/{id", "5:12: error: \(space)"),
        Case("a tag before a double-quoted scalar", #"!!str "/\x61/{id""#, "5:23: error: \(unclosed)"),
        Case("an anchor before a double-quoted scalar", #"&a "/\x61/{id""#, "5:20: error: \(unclosed)"),
        Case("literal", "|-\n      /abc/{id", "6:12: error: \(unclosed)"),
        Case("folded", ">-\n      /abc/{id", "6:12: error: \(unclosed)"),
        Case("folded, two lines: the space is the break", ">-\n      /abc\n      /{id", "6:11: error: \(space)"),
        Case("folded, after an empty line", ">-\n\n      /abc/{id", "6:1: error: endpoint 'e': path must start with '/' or be an absolute http(s) URL"),
        Case("literal, its line feed", "|\n      /abc\n       x{id", "6:11: error: \(lineFeed)"),
        Case("literal with an indentation indicator", "|2-\n        /abc/{id", "6:7: error: endpoint 'e': path must start with '/' or be an absolute http(s) URL"),
    ]

    @Test(arguments: cases)
    func theColumnIsWhereTheCharacterWasWritten(_ testCase: Case) throws {
        let file = try Self.write("netspec: 1\nservice: S\nendpoints:\n  e:\n    GET: \(testCase.value)\n", name: "spec.yaml")
        let error = #expect(throws: SpecError.self) { try Spec.load(path: file) }
        #expect(error?.description == "\(file):\(testCase.expected)")
    }

    @Test func aCRLFFileCountsEachLineOnce() throws {
        let file = try Self.write("netspec: 1\r\nservice: S\r\nendpoints:\r\n  e:\r\n    GET: >-\r\n      /abc\r\n\r\n      /{id\r\n", name: "spec.yaml")
        let error = #expect(throws: SpecError.self) { try Spec.load(path: file) }
        #expect(error?.description == "\(file):7:1: error: \(Self.lineFeed)")
    }

    @Test func aJSONStringsEscapesAndSurrogatePairs() throws {
        let file = try Self.write(#"{"netspec": 1, "service": "S", "endpoints": {"e": {"GET": "/\u0061\ud83d\ude00/{id"}}}"# + "\n", name: "spec.json")
        let error = #expect(throws: SpecError.self) { try Spec.load(path: file) }
        #expect(error?.description == "\(file):1:67: error: endpoint 'e': '😀' is not allowed in a URL path; percent-encode it")
    }

    @Test func anOverlayTargetWithAnEscapeIsSaidInTheOverlay() throws {
        let document = try Self.write("netspec: 1\nservice: S\nendpoints: {}\n", name: "spec.yaml")
        let overlay = try Self.write("overlay: 1.1.0\ninfo: {title: t, version: 1.0.0}\nactions:\n  - target: \"\\x24.x[?@ == 1 &&]\"\n    remove: true\n", name: "o.yaml")
        let error = #expect(throws: SpecError.self) { try Spec.load(path: document, overlays: [overlay]) }
        #expect(error?.description == "\(overlay):4:31: error: 'target' '$.x[?@ == 1 &&]' is not a JSONPath query (RFC 9535): expected a query ('@' or '$'), a literal or a function call")
    }

    /// A spec given as text has no source to read again: the place is estimated as before.
    @Test func aSpecGivenAsTextKeepsTheEstimate() throws {
        let error = #expect(throws: SpecError.self) { try Spec(yaml: "netspec: 1\nservice: S\nendpoints:\n  e:\n    GET: \"/\\x61/{id\"\n", file: "<no such file>") }
        #expect(error?.description == "<no such file>:5:14: error: \(Self.unclosed)")
    }

    private static func write(_ text: String, name: String) throws -> String {
        let path = try ProcessTemporaryFolder.folder("marks") + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
