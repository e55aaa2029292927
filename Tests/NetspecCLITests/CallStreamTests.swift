import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec call` on stream endpoints: one event or line per output line, bytes to a file, Ctrl-C.
@Suite struct CallStreamTests {
    static let spec: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: Streams
            endpoints:
              chat:
                POST: /chat
                stream: sse
                until: "[DONE]"
                params:
                  model: String
              logs:
                GET: /logs
                stream: lines
              download:
                GET: /file
                stream: bytes
            """, name: "streams.yaml")
    }()

    static let events = [
        "retry: 5000\nid: 1\ndata: {\"choices\":[{\"delta\":{\"content\":\"Hel\"}}]}\n\n",
        "id: 2\nevent: chunk\ndata: {\"choices\":[{\"delta\":{\"content\":\"lo\"}}]}\n\n",
        "data: [DONE]\n\n",
        "data: never printed\n\n",
    ]

    @Test func eventsPrintTheirDataOneALine() async throws {
        try await withTestServer(TestHandlers.sse(events: Self.events, pauses: .milliseconds(20))) { server in
            let result = try await CLINetwork.call(Self.spec, "chat", ["model=m"], server: server)
            #expect(result.status == 0)
            #expect(result.stdout == """
                {"choices":[{"delta":{"content":"Hel"}}]}
                {"choices":[{"delta":{"content":"lo"}}]}

                """)
            #expect(result.stderr == "")
        }
    }

    /// Data of several `data:` lines stays one line an event: pretty JSON printed compact, text as a
    /// JSON string; `-r` prints it as it is.
    @Test(arguments: [
        ([] as [String], "{\"a\":1,\"b\":[2]}\n\"two\\nlines\"\none line\n"),
        (["-r"], "{\n  \"a\": 1,\n  \"b\": [2]\n}\ntwo\nlines\none line\n"),
    ])
    func dataOfSeveralLinesPrintsOnOneLine(flags: [String], stdout: String) async throws {
        let events = ["data: {\ndata:   \"a\": 1,\ndata:   \"b\": [2]\ndata: }\n\n", "data: two\ndata: lines\n\n", "data: one line\n\n", "data: [DONE]\n\n"]
        try await withTestServer(TestHandlers.sse(events: events, pauses: .zero)) { server in
            let result = try await CLINetwork.call(Self.spec, "chat", ["model=m"] + flags, server: server)
            #expect(result.status == 0)
            #expect(result.stdout == stdout)
        }
    }

    @Test func ndjsonPrintsOneObjectPerEvent() async throws {
        try await withTestServer(TestHandlers.sse(events: Self.events, pauses: .milliseconds(20))) { server in
            let result = try await CLINetwork.call(Self.spec, "chat", ["model=m", "--ndjson"], server: server)
            #expect(result.status == 0)
            #expect(result.stdout == """
                {"event":"message","data":"{\\"choices\\":[{\\"delta\\":{\\"content\\":\\"Hel\\"}}]}","id":"1","retry":5000}
                {"event":"chunk","data":"{\\"choices\\":[{\\"delta\\":{\\"content\\":\\"lo\\"}}]}","id":"2"}

                """)
        }
    }

    /// One rule for strings, as for whole responses: JSON unless `-r` (jq's `-r`).
    @Test(arguments: [
        ([] as [String], "\"Hel\"\n\"lo\"\n"),
        (["-r"], "Hel\nlo\n"),
        (["--raw-output"], "Hel\nlo\n"),
    ])
    func keypathSelectsFromEachEvent(flags: [String], stdout: String) async throws {
        try await withTestServer(TestHandlers.sse(events: Self.events, pauses: .milliseconds(20))) { server in
            let result = try await CLINetwork.call(Self.spec, "chat", ["model=m", "--keypath", "choices.0.delta.content"] + flags, server: server)
            #expect(result.stdout == stdout)
        }
    }

    /// The HTTP cache passes every stream by, so `--no-cache` on one would be ignored: a usage
    /// error naming it, before anything is sent.
    @Test(arguments: [
        (["chat", "model=m"], "'chat' returns an event stream"),
        (["logs"], "'logs' returns a stream of JSON lines"),
        (["download"], "'download' returns a byte stream"),
    ])
    func noCacheOnAStreamIsAUsageError(_ items: [String], _ returns: String) async throws {
        let result = try await CLI.run(["call", Self.spec] + items + ["--no-cache", "--base-url", "http://127.0.0.1:9"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: --no-cache acts on the HTTP cache, and \(returns), which is never cached\n")
    }

    @Test func linesPrintCompactJSONOneALine() async throws {
        let body = "{ \"n\": 1, \"s\": \"a\" }\n\n[1, 2]\n\"x\"\n"
        try await withTestServer(TestHandlers.text(body: body)) { server in
            let result = try await CLINetwork.call(Self.spec, "logs", [], server: server)
            #expect(result.status == 0)
            #expect(result.stdout == "{\"n\":1,\"s\":\"a\"}\n[1,2]\n\"x\"\n")
        }
    }

    @Test func outputWritesTheBytesToAFile() async throws {
        let scratch = try ScratchDirectory()
        let file = scratch.path + "/out.bin"
        try await withTestServer(TestHandlers.dripBody(bytes: 100, every: .milliseconds(1))) { server in
            let result = try await CLINetwork.call(Self.spec, "download", ["--output", file], server: server)
            #expect(result.status == 0)
            #expect(result.stdout == "")
            let expected = (0..<100).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) }
            #expect(try String(contentsOfFile: file, encoding: .utf8) == String(expected))
            let piped = try await CLINetwork.call(Self.spec, "download", [], server: server)
            #expect(piped.stdout == String(expected))
        }
    }

    /// `-o` on an endpoint that answers one value (no `stream:`): bytes that are not JSON or UTF-8
    /// (a PNG, a tar) go to the file as sent (it was "the response is not JSON", exit 1, no file).
    @Test func outputWritesABinaryAnswerOfAValueEndpoint() async throws {
        let scratch = try ScratchDirectory()
        let file = scratch.path + "/image.png"
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0xFE, 0x80]
        let head = "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: \(png.count)\r\n\r\n"
        try await withTestServer(TestHandlers.raw(Array(head.utf8) + png)) { server in
            let spec = try CLI.temporarySpec("netspec: 1\nservice: Images\nendpoints:\n  image: { GET: /image.png }\n", name: "images.yaml")
            let result = try await CLINetwork.call(spec, "image", ["-o", file], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "")
            #expect(FileManager.default.contents(atPath: file).map(Array.init) == png)
        }
    }

    @Test func outputFileProblemsNameTheFileAndTheReason() async throws {
        let scratch = try ScratchDirectory()
        let missing = scratch.path + "/no/such/dir/out.bin"
        try await withTestServer(TestHandlers.dripBody(bytes: 10, every: .milliseconds(1))) { server in
            let uncreatable = try await CLINetwork.call(Self.spec, "download", ["--output", missing], server: server)
            #expect(uncreatable.stderr == "error: cannot create '\(missing)': No such file or directory\n")
            #expect(uncreatable.status == 73)
            // /dev/full takes the open and fails every write, as a full disk does.
            let full = try await CLINetwork.call(Self.spec, "download", ["--output", "/dev/full"], server: server)
            #expect(full.stderr == "error: cannot write '/dev/full': No space left on device\n")
            #expect(full.status == 74)
            // Written in place, not replaced: device files and pipes work.
            let null = try await CLINetwork.call(Self.spec, "download", ["--output", "/dev/null"], server: server)
            #expect(null.stderr == "")
            #expect(null.status == 0)
        }
    }

    @Test func streamStatusErrorExitsBeforeAnyOutput() async throws {
        try await withTestServer(TestHandlers.json(status: 401, body: #"{"error":"no key"}"#)) { server in
            let result = try await CLINetwork.call(Self.spec, "chat", ["model=m"], server: server)
            #expect(result.status == 4)
            #expect(result.stdout == "")
            #expect(result.stderr == "HTTP/1.1 401 Unauthorized\n{\"error\":\"no key\"}\n")
        }
    }

    @Test func mockedStreamPrintsItsEvents() async throws {
        let result = try await CLI.run(["call", "specs/users.yaml", "completions", "model=m", "messages:=[]", "--mock"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            {"choices":[{"delta":{"content":"Hello"}}]}
            {"choices":[{"delta":{"content":", world"}}]}

            """)
    }

    @Test func interruptDuringAStreamExits130AndClosesTheConnection() async throws {
        let closed = Signal()
        let handler: TestHandler = { _, writer in
            try await writer.writeHead(status: 200, headers: [("Content-Type", "text/event-stream"), ("Transfer-Encoding", "chunked")])
            try await writer.writeChunk("data: first\n\n")
            await writer.waitForClientClose()
            closed.fire()
        }
        try await withTestServer(handler) { server in
            let child = try CLIProcess(["call", Self.spec, "chat", "model=m", "--base-url", server.baseURL])
            #expect(await child.waitForOutput(containing: "first\n"))
            child.interrupt()
            let result = await child.wait()
            #expect(result.status == 130)
            #expect(result.stdout == "first\n")
            #expect(result.stderr == "")
            #expect(await closed.wait(), "the server sees the connection close")
        }
    }
}
