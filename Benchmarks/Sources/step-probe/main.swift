// Issue 54's step cost: 10,000 workflow steps against 10,000 plain Service.call of the same
// operation with the same arguments, both answered by the in-process mock (no network) or, with
// --loopback, by a netspec mock server in this process on 127.0.0.1. --no-jsonpath leaves out the
// step's JSONPath criterion (the costliest piece). Run by hand, never by the tests:
//   swift build -c release --product step-probe && .build/release/step-probe [--loopback] [--no-jsonpath]
import Foundation
import Netspec
import NetspecMock
import NetspecWorkflows

let arguments = Set(CommandLine.arguments.dropFirst())
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
let step = """
          - stepId: s%d
            operationId: getPet
            parameters:
              - { name: petId, in: path, value: $inputs.petId }
              - { name: fields, in: query, value: name }
              - { name: Authorization, in: header, value: "Bearer {$inputs.token}" }
            successCriteria:
              - condition: $statusCode == 200 && $response.body#/status == 'OK'
              - { context: $statusCode, condition: '^2\\d{2}$', type: regex }
              \(arguments.contains("--no-jsonpath") ? "" : "- { context: $response.body, condition: \"$.pets[?@.status == 'available']\", type: jsonpath }")
            outputs: { name: $response.body#/pets/3/name, total: $response.body#/total }
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
        outputs: { name: $steps.s9.outputs.name }
    """
let folder = NSTemporaryDirectory() + "step-probe"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
try openAPI.write(toFile: folder + "/pets.yaml", atomically: true, encoding: .utf8)
try document.write(toFile: folder + "/ten.arazzo.yaml", atomically: true, encoding: .utf8)
let flows = try await Workflows.load(path: folder + "/ten.arazzo.yaml")
let loopback = arguments.contains("--loopback")
var baseURL: String?
if loopback {
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let server = MockServer(spec: flows.sources["pets"]!, options: MockServer.Options(port: 0))
    Task { try await server.run { continuation.yield($0) } }
    var iterator = ports.makeAsyncIterator()
    baseURL = "http://127.0.0.1:\(await iterator.next()!)"
}
let provider = Provider(baseURL: baseURL, options: Provider.Options(mocks: .init(isEnabled: !loopback)))
let service = Service(spec: flows.sources["pets"]!, provider: provider)
let inputs: [String: JSONValue] = ["petId": 7, "token": "abc"]

func plain(_ count: Int) async throws -> Duration {
    try await ContinuousClock().measure {
        for _ in 0..<count {
            let values: [String: Argument] = ["petId": .value(7), "fields": .value("name")]
            let response = try await service.call("getPet", values, options: CallOptions(headers: [(name: "Authorization", value: "Bearer abc")]))
            precondition(response.status == 200)
        }
    }
}
func steps(_ runs: Int) async -> Duration {
    await ContinuousClock().measure {
        for _ in 0..<runs {
            let report = await flows.runReport("ten", inputs: inputs, provider: provider, options: RunOptions(usesMock: !loopback))
            precondition(report.error == nil, "\(report.error!)")
        }
    }
}
func micros(_ d: Duration, _ n: Int) -> Double { (Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12) / Double(n) }
_ = try await plain(500); _ = await steps(50)  // warm-up
var ratios: [Double] = []
for round in 1...5 {
    let p = micros(try await plain(10_000), 10_000)
    let s = micros(await steps(1_000), 10_000)
    ratios.append(s / p)
    print("round \(round): plain Service.call \(String(format: "%.1f", p)) µs, workflow step \(String(format: "%.1f", s)) µs, ratio \(String(format: "%.3f", s / p))")
}
print("median ratio \(String(format: "%.3f", ratios.sorted()[2]))")
