import CYAMLFloor
import Foundation
@_spi(Parsing) import Netspec
import OpenAPIRuntime

/// What a workload reports: its table rows and notes for BENCHMARKS.md.
struct Outcome {
    var rows: [Row] = []
    var notes: [String] = []
}

// MARK: - Loading a 5,000-endpoint spec

func benchSpecLoading(_ context: Context, _ inputs: Inputs) throws -> Outcome {
    let bytes = try readBytes(inputs.spec)
    let text = String(decoding: bytes, as: UTF8.self)
    let workload = "load spec, 5,000 endpoints (\(Format.fixed(Double(bytes.count) / 1e6, 2)) MB)"

    let worker = try LineChild([context.yamsWorker, inputs.spec])
    defer { worker.finish() }
    var yamsNodes = 0
    var floorEvents = 0

    let samples = try interleave(warmups: 2, repetitions: context.repetitions(12), tools: [
        ("netspec", {
            let (elapsed, spec) = try time { try Spec(yaml: text, file: "big.yaml") }
            try check(spec.endpoints.count == 5000, "Netspec loaded \(spec.endpoints.count) endpoints")
            return elapsed
        }),
        ("floor", {
            let (elapsed, events) = time { bytes.withUnsafeBufferPointer { netspec_bench_yaml_event_scan($0.baseAddress, $0.count) } }
            try check(events > 0, "libyaml rejected the spec")
            floorEvents = events
            return elapsed
        }),
        ("yams", {
            try worker.send("run")
            guard let answer = worker.readLine() else { throw BenchError("yams-compose-worker stopped") }
            let fields = answer.split(separator: " ")
            guard fields.count == 2, let elapsed = UInt64(fields[0]), let nodes = Int(fields[1]), nodes > 0 else {
                throw BenchError("yams-compose-worker: \(answer)")
            }
            yamsNodes = nodes
            return elapsed
        }),
    ])
    let (netspec, floor, yams) = (samples[0], samples[1], samples[2])
    let ratio = netspec.median / floor.median
    return Outcome(rows: [
        Row(workload: workload, tool: "Netspec `Spec(yaml:)`", median: Format.duration(netspec.median),
            throughput: Format.megabytesPerSecond(bytes.count, netspec.median), ratio: Format.ratio(ratio) + " floor",
            target: "≤ 2× floor", met: ratio <= 2, samples: netspec),
        Row(workload: workload, tool: "libyaml event scan (floor)", median: Format.duration(floor.median),
            throughput: Format.megabytesPerSecond(bytes.count, floor.median), ratio: Format.ratio(ratio),
            samples: floor),
        Row(workload: workload, tool: "Yams `compose`", median: Format.duration(yams.median),
            throughput: Format.megabytesPerSecond(bytes.count, yams.median), ratio: Format.ratio(netspec.median / yams.median),
            samples: yams),
    ], notes: [
        "**load spec**: `Spec(yaml:file:)` on the text of `gen_spec.py 5000` (parse, every load-time check, request plans), "
            + "against libyaml's `yaml_parser_parse` loop over the same bytes building nothing (\(floorEvents) events; a C target "
            + "linking the system libyaml that Netspec uses) and Yams `compose` (\(yamsNodes) nodes; timed inside a worker process, "
            + "because Yams vendors libyaml under the same symbol names and would replace the system one in a shared binary).",
    ])
}

// MARK: - Parsing an 11 MB JSON response

