import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec call --paginate` and streams never change an answer's integer silently either: one
/// with more digits than a Double keeps prints as the server wrote it where an item prints whole
/// (a page's item, a stream's line or event), and otherwise as before with one warning line on
/// standard error (CallWideIntegerOutputTests for whole answers).
@Suite struct CallWideIntegerItemsTests {
    static let spec: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: Big
            endpoints:
              list:
                GET: /list
                params: { page: { type: Int, default: 1 } }
                paginate: { next: { page: page }, items: data }
              linked:
                GET: /linked
                params: { page: Int? }
                paginate: { next: link }
              logs:
                GET: /logs
                stream: lines
              events:
                GET: /events
                stream: sse
            """, name: "big-items.yaml")
    }()

    static let big = "123456789012345678901234567890", bigAsDouble = "123456789012345677877719597056"
    static let negative = "-98765432109876543210987654321"

    /// A server answering `/list?page=N` with `pages[N - 1]` (an empty page after them), `/linked`
    /// with `linked` (page 1 linking to page 2), `/logs` with `lines` as JSON lines and `/events`
    /// with `events`.
    static func server(pages: [String] = [], linked: [String] = [], lines: String = "", events: [String] = []) -> TestHandler {
        TestHandlers.router([
            "GET /list": { request, writer in
                let page = Int((request.query ?? "page=1").split(separator: "=").last ?? "1") ?? 1
                let body = page <= pages.count ? pages[page - 1] : #"{"data":[]}"#
                try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: body)
            },
            "GET /linked": { request, writer in
                let page = request.query == "page=2" ? 2 : 1
                let link = page < linked.count ? [("Link", "</linked?page=\(page + 1)>; rel=\"next\"")] : []
                try await writer.respond(status: 200, headers: [("Content-Type", "application/json")] + link, body: linked[page - 1])
            },
            "GET /logs": { _, writer in
                try await writer.respond(status: 200, headers: [("Content-Type", "application/x-ndjson")], body: lines)
            },
            "GET /events": TestHandlers.sse(events: events, pauses: .zero),
        ])
    }

    static func run(_ handler: @escaping TestHandler, _ arguments: [String]) async throws -> CLI.Result {
        try await withTestServer(handler) { server in
            try await CLINetwork.call(spec, arguments[0], Array(arguments.dropFirst()), server: server)
        }
    }

    static let twoPages = [#"{"data": [{"id": \#(big)}, {"id": 1}], "total": 3}"#, #"{"data": [{"id": \#(negative), "n": 2}]}"#]

    /// `--paginate`: the array of every page's items, each number with the digits its page had.
    @Test(arguments: [[], ["--raw"]])
    func pagedItemsKeepTheDigits(_ flags: [String]) async throws {
        let result = try await Self.run(Self.server(pages: Self.twoPages), ["list", "--paginate"] + flags)
        #expect(result.stdout == #"[{"id":\#(Self.big)},{"id":1},{"id":\#(Self.negative),"n":2}]"# + "\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// `--paginate --ndjson`: one item a line, each with its page's digits.
    @Test func pagedItemsOneALineKeepTheDigits() async throws {
        let result = try await Self.run(Self.server(pages: Self.twoPages), ["list", "--paginate", "--ndjson"])
        #expect(result.stdout == #"{"id":\#(Self.big)}"# + "\n" + #"{"id":1}"# + "\n" + #"{"id":\#(Self.negative),"n":2}"# + "\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// Items without `items:` (each page's result is its array of items, the next page by `Link`).
    @Test func pagedResultsKeepTheDigits() async throws {
        let result = try await Self.run(Self.server(linked: ["[\(Self.big), 5]", "[{\"a\": [\(Self.negative)]}]"]), ["linked", "--paginate"])
        #expect(result.stdout == "[\(Self.big),5,{\"a\":[\(Self.negative)]}]\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// Two pages with different literals of one Double: in one array which is which cannot be
    /// told, so both print the Double's digits and one line warns, naming the first where it is in
    /// its page; one a line, each item keeps its own.
    @Test func twoPagesWithLiteralsOfOneDouble() async throws {
        let pages = [#"{"data": [{"id": \#(Self.big)}]}"#, #"{"data": [7, {"id": 123456789012345678901234567891}]}"#]
        let array = try await Self.run(Self.server(pages: pages), ["list", "--paginate"])
        #expect(array.stdout == #"[{"id":\#(Self.bigAsDouble)},7,{"id":\#(Self.bigAsDouble)}]"# + "\n")
        #expect(array.stderr == """
            warning: the answer's integer at /data/0/id, \(Self.big), has more digits than netspec keeps (about 17); \
            printed as \(Self.bigAsDouble) (and 1 more such integer)

            """)
        #expect(array.status == 0)
        let lines = try await Self.run(Self.server(pages: pages), ["list", "--paginate", "--ndjson"])
        #expect(lines.stdout == #"{"id":\#(Self.big)}"# + "\n7\n" + #"{"id":123456789012345678901234567891}"# + "\n")
        #expect(lines.stderr == "")
    }

    /// A stream of JSON lines: each line with the digits it had; blank lines and spacing as before.
    @Test func streamedLinesKeepTheDigits() async throws {
        let lines = "{\"id\": \(Self.big), \"n\": 1}\n\n[\(Self.negative)]\n\(Self.big)\n"
        let result = try await Self.run(Self.server(lines: lines), ["logs"])
        #expect(result.stdout == "{\"id\":\(Self.big),\"n\":1}\n[\(Self.negative)]\n\(Self.big)\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// A key path on a stream's lines: the Double's digits, and a warning for each line that had
    /// such a number, after it.
    @Test func aKeyPathOnStreamedLinesWarnsForEachLine() async throws {
        let lines = "{\"id\": \(Self.big)}\n{\"id\": 2}\n{\"id\": \(Self.negative), \"more\": \(Self.big)}\n"
        let result = try await Self.run(Self.server(lines: lines), ["logs", "--keypath", "id"])
        #expect(result.stdout == "\(Self.bigAsDouble)\n2\n-98765432109876546265216450560\n")
        #expect(result.stderr == """
            warning: the answer's integer at /id, \(Self.big), has more digits than netspec keeps (about 17); printed as \(Self.bigAsDouble)
            warning: the answer's integer at /id, \(Self.negative), has more digits than netspec keeps (about 17); printed as -98765432109876546265216450560

            """)
        #expect(result.status == 0)
    }

    /// Events: data of several lines printed as one line of JSON keeps its digits; a key path
    /// warns for the event.
    @Test func eventsKeepTheDigitsOrWarn() async throws {
        let events = ["data: {\"id\":\ndata:  \(Self.big)}\n\n", "data: {\"id\": \(Self.big)}\n\n"]
        let whole = try await Self.run(Self.server(events: events), ["events"])
        #expect(whole.stdout == "{\"id\":\(Self.big)}\n{\"id\": \(Self.big)}\n")
        #expect(whole.stderr == "")
        let selected = try await Self.run(Self.server(events: events), ["events", "--keypath", "id"])
        #expect(selected.stdout == "\(Self.bigAsDouble)\n\(Self.bigAsDouble)\n")
        #expect(selected.stderr == String(repeating: """
            warning: the answer's integer at /id, \(Self.big), has more digits than netspec keeps (about 17); printed as \(Self.bigAsDouble)

            """, count: 2))
    }

    /// Numbers a Double keeps, beyond `Int` or not, print as before in pages and streams, with no
    /// warning.
    @Test func ordinaryNumbersDoNotWarn() async throws {
        let item = #"{"n": 12345678901234567, "max": 9223372036854775807, "big": 18446744073709551616, "e": 1e30}"#
        let printed = #"{"n":12345678901234567,"max":9223372036854775807,"big":18446744073709551616,"e":1000000000000000019884624838656}"#
        let handler = Self.server(pages: [#"{"data": [\#(item)]}"#], lines: item + "\n")
        for (arguments, stdout) in [(["list", "--paginate"], "[\(printed)]\n"), (["list", "--paginate", "--ndjson"], printed + "\n"), (["logs"], printed + "\n"), (["logs", "--keypath", "big"], "18446744073709551616\n")] {
            let result = try await Self.run(handler, arguments)
            #expect(result.stdout == stdout, "\(arguments)")
            #expect(result.stderr == "", "\(arguments)")
            #expect(result.status == 0)
        }
    }
}
