@testable import Netspec
import Testing

/// Line splitting, decoding and the basic field grammar of the event-stream interpretation rules.
///
/// Every row runs with the input in one chunk, one byte per chunk, random chunks, and split in two
/// at every position.
@Suite struct ServerSentEventParserTests {

    // MARK: - Line endings

    static let lineEndingsRows: [EventStreamCase] = [
        .init("LF", "data: a\n\n", [.init(data: "a")]),
        .init("CRLF", "data: a\r\n\r\n", [.init(data: "a")]),
        .init("lone CR", "data: a\r\r", [.init(data: "a")]),
        .init("mixed endings in one event", "data: a\rdata: b\r\ndata: c\n\n", [.init(data: "a\nb\nc")]),
        .init("CRLF is one ending, not CR then an empty line", "data: a\r\ndata: b\r\n\r\n", [.init(data: "a\nb")]),
        .init("LF CR is two endings", "data: a\n\rdata: b\n\n", [.init(data: "a"), .init(data: "b")]),
        .init("CR CR LF is a blank line", "data: a\r\r\ndata: b\n\n", [.init(data: "a"), .init(data: "b")]),
        .init("blank lines with no event dispatch nothing", "\n\r\n\r\n\n", []),
        .init("empty stream", "", []),
    ]

    @Test(arguments: lineEndingsRows)
    func lineEndings(_ row: EventStreamCase) { row.verify() }

    /// The CR of a CRLF at the end of one chunk and the LF at the start of the next are one ending.
    @Test func crAndLFInDifferentChunks() {
        let chunks = ["data: a\r", "\ndata: b\r", "\n", "\r", "\n"].map { Array(utf8: $0) }
        #expect(parseEventStream(chunks).events == [ServerSentEvent(data: "a\nb")])
    }

    /// A lone CR at the end of a chunk ends the line at once; the event does not wait for more bytes.
    @Test func loneCRDispatchesWithoutWaitingForTheNextChunk() throws {
        var parser = ServerSentEventParser()
        try parser.append(Array(utf8: "data: a\r\r"))
        #expect(parser.next() == ServerSentEvent(data: "a"))
        try parser.append(Array(utf8: "\ndata: b\r\r"))
        #expect(parser.next() == ServerSentEvent(data: "b"))
        #expect(parser.next() == nil)
    }

    // MARK: - Decoding

    static let decodingRows: [EventStreamCase] = [
        .init("BOM removed", bytes: [0xEF, 0xBB, 0xBF] + Array(utf8: "data: a\n\n"), [.init(data: "a")]),
        .init("only one BOM removed", bytes: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(utf8: "data: a\n\n"), []),
        .init("second BOM starts a field name", bytes: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(utf8: "\ndata: a\n\n"),
              [.init(data: "a")]),
        .init("BOM later in the stream is not removed",
              bytes: Array(utf8: "data: a\n\n") + [0xEF, 0xBB, 0xBF] + Array(utf8: "data: b\n\n"), [.init(data: "a")]),
        .init("BOM-only stream", bytes: [0xEF, 0xBB, 0xBF], []),
        .init("BOM then a blank line", bytes: [0xEF, 0xBB, 0xBF, 0x0A] + Array(utf8: "data: a\n\n"), [.init(data: "a")]),
        .init("truncated BOM is kept as stream bytes", bytes: [0xEF, 0xBB] + Array(utf8: "data: a\n\n"), []),
        .init("truncated BOM then a line ending", bytes: [0xEF, 0xBB, 0x0A] + Array(utf8: "data: a\n\n"), [.init(data: "a")]),
        .init("EF EF BB BF is not a BOM", bytes: [0xEF, 0xEF, 0xBB, 0xBF] + Array(utf8: "data: a\n\n"), []),
        .init("truncated BOM alone", bytes: [0xEF, 0xBB], []),
        .init("UTF-8 data", "data: héllo 🎉 — 日本\n\n", [.init(data: "héllo 🎉 — 日本")]),
        .init("invalid byte becomes U+FFFD", bytes: Array(utf8: "data: a") + [0xFF] + Array(utf8: "b\n\n"),
              [.init(data: "a\u{FFFD}b")]),
        .init("truncated sequence becomes one U+FFFD", bytes: Array(utf8: "data: ") + [0xE2, 0x82] + Array(utf8: "\n\n"),
              [.init(data: "\u{FFFD}")]),
        .init("truncated sequence at a line end does not swallow the LF",
              bytes: Array(utf8: "data: ") + [0xF0, 0x9F] + Array(utf8: "\ndata: b\n\n"), [.init(data: "\u{FFFD}\nb")]),
        .init("invalid UTF-8 in event and id", bytes: Array(utf8: "event: ") + [0xC3] + Array(utf8: "\nid: ") + [0x80]
              + Array(utf8: "\ndata: x\n\n"), [.init(event: "\u{FFFD}", data: "x", id: "\u{FFFD}")], lastEventID: "\u{FFFD}"),
        .init("NUL in data is kept", "data: a\0b\n\n", [.init(data: "a\0b")]),
    ]

