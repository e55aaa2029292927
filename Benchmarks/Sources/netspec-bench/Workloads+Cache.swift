import AsyncHTTPClient
import Foundation
import HTTPTypes
import Netspec

/// 2,000 sequential GETs of one user (`max-age=3600`): Netspec with `HTTPCache` (memory;
/// the first call fills it, every other one is a hit), Netspec without a cache, and raw
/// async-http-client, all against bench-server on 127.0.0.1.
func benchCache(_ context: Context, server: BenchServer) async throws -> Outcome {
    let spec = try Spec.load(path: context.benchSpec)
    let calls = 2_000
    func netspecRun(cached: Bool) async throws -> UInt64 {
        let transport = AsyncHTTPClientTransport()
        let cache = cached ? HTTPCache() : nil
        let service = Service(spec: spec, provider: Provider(baseURL: server.baseURL, options: .init(cache: cache), transport: transport))
        let start = monotonicNanoseconds()
        var hits = 0
        do {
            for _ in 0..<calls {
                let response = try await service.call("getUser", ["id": "1"])
                guard response["id"]?.string == "1" else { throw BenchError("Netspec: wrong body") }
                if response.headerFields[HTTPCache.outcomeField] == "hit" { hits += 1 }
            }
        } catch {
            try? await transport.shutdown()
            throw error
        }
        let elapsed = monotonicNanoseconds() - start
        try await transport.shutdown()
        guard hits == (cached ? calls - 1 : 0) else { throw BenchError("Netspec: \(hits) cache hits of \(calls) calls") }
        return elapsed
    }
    func rawRun() async throws -> UInt64 {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let start = monotonicNanoseconds()
        do {
            for _ in 0..<calls {
                let response = try await client.execute(HTTPClientRequest(url: server.baseURL + "/users/1"), timeout: .seconds(60))
                let body = try await response.body.collect(upTo: 1 << 20)
                guard case .object = try JSONValue(parsing: Array(buffer: body)) else { throw BenchError("raw: not an object") }
            }
        } catch {
            try? await client.shutdown()
            throw error
        }
        let elapsed = monotonicNanoseconds() - start
        try await client.shutdown()
        return elapsed
    }
    let samples = try await interleave(warmups: 2, repetitions: context.repetitions(15), tools: [
        ("cached", { try await netspecRun(cached: true) }),
        ("network", { try await netspecRun(cached: false) }),
        ("raw", rawRun),
    ])
    let (cached, network, raw) = (samples[0], samples[1], samples[2])
    let workload = "2,000 GETs of one fresh response, one at a time"
    return Outcome(rows: [
        Row(workload: workload, tool: "Netspec with `HTTPCache` (memory; 1,999 hits)", median: Format.duration(cached.median),
            throughput: Format.perSecond(calls, cached.median, unit: "calls"), ratio: Format.ratio(cached.median / network.median) + " network",
            samples: cached),
        Row(workload: workload, tool: "Netspec without a cache (127.0.0.1)", median: Format.duration(network.median),
            throughput: Format.perSecond(calls, network.median, unit: "calls"), ratio: Format.ratio(network.median / raw.median) + " raw",
            samples: network),
        Row(workload: workload, tool: "raw async-http-client (127.0.0.1)", median: Format.duration(raw.median),
            throughput: Format.perSecond(calls, raw.median, unit: "calls"), ratio: "1.00×", samples: raw),
    ], notes: [
        "**HTTP cache**: `getUser id=1` of inputs/bench.yaml, 2,000 calls in a row; bench-server answers `/users/N` with "
            + "`Cache-Control: max-age=3600`. Cached: a fresh `HTTPCache()` (memory store) per round, so the first call goes "
            + "to the network and the other 1,999 are hits (counted by the `X-Netspec-Cache: hit` header; the round fails "
            + "otherwise). Every call parses the body into a `Response` either way.",
    ])
}
