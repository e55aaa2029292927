import Foundation
import NetspecTestServer
import NetspecTestSupport
import Synchronization
import Testing

import Netspec
import NetspecMCP

/// The 2025-11-25 protocol beyond tools: static tools' titles, annotations, cut descriptions and
/// pages; the document and each operation as resources; and, over ``MCPServer/serve(lines:write:)``
/// (stdio), requests handled concurrently, cancellation, progress and log notifications.
@Suite struct MCPProtocolTests {
    static let yaml = """
        openapi: 3.1.0
        info: { title: Clock, version: "1" }
        paths:
          /fast:
            get:
              operationId: fast
              summary: "Reads the time.\\nQuickly."
              tags: [time]
              responses: { "200": { description: ok } }
          /slow:
            get:
              operationId: slow
              tags: [time]
              responses: { "200": { description: ok } }
          /ticks:
            get:
              operationId: ticks
              responses: { "200": { description: ok, content: { text/event-stream: {} } } }
          /time:
            put:
              operationId: setTime
              parameters: [{ name: at, in: query, schema: { type: string } }]
              responses: { "204": { description: ok } }
          /alarms:
            post:
              operationId: addAlarm
              parameters: [{ name: at, in: query, schema: { type: string } }]
              responses: { "201": { description: ok } }
          /notes:
            post:
              operationId: addNote
              requestBody:
                content: { application/json: { schema: { type: object, properties: { text: { type: string } } } } }
              responses: { "201": { description: ok } }
          /alarms/{id}:
            delete:
              operationId: removeAlarm
              tags: [Alarms]
              parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
              responses: { "204": { description: ok } }
        """

    static func server(_ yaml: String = MCPProtocolTests.yaml, baseURL: String = "http://127.0.0.1:1", options: MCPServer.Options = .init()) throws -> MCPServer {
        MCPServer(service: Service(spec: try Spec(yaml: yaml, file: "clock.yaml"), provider: Provider(baseURL: baseURL, options: .init(usesEnvironment: false))), options: options)
    }

