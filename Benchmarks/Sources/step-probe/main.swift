// Issue 54's step cost: workflow steps against plain Service.call of the same operation with the
// same arguments, both answered by the in-process mock (no network) or, with --loopback, by a
// netspec mock server in this process on 127.0.0.1. Run by hand, never by the tests:
//   swift build -c release --product step-probe && .build/release/step-probe [options]
// Options:
//   --loopback       answer over loopback from a mock server in this process
//   --serve          only serve: a mock server of the probe's document, its port printed, until killed
//   --server URL     answer over loopback from a server in another process (`--serve`, pinned
//                    to the other CPU): the CPU time is then the client's alone
//   --no-jsonpath    leave out the step's JSONPath criterion (the costliest piece)
//   --bare           the floor: steps with no criteria and no outputs (the runner's bare cost)
//   --rounds N       rounds of 1,000 calls and 1,000 steps, interleaved (11 by default)
//   --only plain|steps|hand  run only one side, 10,000 times a round (--size N: N times), for perf or valgrind
// Each round also times the floor of a step: the same call made by hand, with its criteria and
// outputs written in Swift (the status compared, the body's `status` read and compared, the
// JSONPath query's question asked by a loop over the pets, the two outputs kept by step), which
// any runner's step costs at least.
// Over loopback, run it under `taskset -c 0` for figures that hold from run to run: the client,
// the server and their event loops then share one CPU, so no round waits on a wake-up sent to the
// other CPU (unpinned, rounds spread 0.87–1.32×; pinned, 1.08–1.13×).
// A round times 1,000 calls and 100 runs of the 10-step workflow back to back, the order
// alternating from round to round; each side's wall time and process CPU time (getrusage: the
// server's work in --loopback included, the same for both) per call or step are reported as the
// median and the spread (lowest–highest) over the rounds, and so is their ratio.
import Foundation
import Netspec
import NetspecMock
import NetspecWorkflows

let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? { arguments.firstIndex(of: name).map { arguments[$0 + 1] } }
let bare = arguments.contains("--bare")
let judgesJSONPath = !arguments.contains("--no-jsonpath")
let pets = (0..<34).map { #"{"id":\#($0),"name":"pet-\#($0)","status":"\#($0 % 2 == 0 ? "available" : "sold")","tags":["a","b"]}"# }.joined(separator: ",")
let openAPI = """
    openapi: 3.0.3
    info: { title: Pets, version: "1" }
    servers: [{ url: "http://127.0.0.1:9" }]
    paths:
      /pets/{petId}:
        get:
          operationId: getPet
          parameters:
            - { name: petId, in: path, required: true, schema: { type: integer } }
            - { name: fields, in: query, schema: { type: string } }
          responses:
            "200": { description: ok, content: { application/json: { example: {"status": "ok", "total": 34, "pets": [\(pets)]} } } }
    """
let jsonPath = !judgesJSONPath ? "" : "- { context: $response.body, condition: \"$.pets[?@.status == 'available']\", type: jsonpath }"
let judged = """
            successCriteria:
              - condition: $statusCode == 200 && $response.body#/status == 'OK'
              - { context: $statusCode, condition: '^2\\d{2}$', type: regex }
              \(jsonPath)
            outputs: { name: $response.body#/pets/3/name, total: $response.body#/total }
    """
let step = """
          - stepId: s%d
            operationId: getPet
            parameters:
              - { name: petId, in: path, value: $inputs.petId }
              - { name: fields, in: query, value: name }
              - { name: Authorization, in: header, value: "Bearer {$inputs.token}" }
    \(bare ? "" : judged)
    """
let document = """
    arazzo: 1.0.1
    info: { title: Probe, version: "1" }
    sourceDescriptions: [{ name: pets, url: pets.yaml }]
    workflows:
      - workflowId: ten
        inputs: { type: object, properties: { petId: { type: integer }, token: { type: string } } }
        steps:
    \((0..<10).map { String(format: step, $0) }.joined(separator: "\n"))
    \(bare ? "" : "    outputs: { name: $steps.s9.outputs.name }")
    """
let folder = NSTemporaryDirectory() + "step-probe"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
try openAPI.write(toFile: folder + "/pets.yaml", atomically: true, encoding: .utf8)
try document.write(toFile: folder + "/ten.arazzo.yaml", atomically: true, encoding: .utf8)
let flows = try await Workflows.load(path: folder + "/ten.arazzo.yaml")
let external = option("--server")
let loopback = arguments.contains("--loopback") || external != nil
var baseURL: String? = external
if arguments.contains("--serve") {
    let server = MockServer(spec: flows.sources["pets"]!, options: MockServer.Options(port: 0))
    try await server.run { port in FileHandle.standardOutput.write(Data("\(port)\n".utf8)) }
    exit(0)
}
if loopback, external == nil {
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let server = MockServer(spec: flows.sources["pets"]!, options: MockServer.Options(port: 0))
    Task { try await server.run { continuation.yield($0) } }
    var iterator = ports.makeAsyncIterator()
    baseURL = "http://127.0.0.1:\(await iterator.next()!)"
}
let provider = Provider(baseURL: baseURL, options: Provider.Options(mocks: .init(isEnabled: !loopback)))
let service = Service(spec: flows.sources["pets"]!, provider: provider)

/// Wall and process CPU time of `body`, in µs per `count`.
struct Cost { var wall: Double; var cpu: Double }
func cpuMicros() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
}
/// Both sides, run off the main actor alike (a nonisolated value's methods on the global executor).
struct Probe: Sendable {
    let service: Service, flows: Workflows, provider: Provider, loopback: Bool
    let inputs: [String: JSONValue] = ["petId": 7, "token": "abc"]

