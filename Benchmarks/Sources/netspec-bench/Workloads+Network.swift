import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Netspec
import Synchronization

/// Hands out request numbers to the workers of one run.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func next() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
}

/// Runs `total` operations with `concurrency` workers; returns the wall time in nanoseconds.
func runConcurrently(total: Int, concurrency: Int, _ operation: @escaping @Sendable (Int) async throws -> Void) async throws -> UInt64 {
    let counter = Counter()
    let start = monotonicNanoseconds()
    try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<concurrency {
            group.addTask {
                while true {
                    let index = counter.next()
                    guard index < total else { return }
                    try await operation(index)
                }
            }
        }
        try await group.waitForAll()
    }
    return monotonicNanoseconds() - start
}

func benchGETs(_ context: Context, server: BenchServer) async throws -> Outcome {
    let total = 20_000
    let concurrency = 64
    let ids = (0..<1000).map(String.init)

    let spec = try Spec.load(path: context.benchSpec)
    let base = server.baseURL
    // Raw async-http-client with the settings AsyncHTTPClientTransport uses, sending the same header fields.
    var sentHeaders = HTTPHeaders()
    for field in try Service(spec: spec, provider: Provider(baseURL: base)).prepare("getUser", ["id": "1"]).headerFields {
        sentHeaders.add(name: field.name.rawName, value: field.value)
    }
    let headers = sentHeaders
    func makeRawClient() -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(10))
        configuration.redirectConfiguration = .follow(max: 10, allowCycles: false)
        configuration.decompression = .enabled(limit: .none)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    // Each repetition makes its clients anew (a Netspec transport, a raw HTTPClient) and shuts them
    // down after: where a pool's connections fall on the event loops is settled as it fills and
    // then kept, so one client for the whole run would measure one draw of that placement.
    /// The GETs through `operation`, timed; `shutdown` then ends the repetition's client, whether they succeeded or not.
    func timed(shuttingDown shutdown: () async throws -> Void, _ operation: @escaping @Sendable (Int) async throws -> Void) async throws -> UInt64 {
        let elapsed: UInt64
        do {
            elapsed = try await runConcurrently(total: total, concurrency: concurrency, operation)
        } catch {
            try? await shutdown()
            throw error
        }
        try await shutdown()
        return elapsed
    }
    func netspecRun() async throws -> UInt64 {
        let transport = AsyncHTTPClientTransport()
        let service = Service(spec: spec, provider: Provider(baseURL: base, transport: transport))
        return try await timed(shuttingDown: transport.shutdown) { index in
            let response = try await service.call("getUser", ["id": .value(.string(ids[index % ids.count]))])
            guard response.status == 200, response.value["id"]?.string == ids[index % ids.count] else {
                throw BenchError("Netspec: unexpected response \(response.status)")
            }
        }
    }
    func rawRun() async throws -> UInt64 {
        let client = makeRawClient()
        return try await timed(shuttingDown: { try await client.shutdown() }) { index in
            var request = HTTPClientRequest(url: base + "/users/" + ids[index % ids.count])
            request.headers = headers
            let response = try await client.execute(request, timeout: .seconds(60))
            let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
            guard response.status == .ok, body.readableBytes > 0 else { throw BenchError("async-http-client: unexpected response \(response.status)") }
        }
    }

    let samples = try await interleave(warmups: 2, repetitions: context.repetitions(15), tools: [
        ("netspec", netspecRun),
        ("raw", rawRun),
    ])
    let (netspec, raw) = (samples[0], samples[1])
    let throughputRatio = raw.median / netspec.median
    let workload = "20,000 GETs, concurrency 64, 127.0.0.1"
    return Outcome(rows: [
        Row(workload: workload, tool: "Netspec `Service.call`", median: Format.duration(netspec.median),
            throughput: Format.perSecond(total, netspec.median, unit: "calls"),
            ratio: Format.fixed(throughputRatio, 2) + "× its calls/s",
            target: "≥ 1.0× raw calls/s", met: throughputRatio >= 1.0, samples: netspec),
        Row(workload: workload, tool: "raw async-http-client", median: Format.duration(raw.median),
            throughput: Format.perSecond(total, raw.median, unit: "calls"), ratio: Format.ratio(netspec.median / raw.median),
            samples: raw),
    ], notes: [
        "**GETs**: \(Format.grouped(total)) `GET /users/{id}` per repetition from \(concurrency) tasks pulling numbers from a shared "
            + "counter, against `bench-server` (SwiftNIO, one event-loop thread, keep-alive) in another process. Netspec: "
            + "`Service.call(\"getUser\", [\"id\": …])` through its own `AsyncHTTPClientTransport` (parses and shapes the JSON result). "
            + "Raw: `HTTPClient.execute` with the same configuration (connect timeout, redirects, decompression, no connect retry) "
            + "and the same header fields, then `body.collect`. Both pool connections, 8 per host (async-http-client's default; "
            + "Netspec's transport spreads them over its event loops, 4 per loop on 2 cores). Each repetition makes new clients "
            + "(a Netspec transport, an `HTTPClient`) and shuts them down after, so that where a pool's connections fall on the "
            + "event loops, settled as the pool fills and kept after, is drawn anew each time rather than once per run. "
            + "The ratio on Netspec's row is Netspec's calls/s ÷ raw calls/s.",
    ])
}