    @Test(arguments: decodingRows)
    func decoding(_ row: EventStreamCase) { row.verify() }

    /// A BOM delivered one byte per chunk is still removed, and only at the start of the stream.
    @Test func bomSplitAcrossChunks() {
        let chunks: [[UInt8]] = [[0xEF], [0xBB], [0xBF, 0x64], Array(utf8: "ata: a\n\n"), [0xEF, 0xBB], [0xBF]]
        #expect(parseEventStream(chunks).events == [ServerSentEvent(data: "a")])
    }

    // MARK: - Lines and fields

    static let fieldGrammarRows: [EventStreamCase] = [
        .init("comment ignored", ": hello\ndata: a\n\n", [.init(data: "a")]),
        .init("comment-only block dispatches nothing", ": keep-alive\n\n:\n\n", []),
        .init("comment between data lines", "data: a\n: note\ndata: b\n\n", [.init(data: "a\nb")]),
        .init("one leading space removed", "data:  two\n\n", [.init(data: " two")]),
        .init("no space after colon", "data:x\n\n", [.init(data: "x")]),
        .init("tab is not removed", "data:\tx\n\n", [.init(data: "\tx")]),
        .init("trailing spaces kept", "data: x  \n\n", [.init(data: "x  ")]),
        .init("value with colons", "data: a:b: c\n\n", [.init(data: "a:b: c")]),
        .init("value that is a colon", "data::\n\n", [.init(data: ":")]),
        .init("line without colon is a field with an empty value", "data\n\n", [.init(data: "")]),
        .init("`data` twice gives one LF", "data\ndata\n\n", [.init(data: "\n")]),
        .init("`data:` twice gives one LF", "data:\ndata:\n\n", [.init(data: "\n")]),
        .init("empty data line between values", "data: a\ndata:\ndata: b\n\n", [.init(data: "a\n\nb")]),
        .init("data value that is only spaces", "data:  \n\n", [.init(data: " ")]),
        .init("data ending in an empty line keeps that LF", "data: a\ndata\n\n", [.init(data: "a\n")]),
        .init("field names are case-sensitive", "Data: a\n\nDATA: b\n\n", []),
        .init("space before the field name", " data: a\n\n", []),
        .init("space before the colon", "data : a\n\n", []),
        .init("unknown fields ignored", "foo: bar\ndata: a\nbaz\n\n", [.init(data: "a")]),
        .init("prefix of a field name", "dat: a\nd\nev: x\ndata: b\n\n", [.init(data: "b")]),
        .init("longer than a field name", "datas: a\nevents: x\nids: 3\nretrys: 5\ndata: b\n\n", [.init(data: "b")]),
    ]

    @Test(arguments: fieldGrammarRows)
    func fieldGrammar(_ row: EventStreamCase) { row.verify() }

    // MARK: - Events and dispatch

    static let dispatchRows: [EventStreamCase] = [
        .init("one event", "data: hello\n\n", [.init(data: "hello")]),
        .init("two events", "data: 1\n\ndata: 2\n\n", [.init(data: "1"), .init(data: "2")]),
        .init("multi-line data", "data: a\ndata: b\ndata: c\n\n", [.init(data: "a\nb\nc")]),
        .init("event type", "event: add\ndata: 1\n\n", [.init(event: "add", data: "1")]),
        .init("last event field wins", "event: a\nevent: b\ndata: 1\n\n", [.init(event: "b", data: "1")]),
        .init("event field after data", "data: 1\nevent: late\n\n", [.init(event: "late", data: "1")]),
        .init("empty event type is message", "event\ndata: 1\n\nevent:\ndata: 2\n\n", [.init(data: "1"), .init(data: "2")]),
        .init("event type resets after dispatch", "event: a\ndata: 1\n\ndata: 2\n\n",
              [.init(event: "a", data: "1"), .init(data: "2")]),
        .init("event type resets after a block without data", "event: a\n\ndata: 1\n\n", [.init(data: "1")]),
        .init("event type `message` explicitly", "event: message\ndata: 1\n\n", [.init(data: "1")]),
        .init("empty data buffer dispatches nothing", "event: a\nid\n\n", []),
        .init("data with an empty value dispatches", "data:\n\n", [.init(data: "")]),
        .init("incomplete event at end of stream discarded", "data: a\n\ndata: b\n", [.init(data: "a")]),
        .init("unterminated final line discarded with its event", "data: a\n\ndata: b", [.init(data: "a")]),
        .init("final CR completes the line but not the event", "data: a\r", []),
        .init("JSON payload", "data: {\"a\": [1, 2], \"b\": \"x: y\"}\n\n", [.init(data: "{\"a\": [1, 2], \"b\": \"x: y\"}")]),
        .init("[DONE] sentinel is ordinary data", "data: [DONE]\n\n", [.init(data: "[DONE]")]),
    ]

    @Test(arguments: dispatchRows)
    func dispatch(_ row: EventStreamCase) { row.verify() }
}
