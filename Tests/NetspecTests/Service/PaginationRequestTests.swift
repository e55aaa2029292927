import Foundation
import HTTPTypes
import NetspecTestServer
import Testing

@testable import Netspec
import NetspecTestSupport

/// What a page's request is, and where its next page is: a cursor, page or offset sent in the body
/// or a header is a new request (not a cycle); a relative next URL is resolved as RFC 3986 §5.2
/// says, against the URL that served the page (after its redirects); the `Link` header is read with
/// its quoted-strings (RFC 8288).
@Suite struct PaginationRequestTests {
    static let yaml = """
        netspec: 1
        service: Pages
        endpoints:
          bodyCursor:
            POST: /search
            params: { q: String, cursor: "String?" }
            paginate: { next: { cursor: next, param: cursor }, items: data }
          headerCursor:
            GET: /header
            params: { cursor: { type: "String?", in: header, name: X-Cursor } }
            paginate: { next: { cursor: next, param: cursor }, items: data }
          formCursor:
            POST: /form
            encoding: multipart
            params: { q: String, cursor: "String?" }
            paginate: { next: { cursor: next, param: cursor }, items: data }
          bodyPage:
            POST: /pages
            params: { q: String, page: "Int?" }
            paginate: { next: { page: page }, items: data }
          bodyLoop:
            POST: /search/loop
            params: { q: String, cursor: "String?" }
            paginate: { next: { cursor: next, param: cursor }, items: data }
          headerLoop:
            GET: /header/loop
            params: { cursor: { type: "String?", in: header, name: X-Cursor } }
            paginate: { next: { cursor: next, param: cursor }, items: data }
          formLoop:
            POST: /form/loop
            encoding: multipart
            params: { q: String, cursor: "String?" }
            paginate: { next: { cursor: next, param: cursor }, items: data }
          rel:
            GET: /rel/items
            params: { page: { type: Int, default: 1 } }
            paginate: { next: link }
          moved:
            GET: /old/items
            paginate: { next: link }
          movedURL:
            GET: /old/body
            paginate: { next: { url: next }, items: data }
        """

    /// The cursor a request carries anywhere (query, header, JSON or multipart body): `cur_1`,
    /// `cur_2`, else 0. The underscore keeps a multipart body's boundary (`netspec-` and random
    /// letters and digits) from ever reading as a cursor: with `c1`/`c2`, one in a few dozen
    /// boundaries held one, and the first page was taken for a later one.
    static func cursor(_ request: TestRequest, body: [UInt8]) -> Int {
        let text = (request.header("X-Cursor") ?? "") + String(decoding: body, as: UTF8.self)
        return text.contains("cur_2") ? 2 : text.contains("cur_1") ? 1 : 0
    }

    static func json(_ writer: TestResponseWriter, _ body: String, headers: [(String, String)] = []) async throws {
        try await writer.respond(status: 200, headers: [("Content-Type", "application/json")] + headers, body: body)
    }

