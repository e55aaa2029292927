@testable import Netspec
import Testing

/// The `id` and `retry` fields, whose effects outlive the event that carries them.
@Suite struct ServerSentEventParserFieldsTests {

    // MARK: - id

    static let idRows: [EventStreamCase] = [
        .init("id on the event", "id: 1\ndata: a\n\n", [.init(data: "a", id: "1")], lastEventID: "1"),
        .init("id persists across events", "id: 1\ndata: a\n\ndata: b\n\n",
              [.init(data: "a", id: "1"), .init(data: "b", id: "1")], lastEventID: "1"),
        .init("id after data in the same block", "data: a\nid: 9\n\n", [.init(data: "a", id: "9")], lastEventID: "9"),
        .init("last id field in a block wins", "id: 1\nid: 2\ndata: a\n\n", [.init(data: "a", id: "2")], lastEventID: "2"),
        .init("`id` without a colon resets to empty", "id: 1\ndata: a\n\nid\ndata: b\n\n",
              [.init(data: "a", id: "1"), .init(data: "b")]),
        .init("`id: ` with an empty value resets to empty", "id: 1\ndata: a\n\nid: \ndata: b\n\n",
              [.init(data: "a", id: "1"), .init(data: "b")]),
        .init("id containing NUL is ignored", "id: 1\ndata: a\n\nid: 2\0x\ndata: b\n\n",
              [.init(data: "a", id: "1"), .init(data: "b", id: "1")], lastEventID: "1"),
        .init("id that is only NUL is ignored", "id: 1\n\nid: \0\ndata: b\n\n", [.init(data: "b", id: "1")], lastEventID: "1"),
        .init("id-only block updates the last event ID", "id: 7\n\n", [], lastEventID: "7"),
        .init("id-only block applies to later events", "id: 7\n\ndata: a\n\n", [.init(data: "a", id: "7")], lastEventID: "7"),
        .init("id of an incomplete final event is not committed", "id: 1\ndata: a\n\nid: 2\ndata: b\n",
              [.init(data: "a", id: "1")], lastEventID: "1"),
        .init("id with colons and spaces", "id:  a:b \ndata: x\n\n", [.init(data: "x", id: " a:b ")], lastEventID: " a:b "),
        .init("non-ASCII id", "id: ключ\ndata: x\n\n", [.init(data: "x", id: "ключ")], lastEventID: "ключ"),
    ]

    @Test(arguments: idRows)
    func id(_ row: EventStreamCase) { row.verify() }

    /// The last event ID is committed on dispatch, not when the `id` field is read.
    @Test func lastEventIDChangesOnlyOnDispatch() throws {
        var parser = ServerSentEventParser()
        try parser.append(Array(utf8: "id: 5\n"))
        #expect(parser.lastEventID == "")
        try parser.append(Array(utf8: "\n"))
        #expect(parser.lastEventID == "5")
        #expect(parser.next() == nil)
    }

    // MARK: - retry

    static let retryRows: [EventStreamCase] = [
        .init("retry on the event and the stream", "retry: 1000\ndata: a\n\n",
              [.init(data: "a", retry: 1000)], reconnectionTime: 1000),
        .init("retry without a space", "retry:250\ndata: a\n\n", [.init(data: "a", retry: 250)], reconnectionTime: 250),
        .init("retry is per block", "retry: 1000\ndata: a\n\ndata: b\n\n",
              [.init(data: "a", retry: 1000), .init(data: "b")], reconnectionTime: 1000),
        .init("empty retry ignored", "retry:\ndata: a\n\nretry\ndata: b\n\n", [.init(data: "a"), .init(data: "b")]),
        .init("retry with a letter ignored", "retry: 10a\ndata: a\n\n", [.init(data: "a")]),
        .init("retry with a second leading space ignored", "retry:  1000\ndata: a\n\n", [.init(data: "a")]),
        .init("retry with a trailing space ignored", "retry: 1000 \ndata: a\n\n", [.init(data: "a")]),
        .init("negative retry ignored", "retry: -1\ndata: a\n\n", [.init(data: "a")]),
        .init("fractional retry ignored", "retry: 1.5\ndata: a\n\n", [.init(data: "a")]),
        .init("non-ASCII digits ignored", "retry: ١٠\ndata: a\n\n", [.init(data: "a")]),
        .init("invalid retry keeps the earlier value", "retry: 500\n\nretry: x\ndata: a\n\n",
              [.init(data: "a")], reconnectionTime: 500),
        .init("zero", "retry: 0\ndata: a\n\n", [.init(data: "a", retry: 0)], reconnectionTime: 0),
        .init("leading zeros", "retry: 0012\ndata: a\n\n", [.init(data: "a", retry: 12)], reconnectionTime: 12),
        .init("too large for Int clamps to Int.max", "retry: 99999999999999999999999\ndata: a\n\n",
              [.init(data: "a", retry: Int.max)], reconnectionTime: Int.max),
        .init("retry-only block sets the stream value", "retry: 3000\n\n", [], reconnectionTime: 3000),
        .init("retry-only block does not reach the next event", "retry: 3000\n\ndata: a\n\n",
              [.init(data: "a")], reconnectionTime: 3000),
        .init("last retry in a block wins", "retry: 1\nretry: 2\ndata: a\n\n", [.init(data: "a", retry: 2)], reconnectionTime: 2),
        .init("retry in an incomplete final event still applies", "data: a\n\nretry: 300\ndata: b\n",
              [.init(data: "a")], reconnectionTime: 300),
        .init("retry in an unterminated final line still applies", "data: a\n\nretry: 300",
              [.init(data: "a")], reconnectionTime: 300),
    ]

    @Test(arguments: retryRows)
    func retry(_ row: EventStreamCase) { row.verify() }

    /// `retry` sets the reconnection time as soon as its line is read, without waiting for dispatch.
    @Test func retryAppliesImmediately() throws {
        var parser = ServerSentEventParser()
        try parser.append(Array(utf8: "retry: 42\n"))
        #expect(parser.reconnectionTime == 42)
        #expect(parser.next() == nil)
    }

    // MARK: - Everything at once

    static let combinedRows: [EventStreamCase] = [
        .init("all fields, CRLF, comments", ": start\r\nid: 1\r\nevent: tick\r\nretry: 10\r\ndata: a\r\ndata: b\r\nx: y\r\n\r\n"
              + "data: c\r\n\r\n",
              [.init(event: "tick", data: "a\nb", id: "1", retry: 10), .init(data: "c", id: "1")],
              lastEventID: "1", reconnectionTime: 10),
    ]

    @Test(arguments: combinedRows)
    func combined(_ row: EventStreamCase) { row.verify() }
}
