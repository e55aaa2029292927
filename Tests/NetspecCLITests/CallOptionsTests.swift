import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec call` options: conflicts are usage errors, `-o` on whole responses, `-r`, redirects,
/// `--base-url` shorthands, `call SPEC` and `call SPEC EP --help`, and curl's equivalents.
@Suite struct CallOptionsTests {
    static let spec: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: Options
            baseURL: https://api.example.com/v1
            headers:
              X-Client: cli
            auth:
              bearer: ${API_TOKEN}
            endpoints:
              get:
                GET: /thing
              name:
                GET: /name
                keyPath: name
              events:
                GET: /events
                stream: sse
              file:
                GET: /file
                stream: bytes
              getFile:
                GET: /files/{+path}
                params:
                  path: String
            """, name: "options.yaml")
    }()

    @Test(arguments: [
        (["get", "--dry-run", "--curl"], "--dry-run and --curl cannot be used together: each prints the request in its own form; pick one"),
        (["get", "--dry-run", "-o", "x"], "--dry-run prints the request and sends nothing, so -o has nothing to act on"),
        (["get", "--dry-run", "--validate"], "--dry-run prints the request and sends nothing, so --validate has nothing to act on"),
        (["get", "--dry-run", "--paginate"], "--dry-run prints the request and sends nothing, so --paginate has nothing to act on"),
        (["get", "--curl", "--validate"], "--curl prints a curl command and sends nothing; curl has no equivalent of --validate"),
        (["get", "--curl", "--paginate"], "--curl prints a curl command and sends nothing; curl has no equivalent of --paginate"),
        (["get", "--dry-run", "--timeout", "3"], "--dry-run prints the request and sends nothing, so --timeout has nothing to act on"),
        (["get", "--dry-run", "--tls-min", "1.3"], "--dry-run prints the request and sends nothing, so --tls-min has nothing to act on"),
        (["get", "--dry-run", "--unpinned", "h"], "--dry-run prints the request and sends nothing, so --unpinned has nothing to act on"),
        (["get", "--dry-run", "--replay", "calls.har"], "--dry-run prints the request and sends nothing, so --replay has nothing to act on"),
        (["get", "--mock", "--timeout", "3"], "--mock answers from the document in this process and connects to nothing, so --timeout has nothing to act on"),
        (["get", "--mock", "-k"], "--mock answers from the document in this process and connects to nothing, so -k has nothing to act on"),
        (["get", "--mock", "--tls-min", "1.3"], "--mock answers from the document in this process and connects to nothing, so --tls-min has nothing to act on"),
        (["get", "--mock", "--no-follow"], "--mock answers from the document in this process and connects to nothing, so --no-follow has nothing to act on"),
        (["get", "--mock", "--no-cache"], "--mock answers from the document in this process, and no mocked answer is cached, so --no-cache has nothing to act on"),
        (["events", "--curl", "--ndjson"], "--curl prints a curl command and sends nothing; curl has no equivalent of --ndjson"),
        (["get", "--curl", "--mock"], "--curl prints a curl command and sends nothing; curl has no equivalent of --mock"),
        (["get", "--curl", "--replay", "calls.har"], "--curl prints a curl command and sends nothing; curl has no equivalent of --replay"),
        (["get", "--no-follow", "--max-redirects", "3"], "--no-follow and --max-redirects 3 contradict each other; pick one"),
        (["get", "--show-secrets"], "--show-secrets shows secrets in -v, --dry-run and --curl output; give one of them"),
        (["events", "--ndjson", "--keypath", "a"], "--keypath and --ndjson cannot be used together: --ndjson prints each whole event (--keypath alone selects from each event's data)"),
        (["get", "--ndjson"], "--ndjson applies to event streams, and 'get' returns a whole response"),
        (["file", "--ndjson"], "--ndjson applies to event streams, and 'file' returns a byte stream"),
        (["file", "--keypath", "a"], "--keypath selects from JSON, and 'file' returns a byte stream"),
        (["file", "-r"], "-r prints JSON strings as text, and 'file' returns a byte stream"),
        (["get", "-o", "x", "--keypath", "a"], "-o writes the response body as it arrives, so --keypath cannot select from it; use one or the other"),
        (["get", "-o", "x", "-r"], "-o writes the response body as it arrives, so -r has nothing to print; use one or the other"),
        (["get", "--dry-run", "--no-cache"], "--dry-run prints the request and sends nothing, so --no-cache has nothing to act on"),
        (["get", "--curl", "--no-cache"], "--curl prints a curl command and sends nothing; curl has no equivalent of --no-cache"),
        (["events", "--no-cache"], "--no-cache acts on the HTTP cache, and 'events' returns an event stream, which is never cached"),
        (["file", "--no-cache"], "--no-cache acts on the HTTP cache, and 'file' returns a byte stream, which is never cached"),
    ] as [([String], String)])
    func optionsThatCannotBothApplyExit64(arguments: [String], message: String) async throws {
        let result = try await CLI.run(["call", Self.spec] + arguments, environment: ["API_TOKEN": "t"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: " + message + "\n")
    }

    @Test func outputWritesAWholeResponseBodyToTheFile() async throws {
        let directory = try ScratchDirectory()
        let file = directory.path + "/thing.json"
        let body = #"{"b":[1,2],"a":"x"}"#
        try await withTestServer(TestHandlers.json(body: body)) { server in
            let result = try await CLI.run(["call", Self.spec, "get", "--base-url", server.baseURL, "-o", file], environment: ["API_TOKEN": "t"])
            #expect(result.status == 0)
            #expect(result.stdout == "")
            #expect(result.stderr == "")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == body)
        }
    }

    @Test(arguments: [
        ([] as [String], "\"Ada\"\n"),
        (["-r"], "Ada\n"),
        (["--raw-output"], "Ada\n"),
    ])
    func rawOutputPrintsAStringResultAsText(flags: [String], stdout: String) async throws {
        try await withTestServer(TestHandlers.json(body: #"{"name":"Ada"}"#)) { server in
            let result = try await CLI.run(["call", Self.spec, "name", "--base-url", server.baseURL] + flags, environment: ["API_TOKEN": "t"])
            #expect(result.status == 0)
            #expect(result.stdout == stdout)
        }
    }

    @Test(arguments: [
        (":8899", "http://localhost:8899/thing"),
        (":8899/api", "http://localhost:8899/api/thing"),
        ("localhost:8899", "http://localhost:8899/thing"),
        ("example.com/v2", "http://example.com/v2/thing"),
        ("https://example.com", "https://example.com/thing"),
    ])
    func baseURLShorthandsMeanHTTP(baseURL: String, url: String) async throws {
        let result = try await CLI.run(["call", Self.spec, "get", "--base-url", baseURL, "--dry-run"], environment: ["API_TOKEN": "t"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("GET \(url) HTTP/1.1\n"))
    }

    @Test func aHostAndPortWithoutSchemeReachesTheServer() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"ok":1}"#)) { server in
            let port = server.baseURL.split(separator: ":").last!
            let result = try await CLI.run(["call", Self.spec, "get", "--base-url", "127.0.0.1:\(port)"], environment: ["API_TOKEN": "t"])
            #expect(result.status == 0)
            #expect(result.stdout == #"{"ok":1}"# + "\n")
        }
    }

    @Test func withoutAnEndpointCallListsTheEndpoints() async throws {
        let result = try await CLI.run(["call", Self.spec])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: name an endpoint to call; \(Self.spec) has:
              get      GET  /thing
              name     GET  /name
              events   GET  /events
              file     GET  /file
              getFile  GET  /files/{+path}

            """)
    }

    @Test(arguments: [["--help"], ["-h"]])
    func helpAfterAnEndpointDescribesIt(flag: [String]) async throws {
        let help = try await CLI.run(["call", Self.spec, "getFile"] + flag)
        let describe = try await CLI.run(["describe", Self.spec, "getFile"])
        #expect(help.status == 0)
        #expect(help.stdout == describe.stdout)
        #expect(help.stdout == """
            getFile: GET /files/{+path}

            base URL:   https://api.example.com/v1
            headers:    X-Client: cli
            auth:       bearer, Authorization: Bearer ${API_TOKEN}
            variables:  API_TOKEN

            parameters:
              path  String  required  path {+path}  (path: matches {+path}, reserved expansion: '/' and other reserved characters kept)

            body: none
            result: JSON

            """)
    }

    @Test func callHelpListsTheExitStatuses() async throws {
        let result = try await CLI.run(["call", "--help"])
        #expect(result.status == 0)
        let text = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for phrase in ["64 usage error", "73 the -o file cannot be created", "74 output cannot be written", "141 standard output closed by its reader"] {
            #expect(text.contains(phrase), "\(phrase)")
        }
        #expect(result.stdout.contains("--max-redirects"))
        #expect(result.stdout.contains("--no-follow"))
        #expect(result.stdout.contains("-r, --raw-output"))
    }

    @Test func usageErrorsKeepTheHelpHint() async throws {
        let result = try await CLI.run(["call", Self.spec, "get", "--timeout", "-1"])
        #expect(result.status == 64)
        #expect(result.stderr.hasSuffix("Usage: netspec call SPEC ENDPOINT [ITEM...] [OPTIONS]\n  See 'netspec call --help' for more information.\n"))
    }

    static func redirecting(hops: Int) -> TestHandler {
        var routes: [(String, TestHandler)] = []
        for hop in 0..<hops {
            routes.append(("GET /thing\(hop == 0 ? "" : String(hop))", TestHandlers.redirect(to: "/thing\(hop + 1)")))
        }
        routes.append(("GET /thing\(hops)", TestHandlers.json(body: #"{"hops":\#(hops)}"#)))
        let table = routes
        return { request, writer in
            let route = table.first(where: { $0.0 == "\(request.method) \(request.path)" })!
            try await route.1(request, writer)
        }
    }

    @Test func verboseShowsEveryRedirectHop() async throws {
        try await withTestServer(Self.redirecting(hops: 2)) { server in
            let result = try await CLI.run(["call", Self.spec, "get", "--base-url", server.baseURL, "-v"], environment: ["API_TOKEN": "t"])
            #expect(result.status == 0)
            #expect(result.stdout == #"{"hops":2}"# + "\n")
            let requestLines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("> GET ") }
            #expect(requestLines == [
                "> GET \(server.baseURL)/thing HTTP/1.1",
                "> GET \(server.baseURL)/thing1 HTTP/1.1",
                "> GET \(server.baseURL)/thing2 HTTP/1.1",
            ])
            let statusLines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("< HTTP/1.1") }
            #expect(statusLines == ["< HTTP/1.1 302 Found", "< HTTP/1.1 302 Found", "< HTTP/1.1 200 OK"])
        }
    }

    @Test func noFollowMakesTheRedirectTheAnswer() async throws {
        try await withTestServer(Self.redirecting(hops: 1)) { server in
            let result = try await CLI.run(["call", Self.spec, "get", "--base-url", server.baseURL, "--no-follow"], environment: ["API_TOKEN": "t"])
            #expect(result.status == 3)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("HTTP/1.1 302 Found\n"))
            #expect(server.requestCount == 1)
        }
    }

    @Test func maxRedirectsLimitsTheHops() async throws {
        try await withTestServer(Self.redirecting(hops: 2)) { server in
            let within = try await CLI.run(["call", Self.spec, "get", "--base-url", server.baseURL, "--max-redirects", "2"], environment: ["API_TOKEN": "t"])
            #expect(within.status == 0)
            #expect(within.stdout == #"{"hops":2}"# + "\n")
            let over = try await CLI.run(["call", Self.spec, "get", "--base-url", server.baseURL, "--max-redirects", "1"], environment: ["API_TOKEN": "t"])
            #expect(over.status == 1)
            #expect(over.stderr.contains("more than 1 redirect"))
        }
    }

    @Test func curlGetsTheEquivalentOptions() async throws {
        let result = try await CLI.run([
            "call", Self.spec, "get", "--curl", "--timeout", "5", "--connect-timeout", "1.5", "--max-redirects", "3", "-k", "-o", "out file",
        ])
        #expect(result.status == 0)
        #expect(result.stdout == """
            curl https://api.example.com/v1/thing -H 'X-Client: cli' -H 'Accept: application/json, */*;q=0.5' \
            -H 'User-Agent: netspec/0.1.0' -H "Authorization: Bearer ${API_TOKEN}" --compressed \
            --max-time 5 --connect-timeout 1.5 -L --max-redirs 3 -k -o 'out file'

            """)
    }
}

/// `--allow-origin`: an OpenAPI operation whose own server is on another origin gets the
/// document's credentials only when that origin is allowed.
@Suite struct AllowOriginTests {
    static let document = """
        openapi: 3.1.0
        servers: [{ url: "https://api.example.com" }]
        security: [{ token: [] }]
        components: { securitySchemes: { token: { type: http, scheme: bearer } } }
        paths:
          /upload:
            servers: [{ url: "https://uploads.example.net" }]
            post: { operationId: upload }
        """

    @Test(arguments: [
        ([] as [String], ""),
        (["--allow-origin", "https://uploads.example.net"], "Authorization: Bearer t\n"),
        (["--allow-origin", "https://other.example.net", "--allow-origin", "HTTPS://UPLOADS.example.net"], "Authorization: Bearer t\n"),
    ])
    func credentialsGoToAnotherOriginOnlyWhenAllowed(flags: [String], authorization: String) async throws {
        let directory = try ScratchDirectory()
        let file = directory.path + "/doc.yaml"
        try Self.document.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["call", file, "upload", "--dry-run", "--show-secrets", "--var", "TOKEN=t"] + flags)
        #expect(result.stdout == "POST https://uploads.example.net/upload HTTP/1.1\n" + CallDryRunTests.tail + "Content-Length: 0\n" + authorization + "\n")
        #expect(result.status == 0)
    }

    /// An operation's own server is where it goes, whatever the base URL given: once passed over
    /// without a word, it is now said.
    @Test(arguments: [(["--base-url", ":9"], "--base-url"), (["--server", "0"], "--server")])
    func aBaseURLGivenDoesNotReplaceAnOperationsOwnServerAndSaysSo(flags: [String], option: String) async throws {
        let directory = try ScratchDirectory()
        let file = directory.path + "/doc.yaml"
        try Self.document.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["call", file, "upload", "--dry-run", "--var", "TOKEN=t"] + flags)
        #expect(result.stdout.hasPrefix("POST https://uploads.example.net/upload HTTP/1.1\n"))
        #expect(result.stderr.split(separator: "\n").contains("warning: endpoint 'upload' is sent to its own server (https://uploads.example.net/upload), which \(option) does not replace"), "\(result.stderr)")
        #expect(result.status == 0)
    }

    @Test func anOriginMustHaveAScheme() async throws {
        let result = try await CLI.run(["call", "specs/users.yaml", "getUser", "id=1", "--dry-run", "--allow-origin", "uploads.example.net"])
        #expect(result.stderr.hasPrefix("Error: --allow-origin 'uploads.example.net' must be an origin such as https://uploads.example.com\n"))
        #expect(result.status == 64)
    }
}

/// `--paginate`: every item of every page, as one JSON array or (`--ndjson`) one per line.
@Suite struct PaginateOptionTests {
    static let spec: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: Pages
            endpoints:
              list:
                GET: /list
                params: { page: { type: Int, default: 1 } }
                paginate: { next: { page: page }, items: data }
              single: { GET: /single }
            """, name: "pages.yaml")
    }()

    static let handler: TestHandler = { request, writer in
        let page = Int((request.query ?? "page=1").split(separator: "=").last ?? "1") ?? 1
        let body = page <= 2 ? #"{"data":[{"n":\#(page * 2 - 1)},{"n":\#(page * 2)}]}"# : #"{"data":[]}"#
        try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: body)
    }

    @Test(arguments: [
        ([] as [String], #"[{"n":1},{"n":2},{"n":3},{"n":4}]"# + "\n"),
        (["--ndjson"], #"{"n":1}"# + "\n" + #"{"n":2}"# + "\n" + #"{"n":3}"# + "\n" + #"{"n":4}"# + "\n"),
        (["--max-items", "3"], #"[{"n":1},{"n":2},{"n":3}]"# + "\n"),
        (["--max-pages", "1"], #"[{"n":1},{"n":2}]"# + "\n"),
    ])
    func itemsOfEveryPage(flags: [String], stdout: String) async throws {
        try await withTestServer(Self.handler) { server in
            let result = try await CLI.run(["call", Self.spec, "list", "--paginate", "--raw", "--base-url", server.baseURL] + flags)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == stdout)
        }
    }

    static let endlessSpec: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: More
            endpoints:
              endless:
                GET: /endless
                params: { page: Int? }
                paginate: { next: link }
              badCursor:
                GET: /badcursor
                params: { after: String? }
                paginate: { next: { cursor: meta.next, param: after }, items: data }
            """, name: "more.yaml")
    }()

    static let endlessHandler: TestHandler = TestHandlers.router([
        "GET /endless": { request, writer in
            let page = Int((request.query ?? "page=1").split(separator: "=").last ?? "1") ?? 1
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json"), ("Link", "</endless?page=\(page + 1)>; rel=\"next\"")], body: "[\(page)]")
        },
        "GET /badcursor": { _, writer in
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"data":[1,2],"meta":{"next":{"x":1}}}"#)
        },
    ])

    /// The page limit, the default one too, cuts a listing short with a warning (it said nothing).
    @Test(arguments: [
        ([] as [String], 100),
        (["--max-pages", "3"], 3),
    ])
    func thePageLimitWarns(flags: [String], pages: Int) async throws {
        try await withTestServer(Self.endlessHandler) { server in
            let result = try await CLI.run(["call", Self.endlessSpec, "endless", "--paginate", "--raw", "--base-url", server.baseURL] + flags)
            #expect(result.status == 0)
            #expect(result.stdout == "[" + (1...pages).map(String.init).joined(separator: ",") + "]\n")
            #expect(result.stderr == "warning: endpoint 'endless': stopped after \(pages) pages (--max-pages); more pages follow\n")
        }
    }

    /// A cursor the server gives that cannot be one fails the command as an error in the answer
    /// (exit 1, not a usage error), after the page's items with --ndjson.
    @Test func anObjectCursorIsTheServersError() async throws {
        try await withTestServer(Self.endlessHandler) { server in
            let result = try await CLI.run(["call", Self.endlessSpec, "badCursor", "--paginate", "--ndjson", "--base-url", server.baseURL])
            #expect(result.status == 1)
            #expect(result.stdout == "1\n2\n")
            #expect(result.stderr == "error: endpoint 'badCursor': meta.next: the server's page 1 (\(server.baseURL)/badcursor): the cursor (paginate: next: cursor) must be a string, a number or a Boolean; found an object\n")
        }
    }

    @Test(arguments: [
        (["single", "--paginate"], "error: --paginate follows pages, and 'single' has no 'paginate:' in the spec"),
        (["list", "--max-pages", "2"], "Error: --max-pages and --max-items apply to --paginate; give it too"),
    ])
    func misuseIsAUsageError(arguments: [String], message: String) async throws {
        let result = try await CLI.run(["call", Self.spec] + arguments + ["--base-url", "http://127.0.0.1:1"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message + "\n"))
    }
}
