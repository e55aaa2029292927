import AsyncHTTPClient
import Foundation
import NIOCore

/// `netspec mock` serving bench.yaml, started as the CLI user starts it, on a free port.
final class MockServerProcess {
    let pid: pid_t
    let port: Int
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts it and waits (up to 20 s) for its `Mocking … on http://127.0.0.1:PORT` line;
    /// its per-request log lines go to `log`.
    init(netspec: String, spec: String, log: String) throws {
        pid = try Spawn.start([netspec, "mock", spec, "--port", "0"], stdout: .null, stderr: .file(log))
        let deadline = monotonicNanoseconds() + 20_000_000_000
        while true {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Mocking ") }),
               let colon = line.lastIndex(of: ":"), let port = Int(line[line.index(after: colon)...]) {
                self.port = port
                return
            }
            guard monotonicNanoseconds() < deadline else {
                kill(pid, SIGKILL)
                throw BenchError("netspec mock did not start: \(text)")
            }
            usleep(10_000)
        }
    }

    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}

/// The same client load on `netspec mock` and on `bench-server`: how fast the mock server answers.
func benchMockServer(_ context: Context, server: BenchServer) async throws -> Outcome {
    let total = 20_000
    let concurrency = 64
    let log = scratch + "/mock.log"
    let mock = try MockServerProcess(netspec: context.netspecBinary, spec: context.benchSpec, log: log)
    defer { mock.stop() }

    func run(_ base: String) async throws -> UInt64 {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(10))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let elapsed = try await runConcurrently(total: total, concurrency: concurrency) { _ in
                let response = try await client.execute(HTTPClientRequest(url: base + "/users/1"), timeout: .seconds(60))
                let body = try await response.body.collect(upTo: 1 << 20)
                guard response.status == .ok, body.readableBytes > 0 else { throw BenchError("unexpected response \(response.status)") }
            }
            try await client.shutdown()
            return elapsed
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
    let samples = try await interleave(warmups: 1, repetitions: context.repetitions(5), tools: [
        ("netspec mock", { try await run(mock.baseURL) }),
        ("bench-server", { try await run(server.baseURL) }),
    ])
    let (mocked, bench) = (samples[0], samples[1])
    let workload = "mock server: 20,000 GETs, concurrency 64"
    return Outcome(rows: [
        Row(workload: workload, tool: "`netspec mock` (Hummingbird)", median: Format.duration(mocked.median),
            throughput: Format.perSecond(total, mocked.median, unit: "requests"), ratio: Format.ratio(mocked.median / bench.median),
            samples: mocked),
        Row(workload: workload, tool: "bench-server (SwiftNIO)", median: Format.duration(bench.median),
            throughput: Format.perSecond(total, bench.median, unit: "requests"), ratio: "1.00×", samples: bench),
    ], notes: [
        "**Mock server**: \(Format.grouped(total)) `GET /users/1` per repetition from \(concurrency) tasks of one async-http-client "
            + "`HTTPClient` (8 connections, keep-alive), against `netspec mock inputs/bench.yaml` (release build: Hummingbird 2, "
            + "routing, the request read back and checked by the binding rules, the mock's body, and one log line per request "
            + "written to a file) and against `bench-server` (SwiftNIO, one event-loop thread, a fixed answer), in one run. "
            + "No target: the mock server is for development; the row says what it costs beside a bare NIO server.",
    ])
}
