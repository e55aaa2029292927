import Foundation
import Netspec

/// The schema issue's call-level figures: what validating a ~1 MB JSON response against its
/// document's schema adds to a call over loopback (`CallOptions(responseValidation: .strict)`
/// against `.off`, the same call otherwise, interleaved), and what checking a request's arguments
/// against the document adds to a call (`requestValidation: .strict` against `.off`).
func benchResponseValidation(_ context: Context, server: BenchServer) async throws -> Outcome {
    let (document, size) = try validationDocument(context)
    let spec = try Spec(yaml: document.description, file: "validation.json")
    let transport = AsyncHTTPClientTransport()
    defer { Task { try? await transport.shutdown() } }
    let service = Service(spec: spec, provider: Provider(baseURL: server.baseURL, options: .init(usesEnvironment: false), transport: transport))
    // One call of each first: the schema is compiled once, as a long-lived service does.
    let strictFirst = try await service.call("big", options: CallOptions(responseValidation: .strict))
    guard case let .array(users)? = strictFirst.value["users"], !users.isEmpty else { throw BenchError("the big response has no users") }
    // The schema checks what it should: the answer holds, a spoilt user does not.
    guard let checked = try spec.endpoint(named: "big")?.responseSchema(status: 200, mediaType: "application/json"),
          checked.isValid(strictFirst.value), !checked.isValid(["users": [["id": "x"]]]) else {
        throw BenchError("the response schema does not check what it should")
    }
    func run(_ validation: CallOptions.Validation, concurrently: Bool = true) -> () async throws -> UInt64 {
        {
            setenv("NETSPEC_SCHEMA_CONCURRENCY", concurrently ? "on" : "off", 1)
            defer { unsetenv("NETSPEC_SCHEMA_CONCURRENCY") }
            let start = monotonicNanoseconds()
            for _ in 0..<10 {
                _ = try await service.call("big", options: CallOptions(responseValidation: validation))
            }
            return monotonicNanoseconds() - start
        }
    }
    let samples = try await interleave(warmups: 1, repetitions: context.repetitions(15), tools: [("strict", run(.strict)), ("strict after the parse", run(.strict, concurrently: false)), ("off", run(.off))])
    let (strict, sequential, off) = (samples[0], samples[1], samples[2])
    let workload = "a \(Format.mebibytes(size)) JSON response, 10 calls, 127.0.0.1"
    let ratio = strict.median / off.median
    return Outcome(rows: [
        Row(workload: workload, tool: "Netspec, `responseValidation: .strict` (items checked on a second core while parsing)", median: Format.duration(strict.median / 10),
            throughput: Format.perSecond(10, strict.median, unit: "calls"), ratio: Format.ratio(ratio) + " unvalidated",
            target: "≤ 1.10× unvalidated", met: ratio <= 1.10, samples: strict, per: 10),
        Row(workload: workload, tool: "Netspec, `.strict`, checked after the parse (`NETSPEC_SCHEMA_CONCURRENCY=off`)", median: Format.duration(sequential.median / 10),
            throughput: Format.perSecond(10, sequential.median, unit: "calls"), ratio: Format.ratio(sequential.median / off.median) + " unvalidated",
            samples: sequential, per: 10),
        Row(workload: workload, tool: "Netspec, no validation", median: Format.duration(off.median / 10),
            throughput: Format.perSecond(10, off.median, unit: "calls"), ratio: "1.00×", samples: off, per: 10),
    ], notes: [
        "**Response validation**: `GET /big` of an OpenAPI 3.1 document whose 200 answer's schema is the schema workload's "
            + "list of users (`inputs/gen_schema_data.py`: required members, lengths, a pattern, an enum, bounds, a nested object, "
            + "unique tags, `additionalProperties: false`), served by bench-server from `big.json`; ten calls per repetition through "
            + "one transport, validated (`.strict`, every user checked, all valid) and not, interleaved. The schema is compiled by the "
            + "first call, before the clock.",
    ])
}

/// An OpenAPI 3.1 document whose `GET /big` (operation `big`) answers the schema workload's list
/// of users (`inputs/gen_schema_data.py`), which bench-server serves from `schema/big.json`;
/// and that file's size. With `requiring`, the answer's schema also requires a member of that name
/// (which the answer lacks: a document the answer breaks).
func validationDocument(_ context: Context, requiring missing: String? = nil) throws -> (document: JSONValue, size: Int) {
    let folder = context.inputsDirectory + "/schema"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let made = try Spawn.run(["/usr/bin/env", "python3", context.benchmarksDirectory + "/inputs/gen_schema_data.py", folder])
    try check(made.status == 0, "gen_schema_data.py failed with status \(made.status)")
    guard case let .object(schema) = try JSONValue(parsing: try readBytes(folder + "/schema.json")), let defs = schema["$defs"] else {
        throw BenchError("schema.json has no $defs")
    }
    // The schema's definitions as the document's components, their `$ref`s pointing there.
    let components = try JSONValue(parsing: Array(defs.description.replacing("#/$defs/", with: "#/components/schemas/").utf8))
    let list: JSONValue = ["$ref": "#/components/schemas/list"]
    let answer: JSONValue = missing.map { ["allOf": [list, ["required": [.string($0)]]]] } ?? list
    let document: JSONValue = [
        "openapi": "3.1.0",
        "info": ["title": "validation bench", "version": "1"],
        "paths": [
            "/big": ["get": [
                "operationId": "big",
                "responses": ["200": ["description": "the users", "content": ["application/json": ["schema": answer]]]],
            ]],
            // The same bytes as JSON lines: the proxy workload's reference, streamed through unchecked.
            "/big.jsonl": ["get": [
                "operationId": "bigLines",
                "responses": ["200": ["description": "the same bytes", "content": ["application/x-ndjson": ["schema": ["type": "object"]]]]],
            ]],
        ],
        "components": ["schemas": components],
    ]
    return (document, try readBytes(folder + "/big.json").count)
}