    func measure(_ count: Int, _ body: () async throws -> Void) async rethrows -> Cost {
        let cpu = cpuMicros(), start = ContinuousClock.now
        try await body()
        let wall = ContinuousClock.now - start
        let micros = Double(wall.components.seconds) * 1e6 + Double(wall.components.attoseconds) / 1e12
        return Cost(wall: micros / Double(count), cpu: (cpuMicros() - cpu) / Double(count))
    }
    func plain(_ count: Int) async throws -> Cost {
        try await measure(count) {
            for _ in 0..<count {
                let values: [String: Argument] = ["petId": .value(7), "fields": .value("name")]
                let response = try await service.call("getPet", values, options: CallOptions(headers: [(name: "Authorization", value: "Bearer abc")]))
                precondition(response.status == 200)
            }
        }
    }
    func steps(_ runs: Int) async -> Cost {
        await measure(runs * 10) {
            for _ in 0..<runs {
                let report = await flows.runReport("ten", inputs: inputs, provider: provider, options: RunOptions(usesMock: !loopback))
                if let error = report.error { fatalError("\(error)") }
            }
        }
    }
    /// The floor: each step's call and its criteria and outputs written by hand in Swift.
    func hand(_ runs: Int) async throws -> Cost {
        let status = JSONValue.KeyPath(segments: ["status"]), name = JSONValue.KeyPath(segments: ["pets", "3", "name"]), total = JSONValue.KeyPath(segments: ["total"])
        let pets = JSONValue.KeyPath(segments: ["pets"])
        // The JSONPath criterion's question asked directly: is any pet available?
        func anyAvailable(_ body: JSONValue) -> Bool {
            guard case let .array(items)? = body.value(at: pets) else { return false }
            return items.contains { $0.value(at: status) == .string("available") }
        }
        let stepIds = (0..<10).map { "s\($0)" }
        return try await measure(runs * 10) {
            for _ in 0..<runs {
                var steps: [String: [String: JSONValue]] = [:]
                for stepId in stepIds {
                    guard case let .string(token)? = inputs["token"], let petId = inputs["petId"] else { preconditionFailure() }
                    let values: [String: Argument] = ["petId": .value(petId), "fields": .value("name")]
                    let response = try await service.call("getPet", values, options: CallOptions(headers: [(name: "Authorization", value: "Bearer " + token)]))
                    let body = response.value
                    guard response.status == 200, case let .string(text)? = body.value(at: status), text.lowercased() == "ok" else { preconditionFailure() }
                    if bare { continue }
                    precondition((200..<300).contains(response.status) && (!judgesJSONPath || anyAvailable(body)))
                    steps[stepId] = ["name": body.value(at: name) ?? .null, "total": body.value(at: total) ?? .null]
                }
                precondition(bare || steps["s9"]?["name"] != nil)
            }
        }
    }
}
let probe = Probe(service: service, flows: flows, provider: provider, loopback: loopback)
func plain(_ count: Int) async throws -> Cost { try await probe.plain(count) }
func steps(_ runs: Int) async -> Cost { await probe.steps(runs) }
func hand(_ runs: Int) async throws -> Cost { try await probe.hand(runs) }

