import Testing

import Netspec
import NetspecModel

/// One input that must fail, with the exact message and mark.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var message: String
    var mark: Mark
    var limits: YAMLLimits = .default

    init(_ name: String, _ text: String, _ message: String, _ mark: Mark, limits: YAMLLimits = .default) {
        self.init(name, Array(text.utf8), message, mark, limits: limits)
    }

    init(_ name: String, _ bytes: [UInt8], _ message: String, _ mark: Mark, limits: YAMLLimits = .default) {
        self.name = name
        self.bytes = bytes
        self.message = message
        self.mark = mark
        self.limits = limits
    }

    var testDescription: String { name }
}

@Suite struct YAMLParserErrorTests {
    static let cases: [ErrorCase] = [
        // Size (before anything else).
        ErrorCase("size", "a: 12345", "spec is larger than the 5-byte limit (8 bytes)", at(1, 1), limits: .init(maxBytes: 5)),
        ErrorCase("size in KiB", String(repeating: " ", count: 2049), "spec is larger than the 2 KiB limit (2049 bytes)",
                  at(1, 1), limits: .init(maxBytes: 2048)),
        // UTF-8, checked in Swift.
        ErrorCase("bad byte", [UInt8]("a: 1\n".utf8) + [0xFF, 0x0A], "input is not valid UTF-8 (byte 0xFF)", at(2, 1)),
        ErrorCase("bad byte after non-ASCII", [UInt8]("é: ".utf8) + [0xC0, 0x80], "input is not valid UTF-8 (byte 0xC0)", at(1, 4)),
        ErrorCase("surrogate", [UInt8]("a: ".utf8) + [0xED, 0xA0, 0x80], "input is not valid UTF-8 (byte 0xED)", at(1, 4)),
        ErrorCase("above U+10FFFF", [UInt8]("a: ".utf8) + [0xF4, 0x90, 0x80, 0x80], "input is not valid UTF-8 (byte 0xF4)", at(1, 4)),
        ErrorCase("truncated", [UInt8]("a: b\nc: ".utf8) + [0xE2, 0x82], "input is not valid UTF-8 (byte 0xE2)", at(2, 4)),
        ErrorCase("lone continuation", [UInt8]("a:\r\n  b: ".utf8) + [0x80], "input is not valid UTF-8 (byte 0x80)", at(2, 6)),
        ErrorCase("after BOM", [0xEF, 0xBB, 0xBF, 0x61, 0xFE], "input is not valid UTF-8 (byte 0xFE)", at(1, 2)),
        ErrorCase("UTF-16LE BOM", [0xFF, 0xFE, 0x61, 0x00], "input is not valid UTF-8 (UTF-16LE byte order mark)", at(1, 1)),
        ErrorCase("UTF-16BE BOM", [0xFE, 0xFF, 0x00, 0x61], "input is not valid UTF-8 (UTF-16BE byte order mark)", at(1, 1)),
        ErrorCase("UTF-32LE BOM", [0xFF, 0xFE, 0x00, 0x00, 0x61, 0, 0, 0], "input is not valid UTF-8 (UTF-32LE byte order mark)",
                  at(1, 1)),
        ErrorCase("UTF-32BE BOM", [0x00, 0x00, 0xFE, 0xFF, 0, 0, 0, 0x61], "input is not valid UTF-8 (UTF-32BE byte order mark)",
                  at(1, 1)),
        // libyaml reader, scanner and parser errors.
        ErrorCase("control character", "a: 1\nb: x\u{1}", "control characters are not allowed (U+0001)", at(2, 5)),
        ErrorCase("simple key", "a: 1\nb\nc: 2\n", "could not find expected ':' (while scanning a simple key at 2:1)", at(3, 1)),
        ErrorCase("tab indentation", "a:\n\tb: 1\n",
                  "found character that cannot start any token (while scanning for the next token at 2:1)", at(2, 1)),
        ErrorCase("mapping value", "a: b: c\n", "mapping values are not allowed in this context", at(1, 5)),
        ErrorCase("bad indentation", "key: value\n  bad: 1\n", "mapping values are not allowed in this context", at(2, 6)),
        ErrorCase("unclosed flow", "a: 1\nb: [1, 2\n", "did not find expected ',' or ']' (while parsing a flow sequence at 2:4)", at(3, 1)),
        ErrorCase("unclosed quote", "a: \"open\n", "found unexpected end of stream (while scanning a quoted scalar at 1:4)", at(2, 1)),
        ErrorCase("CRLF mark", "a: 1\r\nb: c: d\r\n", "mapping values are not allowed in this context", at(2, 5)),
        // Structure.
        ErrorCase("duplicate key", "a: 1\nid: 2\nid: 3\n", "duplicate key 'id' (first defined at 2:1)", at(3, 1)),
        ErrorCase("nested duplicate", "x:\n    y: 1\n    id: 2\n    id: 3\n", "duplicate key 'id' (first defined at 3:5)", at(4, 5)),
        ErrorCase("flow duplicate", "{a: 1, b: 2, a: 3}", "duplicate key 'a' (first defined at 1:2)", at(1, 14)),
        ErrorCase("quoted duplicate", "a: 1\n'a': 2", "duplicate key 'a' (first defined at 1:1)", at(2, 1)),
        ErrorCase("duplicate in big mapping", (0..<30).map { "k\($0): v\n" }.joined() + "k7: again\n",
                  "duplicate key 'k7' (first defined at 8:1)", at(31, 1)),
        ErrorCase("duplicate null key", "? \n: 1\n? \n: 2\n", "duplicate key '' (first defined at 1:2)", at(3, 2)),
        ErrorCase("sequence key", "? [a]\n: 1\n", "mapping keys must be scalars", at(1, 3)),
        ErrorCase("flow mapping key", "{ {a: 1}: 2 }", "mapping keys must be scalars", at(1, 3)),
        ErrorCase("alias mapping key", "m: &m {x: 1}\n*m : 2\n", "mapping keys must be scalars", at(2, 1)),
        ErrorCase("second document", "a: 1\n---\nb: 2\n", "expected a single YAML document, found another", at(2, 1)),
        ErrorCase("second document after end", "a: 1\n...\n---\nb: 2\n", "expected a single YAML document, found another", at(3, 1)),
        ErrorCase("bare document after end", "a: 1\n...\nb: 2\n", "did not find expected <document start>", at(3, 1)),
        ErrorCase("second explicit document", "--- a\n--- b\n", "expected a single YAML document, found another", at(2, 1)),
        ErrorCase("undefined alias", "a: *x\n", "undefined alias 'x'", at(1, 4)),
        ErrorCase("alias before anchor", "a: *x\nb: &x 1\n", "undefined alias 'x'", at(1, 4)),
        ErrorCase("recursive alias", "a: &a [1, *a]\n", "undefined alias 'a'", at(1, 11)),
        // Limits.
        ErrorCase("too many aliases", "a: &a 1\nb: [*a, *a, *a]", "too many aliases (limit 2)", at(2, 13), limits: .init(maxAliases: 2)),
        ErrorCase("too many nodes", "a: [1, 2, 3]", "document expands to more than 4 nodes (alias bomb?)", at(1, 8),
                  limits: .init(maxNodes: 4)),
        ErrorCase("too many nodes via alias", "a: &a [1, 2]\nb: *a", "document expands to more than 6 nodes (alias bomb?)",
                  at(2, 4), limits: .init(maxNodes: 6)),
        ErrorCase("too deep", "a: [[1]]", "nesting deeper than 2 levels", at(1, 5), limits: .init(maxDepth: 2)),
        ErrorCase("too deep through alias", "a: &a [[1]]\nb: [*a]", "nesting deeper than 3 levels", at(2, 5),
                  limits: .init(maxDepth: 3)),
        ErrorCase("too deep, block", "a:\n  b:\n    c: 1", "nesting deeper than 2 levels", at(3, 5), limits: .init(maxDepth: 2)),
    ]

    @Test(arguments: cases)
    func rejects(_ testCase: ErrorCase) {
        let error = parseError(testCase.bytes, limits: testCase.limits)
        #expect(error?.message == testCase.message)
        #expect(error?.mark == testCase.mark)
    }

    @Test func limitsAreInclusive() throws {
        #expect(try parseYAML("a: [[1]]", limits: .init(maxDepth: 3)) != nil)
        #expect(try parseYAML("a: 12", limits: .init(maxBytes: 5)) != nil)
        #expect(try parseYAML("a: &a 1\nb: [*a, *a]", limits: .init(maxAliases: 2)) != nil)
        #expect(try parseYAML("a: [1, 2]", limits: .init(maxNodes: 5)) != nil)
        #expect(try parseYAML("a: &a [1, 2]\nb: *a", limits: .init(maxNodes: 9)) != nil)
        #expect(try parseYAML("a: &a [[1]]\nb: [*a]", limits: .init(maxDepth: 4)) != nil)
    }
}