    /// Three pages of two items (1…6), the cursor `cur_1`, `cur_2` read wherever it is sent.
    static let cursorPages: TestHandler = { request, writer in
        let page = cursor(request, body: try await request.collectBody(upTo: 1 << 16))
        let next = page < 2 ? #""cur_\#(page + 1)""# : "null"
        try await json(writer, #"{"data":[\#(page * 2 + 1),\#(page * 2 + 2)],"next":\#(next)}"#)
    }

    /// Every page's next cursor is `cur_1`: the second page's request comes again.
    static let cursorLoop: TestHandler = { request, writer in
        _ = try await request.collectBody(upTo: 1 << 16)
        try await json(writer, #"{"data":[1],"next":"cur_1"}"#)
    }

    static let handler: TestHandler = TestHandlers.router([
        "POST /search": cursorPages,
        "GET /header": cursorPages,
        "POST /form": cursorPages,
        "POST /pages": { request, writer in
            let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            let page = body.firstRange(of: #""page":"#).map { Int(body[$0.upperBound...].prefix(while: \.isNumber)) ?? 1 } ?? 1
            try await json(writer, page <= 3 ? #"{"data":[\#(page * 2 - 1),\#(page * 2)]}"# : #"{"data":[]}"#)
        },
        "POST /search/loop": cursorLoop,
        "GET /header/loop": cursorLoop,
        "POST /form/loop": cursorLoop,
    ])

    /// A cursor or page number sent in the body or a header makes each page a new request: every
    /// page is fetched (the second was taken for the first again, as only the URL was compared).
    @Test(arguments: ["bodyCursor", "headerCursor", "formCursor", "bodyPage"])
    func aCursorOrPageOutsideTheURLIsNotACycle(endpoint: String) async throws {
        try await withTestServer(Self.handler) { server in
            let api = try makeService(Self.yaml, server: server)
            let warnings = Recorder<String>()
            var items: [JSONValue] = []
            let arguments: [String: Argument] = endpoint == "headerCursor" ? [:] : ["q": "x"]
            for try await item in try api.allItems(endpoint, arguments, onWarning: { warnings.record($0) }) { items.append(item) }
            #expect(items == [1, 2, 3, 4, 5, 6])
            #expect(warnings.all == [])
        }
    }

    /// The same request again is still a cycle, the cursor in the body, a header or a multipart
    /// part (whose boundary is new for each request) as in the URL.
    @Test(arguments: [("bodyLoop", "POST /search/loop"), ("headerLoop", "GET /header/loop"), ("formLoop", "POST /form/loop")])
    func theSameRequestAgainIsACycle(endpoint: String, request: String) async throws {
        try await withTestServer(Self.handler) { server in
            let api = try makeService(Self.yaml, server: server)
            let warnings = Recorder<String>()
            var pages = 0
            let arguments: [String: Argument] = endpoint == "headerLoop" ? [:] : ["q": "x"]
            for try await _ in try api.allPages(endpoint, arguments, onWarning: { warnings.record($0) }) { pages += 1 }
            #expect(pages == 2)
            let (method, path) = (request.prefix { $0 != " " }, request.drop { $0 != " " }.dropFirst())
            #expect(warnings.all == ["endpoint '\(endpoint)': page 3 would be page 2's request again (\(method) \(server.baseURL)\(path)); stopped (a cycle)"])
        }
    }

    /// Pages at `/rel/items?page=N` that link to the next one as `link` (with `N` in it) says, and
    /// pages at `/new/body?page=N` whose body links to the next one as `body?page=N`; each page
    /// answers with `headers` too.
    static func linking(_ link: String, headers: [(String, String)] = []) -> TestHandler {
        TestHandlers.router([
            "GET /rel/items": { request, writer in
                let page = PaginationTests.number(request, "page", default: 1)
                let header = page < 3 ? [("Link", link.replacingOccurrences(of: "N", with: String(page + 1)))] : []
                try await json(writer, "[\(page)]", headers: header + headers)
            },
            "GET /old/items": TestHandlers.redirect(to: "/rel/items?page=1", status: 301),
            "GET /old/body": TestHandlers.redirect(to: "/new/body?page=1", status: 301),
            "GET /new/body": { request, writer in
                let page = PaginationTests.number(request, "page", default: 1)
                try await json(writer, #"{"data":[\#(page)],"next":\#(page < 3 ? "\"body?page=\(page + 1)\"" : "null")}"#, headers: headers)
            },
        ])
    }

    /// A relative next link is resolved as RFC 3986 §5.2 says: a query alone keeps the page's
    /// path (it was put beside it, `/rel/?page=2`), `.` and `..` segments are removed (they were
    /// sent, and grew on each page); a quoted parameter value is not read as a link or a `rel`
    /// (`/rel/x` was requested, from inside the title).
    @Test(arguments: [
        #"<?page=N>; rel="next""#,
        #"<./items?page=N>; rel="next""#,
        #"<../rel/items?page=N>; rel="next""#,
        #"</rel/./x/../items?page=N#top>; rel="next""#,
        #"<items?page=N>; rel=next"#,
        #"</rel/items?page=99>; title="see <x>; rel=next", <items?page=N>; rel="next""#,
        #"<items?page=N>; title="a, \"b\"; c"; rel="last next""#,
    ])
    func relativeNextLinksAreResolvedAsRFC3986Says(link: String) async throws {
        try await withTestServer(Self.linking(link)) { server in
            let api = try makeService(Self.yaml, server: server)
            let warnings = Recorder<String>()
            var items: [JSONValue] = []
            for try await item in try api.allItems("rel", onWarning: { warnings.record($0) }) { items.append(item) }
            #expect(items == [1, 2, 3])
            #expect(warnings.all == [])
            #expect(server.requestCount == 3)
        }
    }

    /// A page reached through a redirect has its relative next page resolved against where the
    /// redirect led, not against the URL asked for (which redirected to the first page again).
    @Test(arguments: ["moved", "movedURL"])
    func aRedirectedPageResolvesItsNextPageWhereItWasServed(endpoint: String) async throws {
        try await withTestServer(Self.linking(#"<items?page=N>; rel="next""#)) { server in
            let api = try makeService(Self.yaml, server: server)
            let warnings = Recorder<String>()
            var items: [JSONValue] = []
            for try await item in try api.allItems(endpoint, onWarning: { warnings.record($0) }) { items.append(item) }
            #expect(items == [1, 2, 3])
            #expect(warnings.all == [])
            #expect(server.requestCount == 4)
        }
    }

    /// A redirected first page answered later by the HTTP cache (in memory or on disk) still knows
    /// the URL that served it, as the network's answer did: its relative next page is resolved
    /// there, so a second listing asks for the same pages and gets the same items, all from the
    /// cache (the server sees none of its requests; or, when the pages must be revalidated, only
    /// conditional requests answered `304`). The cache keeps the page under the URL asked for,
    /// with the URL its redirect led to.
    @Test(arguments: [
        ("moved", false, false), ("moved", true, false), ("movedURL", false, false), ("movedURL", true, false),
        ("moved", false, true), ("movedURL", true, true),
    ])
    func aRedirectedPageFromTheCacheResolvesItsNextPageWhereItWasServed(endpoint: String, onDisk: Bool, revalidates: Bool) async throws {
        let directory = try ScratchDirectory()
        let cache = onDisk ? HTTPCache(directory: directory.path) : HTTPCache()
        let served = Recorder<String>()
        let freshness = revalidates ? [("Cache-Control", "no-cache"), ("ETag", #""v1""#)] : [("Cache-Control", "max-age=600")]
        let pages = Self.linking(#"<items?page=N>; rel="next""#, headers: freshness)
        try await withTestServer({ request, writer in
            let conditional = request.header("If-None-Match") != nil
            served.record("\(request.method) \(request.target)" + (conditional ? " (conditional)" : ""))
            if request.header("If-None-Match") == #""v1""#, !request.target.hasPrefix("/old/") {
                return try await writer.respond(status: 304, headers: freshness, body: "")
            }
            try await pages(request, writer)
        }) { server in
            var options = testOptions()
            options.cache = cache
            // Before the cache: every page the listing asks for, answered from the cache or not.
            let asked = NetworkRecorder()
            let api = try makeService(Self.yaml, server: server, options: options, interceptors: [asked])
            var items: [[JSONValue]] = []
            var requested: [[String]] = []
            var hits: [Int] = []
            for _ in 1...2 {
                let before = asked.requests.all.count
                let warnings = Recorder<String>()
                var run: [JSONValue] = []
                for try await item in try api.allItems(endpoint, onWarning: { warnings.record($0) }) { run.append(item) }
                #expect(warnings.all == [])
                items.append(run)
                requested.append(asked.requests.all.dropFirst(before).map(\.url))
                hits.append(cache.statistics.hitCount)
            }
            let (old, new) = endpoint == "moved" ? ("/old/items", "/rel/items") : ("/old/body", "/new/body")
            #expect(items == [[1, 2, 3], [1, 2, 3]])
            let expected = [server.baseURL + old, server.baseURL + new + "?page=2", server.baseURL + new + "?page=3"]
            #expect(requested == [expected, expected])
            let fetched = ["GET \(old)", "GET \(new)?page=1", "GET \(new)?page=2", "GET \(new)?page=3"]
            #expect(served.all == fetched + (revalidates ? fetched.map { $0 + " (conditional)" } : []))
            #expect(hits == [0, 3])
        }
    }

    /// RFC 3986 §5.4's examples, normal and abnormal, against its base.
    @Test(arguments: [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"), ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"),
        ("/./g", "http://a/g"), ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"), ("http:g", "http:g"),
    ])
    func resolvesRFC3986Examples(reference: String, expected: String) {
        #expect(Service.Pages.AsyncIterator.resolve(reference, against: "http://a/b/c/d;p?q") == expected)
    }

    /// `Link` values (RFC 8288 §3) and their `rel="next"` target.
    @Test(arguments: [
        ([#"</p?page=99>; title="see <x>; rel=next", </p?page=2>; rel="next""#], "/p?page=2"),
        ([#"<a>; title="x, y"; rel="next""#], "a"),
        ([#"<a>; title="a \"quoted\" <b>; rel=next"; rel=prev, <b>; rel=next"#], "b"),
        ([#"<a>; rel="prev next""#], "a"),
        ([#"<a>;rel=next"#], "a"),
        ([#"<a> ; REL = "NEXT""#], "a"),
        ([#"<a>; rel="prev", <b>; rel="next""#], "b"),
        ([#"<a>; rel="next"; rel="prev""#], "a"),
        ([#"<a>; rel="prev"; rel="next""#], nil),
        ([#"<a>; rel="nextpage""#], nil),
        ([#"<a>; rel="https://example.com/next""#], nil),
        ([#"<a>; title*=UTF-8'de'n%c3%a4chstes; rel=next"#], "a"),
        ([#"garbage "with, <x>; rel=next", <b>; rel=next"#], "b"),
        ([#"<a>; rel=prev"#, #"<b>; rel=next"#], "b"),
        ([#"<a>; rel="next"#], "a"),
        ([""], nil),
    ] as [([String], String?)])
    func readsTheNextLink(values: [String], expected: String?) {
        let fields = HTTPFields(values.map { HTTPField(name: HTTPField.Name("Link")!, value: $0) })
        #expect(Service.Pages.AsyncIterator.nextLink(in: fields) == expected)
    }
}
