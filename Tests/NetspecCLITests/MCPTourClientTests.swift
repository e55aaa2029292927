import Foundation
import NetspecTestServer
import NetspecTestSupport
import Synchronization
import Testing

/// The official Python MCP client (`Tests/Peers/mcp_tour_client.py`) touring `netspec mcp` as a
/// client of a large API does, over stdio and Streamable HTTP: every page of `tools/list`, a
/// dynamic search → describe → call, a slow call cancelled while `ping` is answered, progress
/// of a stream, log messages, and the document as a resource.
@Suite(.serialized, .enabled(if: Peers.python != nil, "needs the Python peers (Tests/Peers/setup.sh); see the printed reason"))
struct MCPTourClientTests {
    static let fixtures = CLI.root + "/Tests/NetspecTests/Fixtures"

    /// Runs the tour with `plan` against `netspec mcp ARGS` over stdio and returns what it saw.
    static func tour(_ plan: String, stdio arguments: [String]) async throws -> [String: Any] {
        let result = try await ChildProcess.run(
            Peers.python!, [CLI.root + "/Tests/Peers/mcp_tour_client.py", plan, "--", CLI.executable, "mcp"] + arguments,
            directory: CLI.root, environment: ["NETSPEC_CACHE_DIR": ""]
        )
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static func tour(_ plan: String, http url: String) async throws -> [String: Any] {
        let result = try await ChildProcess.run(Peers.python!, [CLI.root + "/Tests/Peers/mcp_tour_client.py", plan, "--http", url], directory: CLI.root)
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// OpenAI's 288 operations, one tool each (`--tools all`): the client follows `nextCursor`
    /// over pages of at most 64 KB and gets every tool once; the document is a resource, listed
    /// with its size, too large (3 MB) to be one answer.
    @Test func everyPageOfALargeStaticListAndTheDocument() async throws {
        let document = Self.fixtures + "/openai/openapi.yaml"
        let seen = try await Self.tour(#"{"resources": true}"#, stdio: [document, "--tools", "all", "--mock"])
        let tools = seen["tools"] as? [String] ?? []
        #expect(tools.count == 288)
        #expect(Set(tools).count == 288)
        #expect(tools.prefix(3) == ["listAssistants", "createAssistant", "getAssistant"])
        #expect(seen["pages"] as? Int ?? 0 >= 2)
        #expect(seen["resources"] as? [String] == ["file://" + document])
        let size = try Data(contentsOf: URL(fileURLWithPath: document)).count
        #expect(seen["firstResourceSize"] as? Int == size)
        #expect(seen["firstResourceError"] as? String == "Invalid params: the document is \(size) bytes, more than one answer carries (65536): read an operation's description, arguments and result as netspec://operations/NAME")
    }

    /// Airflow's 89 operations are three tools; the client searches, describes and calls one
    /// against a local server, and gets an info log message for a call after `logging/setLevel`.
    @Test func aDynamicSearchDescribeAndCall() async throws {
        let upstream = TestHandlers.router([
            "GET /api/v1/pools/default_pool": TestHandlers.json(body: #"{"name":"default_pool","slots":128}"#),
            "GET /api/v1/pools": TestHandlers.json(body: #"{"pools":[],"total_entries":0}"#),
        ])
        try await withTestServer(upstream) { server in
            let plan = #"{"search": {"query": "read a pool", "arguments": {"pool_name": "default_pool"}}, "log": {"tool": "call_operation", "arguments": {"name": "get_pools"}}}"#
            let seen = try await Self.tour(plan, stdio: [Self.fixtures + "/airflow/v1.yaml", "--base-url", server.baseURL + "/api/v1"])
            #expect(seen["tools"] as? [String] == ["search_operations", "describe_operation", "call_operation"])
            #expect(seen["pages"] as? Int == 1)
            let search = seen["search"] as? [String: Any]
            #expect(search?["found"] as? [String] == ["get_pool", "get_pools", "delete_pool"])
            #expect(search?["required"] as? [String] == ["pool_name"])
            #expect(search?["readOnly"] as? Bool == true)
            #expect(search?["texts"] as? [String] == [#"{"name":"default_pool","slots":128}"#])
            #expect(search?["isError"] as? Bool == false)
            let log = seen["log"] as? [[String]] ?? []
            #expect(log.count == 1)
            #expect(log.first?.first == "info")
            #expect(log.first?.last?.hasPrefix("get_pools: GET \(server.baseURL)/api/v1/pools → 200 in ") == true, "\(log)")
        }
    }

    static let clock = """
        netspec: 1
        service: Clock
        endpoints:
          slow:
            GET: /slow
          ticks:
            GET: /ticks
            stream: sse
        """

    /// Holds `/slow` until the test ends; counts the requests that reached it.
    final class Upstream: Sendable {
        private let gate = AsyncStream<Void>.makeStream()
        private let count = Mutex(0)

        var arrivals: Int { count.withLock { $0 } }
        func open() { gate.continuation.finish() }

        var handler: TestHandler {
            TestHandlers.router([
                "GET /slow": { [self] request, writer in
                    count.withLock { $0 += 1 }
                    for await _ in gate.stream {}
                    try await TestHandlers.json(body: #"{"late":true}"#)(request, writer)
                },
                "GET /ticks": TestHandlers.sse(events: ["data: 1\n\n", "data: 2\n\n", "data: 3\n\n"], pauses: .milliseconds(10)),
            ])
        }
    }

    static func checkSlowAndStream(_ seen: [String: Any]) {
        let slow = seen["slow"] as? [String: Any]
        // The ping was answered while the call was held, and the client's cancel ended the call.
        #expect(slow?["pingedWhileRunning"] as? Bool == true)
        #expect(slow?["cancelled"] as? Bool == true)
        let stream = seen["stream"] as? [String: Any]
        #expect((stream?["progress"] as? [[Any]])?.map { $0.first as? Double } == [1, 2, 3])
        #expect(stream?["texts"] as? [String] == ["[1,2,3]"])
    }

    /// Over stdio: the slow call is cancelled while the server answers ping, and the process
    /// ends when its input does — which it could not if the cancelled call were still waiting.
    @Test func cancellationAndProgressOverStdio() async throws {
        let upstream = Upstream()
        try await withTestServer(upstream.handler) { server in
            let spec = try CLI.temporarySpec(Self.clock)
            let seen = try await Self.tour(#"{"slow": "slow", "stream": "ticks"}"#, stdio: [spec, "--base-url", server.baseURL])
            Self.checkSlowAndStream(seen)
            #expect(upstream.arrivals == 1)
            upstream.open()
        }
    }

    @Test func cancellationAndProgressOverStreamableHTTP() async throws {
        let upstream = Upstream()
        try await withTestServer(upstream.handler) { server in
            let spec = try CLI.temporarySpec(Self.clock)
            let (process, url) = try await MCPHTTPCommandTests.start([spec, "--base-url", server.baseURL])
            defer { process.terminate() }
            let seen = try await Self.tour(#"{"slow": "slow", "stream": "ticks"}"#, http: url)
            Self.checkSlowAndStream(seen)
            #expect(upstream.arrivals == 1)
            upstream.open()
            process.terminate()
            _ = await process.wait()
        }
    }
}
