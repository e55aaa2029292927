@testable import Netspec
import Testing

/// `LineSplitter` in both terminator modes, fed in every chunking.
@Suite struct LineSplitterTests {

    /// One row: input, the complete lines, and the unterminated final line if any.
    struct Row: Sendable, CustomTestStringConvertible {
        let input: String
        let terminators: LineSplitter.Terminators
        let lines: [String]
        let final: String?
        var testDescription: String { "\(terminators) \(input.debugDescription)" }
    }

    static let rows: [Row] = [
        Row(input: "a\nb\rc\r\nd", terminators: .crlfOrLFOrCR, lines: ["a", "b", "c"], final: "d"),
        Row(input: "\r\n", terminators: .crlfOrLFOrCR, lines: [""], final: nil),
        Row(input: "\r\r", terminators: .crlfOrLFOrCR, lines: ["", ""], final: nil),
        Row(input: "\n\r", terminators: .crlfOrLFOrCR, lines: ["", ""], final: nil),
        Row(input: "\r\n\n", terminators: .crlfOrLFOrCR, lines: ["", ""], final: nil),
        Row(input: "\r\n\r\n", terminators: .crlfOrLFOrCR, lines: ["", ""], final: nil),
        Row(input: "abc", terminators: .crlfOrLFOrCR, lines: [], final: "abc"),
        Row(input: "", terminators: .crlfOrLFOrCR, lines: [], final: nil),
        Row(input: "long line of text\rx", terminators: .crlfOrLFOrCR, lines: ["long line of text"], final: "x"),
        Row(input: "a\rb\n", terminators: .crlfOrLF, lines: ["a\rb"], final: nil),
        Row(input: "a\r\n", terminators: .crlfOrLF, lines: ["a"], final: nil),
        Row(input: "a\r\r\n", terminators: .crlfOrLF, lines: ["a\r"], final: nil),
        Row(input: "\r\n\n", terminators: .crlfOrLF, lines: ["", ""], final: nil),
        Row(input: "x\r", terminators: .crlfOrLF, lines: [], final: "x"),
        Row(input: "\r", terminators: .crlfOrLF, lines: [], final: ""),
    ]

    @Test(arguments: rows)
    func splits(_ row: Row) {
        let input = Array(utf8: row.input)
        for chunking in Chunking.all(of: input) {
            var splitter = LineSplitter(terminators: row.terminators, maxLineBytes: 100)
            var lines: [String] = []
            var final: String?
            do {
                for chunk in chunking.chunks {
                    try chunk.withUnsafeBufferPointer { (buffer) throws(StreamError) in
                        try splitter.split(buffer) { lines.append(String(decoding: $0, as: UTF8.self)) }
                    }
                }
                try splitter.finish { final = String(decoding: $0, as: UTF8.self) }
            } catch {
                Issue.record("unexpected \(error)")
            }
            #expect(lines == row.lines, "\(chunking)")
            #expect(final == row.final, "\(chunking)")
            if lines != row.lines || final != row.final { return }
        }
    }

    /// Complete lines inside a chunk are views into that chunk, not copies.
    @Test func completeLinesAreNotCopied() throws {
        var splitter = LineSplitter(terminators: .crlfOrLFOrCR, maxLineBytes: 100)
        let chunk = Array(utf8: "ab\ncd\n")
        try chunk.withUnsafeBufferPointer { (buffer) throws(StreamError) in
            var starts: [UnsafePointer<UInt8>?] = []
            try splitter.split(buffer) { starts.append($0.baseAddress) }
            #expect(starts == [buffer.baseAddress, buffer.baseAddress! + 3])
        }
    }

    /// The word-at-a-time scan finds a terminator at every offset of a word, and ignores bytes
    /// that differ from CR or LF in one bit or only in the high bit.
    @Test(arguments: [LineSplitter.Terminators.crlfOrLFOrCR, .crlfOrLF])
    func scanFindsTerminatorsAtEveryOffset(_ terminators: LineSplitter.Terminators) throws {
        let nearMisses: [UInt8] = [0x0B, 0x0C, 0x0E, 0x08, 0x1A, 0x1D, 0x8A, 0x8D, 0x00, 0xFF, 0x09, 0x2A]
        let endings: [[UInt8]] = terminators == .crlfOrLF ? [[0x0A], [0x0D, 0x0A]] : [[0x0A], [0x0D], [0x0D, 0x0A]]
        for length in 0...40 {
            for ending in endings {
                let content = (0..<length).map { nearMisses[$0 % nearMisses.count] }
                let input = content + ending + content + ending
                var splitter = LineSplitter(terminators: terminators, maxLineBytes: 100)
                var lines: [[UInt8]] = []
                try input.withUnsafeBufferPointer { (buffer) throws(StreamError) in
                    try splitter.split(buffer) { lines.append(Array($0)) }
                }
                #expect(lines == [content, content], "length \(length), ending \(ending)")
            }
        }
    }

    @Test func lineLimitCountsBytesBeforeTheTerminator() {
        for (input, fails) in [("12345\n", false), ("123456\n", true), ("123456", true), ("1234\r\n", false)] {
            var splitter = LineSplitter(terminators: .crlfOrLFOrCR, maxLineBytes: 5)
            let bytes = Array(utf8: input)
            let error = bytes.withUnsafeBufferPointer { (buffer) -> StreamError? in
                do throws(StreamError) { try splitter.split(buffer) { _ in }; return nil } catch { return error }
            }
            #expect((error != nil) == fails, "\(input.debugDescription)")
        }
    }
}
