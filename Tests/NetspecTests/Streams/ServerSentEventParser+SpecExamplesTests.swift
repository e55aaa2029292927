@testable import Netspec
import Testing

/// The examples from the WHATWG HTML standard, "Server-sent events".
///
/// https://html.spec.whatwg.org/multipage/server-sent-events.html
@Suite struct ServerSentEventParserSpecExamplesTests {

    static let examples: [EventStreamCase] = [
        // 9.2.5: "the following stream ... [fires] an event whose data is 'YHOO\n+2\n10'".
        .init("stock ticker", "data: YHOO\ndata: +2\ndata: 10\n\n", [.init(data: "YHOO\n+2\n10")]),

        // 9.2.5: a comment block fires nothing; "first event" sets the last event ID to 1; `id`
        // with no value resets it; " third event" keeps one of its two leading spaces.
        .init("comment, id and id reset",
              ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n",
              [.init(data: "first event", id: "1"), .init(data: "second event"), .init(data: " third event")]),

        // "Note that the last still has to end with a blank line, the end of the stream is not
        // enough to trigger the dispatch of the last event."
        .init("comment, id and id reset, without the final blank line",
              ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n",
              [.init(data: "first event", id: "1"), .init(data: "second event")]),

        // "The first block fires events with the data set to the empty string, as would the last
        // block if it was followed by a blank line. The middle block fires an event with the data
        // set to a single newline character. The last block is discarded because it is not
        // followed by a blank line."
        .init("empty data blocks", "data\n\ndata\ndata\n\ndata:", [.init(data: ""), .init(data: "\n")]),

        // "The following stream fires two identical events: This is because the space after the
        // colon is ignored if present."
        .init("space after the colon is optional", "data:test\n\ndata: test\n\n", [.init(data: "test"), .init(data: "test")]),

        // 9.2.1 introduction: three messages, the second on two lines.
        .init("introduction messages",
              "data: This is the first message.\n\ndata: This is the second message, it\ndata: has two lines.\n\n"
              + "data: This is the third message.\n\n",
              [.init(data: "This is the first message."), .init(data: "This is the second message, it\nhas two lines."),
               .init(data: "This is the third message.")]),

        // 9.2.1 introduction: named event types.
        .init("introduction event types",
              "event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\nevent: add\ndata: 113411\n\n",
              [.init(event: "add", data: "73857293"), .init(event: "remove", data: "2153"),
               .init(event: "add", data: "113411")]),

        // 9.2.7 authoring notes: a comment line every 15 seconds or so keeps proxies from closing
        // the connection; comments never reach the application.
        .init("keep-alive comments", ":\n\ndata: a\n\n: ping\n\n:\n:\ndata: b\n\n", [.init(data: "a"), .init(data: "b")]),

        // The benchmark's shape: an LLM token stream that ends in [DONE].
        .init("chat completion chunks",
              "id: 0\nevent: message\ndata: {\"choices\": [{\"delta\": {\"content\": \"Hi\"}}]}\n\n"
              + "id: 1\nevent: message\ndata: {\"choices\": [{\"delta\": {\"content\": \"!\"}}]}\n\ndata: [DONE]\n\n",
              [.init(data: "{\"choices\": [{\"delta\": {\"content\": \"Hi\"}}]}", id: "0"),
               .init(data: "{\"choices\": [{\"delta\": {\"content\": \"!\"}}]}", id: "1"),
               .init(data: "[DONE]", id: "1")],
              lastEventID: "1"),
    ]

    @Test(arguments: examples)
    func example(_ row: EventStreamCase) { row.verify() }
}