func benchJSONParsing(_ context: Context, _ inputs: Inputs) throws -> Outcome {
    let bytes = try readBytes(inputs.json)
    let data = Data(bytes)
    let workload = "parse JSON (\(Format.fixed(Double(bytes.count) / 1e6, 1)) MB)"

    let samples = try interleave(warmups: 2, repetitions: context.repetitions(12), tools: [
        ("netspec", {
            let (elapsed, value) = try time { try JSONValue(parsing: bytes) }
            try check(value["data"]?["count"] == .int(50_000), "Netspec parsed the wrong value")
            return elapsed
        }),
        ("foundation", {
            let (elapsed, object) = try time { try JSONSerialization.jsonObject(with: data) }
            try check(object is [String: Any], "JSONSerialization parsed the wrong value")
            return elapsed
        }),
    ])
    let (netspec, foundation) = (samples[0], samples[1])
    let megabytesPerSecond = Double(bytes.count) / netspec.median * 1_000
    let ratio = netspec.median / foundation.median
    return Outcome(rows: [
        Row(workload: workload, tool: "Netspec `JSONValue(parsing:)`", median: Format.duration(netspec.median),
            throughput: Format.megabytesPerSecond(bytes.count, netspec.median), ratio: Format.fixed(megabytesPerSecond, 0) + " MB/s",
            target: "≥ 150 MB/s", met: megabytesPerSecond >= 150, samples: netspec),
        Row(workload: workload, tool: "Foundation `JSONSerialization`", median: Format.duration(foundation.median),
            throughput: Format.megabytesPerSecond(bytes.count, foundation.median), ratio: Format.ratio(ratio)
                + " (\(Format.fixed(1 / ratio, 1))× faster)",
            target: "≥ 5× faster (≤ 0.20×)", met: ratio <= 0.2, samples: foundation),
    ], notes: [
        "**parse JSON**: `JSONValue(parsing:)` on a `[UInt8]` of `gen_data.py json 50000`, against "
            + "`JSONSerialization.jsonObject(with:)` on a `Data` of the same bytes (made before timing). The parsed tree is freed after "
            + "the clock stops, for both.",
    ])
}

// MARK: - Key path and tuple shaping

/// What a careful hand-written caller would write for `keyPath: data` and
/// `returns: "(list: [(id: String, name: String)], count: Int)"`: the same checks, the same result.
@inline(never)
func handShapeUsers(_ json: JSONValue) -> JSONValue? {
    guard case let .object(root) = json, case let .object(data)? = root["data"],
          case let .array(list)? = data["list"], let countValue = data["count"] else { return nil }
    let count: Int
    switch countValue {
    case let .int(value): count = value
    case let .double(value):
        guard let exact = Int(exactly: value) else { return nil }
        count = exact
    default: return nil
    }
    var users: [JSONValue] = []
    users.reserveCapacity(list.count)
    for item in list {
        guard case let .object(user) = item, case let .string(id)? = user["id"], case let .string(name)? = user["name"] else { return nil }
        users.append(.object(JSONObject([(key: "id", value: .string(id)), (key: "name", value: .string(name))])))
    }
    return .object(JSONObject([(key: "list", value: .array(users)), (key: "count", value: .int(count))]))
}

func benchShaping(_ context: Context, _ inputs: Inputs) throws -> Outcome {
    let bytes = try readBytes(inputs.json)
    let value = try JSONValue(parsing: bytes)
    let spec = try Spec.load(path: context.benchSpec)
    guard let endpoint = spec.endpoint(named: "shapeUsers") else { throw BenchError("bench.yaml has no shapeUsers") }
    let expected = try endpoint.result(from: value)
    try check(handShapeUsers(value) == expected, "the hand-written shaping differs from Netspec's")
    try check(expected["list"]?.array?.count == 50_000, "the shaped result has the wrong length")
    let workload = "keyPath + tuple shaping (50,000 users)"

    let samples = try interleave(warmups: 3, repetitions: context.repetitions(25), tools: [
        ("netspec", {
            let (elapsed, result) = try time { try endpoint.result(from: value) }
            try check(result["count"] == .int(50_000), "Netspec shaped the wrong value")
            return elapsed
        }),
        ("hand", {
            let (elapsed, result) = time { handShapeUsers(value) }
            try check(result?["count"] == .int(50_000), "the hand-written shaping failed")
            return elapsed
        }),
    ])
    let (netspec, hand) = (samples[0], samples[1])
    let ratio = netspec.median / hand.median
    return Outcome(rows: [
        Row(workload: workload, tool: "Netspec `Endpoint.result(from:)`", median: Format.duration(netspec.median),
            throughput: Format.perSecond(50_000, netspec.median, unit: "users"), ratio: Format.ratio(ratio) + " hand",
            target: "≤ 1.5× hand", met: ratio <= 1.5, samples: netspec),
        Row(workload: workload, tool: "hand-written Swift over `JSONValue`", median: Format.duration(hand.median),
            throughput: Format.perSecond(50_000, hand.median, unit: "users"), ratio: Format.ratio(ratio),
            samples: hand),
    ], notes: [
        "**shaping**: an endpoint with `keyPath: data` and `returns: \"(list: [(id: String, name: String)], count: Int)\"` "
            + "(`inputs/bench.yaml`, `shapeUsers`) applied with `Endpoint.result(from:)` to the parsed users.json, against a "
            + "hand-written function over the same `JSONValue` that makes the same checks and an equal result (checked before timing).",
    ])
}

