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
    init(netspec: String, spec: String, log: String, options: [String] = []) throws {
        pid = try Spawn.start([netspec, "mock", spec, "--port", "0"] + options, stdout: .null, stderr: .file(log))
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

/// The same client load on `netspec mock`, a bare Hummingbird server and `bench-server`: how fast the mock server answers.
func benchMockServer(_ context: Context, server: BenchServer) async throws -> Outcome {
    let total = 20_000
    let concurrency = 64
    let log = scratch + "/mock.log"
    let mock = try MockServerProcess(netspec: context.netspecBinary, spec: context.benchSpec, log: log)
    defer { mock.stop() }

    // wrk (one thread, 64 connections) when it is installed: a load generator lighter than the
    // servers it loads, so that the ratio is the servers'. Without it, one async-http-client, which
    // on 2 cores takes about as much CPU as the server and compresses the ratio towards 1.
    let wrk = Spawn.which("wrk")
    func run(_ base: String) async throws -> UInt64 {
        if let wrk { return try runWrk(wrk, url: base + "/users/1") }
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
    /// wrk for 4 s; its requests/s as the time `total` requests take at that rate.
    func runWrk(_ wrk: String, url: String) throws -> UInt64 {
        let report = scratch + "/wrk.out"
        let result = try Spawn.run([wrk, "-t1", "-c\(concurrency)", "-d4s", url], stdout: .file(report))
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        guard result.status == 0, !text.contains("Non-2xx"), let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }),
              let rate = Double(line.dropFirst("Requests/sec:".count).trimmingCharacters(in: .whitespaces)), rate > 0 else {
            throw BenchError("wrk against \(url) failed: \(text)")
        }
        return UInt64(Double(total) / rate * 1e9)
    }
    // The floor: a bare Hummingbird server answering the same bytes (issue 33: ≥ 0.7× its requests/s).
    let hummingbird = try BenchServer(binary: context.executableDirectory + "/hummingbird-server")
    defer { hummingbird.stop() }
    let samples = try await interleave(warmups: 1, repetitions: context.repetitions(5), tools: [
        ("netspec mock", { try await run(mock.baseURL) }),
        ("hummingbird", { try await run(hummingbird.baseURL) }),
        ("bench-server", { try await run(server.baseURL) }),
    ])
    let (mocked, bare, bench) = (samples[0], samples[1], samples[2])
    let workload = "mock server: 20,000 GETs, concurrency 64"
    let ratio = bare.median / mocked.median
    return Outcome(rows: [
        Row(workload: workload, tool: "`netspec mock` (Hummingbird)", median: Format.duration(mocked.median),
            throughput: Format.perSecond(total, mocked.median, unit: "requests"), ratio: Format.ratio(ratio) + " bare Hummingbird's requests/s",
            target: "≥ 0.7× bare Hummingbird", met: ratio >= 0.7, samples: mocked),
        Row(workload: workload, tool: "bare Hummingbird, the same bytes", median: Format.duration(bare.median),
            throughput: Format.perSecond(total, bare.median, unit: "requests"), ratio: "1.00×", samples: bare),
        Row(workload: workload, tool: "bench-server (SwiftNIO)", median: Format.duration(bench.median),
            throughput: Format.perSecond(total, bench.median, unit: "requests"), ratio: Format.ratio(bare.median / bench.median), samples: bench),
    ], notes: [
        "**Mock server**: "
            + (wrk != nil
                ? "`wrk -t1 -c\(concurrency) -d4s` per repetition, its requests/s shown as the time for \(Format.grouped(total)) `GET /users/1`, "
                : "\(Format.grouped(total)) `GET /users/1` per repetition from \(concurrency) tasks of one async-http-client `HTTPClient` (8 connections, keep-alive; "
                    + "wrk is not installed, and this client takes about as much CPU as the server on 2 cores, so the ratio is compressed towards 1), ")
            + "against `netspec mock inputs/bench.yaml` (release build: Hummingbird 2, "
            + "routing, the request read back and checked by the binding rules, the mock's body, and one log line per request "
            + "written to a file), against `hummingbird-server`, a bare Hummingbird 2 server answering the same bytes from one route "
            + "(the target's floor, issue 33: ≥ 0.7× its requests/s), and against `bench-server` (SwiftNIO, one event-loop thread, "
            + "a fixed answer), interleaved in one run.",
    ])
}
