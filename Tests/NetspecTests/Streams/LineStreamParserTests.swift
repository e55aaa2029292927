@testable import Netspec
import Testing

/// `LineStreamParser` (`stream: lines`, NDJSON), fed in every chunking.
@Suite struct LineStreamParserTests {

    /// One row: input, expected lines, and the error if the limits are exceeded.
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let input: String
        let lines: [String]
        var limits = StreamLimits.default
        var error: StreamError?
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "NDJSON", input: "{\"a\":1}\n{\"b\":2}\n", lines: ["{\"a\":1}", "{\"b\":2}"]),
        Row(name: "CRLF", input: "a\r\nb\r\n", lines: ["a", "b"]),
        Row(name: "blank and whitespace-only lines skipped", input: "\n\na\n\n \n\t\r\n\r\nb\n", lines: ["a", "b"]),
        Row(name: "final unterminated line yielded", input: "a\nb", lines: ["a", "b"]),
        Row(name: "final unterminated line loses a trailing CR", input: "a\r", lines: ["a"]),
        Row(name: "final whitespace-only line skipped", input: "a\n  ", lines: ["a"]),
        Row(name: "lone CR is part of the line", input: "a\rb\n", lines: ["a\rb"]),
        Row(name: "inner spaces kept", input: "  {\"a\": 1}  \n", lines: ["  {\"a\": 1}  "]),
        Row(name: "only whitespace", input: "  \n\r\n\t", lines: []),
        Row(name: "empty", input: "", lines: []),
        Row(name: "UTF-8", input: "{\"t\":\"日本 🎉\"}\n", lines: ["{\"t\":\"日本 🎉\"}"]),
        Row(name: "line at the limit", input: "abcd\nx", lines: ["abcd", "x"],
            limits: StreamLimits(maxLineBytes: 4)),
        Row(name: "line over the limit", input: "ab\nabcde\nx\n", lines: ["ab"],
            limits: StreamLimits(maxLineBytes: 4), error: .lineTooLong(limit: 4)),
        Row(name: "CR before LF counts toward the limit", input: "abcd\r\n", lines: [],
            limits: StreamLimits(maxLineBytes: 4), error: .lineTooLong(limit: 4)),
        Row(name: "unterminated line over the limit", input: "abcde", lines: [],
            limits: StreamLimits(maxLineBytes: 4), error: .lineTooLong(limit: 4)),
    ]

    @Test(arguments: rows)
    func lines(_ row: Row) {
        let expected = LineStreamOutcome(lines: row.lines, error: row.error)
        for chunking in Chunking.all(of: Array(utf8: row.input)) {
            let outcome = parseLineStream(chunking.chunks, limits: row.limits)
            #expect(outcome == expected, "\(chunking)")
            if outcome != expected { return }
        }
    }

    /// Lines already returned stay valid when the parser reuses its storage for later chunks.
    @Test func returnedLinesSurviveLaterAppends() throws {
        var parser = LineStreamParser()
        try parser.append(Array(utf8: "first\n"))
        let first = try #require(parser.next() as ArraySlice<UInt8>?)
        try parser.append(Array(utf8: "second\n"))
        let second = try #require(parser.next() as ArraySlice<UInt8>?)
        #expect(String(decoding: first, as: UTF8.self) == "first")
        #expect(String(decoding: second, as: UTF8.self) == "second")
    }

    @Test func finishDrainsQueuedLinesFirst() throws {
        var parser = LineStreamParser()
        try parser.append(Array(utf8: "a\nb\nc"))
        var lines: [String] = []
        if let line = parser.finish() { lines.append(String(decoding: line, as: UTF8.self)) }
        while let line = parser.next() { lines.append(String(decoding: line, as: UTF8.self)) }
        #expect(lines == ["a", "b", "c"])
    }
}
