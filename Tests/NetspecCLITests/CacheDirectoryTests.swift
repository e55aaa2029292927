import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec call` keeps responses in `$NETSPEC_CACHE_DIR` between runs: a fresh one answers the next
/// run without the network (`-v` says `(cache hit)`), `--no-cache` goes to the network, and
/// `netspec cache clear` forgets them.
@Suite struct CacheDirectoryTests {
    static let spec = """
        netspec: 1
        service: Cached
        endpoints:
          data: { GET: /data }
        """

    @Test func aFreshResponseAnswersTheNextRunFromTheCacheDirectory() async throws {
        let requests = Counter()
        let directory = try ScratchDirectory()
        let cache = directory.path + "/http"
        let spec = try CLI.temporarySpec(Self.spec)
        let handler: TestHandler = { _, writer in
            requests.add(1)
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json"), ("Cache-Control", "max-age=600")], body: #"{"n":\#(requests.value)}"#)
        }
        try await withTestServer(handler) { server in
            let environment = ["NETSPEC_CACHE_DIR": directory.path]  // responses in DIR/http
            let call = ["call", spec, "data", "--base-url", server.baseURL, "--raw"]
            let first = try await CLI.run(call, environment: environment)
            #expect(first.stdout == #"{"n":1}"# + "\n")
            let second = try await CLI.run(call + ["-v"], environment: environment)
            #expect(second.stdout == #"{"n":1}"# + "\n")
            #expect(second.stderr.contains("* (cache hit) GET \(server.baseURL)/data\n"))
            #expect(requests.value == 1)
            let uncached = try await CLI.run(call + ["--no-cache"], environment: environment)
            #expect(uncached.stdout == #"{"n":2}"# + "\n")
            let cleared = try await CLI.run(["cache", "clear"], environment: environment)
            #expect(cleared.stdout == "cleared the HTTP cache in \(cache)\n")
            let third = try await CLI.run(call, environment: environment)
            #expect(third.stdout == #"{"n":3}"# + "\n")
            #expect(requests.value == 3)
        }
    }

    /// `NETSPEC_CACHE_DIR` naming a file: `cache clear` is an error, and a call says once that
    /// its responses are kept in memory only, then runs.
    @Test func aCacheDirectoryThatIsAFileIsNamed() async throws {
        let directory = try ScratchDirectory()
        let file = try directory.write(Array("x".utf8), to: "afile")
        let environment = ["NETSPEC_CACHE_DIR": file]
        let cleared = try await CLI.run(["cache", "clear"], environment: environment)
        #expect(cleared.status == 1)
        #expect(cleared.stdout == "")
        #expect(cleared.stderr == "error: cannot clear the cache in \(file)/http: '\(file)' is not a directory\n")
        let spec = try CLI.temporarySpec(Self.spec)
        try await withTestServer(TestHandlers.json(body: #"{"n":1}"#)) { server in
            let call = try await CLI.run(["call", spec, "data", "--base-url", server.baseURL, "--raw"], environment: environment)
            #expect(call.status == 0)
            #expect(call.stdout == #"{"n":1}"# + "\n")
            #expect(call.stderr == "warning: the cache directory \(file)/http cannot be used: '\(file)' is not a directory; responses are kept in memory only\n")
        }
    }

    @Test func anEmptyCacheDirectoryKeepsResponsesInMemoryOnly() async throws {
        let cleared = try await CLI.run(["cache", "clear"], environment: ["NETSPEC_CACHE_DIR": ""])
        #expect(cleared.stdout == "no cache directory (responses are kept in memory only)\n")
    }
}
