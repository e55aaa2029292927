import Foundation
import NetspecTestServer
import Synchronization
import Testing

@testable import Netspec
import NetspecTestSupport

/// `paginate:`: pages followed lazily by Link header, body URL, cursor, page number or offset;
/// cycles and other origins stop with a warning; a failed page throws.
@Suite struct PaginationTests {
    static let yaml = """
        netspec: 1
        service: Pages
        endpoints:
          byLink:
            GET: /link
            params: { page: Int? }
            paginate: { next: link }
          byURL:
            GET: /url
            params: { page: Int? }
            paginate: { next: { url: links.next }, items: data }
          byCursor:
            GET: /cursor
            params: { after: String? }
            paginate: { next: { cursor: meta.next, param: after }, items: data }
          byPage:
            GET: /page
            params: { page: { type: Int, default: 1 } }
            paginate: { next: { page: page }, items: data }
          byOffset:
            GET: /offset
            params: { offset: { type: Int, default: 0 } }
            paginate: { next: { offset: offset }, items: data }
          loop:
            GET: /loop
            paginate: { next: link }
          away:
            GET: /away
            paginate: { next: link }
          broken:
            GET: /broken
            params: { page: Int? }
            paginate: { next: link }
          noItems:
            GET: /noitems
            params: { page: Int? }
            paginate: { next: { page: page }, items: data }
          numberItems:
            GET: /numberitems
            paginate: { next: { url: links.next }, items: data }
          notArray:
            GET: /notarray
            paginate: { next: link }
          textCursor:
            GET: /textcursor
            params: { after: String? }
            paginate: { next: { cursor: meta.next, param: after }, items: data }
          objectCursor:
            GET: /objectcursor
            params: { after: String? }
            paginate: { next: { cursor: meta.next, param: after }, items: data }
          numberURL:
            GET: /numberurl
            paginate: { next: { url: links.next }, items: data }
          script:
            GET: /script
            paginate: { next: { url: links.next }, items: data }
        """

    /// The page number in a query (`page=2`, `after=c2`, `offset=4`), 1 or 0 when absent.
    static func number(_ request: TestRequest, _ name: String, default value: Int) -> Int {
        for item in (request.query ?? "").split(separator: "&") where item.hasPrefix(name + "=") {
            return Int(item.dropFirst(name.count + 1).filter(\.isNumber)) ?? value
        }
        return value
    }

    static func json(_ writer: TestResponseWriter, _ body: String, headers: [(String, String)] = [], status: Int = 200) async throws {
        try await writer.respond(status: status, headers: [("Content-Type", "application/json")] + headers, body: body)
    }