// MARK: - Server-Sent Events

/// A body delivered in fixed-size chunks, as a network would deliver it.
struct ByteChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let bytes: [UInt8]
    let chunkSize: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let chunkSize: Int
        var offset = 0

        mutating func next() async -> ArraySlice<UInt8>? {
            guard offset < bytes.count else { return nil }
            let end = Swift.min(offset + chunkSize, bytes.count)
            defer { offset = end }
            return bytes[offset..<end]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, chunkSize: chunkSize) }
}

func benchServerSentEvents(_ context: Context, _ inputs: Inputs) async throws -> Outcome {
    let bytes = try readBytes(inputs.events)
    let chunks = ByteChunks(bytes: bytes, chunkSize: 4096)
    let workload = "parse SSE (\(Format.fixed(Double(bytes.count) / 1e6, 1)) MB, 4 KiB chunks)"
    let expectedEvents = 100_001

    let samples = try await interleave(warmups: 1, repetitions: context.repetitions(10), tools: [
        ("netspec", {
            let (elapsed, counts) = try await time { () async throws -> (Int, Int) in
                var events = 0
                var dataBytes = 0
                for try await event in chunks.serverSentEvents() {
                    events += 1
                    dataBytes += event.data.utf8.count
                }
                return (events, dataBytes)
            }
            try check(counts.0 == expectedEvents, "Netspec found \(counts.0) events")
            return elapsed
        }),
        ("openapi", {
            let (elapsed, counts) = try await time { () async throws -> (Int, Int) in
                var events = 0
                var dataBytes = 0
                let body = HTTPBody(chunks, length: .known(Int64(bytes.count)), iterationBehavior: .single)
                for try await event in body.asDecodedServerSentEvents() {
                    events += 1
                    dataBytes += event.data?.utf8.count ?? 0
                }
                return (events, dataBytes)
            }
            try check(counts.0 == expectedEvents, "swift-openapi-runtime found \(counts.0) events")
            return elapsed
        }),
    ])
    let (netspec, openapi) = (samples[0], samples[1])
    let megabytesPerSecond = Double(bytes.count) / netspec.median * 1_000
    return Outcome(rows: [
        Row(workload: workload, tool: "Netspec `.serverSentEvents()`", median: Format.duration(netspec.median),
            throughput: Format.megabytesPerSecond(bytes.count, netspec.median), ratio: Format.fixed(megabytesPerSecond, 0) + " MB/s",
            target: "≥ 300 MB/s", met: megabytesPerSecond >= 300, samples: netspec),
        Row(workload: workload, tool: "swift-openapi-runtime `asDecodedServerSentEvents()`", median: Format.duration(openapi.median),
            throughput: Format.megabytesPerSecond(bytes.count, openapi.median), ratio: Format.ratio(netspec.median / openapi.median),
            samples: openapi),
    ], notes: [
        "**SSE**: `gen_data.py sse 100000` (\(expectedEvents) events) fed as an `AsyncSequence` of 4,096-byte `ArraySlice`s to "
            + "Netspec's `.serverSentEvents()` and, wrapped in `HTTPBody`, to swift-openapi-runtime's `asDecodedServerSentEvents()`; "
            + "each event is counted and its data length read.",
    ])
}