/// "median (lowest–highest)" of the values.
func summary(_ values: [Double], _ format: String) -> String {
    let sorted = values.sorted()
    let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    return "\(String(format: format, median)) (\(String(format: format, sorted.first!))–\(String(format: format, sorted.last!)))"
}

_ = try await plain(500); _ = await steps(50)  // warm-up
let rounds = option("--rounds").flatMap(Int.init) ?? 11
if let only = option("--only") {
    let size = option("--size").flatMap(Int.init) ?? 10_000
    for round in 1...rounds {
        let cost = only == "plain" ? try await plain(size) : only == "hand" ? try await hand(size / 10) : await steps(size / 10)
        print("round \(round): \(only) \(String(format: "%.1f", cost.wall)) µs wall, \(String(format: "%.1f", cost.cpu)) µs CPU")
    }
    exit(0)
}
var calls: [Cost] = [], stepCosts: [Cost] = [], floors: [Cost] = []
for round in 1...rounds {
    var call: Cost, step: Cost, floor: Cost
    if round % 2 == 1 {
        call = try await plain(1_000); step = await steps(100); floor = try await hand(100)
    } else {
        floor = try await hand(100); step = await steps(100); call = try await plain(1_000)
    }
    calls.append(call); stepCosts.append(step); floors.append(floor)
    print(String(format: "round %d: call %.1f µs wall %.1f µs CPU, step %.1f µs wall %.1f µs CPU, ratio %.3f wall %.3f CPU; by hand %.1f µs wall, ratio %.3f", round, call.wall, call.cpu, step.wall, step.cpu, step.wall / call.wall, step.cpu / call.cpu, floor.wall, floor.wall / call.wall))
}
let mode = (external != nil ? "loopback, server in another process" : loopback ? "loopback" : "in-process mock") + (bare ? ", bare steps (no criteria, no outputs)" : "")
print("\(mode), \(rounds) rounds of 1,000 calls and 1,000 steps, median (lowest–highest):")
print("  plain Service.call  \(summary(calls.map(\.wall), "%.1f")) µs wall, \(summary(calls.map(\.cpu), "%.1f")) µs CPU")
print("  workflow step       \(summary(stepCosts.map(\.wall), "%.1f")) µs wall, \(summary(stepCosts.map(\.cpu), "%.1f")) µs CPU")
print("  ratio (per round)   \(summary(zip(stepCosts, calls).map { $0.wall / $1.wall }, "%.3f")) wall, \(summary(zip(stepCosts, calls).map { $0.cpu / $1.cpu }, "%.3f")) CPU")
print("  floor: by hand      \(summary(floors.map(\.wall), "%.1f")) µs wall, \(summary(floors.map(\.cpu), "%.1f")) µs CPU")
print("  floor ratio         \(summary(zip(floors, calls).map { $0.wall / $1.wall }, "%.3f")) wall, \(summary(zip(floors, calls).map { $0.cpu / $1.cpu }, "%.3f")) CPU")
print("  step ÷ floor        \(summary(zip(stepCosts, floors).map { $0.wall / $1.wall }, "%.3f")) wall, \(summary(zip(stepCosts, floors).map { $0.cpu / $1.cpu }, "%.3f")) CPU")
