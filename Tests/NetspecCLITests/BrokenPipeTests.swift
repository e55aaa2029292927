import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec call … | head`: when standard output's reader goes away, the call closes its
/// connection and exits 141 (what shells expect of a process SIGPIPE ended), for event streams,
/// NDJSON, whole responses and `-o /dev/stdout` alike; a finite stream that ends first exits 0.
@Suite struct BrokenPipeTests {
    static let spec: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: Pipes
            endpoints:
              events:
                GET: /events
                stream: sse
              big:
                GET: /big
              download:
                GET: /file
                stream: bytes
            """, name: "pipes.yaml")
    }()

    /// An event stream that never ends: one event every `interval` (or one event and then silence,
    /// for `nil`) until the client closes the connection, which fires `closed`.
    static func endless(every interval: Duration?, closed: Signal) -> TestHandler {
        { _, writer in
            try await writer.writeHead(status: 200, headers: [("Content-Type", "text/event-stream"), ("Transfer-Encoding", "chunked")])
            if let interval {
                var index = 0
                do {
                    while true {
                        try await writer.writeChunk("data: {\"n\":\(index)}\n\n")
                        index += 1
                        try await Task.sleep(for: interval)
                    }
                } catch {
                    closed.fire()
                }
            } else {
                try await writer.writeChunk("data: {\"n\":0}\n\n")
                await writer.waitForClientClose()
                closed.fire()
            }
        }
    }

    /// Runs `netspec ARGUMENTS | READER` in bash and returns netspec's exit status and what the
    /// reader printed; `timeout` ends a netspec that would run forever (status 124).
    static func pipe(_ arguments: [String], into reader: String) async throws -> (status: String, output: String) {
        let quoted = ([CLI.executable] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let script = "timeout 20 " + quoted.joined(separator: " ") + " | " + reader + "; printf '\\n@@status %s\\n' \"${PIPESTATUS[0]}\""
        let result = try await ChildProcess.run("/bin/bash", ["-c", script], directory: CLI.root, environment: CLI.environment())
        let parts = result.stdout.components(separatedBy: "\n@@status ")
        let status = parts.count == 2 ? parts[1].trimmingCharacters(in: .newlines) : "?"
        return (status, parts[0])
    }

    @Test(arguments: [
        ([] as [String], "{\"n\":0}\n"),
        (["--ndjson"], "{\"event\":\"message\",\"data\":\"{\\\"n\\\":0}\"}\n"),
        (["--keypath", "n"], "0\n"),
    ])
    func anEndlessStreamStopsWhenHeadExits(flags: [String], firstLine: String) async throws {
        let closed = Signal()
        try await withTestServer(Self.endless(every: .milliseconds(20), closed: closed)) { server in
            let run = try await Self.pipe(["call", Self.spec, "events", "--base-url", server.baseURL] + flags, into: "head -1")
            #expect(run.status == "141")
            #expect(run.output == firstLine)
            #expect(await closed.wait(), "the server sees the connection close")
        }
    }

    @Test func aSilentStreamStopsWhenHeadExitsWithoutAnotherWrite() async throws {
        let closed = Signal()
        try await withTestServer(Self.endless(every: nil, closed: closed)) { server in
            let run = try await Self.pipe(["call", Self.spec, "events", "--base-url", server.baseURL], into: "head -1")
            #expect(run.status == "141")
            #expect(run.output == "{\"n\":0}\n")
            #expect(await closed.wait(), "the server sees the connection close")
        }
    }

    @Test func aWholeResponseIntoAClosedPipeExits141() async throws {
        let body = "[" + Array(repeating: "1", count: 500_000).joined(separator: ",") + "]"
        try await withTestServer(TestHandlers.json(body: body)) { server in
            let run = try await Self.pipe(["call", Self.spec, "big", "--base-url", server.baseURL], into: "head -c 6")
            #expect(run.status == "141")
            #expect(run.output == "[1,1,1")
        }
    }

    @Test func outputToStandardOutputIntoAClosedPipeExits141() async throws {
        try await withTestServer(TestHandlers.dripBody(bytes: 4_000_000, every: .milliseconds(1))) { server in
            let run = try await Self.pipe(["call", Self.spec, "download", "--base-url", server.baseURL, "-o", "/dev/stdout"], into: "head -c 3")
            #expect(run.status == "141")
            #expect(run.output.count == 3)
        }
    }

    @Test func aFiniteStreamThatEndsFirstExitsZero() async throws {
        let events = ["data: {\"n\":0}\n\n", "data: {\"n\":1}\n\n"]
        try await withTestServer(TestHandlers.sse(events: events, pauses: .milliseconds(1))) { server in
            let run = try await Self.pipe(["call", Self.spec, "events", "--base-url", server.baseURL], into: "cat")
            #expect(run.status == "0")
            #expect(run.output == "{\"n\":0}\n{\"n\":1}\n")
        }
    }
}
