import AsyncHTTPClient
import Foundation
import Netspec
import NIOCore

/// Issue 33's proxy figure: what `netspec mock DOC --proxy UPSTREAM` adds to a ~1 MB JSON
/// answer's time, validation included, against fetching it from the upstream directly.
func benchMockProxy(_ context: Context, server: BenchServer) async throws -> Outcome {
    let (document, size) = try validationDocument(context)
    let path = scratch + "/proxy.openapi.json"
    try check(FileManager.default.createFile(atPath: path, contents: Data(document.serialized())), "cannot write \(path)")
    let proxy = try MockServerProcess(netspec: context.netspecBinary, spec: path, log: scratch + "/proxy.log", options: ["--proxy", server.baseURL])
    defer { proxy.stop() }

    let client = HTTPClient(eventLoopGroupProvider: .singleton)
    defer { Task { try? await client.shutdown() } }
    let calls = 10
    /// `calls` sequential GETs of `path`, each body read whole.
    func run(_ base: String, _ path: String = "/big", expectsChecked: Bool) -> () async throws -> UInt64 {
        {
            let start = monotonicNanoseconds()
            for _ in 0..<calls {
                let response = try await client.execute(HTTPClientRequest(url: base + path), timeout: .seconds(60))
                let body = try await response.body.collect(upTo: 64 << 20)
                guard response.status == .ok, body.readableBytes == size else {
                    throw BenchError("GET \(base)\(path) answered \(response.status) with \(body.readableBytes) bytes")
                }
                // A valid answer passes with no violations header (it was checked: the log says so).
                if expectsChecked, let violations = response.headers.first(name: "Netspec-Violations") {
                    throw BenchError("the proxy found violations in a valid answer: \(violations)")
                }
            }
            return monotonicNanoseconds() - start
        }
    }
    // The proxy checks what it should: against a document that requires a member the answer
    // lacks, the same answer is reported.
    let spoilt = try validationDocument(context, requiring: "netspecMissing").document
    let spoiltPath = scratch + "/proxy-spoilt.openapi.json"
    try check(FileManager.default.createFile(atPath: spoiltPath, contents: Data(spoilt.serialized())), "cannot write \(spoiltPath)")
    let strict = try MockServerProcess(netspec: context.netspecBinary, spec: spoiltPath, log: scratch + "/proxy-spoilt.log", options: ["--proxy", server.baseURL])
    defer { strict.stop() }
    let spoiltAnswer = try await client.execute(HTTPClientRequest(url: strict.baseURL + "/big"), timeout: .seconds(60))
    _ = try await spoiltAnswer.body.collect(upTo: 64 << 20)
    guard let reported = spoiltAnswer.headers.first(name: "Netspec-Violations"), reported.contains("netspecMissing") else {
        throw BenchError("the proxy did not report an answer that breaks the document")
    }
    let samples = try await interleave(warmups: 2, repetitions: context.repetitions(15), tools: [
        ("proxy", run(proxy.baseURL, expectsChecked: true)), ("direct", run(server.baseURL, expectsChecked: false)),
        ("relay", run(proxy.baseURL, "/big.jsonl", expectsChecked: false)),
    ])
    let (proxied, direct, relayed) = (samples[0], samples[1], samples[2])
    let workload = "a \(Format.mebibytes(size)) JSON answer, 10 GETs, 127.0.0.1"
    let ratio = proxied.median / direct.median
    return Outcome(rows: [
        Row(workload: workload, tool: "through `netspec mock --proxy` (validated)", median: Format.duration(proxied.median / Double(calls)),
            throughput: Format.perSecond(calls, proxied.median, unit: "GETs"), ratio: Format.ratio(ratio) + " direct",
            target: "≤ 1.3× direct", met: ratio <= 1.3, samples: proxied, per: calls),
        Row(workload: workload, tool: "bench-server directly", median: Format.duration(direct.median / Double(calls)),
            throughput: Format.perSecond(calls, direct.median, unit: "GETs"), ratio: "1.00×", samples: direct, per: calls),
        Row(workload: workload, tool: "through `netspec mock --proxy`, the same bytes as JSON lines (streamed through, not checked: the relay alone)",
            median: Format.duration(relayed.median / Double(calls)), throughput: Format.perSecond(calls, relayed.median, unit: "GETs"),
            ratio: Format.ratio(relayed.median / direct.median) + " direct", samples: relayed, per: calls),
    ], notes: [
        "**Validating proxy**: the response-validation workload's document (`GET /big`, a list of users with required members, "
            + "lengths, a pattern, an enum, bounds) served by `netspec mock DOC --proxy` in front of bench-server; ten GETs of the "
            + "\(Format.mebibytes(size)) answer per repetition from one async-http-client, each body read whole, through the proxy "
            + "(which reads the answer, checks it against the schema and passes it on) and straight from bench-server, interleaved; "
            + "and, for reference, the same bytes served as `application/x-ndjson`, which the proxy streams through unchecked: "
            + "what relaying alone costs, before any parse or check.",
    ])
}
