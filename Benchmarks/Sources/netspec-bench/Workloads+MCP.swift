import AsyncHTTPClient
import Foundation
import Netspec
import NIOCore
import Synchronization

/// Issue 34's concurrency figure: 100 `tools/call`s at once to `netspec mcp --http` over an API
/// that answers in 50 ms (bench-server's `/slow/users/{id}`): all answered, none lost, and the
/// 99th percentile of their times against a call made alone.
func benchMCPHTTP(_ context: Context, server: BenchServer) async throws -> Outcome {
    let log = scratch + "/mcp-http.log"
    let pid = try Spawn.start(
        [context.netspecBinary, "mcp", context.benchSpec, "--http", "127.0.0.1:0", "--base-url", server.baseURL], stdout: .null, stderr: .file(log)
    )
    defer {
        kill(pid, SIGTERM)
        Spawn.wait(pid)
    }
    let url = try waitForLine(in: log, prefix: "netspec mcp: ", after: "http://", pid: pid)
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 128)))
    defer { Task { try? await client.shutdown() } }

    let post: @Sendable (String, String?) async throws -> (String, String?) = { body, session in
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        if let session { request.headers.add(name: "Mcp-Session-Id", value: session) }
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await client.execute(request, timeout: .seconds(60))
        let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
        guard response.status == .ok else { throw BenchError("MCP over HTTP answered \(response.status): \(text)") }
        return (text, response.headers.first(name: "Mcp-Session-Id"))
    }
    let (_, started) = try await post(
        #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}"#, nil
    )
    guard let session = started else { throw BenchError("initialize gave no Mcp-Session-Id") }
    /// One call, timed; its answer must be the result of request `id` for user `id`.
    let call: @Sendable (Int) async throws -> UInt64 = { id in
        let start = monotonicNanoseconds()
        let (text, _) = try await post(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"getSlowUser","arguments":{"id":"\#(id)"}}}"#, session)
        let elapsed = monotonicNanoseconds() - start
        let answer = try JSONValue(parsing: Array(text.utf8))
        guard answer["id"] == .int(id), answer["result"]?["isError"] == false, answer["result"]?["structuredContent"]?["id"] == .string(String(id)) else {
            throw BenchError("call \(id) was answered wrongly: \(text)")
        }
        return elapsed
    }
    // Alone: 50 calls one after another.
    var alone = Samples()
    for id in 1...50 { alone.add(try await call(id)) }
    // Together: 100 at once, ten times; every answer checked, every time kept.
    let times = TimeList()
    var bursts = Samples()
    for round in 0..<context.repetitions(10) {
        let start = monotonicNanoseconds()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let elapsed = try await call(1000 + round * 100 + index)
                    times.add(elapsed)
                }
            }
            try await group.waitForAll()
        }
        bursts.add(monotonicNanoseconds() - start)
    }
    let all = times.sorted
    guard all.count == 100 * context.repetitions(10) else { throw BenchError("\(all.count) answers for \(100 * context.repetitions(10)) calls") }
    let p99 = Double(all[Int(Double(all.count) * 0.99) - 1])
    let ratio = p99 / alone.median
    let workload = "MCP `tools/call` over Streamable HTTP, an API answering in 50 ms"
    return Outcome(rows: [
        Row(workload: workload, tool: "100 calls at once: 99th percentile of a call's time", median: Format.duration(p99),
            throughput: Format.perSecond(100, bursts.median, unit: "calls"), ratio: Format.ratio(ratio) + " a call alone",
            target: "≤ 2× a call alone, none lost", met: ratio <= 2, samples: bursts, per: 1),
        Row(workload: workload, tool: "one call alone (median of 50)", median: Format.duration(alone.median),
            throughput: Format.perSecond(1, alone.median, unit: "calls"), ratio: "1.00×", samples: alone),
    ], notes: [
        "**MCP over Streamable HTTP**: `netspec mcp inputs/bench.yaml --http 127.0.0.1:0` calling bench-server's `/slow/users/{id}` "
            + "(the answer 50 ms later) as the tool `getSlowUser`; one session, JSON answers (`Accept: application/json`), one "
            + "async-http-client with up to 128 connections. 50 calls one after another, then ten bursts of 100 calls at once; every "
            + "answer's id and user checked (none lost); the row's median is a burst's time, its ratio the 99th percentile of all the "
            + "burst calls' times against the median call alone.",
    ])
}

/// Times gathered from concurrent tasks.
final class TimeList: Sendable {
    private let times = Mutex<[UInt64]>([])
    func add(_ time: UInt64) { times.withLock { $0.append(time) } }
    var sorted: [UInt64] { times.withLock { $0 }.sorted() }
}

/// Waits (up to 30 s) for a line starting with `prefix` in the file a child writes, and returns
/// the text of that line from `after` on.
func waitForLine(in path: String, prefix: String, after marker: String, pid: pid_t) throws -> String {
    let deadline = monotonicNanoseconds() + 30_000_000_000
    while monotonicNanoseconds() < deadline {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        if let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }), let start = line.range(of: marker) {
            return String(line[start.lowerBound...])
        }
        usleep(10_000)
    }
    kill(pid, SIGKILL)
    throw BenchError("no '\(prefix)' line in \(path): \((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")")
}