    /// Three pages of two items each (1…6) by every mechanism.
    static let handler: TestHandler = TestHandlers.router([
        "GET /link": { request, writer in
            let page = number(request, "page", default: 1)
            let link = page < 3 ? [("Link", #"<http://\#(request.header("Host") ?? "")/link?page=\#(page + 1)>; rel="next", </link?page=3>; rel="last""#)] : []
            try await json(writer, "[\(page * 2 - 1),\(page * 2)]", headers: link)
        },
        "GET /url": { request, writer in
            let page = number(request, "page", default: 1)
            let next = page < 3 ? #""url?page=\#(page + 1)""# : "null"
            try await json(writer, #"{"data":[\#(page * 2 - 1),\#(page * 2)],"links":{"next":\#(next)}}"#)
        },
        "GET /cursor": { request, writer in
            let page = number(request, "after", default: 0) + 1
            let next = page < 3 ? #""c\#(page)""# : "null"
            try await json(writer, #"{"data":[\#(page * 2 - 1),\#(page * 2)],"meta":{"next":\#(next)}}"#)
        },
        "GET /page": { request, writer in
            let page = number(request, "page", default: 1)
            try await json(writer, page <= 3 ? #"{"data":[\#(page * 2 - 1),\#(page * 2)]}"# : #"{"data":[]}"#)
        },
        "GET /offset": { request, writer in
            let offset = number(request, "offset", default: 0)
            try await json(writer, offset < 6 ? #"{"data":[\#(offset + 1),\#(offset + 2)]}"# : #"{"data":[]}"#)
        },
        "GET /loop": { _, writer in try await json(writer, "[1]", headers: [("Link", #"</loop>; rel="next""#)]) },
        "GET /away": { _, writer in try await json(writer, "[1]", headers: [("Link", #"<https://elsewhere.example/away>; rel="next""#)]) },
        "GET /noitems": { _, writer in try await json(writer, #"{"other":[1]}"#) },
        "GET /numberitems": { _, writer in try await json(writer, #"{"data":5}"#) },
        "GET /notarray": { _, writer in try await json(writer, #"{"a":1}"#, headers: [("Link", #"</notarray?page=2>; rel="next""#)]) },
        // Each page's item is the `after` it was asked with; the cursors are a number, then a Boolean.
        "GET /textcursor": { request, writer in
            let after = (request.query ?? "").split(separator: "=").last.map(String.init) ?? ""
            let next = ["": "1", "1": "2", "2": "true"][after] ?? "null"
            try await json(writer, #"{"data":["\#(after)"],"meta":{"next":\#(next)}}"#)
        },
        "GET /objectcursor": { _, writer in try await json(writer, #"{"data":[1],"meta":{"next":{"x":1}}}"#) },
        "GET /numberurl": { _, writer in try await json(writer, #"{"data":[1],"links":{"next":5}}"#) },
        "GET /script": { _, writer in try await json(writer, #"{"data":[1],"links":{"next":"javascript:alert(1)"}}"#) },
        "GET /broken": { request, writer in
            if number(request, "page", default: 1) == 2 {
                try await json(writer, #"{"error":"gone"}"#, status: 410)
            } else {
                try await json(writer, "[1]", headers: [("Link", #"</broken?page=2>; rel="next""#)])
            }
        },
    ])

    @Test(arguments: ["byLink", "byURL", "byCursor", "byPage", "byOffset"])
    func everyMechanismYieldsEveryItem(endpoint: String) async throws {
        try await withTestServer(Self.handler) { server in
            let api = try makeService(Self.yaml, server: server)
            var items: [JSONValue] = []
            for try await item in try api.allItems(endpoint) { items.append(item) }
            #expect(items == [1, 2, 3, 4, 5, 6])
            // Pages are fetched as iterated: two pages asked for, two requests made (page and
            // offset read one more, empty page to know they ended).
            let before = server.requestCount
            var iterator = try api.allPages(endpoint).makeAsyncIterator()
            _ = try await iterator.next()
            _ = try await iterator.next()
            #expect(server.requestCount - before == 2)
        }
    }

    /// A page's body is parsed once, for its result, its next page and its items (it was parsed
    /// again for the next URL or cursor, and again for the items): three pages, three parses, by
    /// every mechanism (page and offset read a fourth, empty page).
    @Test(arguments: [("byLink", 3), ("byURL", 3), ("byCursor", 3), ("byPage", 4), ("byOffset", 4)])
    func eachPageIsParsedOnce(endpoint: String, pages: Int) async throws {
        try await withTestServer(Self.handler) { server in
            let api = try makeService(Self.yaml, server: server)
            let parses = Mutex(0)
            let items = try await Service.$pageBodyParsed.withValue({ parses.withLock { $0 += 1 } }) {
                var items: [JSONValue] = []
                for try await item in try api.allItems(endpoint) { items.append(item) }
                return items
            }
            #expect(items == [1, 2, 3, 4, 5, 6])
            #expect(parses.withLock { $0 } == pages)
            parses.withLock { $0 = 0 }
            let count = try await Service.$pageBodyParsed.withValue({ parses.withLock { $0 += 1 } }) {
                var count = 0
                for try await _ in try api.allPages(endpoint) { count += 1 }
                return count
            }
            #expect(count == pages)
            #expect(parses.withLock { $0 } == pages)
        }
    }

    @Test func theDynamicFormsAndMaxPages() async throws {
        try await withTestServer(Self.handler) { server in
            let api = try makeService(Self.yaml, server: server)
            var pages: [JSONValue] = []
            for try await page in try await api.byLink.pages(page: 2) { pages.append(page.value) }
            #expect(pages == [[3, 4], [5, 6]])
            var items: [JSONValue] = []
            for try await item in try api.allItems("byCursor", maxPages: 2) { items.append(item) }
            #expect(items == [1, 2, 3, 4])
        }
    }

    @Test(arguments: [
        ("loop", "endpoint 'loop': page 2 would be page 1's request again (GET http://127.0.0.1:PORT/loop); stopped (a cycle)"),
        ("away", "endpoint 'away': the next page https://elsewhere.example/away is on another origin than the first; not followed"),
        // Another scheme is another origin (it was requested as a path beside the page's).
        ("script", "endpoint 'script': the next page javascript:alert(1) is on another origin than the first; not followed"),
    ])
    func cyclesAndOtherOriginsStopWithAWarning(endpoint: String, warning: String) async throws {
        try await withTestServer(Self.handler) { server in
            let api = try makeService(Self.yaml, server: server)
            let warnings = Recorder<String>()
            var count = 0
            for try await _ in try api.allPages(endpoint, onWarning: { warnings.record($0) }) { count += 1 }
            #expect(count == 1)
            #expect(warnings.all == [warning.replacingOccurrences(of: "PORT", with: String(server.port))])
        }
    }

    /// Items that are not where `paginate:` says, or not an array, are an error naming the page
    /// and the key path (they read as an empty listing); so is a next URL or cursor that cannot
    /// be one, thrown after the page that held it.
    @Test(arguments: [
        ("noItems", [], "endpoint 'noItems': data: the server's page 1 (http://127.0.0.1:PORT/noitems): no items here (paginate: items: data); the page has an object with keys other"),
        ("numberItems", [], "endpoint 'numberItems': data: the server's page 1 (http://127.0.0.1:PORT/numberitems): the items (paginate: items: data) must be an array; found the number 5"),
        ("notArray", [], "endpoint 'notArray': the server's page 1 (http://127.0.0.1:PORT/notarray): the page's result must be an array of its items (paginate: has no 'items:' key path); found an object"),
        ("objectCursor", [1], "endpoint 'objectCursor': meta.next: the server's page 1 (http://127.0.0.1:PORT/objectcursor): the cursor (paginate: next: cursor) must be a string, a number or a Boolean; found an object"),
        ("numberURL", [1], "endpoint 'numberURL': links.next: the server's page 1 (http://127.0.0.1:PORT/numberurl): the next page's URL (paginate: next: url) must be a string; found the number 5"),
    ] as [(String, [JSONValue], String)])
    func aPageWithoutItsItemsOrNextIsAnError(endpoint: String, received: [JSONValue], message: String) async throws {
        try await withTestServer(Self.handler) { server in
            let api = try makeService(Self.yaml, server: server)
            var items: [JSONValue] = []
            let error = await #expect(throws: CallError.self) {
                for try await item in try api.allItems(endpoint) { items.append(item) }
            }
            #expect(items == received)
            guard case let .decoding(problem)? = error else { Issue.record("not a decoding error: \(String(describing: error))"); return }
            #expect(problem.description == message.replacingOccurrences(of: "PORT", with: String(server.port)))
        }
    }

    /// A number or Boolean cursor is sent as its text to a String parameter (it was refused as an argument).
    @Test func numberAndBooleanCursorsAreSentAsText() async throws {
        try await withTestServer(Self.handler) { server in
            let api = try makeService(Self.yaml, server: server)
            var items: [JSONValue] = []
            for try await item in try api.allItems("textCursor") { items.append(item) }
            #expect(items == ["", "1", "2", "true"])
        }
    }

    /// Stopping at `maxPages` while a next page follows says so; stopping where the pages end does not.
    @Test(arguments: [
        (2, [1, 2, 3, 4], ["endpoint 'byLink': stopped after 2 pages (maxPages); more pages follow"]),
        (1, [1, 2], ["endpoint 'byLink': stopped after 1 page (maxPages); more pages follow"]),
        (3, [1, 2, 3, 4, 5, 6], []),
    ] as [(Int, [JSONValue], [String])])
    func theLimitStopsWithAWarning(maxPages: Int, expected: [JSONValue], warnings expectedWarnings: [String]) async throws {
        try await withTestServer(Self.handler) { server in
            let api = try makeService(Self.yaml, server: server)
            let warnings = Recorder<String>()
            var items: [JSONValue] = []
            for try await item in try api.allItems("byLink", maxPages: maxPages, onWarning: { warnings.record($0) }) { items.append(item) }
            #expect(items == expected)
            #expect(warnings.all == expectedWarnings)
        }
    }

    @Test func aFailedPageThrowsItsStatus() async throws {
        try await withTestServer(Self.handler) { server in
            let api = try makeService(Self.yaml, server: server)
            var items: [JSONValue] = []
            let error = await #expect(throws: CallError.self) {
                for try await item in try api.allItems("broken") { items.append(item) }
            }
            #expect(items == [1])
            #expect(error?.status?.status == 410)
        }
    }

    @Test(arguments: [
        ("paginate: { next: { page: nope } }", "p.yaml:7:31: error: endpoint 'e': paginate: 'page' names 'nope', which is not a parameter of the endpoint (its parameters are: page)"),
        ("paginate: { next: { cursor: next } }", "p.yaml:7:23: error: endpoint 'e': paginate: a cursor needs 'param': the parameter the cursor is sent as"),
        ("paginate: { items: data }", "p.yaml:7:15: error: endpoint 'e': paginate: 'next' is required: link, or a mapping with url, cursor (and param), page or offset"),
        ("paginate: { next: sometimes }", "p.yaml:7:23: error: endpoint 'e': paginate: 'next' must be link, or a mapping with url, cursor (and param), page or offset; found the string 'sometimes'"),
    ])
    func specProblemsArePositioned(line: String, message: String) throws {
        let yaml = """
            netspec: 1
            service: S
            endpoints:
              e:
                GET: /e
                params: { page: Int? }
                \(line)
            """
        let error = #expect(throws: SpecError.self) { try Spec(yaml: yaml, file: "p.yaml") }
        #expect(error?.description == message)
    }

    @Test func resolvesRelativeNextLinks() {
        typealias Iterator = Service.Pages.AsyncIterator
        #expect(Iterator.resolve("/a?b=1", against: "https://h.example:8443/x/y?z") == "https://h.example:8443/a?b=1")
        #expect(Iterator.resolve("next?p=2", against: "https://h.example/x/y?z") == "https://h.example/x/next?p=2")
        #expect(Iterator.resolve("https://o.example/n", against: "https://h.example/x") == "https://o.example/n")
        #expect(Iterator.resolve("javascript:alert(1)", against: "https://h.example/x/y") == "javascript:alert(1)")
        #expect(Iterator.resolve("mailto:a@h.example", against: "https://h.example/x/y") == "mailto:a@h.example")
        #expect(Iterator.resolve("//o.example/n", against: "https://h.example/x/y") == "https://o.example/n")
        #expect(Iterator.resolve("a/b:c", against: "https://h.example/x/y") == "https://h.example/x/a/b:c")
    }
}