/// 100 pages of 10 users by `Link` header: Netspec's `allItems` against the same loop written by
/// hand with async-http-client (parse the Link header, fetch, decode the JSON array).
func benchPagination(_ context: Context, server: BenchServer) async throws -> Outcome {
    let spec = try Spec.load(path: context.benchSpec)
    let base = server.baseURL
    func netspecRun() async throws -> UInt64 {
        let transport = AsyncHTTPClientTransport()
        let service = Service(spec: spec, provider: Provider(baseURL: base, transport: transport))
        let start = monotonicNanoseconds()
        var count = 0
        do {
            for try await _ in try service.allItems("listPages", maxPages: 1000) { count += 1 }
        } catch {
            try? await transport.shutdown()
            throw error
        }
        let elapsed = monotonicNanoseconds() - start
        try await transport.shutdown()
        guard count == 1000 else { throw BenchError("Netspec: \(count) items, expected 1000") }
        return elapsed
    }
    func handRun() async throws -> UInt64 {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(10))
        configuration.decompression = .enabled(limit: .none)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let start = monotonicNanoseconds()
        var count = 0
        do {
            var next: String? = base + "/pages?page=1"
            while let url = next {
                let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(60))
                let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
                guard case let .array(items) = try JSONValue(parsing: Array(buffer: body)) else { throw BenchError("not an array") }
                count += items.count
                // `</pages?page=2>; rel="next"`
                next = response.headers["Link"].first.flatMap { link in
                    guard link.contains(#"rel="next""#), let open = link.firstIndex(of: "<"), let close = link.firstIndex(of: ">") else { return nil }
                    return base + link[link.index(after: open)..<close]
                }
            }
        } catch {
            try? await client.shutdown()
            throw error
        }
        let elapsed = monotonicNanoseconds() - start
        try await client.shutdown()
        guard count == 1000 else { throw BenchError("hand loop: \(count) items, expected 1000") }
        return elapsed
    }
    let samples = try await interleave(warmups: 2, repetitions: context.repetitions(15), tools: [("netspec", netspecRun), ("hand", handRun)])
    let (netspec, hand) = (samples[0], samples[1])
    let workload = "pagination: 100 pages × 10 items, Link header"
    return Outcome(rows: [
        Row(workload: workload, tool: "Netspec `allItems` (lazy pages)", median: Format.duration(netspec.median),
            throughput: Format.perSecond(100, netspec.median, unit: "pages"), ratio: Format.ratio(netspec.median / hand.median) + " hand",
            samples: netspec),
        Row(workload: workload, tool: "hand-written async-http-client loop", median: Format.duration(hand.median),
            throughput: Format.perSecond(100, hand.median, unit: "pages"), ratio: "1.00×", samples: hand),
    ], notes: [
        "**Pagination**: `listPages` of inputs/bench.yaml, `paginate: { next: link }`, against bench-server's `/pages` (100 pages of "
            + "10 users, `Link: </pages?page=N+1>; rel=\"next\"`). Netspec: `Service.allItems` through a fresh transport, every item "
            + "yielded. Hand: one `HTTPClient`, the Link header cut by hand, each body parsed with the same JSON parser. Both count "
            + "1,000 items.",
    ])
}
