@testable import Netspec
import Testing

/// Memory limits, errors, and the parser's life cycle (`finish`, reuse after a reconnection).
@Suite struct ServerSentEventParserLimitsTests {

    // MARK: - Limits

    static let small = StreamLimits(maxLineBytes: 8, maxEventBytes: 100)
    static let smallEvents = StreamLimits(maxLineBytes: 100, maxEventBytes: 5)

    static let limitsRows: [EventStreamCase] = [
        .init("line at the limit", "data: 12\n\n", [.init(data: "12")], limits: small),
        .init("line over the limit", "data: 123\n\n", [], limits: small, error: .lineTooLong(limit: 8)),
        .init("events before a long line are delivered", "data: a\n\ndata: 123456789\n\ndata: b\n\n",
              [.init(data: "a")], limits: small, error: .lineTooLong(limit: 8)),
        .init("long comment", ": 12345678\n\n", [], limits: small, error: .lineTooLong(limit: 8)),
        .init("long line with CRLF", "data: 123\r\n\r\n", [], limits: small, error: .lineTooLong(limit: 8)),
        .init("unterminated long line", "data: a\n\n:123456789", [.init(data: "a")], limits: small,
              error: .lineTooLong(limit: 8)),
        .init("event data at the limit", "data: abc\ndata: d\n\n", [.init(data: "abc\nd")], limits: smallEvents),
        .init("event data over the limit", "data: abc\ndata: de\n\n", [], limits: smallEvents,
              error: .eventTooLarge(limit: 5)),
        .init("five empty data lines are at the limit", "data\ndata\ndata\ndata\ndata\ndata\n\n", [.init(data: "\n\n\n\n\n")],
              limits: smallEvents),
        .init("empty data lines count their LF", "data\ndata\ndata\ndata\ndata\ndata\ndata\n\n", [], limits: smallEvents,
              error: .eventTooLarge(limit: 5)),
        .init("the limit is per event", "data: abc\n\ndata: abc\n\n", [.init(data: "abc"), .init(data: "abc")],
              limits: smallEvents),
        .init("an incomplete final event is discarded without an error", "data: a\n\ndata: abc\ndata: xyz",
              [.init(data: "a")], limits: smallEvents),
    ]

    @Test(arguments: limitsRows)
    func limits(_ row: EventStreamCase) { row.verify() }

    @Test func defaultLineLimitIs16MiB() {
        let line = Array(utf8: "data: ") + [UInt8](repeating: UInt8(ascii: "x"), count: 16 << 20)
        let chunks = stride(from: 0, to: line.count, by: 1 << 20).map { Array(line[$0..<min($0 + (1 << 20), line.count)]) }
        let outcome = parseEventStream(chunks)
        #expect(outcome.error?.message == "line longer than the 16 MiB limit")
    }

    @Test func defaultEventLimitIs16MiB() {
        let line = Array(utf8: "data: ") + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + [0x0A]
        let outcome = parseEventStream(Array(repeating: line, count: 17))
        #expect(outcome.error?.message == "event larger than the 16 MiB limit")
        #expect(outcome.events.isEmpty)
    }

    @Test(arguments: [
        (StreamError.lineTooLong(limit: 16 << 20), "line longer than the 16 MiB limit"),
        (StreamError.eventTooLarge(limit: 16 << 20), "event larger than the 16 MiB limit"),
        (StreamError.lineTooLong(limit: 64 << 10), "line longer than the 64 KiB limit"),
        (StreamError.eventTooLarge(limit: 1000), "event larger than the 1000 bytes limit"),
        (StreamError.lineTooLong(limit: 1), "line longer than the 1 byte limit"),
    ])
    func errorMessages(error: StreamError, message: String) {
        #expect(error.message == message)
        #expect(error.description == message)
    }

    /// Once a limit is exceeded the stream is broken; every later append fails the same way.
    @Test func errorsAreSticky() throws {
        var parser = ServerSentEventParser(limits: Self.small)
        #expect(throws: StreamError.lineTooLong(limit: 8)) { try parser.append(Array(utf8: "data: a\n\ndata: 123456789")) }
        #expect(parser.next() == ServerSentEvent(data: "a"))
        #expect(throws: StreamError.lineTooLong(limit: 8)) { try parser.append(Array(utf8: "\n\ndata: b\n\n")) }
        #expect(parser.next() == nil)
        #expect(parser.finish() == nil)
    }

    // MARK: - Life cycle

    @Test func finishReturnsEventsTheCallerDidNotDrain() throws {
        var parser = ServerSentEventParser()
        try parser.append(Array(utf8: "data: a\n\ndata: b\n\ndata: c"))
        #expect(parser.finish() == ServerSentEvent(data: "a"))
        #expect(parser.next() == ServerSentEvent(data: "b"))
        #expect(parser.next() == nil)
    }

    /// After `finish()`, appending starts a new stream: a BOM is removed again, IDs carry over.
    @Test func appendingAfterFinishStartsANewStream() throws {
        var parser = ServerSentEventParser()
        try parser.append(Array(utf8: "id: 4\nretry: 10\ndata: a\n\ndata: lost"))
        #expect(parser.next() == ServerSentEvent(data: "a", id: "4", retry: 10))
        #expect(parser.finish() == nil)
        try parser.append([0xEF, 0xBB, 0xBF] + Array(utf8: "data: b\n\n"))
        #expect(parser.next() == ServerSentEvent(data: "b", id: "4"))
        #expect(parser.lastEventID == "4")
        #expect(parser.reconnectionTime == 10)
    }

    /// Non-contiguous collections take the copying path and give the same events.
    @Test func nonContiguousChunks() throws {
        var parser = ServerSentEventParser()
        try parser.append(Array(utf8: "data: a\r").lazy.map { $0 })
        try parser.append(Array(utf8: "\ndata: b\n\n").reversed().reversed())
        #expect(parser.next() == ServerSentEvent(data: "a\nb"))
    }

    @Test func eventDescriptionIsWireForm() {
        let event = ServerSentEvent(event: "add", data: "a\nb", id: "7", retry: 5)
        #expect(event.description == "id: 7\nevent: add\nretry: 5\ndata: a\ndata: b")
        #expect(ServerSentEvent(data: "").description == "data: ")
        // Every line break of the data starts a data: line, CR LF and CR too: none goes out raw.
        #expect(ServerSentEvent(data: "a\r\nb\rc\nd").description == "data: a\ndata: b\ndata: c\ndata: d")
    }
}
