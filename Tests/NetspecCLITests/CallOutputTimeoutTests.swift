import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec call -o FILE` within `--timeout`: the download, not only its head, as a printed call
/// (docs/cli.md, `--timeout`: each attempt, from connecting to the last byte).
@Suite struct CallOutputTimeoutTests {
    static let spec: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: Out
            endpoints:
              get:
                GET: /thing
            """)
    }()

    /// Sends the head (`Content-Length: 10`) and `ab`, then nothing until the client closes the
    /// connection — or, for a client that never does, 60 s, then the rest: such a call then ends
    /// with the whole body, and its test fails instead of hanging.
    static let headThenStall: TestHandler = { _, writer in
        try await writer.writeHead(status: 200, headers: [("Content-Type", "application/octet-stream"), ("Content-Length", "10")])
        try await writer.write(Array("ab".utf8))
        let (closes, closed) = AsyncStream<Void>.makeStream()
        Task {
            await writer.waitForClientClose()
            closed.finish()
        }
        let timer = Task {
            try? await Task.sleep(for: .seconds(60))
            closed.finish()
        }
        for await _ in closes {}
        timer.cancel()
        try? await writer.write(Array("cdefghij".utf8))
    }

    /// A file of its own holding `old`, so what the call does to it shows.
    static func existingFile(in directory: ScratchDirectory) throws -> String {
        let file = directory.path + "/out.bin"
        try "old".write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func aBodyThatStallsAfterTheHeadTimesOutAsAPrintedCallDoes() async throws {
        let directory = try ScratchDirectory()
        let file = try Self.existingFile(in: directory)
        try await withTestServer(Self.headThenStall) { server in
            let start = ContinuousClock.now
            let result = try await CLI.run(["call", Self.spec, "get", "--base-url", server.baseURL, "--timeout", "1", "-o", file])
            // Generous: the server holds the body back for 60 s (a full run's load once made the
            // 1 s call take 12 s).
            #expect(ContinuousClock.now - start < .seconds(40))
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr == "error: the request to 127.0.0.1:\(server.port) timed out after 1 s\n")
            // What arrived, never the whole body (nor the old file, which the 200 head replaced).
            let written = try String(contentsOfFile: file, encoding: .utf8)
            #expect("ab".hasPrefix(written), "\(written)")
        }
    }

    @Test func aBodyThatDripsPastTheTimeoutTimesOut() async throws {
        let directory = try ScratchDirectory()
        let file = directory.path + "/drip.bin"
        // 20 bytes 300 ms apart: 5.7 s, past --timeout 1 whatever the load.
        try await withTestServer(TestHandlers.dripBody(bytes: 20, every: .milliseconds(300))) { server in
            let result = try await CLI.run(["call", Self.spec, "get", "--base-url", server.baseURL, "--timeout", "1", "-o", file])
            #expect(result.status == 2)
            #expect(result.stderr == "error: the request to 127.0.0.1:\(server.port) timed out after 1 s\n")
            let written = try String(contentsOfFile: file, encoding: .utf8)
            #expect(written.count < 20 && "abcdefghijklmnopqrst".hasPrefix(written), "\(written)")
        }
    }

    /// A call that fails before the response head leaves an existing file as it was.
    @Test func aHeadThatNeverComesLeavesTheFileAlone() async throws {
        let directory = try ScratchDirectory()
        let file = try Self.existingFile(in: directory)
        try await withTestServer(TestHandlers.neverAnswer) { server in
            let result = try await CLI.run(["call", Self.spec, "get", "--base-url", server.baseURL, "--timeout", "1", "-o", file])
            #expect(result.status == 2)
            #expect(result.stderr == "error: the request to 127.0.0.1:\(server.port) timed out after 1 s\n")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "old")
        }
    }

    @Test func aDownloadWithinTheTimeoutIsWrittenWhole() async throws {
        let directory = try ScratchDirectory()
        let file = try Self.existingFile(in: directory)
        try await withTestServer(TestHandlers.dripBody(bytes: 5, every: .milliseconds(10))) { server in
            let result = try await CLI.run(["call", Self.spec, "get", "--base-url", server.baseURL, "--timeout", "60", "-o", file])
            #expect(result.status == 0)
            #expect(result.stderr == "")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "abcde")
        }
    }
}