    static func result(_ server: MCPServer, _ request: String) async throws -> JSONValue? {
        try JSONValue(parsing: Array(try #require(await server.respond(to: request)).utf8))["result"]
    }

    @Test func toolsHaveTitlesAndTheirMethodsHints() async throws {
        let tools = try await Self.result(Self.server(), #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)?["tools"]?.array ?? []
        #expect(tools.map { $0["title"]?.string ?? "" } == ["Reads the time", "GET /slow", "GET /ticks", "PUT /time", "POST /alarms", "POST /notes", "DELETE /alarms/{id}"])
        #expect(tools.map { $0["annotations"] } == [
            ["readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": true],
            ["readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": true],
            ["readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": true],
            ["readOnlyHint": false, "destructiveHint": true, "idempotentHint": true, "openWorldHint": true],
            ["readOnlyHint": false, "destructiveHint": false, "idempotentHint": false, "openWorldHint": true],
            ["readOnlyHint": false, "destructiveHint": false, "idempotentHint": false, "openWorldHint": true],
            ["readOnlyHint": false, "destructiveHint": true, "idempotentHint": true, "openWorldHint": true],
        ])
    }

    /// A long description is cut at 1,000 characters with where to read the rest: the
    /// operation's resource, which has all of it.
    @Test func aLongDescriptionIsCutAndWholeInTheOperationsResource() async throws {
        let long = (1...300).map { "word\($0)" }.joined(separator: " ")
        let server = try Self.server("netspec: 1\nservice: S\nendpoints:\n  tell:\n    GET: /tell\n    description: \"Tells.\\n\\n\(long)\"\n")
        let tool = try await Self.result(server, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)?["tools"]?[0]
        let description = try #require(tool?["description"]?.string)
        #expect(description.count == 1_000)
        #expect(description.hasPrefix("Tells.\n\nword1 word2 "))
        #expect(description.hasSuffix("… (cut; the whole description is the resource netspec://operations/tell)"))

        let read = try await Self.result(server, #"{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"netspec://operations/tell"}}"#)
        let page = try #require(read?["contents"]?[0]?["text"]?.string)
        #expect(read?["contents"]?[0]?["mimeType"] == "text/markdown")
        #expect(page.hasPrefix("# tell\n\n`GET /tell` (only reads)\n\nTells.\n\n\(long)\n\n## Arguments (JSON Schema)\n\n```json\n{\"type\":\"object\",\"properties\":{}}\n```\n"))
        #expect(page.hasSuffix("\n## Auth\n\nnone\n"))

        let templates = try await Self.result(server, #"{"jsonrpc":"2.0","id":3,"method":"resources/templates/list"}"#)
        #expect(templates?["resourceTemplates"]?[0]?["uriTemplate"] == "netspec://operations/{name}")
        let missing = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":4,"method":"resources/read","params":{"uri":"netspec://operations/nope"}}"#))
        #expect(missing == #"{"jsonrpc":"2.0","id":4,"error":{"code":-32002,"message":"Resource not found: netspec://operations/nope"}}"#)
    }

    /// The document a server was made from is its resource, read as it is on disk.
    @Test func theDocumentIsAResource() async throws {
        let path = TestPaths.specs + "/petstore.openapi.yaml"
        let server = MCPServer(service: Service(spec: try Spec.load(path: path), provider: Provider(options: .init(mocks: .enabled, usesEnvironment: false))))
        let list = try await Self.result(server, #"{"jsonrpc":"2.0","id":1,"method":"resources/list"}"#)
        let uri = try #require(list?["resources"]?[0]?["uri"]?.string)
        #expect(uri == "file://" + path)
        #expect(list?["resources"]?[0]?["mimeType"] == "application/yaml")
        let read = try await Self.result(server, #"{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"\#(uri)"}}"#)
        #expect(read?["contents"]?[0]?["text"]?.string == (try String(contentsOfFile: path, encoding: .utf8)))
        // A spec made from text has no document resource.
        #expect(try await Self.result(Self.server(), #"{"jsonrpc":"2.0","id":3,"method":"resources/list"}"#) == ["resources": []])
    }

    /// Pages of at most `pageBytes` (at least one tool), chained by `nextCursor`: every tool
    /// once, in order; a cursor the server did not give is an invalid-params error.
    @Test func toolsListIsPaged() async throws {
        var options = MCPServer.Options()
        options.pageBytes = 400
        let server = try Self.server(options: options)
        var names: [String] = []
        var pages = 0
        var cursor: String?
        repeat {
            let params = cursor.map { #","params":{"cursor":"\#($0)"}"# } ?? ""
            let line = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"\#(params)}"#))
            let page = try JSONValue(parsing: Array(line.utf8))["result"]
            let tools = page?["tools"]?.array ?? []
            #expect(!tools.isEmpty)
            #expect(tools.count == 1 || tools.map { $0.serialized().count + 1 }.reduce(0, +) <= 400)
            names += tools.compactMap { $0["name"]?.string }
            cursor = page?["nextCursor"]?.string
            pages += 1
        } while cursor != nil && pages < 20
        #expect(names == ["fast", "slow", "ticks", "setTime", "addAlarm", "addNote", "removeAlarm"])
        #expect(pages > 2)
        let bad = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"x9"}}"#))
        #expect(bad == #"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Invalid params: the cursor \"x9\" is not one this server gave"}}"#)
        // The default page is 64 KB: these six tools are one page.
        let whole = try await Self.result(Self.server(), #"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#)
        #expect(whole?["tools"]?.array?.count == 7)
        #expect(whole?["nextCursor"] == nil)
    }

    @Test func tagsNarrowTheTools() throws {
        var options = MCPServer.Options()
        options.tags = ["TIME", "alarms"]
        #expect(try Self.server(options: options).toolNames == ["fast", "slow", "removeAlarm"])
    }

    // MARK: - Over stdio

    /// Runs `serve(lines:)` with frames fed one at a time by the test; `body` gets a function
    /// that sends a frame and one that waits for the output line matching a predicate.
    static func withStdio(
        _ server: MCPServer,
        _ body: (_ send: (String) -> Void, _ next: (String) async throws -> String) async throws -> Void
    ) async throws {
        let (input, feed) = AsyncStream.makeStream(of: String.self)
        let (output, sink) = AsyncStream.makeStream(of: String.self)
        let serving = Task { await server.serve(lines: input) { sink.yield($0) }; sink.finish() }
        var iterator = output.makeAsyncIterator()
        var seen: [String] = []
        func next(_ needle: String) async throws -> String {
            if let index = seen.firstIndex(where: { $0.contains(needle) }) { return seen.remove(at: index) }
            while let line = await iterator.next() {
                if line.contains(needle) { return line }
                seen.append(line)
            }
            Issue.record("the server ended without a line containing \(needle); it wrote \(seen)")
            return ""
        }
        try await body({ feed.yield($0) }, next)
        feed.finish()
        await serving.value
    }

    /// Holds `/slow` until the test opens it, and says when a request reached it and when the
    /// client went away (the connection closed) — no timing in the test.
    final class Upstream: Sendable {
        let gate = AsyncStream<Void>.makeStream()
        let arrived = AsyncStream<Void>.makeStream()
        private let opened = Mutex(false)

        func open() {
            opened.withLock { $0 = true }
            gate.continuation.finish()
        }

        var wasOpened: Bool { opened.withLock { $0 } }

        var handler: TestHandler {
            TestHandlers.router([
                "GET /fast": TestHandlers.json(body: #"{"now":1}"#),
                "GET /slow": { [self] request, writer in
                    arrived.continuation.yield()
                    for await _ in gate.stream {}
                    try await TestHandlers.json(body: #"{"now":2}"#)(request, writer)
                },
                // The whole upload read before the answer, as a server that stores it does: an
                // answer sent at the head could reach the client before it pulls the body's first
                // chunk, and the upload's progress would then race the response (stop 66).
                "POST /notes": { request, writer in
                    _ = try await request.collectBody(upTo: 1 << 20)
                    try await TestHandlers.json(status: 201, body: #"{"saved":true}"#)(request, writer)
                },
                "GET /ticks": TestHandlers.sse(events: ["data: 1\n\n", "data: 2\n\n", "data: 3\n\n"], pauses: .zero),
            ])
        }
    }

    /// A slow call holds up nothing: `ping`, `tools/list` and another call are answered while it
    /// waits; then `notifications/cancelled` frees it — no response for it, and `serve` returns
    /// with the upstream still holding its answer (the HTTP call was cancelled, not awaited).
    @Test func aSlowCallBlocksNothingAndCancellationFreesIt() async throws {
        let upstream = Upstream()
        try await withTestServer(upstream.handler) { http in
            let server = try Self.server(baseURL: http.baseURL)
            // Should cancellation not work, the watchdog opens the gate so the test fails rather than hangs.
            let watchdog = Task { try await Task.sleep(for: hangTimeout); upstream.open() }
            defer { watchdog.cancel() }
            var lines: [String] = []
            try await Self.withStdio(server) { send, next in
                send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}"#)
                _ = try await next(#""id":1,"#)
                send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{}}}"#)
                var arrived = upstream.arrived.stream.makeAsyncIterator()
                _ = await arrived.next()
                send(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#)
                lines.append(try await next(#""id":3,"#))
                send(#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"fast","arguments":{}}}"#)
                lines.append(try await next(#""id":4,"#))
                send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"the user gave up"}}"#)
            }
            #expect(upstream.wasOpened == false)
            #expect(lines == [
                #"{"jsonrpc":"2.0","id":3,"result":{}}"#,
                #"{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"{\"now\":1}"}],"isError":false,"structuredContent":{"now":1}}}"#,
            ])
            upstream.open()
        }
    }

    /// A call with a `progressToken` is told of each event as it comes, ahead of its response;
    /// after `logging/setLevel`, each call is a log message (the path, never the query).
    @Test func progressAndLogNotificationsPrecedeTheResponse() async throws {
        let upstream = Upstream()
        try await withTestServer(upstream.handler) { http in
            let server = try Self.server(baseURL: http.baseURL)
            try await Self.withStdio(server) { send, next in
                send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ticks","arguments":{},"_meta":{"progressToken":"p-1"}}}"#)
                #expect(try await next(#""progress":1,"#) == #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p-1","progress":1,"message":"1 event"}}"#)
                #expect(try await next(#""progress":2,"#) == #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p-1","progress":2,"message":"2 events"}}"#)
                #expect(try await next(#""progress":3,"#) == #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p-1","progress":3,"message":"3 events"}}"#)
                #expect(try await next(#""id":1,"#) == #"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"[1,2,3]"}],"isError":false}}"#)

                send(#"{"jsonrpc":"2.0","id":2,"method":"logging/setLevel","params":{"level":"loud"}}"#)
                #expect(try await next(#""id":2,"#) == #"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Invalid params: 'level' must be one of debug, info, notice, warning, error, critical, alert, emergency"}}"#)
                send(#"{"jsonrpc":"2.0","id":3,"method":"logging/setLevel","params":{"level":"info"}}"#)
                #expect(try await next(#""id":3,"#) == #"{"jsonrpc":"2.0","id":3,"result":{}}"#)
                send(#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"fast","arguments":{}}}"#)
                let log = try await next(#""notifications/message""#)
                #expect(log.hasPrefix(#"{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"netspec","data":"fast: GET \#(http.baseURL)/fast → 200 in "#), "\(log)")
                _ = try await next(#""id":4,"#)
                send(#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"removeAlarm","arguments":{}}}"#)
                #expect(try await next(#""level":"error""#).contains(#""data":"endpoint 'removeAlarm': "#))
                _ = try await next(#""id":5,"#)
            }
        }
    }

    /// An upload is told as it goes: every 64 KiB sent and its end, then the answer's bytes,
    /// `progress` growing at each notification; all before the response.
    @Test func anUploadsProgressIsToldInSteps() async throws {
        let upstream = Upstream()
        try await withTestServer(upstream.handler) { http in
            let server = try Self.server(baseURL: http.baseURL)
            let text = String(repeating: "n", count: 200_000)
            let size = #"{"text":""#.utf8.count + text.utf8.count + 2
            try await Self.withStdio(server) { send, next in
                send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"addNote","arguments":{"text":"\#(text)"},"_meta":{"progressToken":7}}}"#)
                var notes: [JSONValue] = []
                while true {
                    let line = try await next(#"{"jsonrpc":"2.0","#)
                    if line.contains(#""id":1,"#) { break }
                    notes.append(try JSONValue(parsing: Array(line.utf8))["params"] ?? .null)
                }
                let messages = notes.compactMap { $0["message"]?.string }
                #expect(messages == ["65536 of \(size) bytes sent", "131072 of \(size) bytes sent", "196608 of \(size) bytes sent", "\(size) of \(size) bytes sent", "14 of 14 bytes received"])
                let progress = notes.compactMap { $0["progress"]?.int }
                #expect(progress == [65536, 131072, 196608, size, size + 14])
                #expect(notes.allSatisfy { $0["progressToken"] == 7 })
            }
        }
    }
}
